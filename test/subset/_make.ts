import { type Outcomes, outcomes } from "../../src/subset/outcomes.js";

/** Outcomes from a runs x items 0/1 table (runs r0, r1, ...; items i0, i1, ...). */
export function table(rows: readonly (readonly number[])[]): Outcomes {
  return outcomes(
    rows.flatMap((row, r) => row.map((resolved, i) => ({ run: `r${r}`, item: `i${i}`, resolved }))),
  );
}
