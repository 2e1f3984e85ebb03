import { fail, failType } from "../core/validate.js";

/**
 * Repository strata: items of the same repository share a label
 * ("Repo-Strat").
 *
 * Labels are the ranks of the distinct repository names in ascending code-unit
 * order (so the labelling does not depend on item order): 0 for the
 * alphabetically first repository, and so on. For SWE-bench instance ids such
 * as `django__django-11099` the repository is the part before the last `-`:
 * `ids.map((id) => id.slice(0, id.lastIndexOf("-")))`.
 *
 * @param itemRepo - The repository (or any subsystem name) of each item.
 * @returns Per item, its repository's label 0..(number of repositories - 1).
 * @throws {TypeError} If `itemRepo` is not an array of strings.
 * @throws {RangeError} If `itemRepo` is empty.
 * @see Ayyad et al. (2026), Trajectory-Aware Benchmark Subset Selection, section 4.4.1 (2).
 * @example
 * ```ts
 * repositoryStrata(["sympy", "django", "sympy", "astropy"]); // Int32Array [2, 1, 2, 0]
 * ```
 */
export function repositoryStrata(itemRepo: readonly string[]): Int32Array {
  const fn = "repositoryStrata";
  if (!Array.isArray(itemRepo)) failType(fn, "itemRepo must be an array of strings");
  if (itemRepo.length === 0) fail(fn, "itemRepo is empty");
  // an index loop, not forEach: a hole in a sparse array must fail as `undefined` does
  for (let i = 0; i < itemRepo.length; i++) {
    if (typeof itemRepo[i] !== "string") failType(fn, `itemRepo[${i}] must be a string`);
  }
  const names = Array.from(new Set(itemRepo)).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const label = new Map(names.map((n, h) => [n, h]));
  return Int32Array.from(itemRepo, (r) => label.get(r) as number);
}
