import { fail, failType } from "../core/validate.js";

/**
 * Per-item outcomes of several runs of an agent benchmark: a runs x items
 * matrix of 0/1 (1 = resolved), row-major.
 *
 * Run order is meaningful: {@link evaluateSubset} treats it as chronological.
 */
export type Outcomes = {
  /** Run ids (e.g. submission names), in chronological order for temporal evaluation; distinct. */
  readonly runs: readonly string[];
  /** Item ids (e.g. SWE-bench instance ids); distinct. */
  readonly items: readonly string[];
  /** `data[r * items.length + i]` is 1 when run r resolved item i, else 0. */
  readonly data: Uint8Array;
};

/** One observed outcome: run `run` resolved item `item` (1) or not (0). */
export type OutcomeRecord = {
  /** Run id. */
  readonly run: string;
  /** Item id. */
  readonly item: string;
  /** 1 = resolved, 0 = not resolved; nothing else is accepted. */
  readonly resolved: number;
};

const FN = "outcomes";

/**
 * Builds an {@link Outcomes} matrix from long-format records (one per run and
 * item, as in a per-instance results CSV).
 *
 * Runs keep the order of their first record, items the order of their first
 * record; sort the records (e.g. by run date) first when order matters. Every
 * run must report every item exactly once: a missing item (ragged runs) or a
 * repeated (run, item) pair is an error, never silently filled or averaged.
 *
 * @param rows - The records `{ run, item, resolved }`.
 * @returns A new `Outcomes` (runs x items, 0/1).
 * @throws {TypeError} If `rows` is not an array, a record is not an object, or `run` / `item` is not a
 *   string.
 * @throws {RangeError} If `rows` is empty, a `resolved` value is not exactly 0 or 1, an item id repeats
 *   within a run, or the runs do not all cover the same items.
 * @see SWE-bench `results/*.json` "resolved" lists; the per-instance CSVs of the SWE-bench experiments repository.
 * @example
 * ```ts
 * const o = outcomes([
 *   { run: "a", item: "x", resolved: 1 },
 *   { run: "a", item: "y", resolved: 0 },
 *   { run: "b", item: "y", resolved: 1 },
 *   { run: "b", item: "x", resolved: 1 },
 * ]);
 * o.runs; // ["a", "b"]
 * o.items; // ["x", "y"]
 * o.data; // Uint8Array [1, 0, 1, 1]
 * ```
 */
export function outcomes(rows: readonly OutcomeRecord[]): Outcomes {
  if (!Array.isArray(rows)) failType(FN, "rows must be an array of { run, item, resolved }");
  if (rows.length === 0) fail(FN, "rows is empty");
  const runIndex = new Map<string, number>();
  const itemIndex = new Map<string, number>();
  const cells: Map<number, number>[] = [];
  // an index loop, not forEach: a hole in a sparse array must fail as `undefined` does
  for (let t = 0; t < rows.length; t++) {
    const rec = rows[t] as OutcomeRecord;
    if (typeof rec !== "object" || rec === null) failType(FN, `rows[${t}] must be an object`);
    const { run, item, resolved } = rec;
    if (typeof run !== "string") failType(FN, `rows[${t}].run must be a string`);
    if (typeof item !== "string") failType(FN, `rows[${t}].item must be a string`);
    if (resolved !== 0 && resolved !== 1) {
      fail(FN, `rows[${t}].resolved must be 0 or 1`, resolved);
    }
    let r = runIndex.get(run);
    if (r === undefined) {
      r = runIndex.size;
      runIndex.set(run, r);
      cells.push(new Map());
    }
    let i = itemIndex.get(item);
    if (i === undefined) {
      i = itemIndex.size;
      itemIndex.set(item, i);
    }
    const byItem = cells[r] as Map<number, number>;
    if (byItem.has(i)) {
      fail(
        FN,
        `duplicate item id ${JSON.stringify(item)} in run ${JSON.stringify(run)} (rows[${t}])`,
      );
    }
    byItem.set(i, resolved);
  }
  const runs = Array.from(runIndex.keys());
  const items = Array.from(itemIndex.keys());
  const N = items.length;
  const data = new Uint8Array(runs.length * N);
  cells.forEach((byItem, r) => {
    if (byItem.size !== N) {
      const missing = items.find((_, i) => !byItem.has(i));
      fail(
        FN,
        `ragged runs: run ${JSON.stringify(runs[r])} has ${byItem.size} of ${N} items (missing ${JSON.stringify(missing)})`,
      );
    }
    for (const [i, v] of byItem) data[r * N + i] = v;
  });
  return { runs, items, data };
}
