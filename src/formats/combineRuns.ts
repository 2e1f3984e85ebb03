import { checkLength, fail, failType } from "../core/validate.js";
import { distinctIds } from "./_internal.js";
import type { HarnessRuns } from "./types.js";

const FN = "combineRuns";

function checkTable(t: unknown, k: number): asserts t is HarnessRuns {
  if (typeof t !== "object" || t === null)
    failType(FN, `tables[${k}] must be a HarnessRuns object`);
  const { runs, items, data, scores } = t as HarnessRuns;
  if (
    !Array.isArray(runs) ||
    !Array.isArray(items) ||
    !(data instanceof Uint8Array) ||
    !(scores instanceof Float64Array)
  )
    failType(FN, `tables[${k}] must have runs, items, data (Uint8Array) and scores (Float64Array)`);
  if (runs.length === 0) fail(FN, `tables[${k}] has no runs`);
  if (items.length === 0) fail(FN, `tables[${k}] has no items`);
  distinctIds(FN, `tables[${k}].runs`, runs, "run names");
  distinctIds(FN, `tables[${k}].items`, items, "item ids");
  if (data.length !== runs.length * items.length || scores.length !== data.length)
    fail(
      FN,
      `tables[${k}] has ${data.length} cells for ${runs.length} runs x ${items.length} items`,
    );
  for (let c = 0; c < data.length; c++) {
    if ((data[c] as number) > 1) fail(FN, `tables[${k}].data[${c}] must be 0 or 1`, data[c]);
    if (!Number.isFinite(scores[c] as number)) {
      fail(FN, `tables[${k}].scores[${c}] is not finite`, scores[c]);
    }
  }
}

/**
 * Stacks the runs of several {@link HarnessRuns} tables (e.g. one file per
 * model) into one table: runs in input order, items in the order of the
 * first table.
 *
 * Every table must hold the same set of items (any order): a run that misses
 * an item is an error naming both, never silently filled, since a missing
 * outcome is not a failure. Run names must stay distinct.
 *
 * @param tables - The tables, e.g. results of {@link parseLmEvalSamples} for several models.
 * @returns A new table (`runs`, `items`, `data`, `scores` only).
 * @throws {TypeError} If `tables` is not an array of tables, or a table's `runs` or `items` is not an
 *   array of strings (a hole of a sparse array included: `tables[0].items[2] must be a string`).
 * @throws {RangeError} If `tables` is empty, a table has no runs or no items, a table repeats a run name or an item id, a table's `data` holds a value other than 0/1 or its
 *   `scores` a non-finite number, the item sets differ, or a run name repeats.
 * @example
 * ```ts
 * const a = parseSwebenchResults({ resolved: ["x"] }, { run: "a", items: ["x", "y"] });
 * const b = parseSwebenchResults({ resolved: ["y", "x"] }, { run: "b", items: ["y", "x"] });
 * const t = combineRuns([a, b]);
 * t.runs; // ["a", "b"]
 * t.items; // ["x", "y"]
 * t.data; // Uint8Array [1, 0, 1, 1]
 * combineRuns([a, a]); // throws RangeError: combineRuns: run name "a" appears twice (tables[0] and tables[1])
 * ```
 */
export function combineRuns(tables: readonly HarnessRuns[]): HarnessRuns {
  if (!Array.isArray(tables)) failType(FN, "tables must be an array of HarnessRuns");
  const list: readonly HarnessRuns[] = tables;
  if (list.length === 0) fail(FN, "tables is empty");
  for (let k = 0; k < list.length; k++) checkTable(tables[k], k);
  const first = list[0] as HarnessRuns;
  const items = [...first.items];
  const N = items.length;
  const R = list.reduce((s, t) => s + t.runs.length, 0);
  checkLength(FN, "runs x items", R * N);
  const data = new Uint8Array(R * N);
  const scores = new Float64Array(R * N);
  const runs: string[] = [];
  const owner = new Map<string, number>();
  let r0 = 0;
  list.forEach((t, k) => {
    const pos = new Map<string, number>();
    t.items.forEach((id, j) => {
      pos.set(id, j);
    });
    if (t.items.length !== N || items.some((id) => !pos.has(id))) {
      const missing = items.find((id) => !pos.has(id));
      const extra = t.items.find((id) => !first.items.includes(id));
      fail(
        FN,
        `tables[${k}] (runs ${t.runs.map((s) => JSON.stringify(s)).join(", ")}) has ${t.items.length} items, tables[0] ${N}` +
          (missing === undefined ? "" : ` (missing ${JSON.stringify(missing)})`) +
          (extra === undefined ? "" : ` (extra ${JSON.stringify(extra)})`),
      );
    }
    t.runs.forEach((name, r) => {
      const prev = owner.get(name);
      if (prev !== undefined)
        fail(
          FN,
          `run name ${JSON.stringify(name)} appears twice (tables[${prev}] and tables[${k}])`,
        );
      owner.set(name, k);
      runs.push(name);
      items.forEach((id, i) => {
        const j = pos.get(id) as number;
        data[(r0 + r) * N + i] = t.data[r * t.items.length + j] as number;
        scores[(r0 + r) * N + i] = t.scores[r * t.items.length + j] as number;
      });
    });
    r0 += t.runs.length;
  });
  return { runs, items, data, scores };
}
