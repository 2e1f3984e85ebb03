/**
 * The `items` and `run` options of the SWE-bench importers.
 * Internal module: not re-exported from the package entry point.
 * @internal
 */

import { fail, failType } from "../core/validate.js";
import { at } from "./_internal.js";

/** Checks `options.items`: distinct string ids, or undefined. */
export function itemsOption(fn: string, items: unknown): readonly string[] | undefined {
  if (items === undefined) return undefined;
  if (!Array.isArray(items)) failType(fn, "options.items must be an array of instance ids");
  const seen = new Set<string>();
  // an index loop, not forEach: a hole in a sparse array must fail as `undefined` does
  for (let k = 0; k < items.length; k++) {
    const id: unknown = items[k];
    if (typeof id !== "string") failType(fn, `options.items[${k}] must be a string`);
    if (seen.has(id)) fail(fn, `options.items[${k}] repeats ${JSON.stringify(id)}`);
    seen.add(id);
  }
  if (seen.size === 0) fail(fn, "options.items is empty");
  return items as readonly string[];
}

/** Checks that every id of `ids` is one of `universe`. */
export function checkKnown(
  fn: string,
  source: string | undefined,
  where: string,
  ids: readonly string[],
  universe: ReadonlySet<string>,
): void {
  const k = ids.findIndex((id) => !universe.has(id));
  if (k >= 0)
    fail(
      fn,
      `${at(source)}${where}[${k}] ${JSON.stringify(ids[k])} is not one of the ${universe.size} items`,
    );
}

/** The required `run` option of the SWE-bench importers. */
export function requiredRun(fn: string, run: unknown, hint: string): string {
  if (run === undefined) failType(fn, `options.run is required (${hint})`);
  if (typeof run !== "string") failType(fn, "options.run must be a string");
  if (run === "") fail(fn, "options.run is empty");
  return run;
}
