import type { Rng } from "../core/rng.js";
import { checkOptions, fail, failType, optionKeys } from "../core/validate.js";
import {
  checkContext,
  checkedVersion,
  drawPlan,
  type HistoryVersion,
  passCounts,
  type StratumPlan,
  stratumPlan,
} from "./_internal.js";
import { crossStrata } from "./crossStrata.js";
import type { Outcomes } from "./outcomes.js";
import { repositoryStrata } from "./repositoryStrata.js";
import type { SubsetContext, SubsetMethod } from "./types.js";

const KEYS = optionKeys<BaselineMethodOptions>()("itemRepo");

/** The paper's six baselines. */
export type BaselineName =
  | "random"
  | "repo"
  | "difficulty"
  | "consistency"
  | "repoDifficulty"
  | "repoConsistency";

/** Options of {@link baselineMethod}. */
export type BaselineMethodOptions = {
  /** Repository of each item (required by the repo-based kinds), see {@link repositoryStrata}. */
  readonly itemRepo?: readonly string[];
};

const NAMES: Record<BaselineName, string> = {
  random: "Random",
  repo: "Repo-Strat",
  difficulty: "Diff-Strat",
  consistency: "Consist-Strat",
  repoDifficulty: "Repo×Diff",
  repoConsistency: "Repo×Consist",
};

/**
 * One of the paper's baseline subset selectors: simple random sampling or a
 * stratified random sample with proportional allocation.
 *
 * Kinds (trajectory-aware subset selection paper, section 4.4.1):
 * `random` = simple random sample of k items (one stratum); the others draw a
 * stratified simple random sample with proportional allocation (largest
 * remainder, exact total k; the algorithm of {@link stratifiedSubset}) over
 * `repo` = repositories, `difficulty` = majority pass/fail over the training
 * runs ({@link difficultyStrata}), `consistency` = pass count over the
 * training runs ({@link consistencyStrata}), and the cross-classifications
 * `repoDifficulty` and `repoConsistency` ({@link crossStrata}). Strata and
 * allocation are computed from `ctx.history` only (the training window) and
 * reused while the history's content is unchanged (a copy of its data is
 * compared on each call, so a history whose `data` is overwritten in place
 * is checked and stratified again); each draw is then a partial Fisher–Yates
 * shuffle of every stratum's item list (n_h uniform draws), O(k) per seed.
 * Every n_h-subset of stratum h is equally likely (inclusion n_h / N_h), as
 * with `stratifiedSrs` (`evalsift/estimate`); the random streams differ.
 *
 * @param kind - Which baseline.
 * @param options - `itemRepo`: repository per item, required for the repo kinds.
 * @returns A stochastic {@link SubsetMethod} named as in the paper (`Random`, `Repo-Strat`, `Diff-Strat`, `Consist-Strat`, `Repo×Diff`, `Repo×Consist`).
 * @throws {TypeError} If `kind` is unknown, `options` is not an object, or a repo kind lacks `itemRepo` (an
 *   array of strings). The returned `select` throws a RangeError when `itemRepo` and the history have
 *   different item counts, `k` is not in [1, items], or `ctx.history.data` holds a value other than 0/1.
 * @see Ayyad et al. (2026), Trajectory-Aware Benchmark Subset Selection, section 4.4.1.
 * @example
 * ```ts
 * const h = outcomes([
 *   { run: "a", item: "x", resolved: 1 }, { run: "a", item: "y", resolved: 0 },
 *   { run: "a", item: "z", resolved: 0 }, { run: "a", item: "w", resolved: 1 },
 * ]);
 * const m = baselineMethod("consistency");
 * m.name; // "Consist-Strat"
 * m.select({ history: h, k: 2 }, createRng(3)); // Int32Array [0, 1]  (one pass, one fail)
 * ```
 */
export function baselineMethod(
  kind: BaselineName,
  options: BaselineMethodOptions = {},
): SubsetMethod {
  const fn = "baselineMethod";
  if (!Object.hasOwn(NAMES, kind))
    failType(fn, `kind must be one of ${Object.keys(NAMES).join(", ")}`);
  checkOptions(fn, options, KEYS);
  const { itemRepo } = options;
  let repo: Int32Array | undefined;
  if (kind === "repo" || kind === "repoDifficulty" || kind === "repoConsistency") {
    if (!Array.isArray(itemRepo)) failType(fn, `kind "${kind}" needs options.itemRepo`);
    // checked here so that errors name baselineMethod, not repositoryStrata
    if (itemRepo.length === 0) fail(fn, "options.itemRepo is empty");
    // an index loop, not forEach: a hole in a sparse array must fail as `undefined` does
    for (let i = 0; i < itemRepo.length; i++) {
      if (typeof itemRepo[i] !== "string") failType(fn, `options.itemRepo[${i}] must be a string`);
    }
    repo = repositoryStrata(itemRepo);
  }
  const name = NAMES[kind];
  // keyed by the history's checked content, so a history changed in place is re-stratified
  const cache = new WeakMap<HistoryVersion, StratumPlan>();
  let scratch = new Int32Array(0);
  const strataOf = (h: Outcomes): Int32Array => {
    if (repo !== undefined && repo.length !== h.items.length) {
      throw new RangeError(
        `${name}: itemRepo and history have different item counts (${repo.length} vs ${h.items.length})`,
      );
    }
    const runs = Array.from({ length: h.runs.length }, (_, r) => r);
    const c = passCounts(h, runs);
    const W = runs.length;
    switch (kind) {
      case "random":
        return new Int32Array(h.items.length);
      case "repo":
        return repo as Int32Array;
      case "difficulty":
        return c.map((v) => (2 * v > W ? 1 : 0));
      case "consistency":
        return c;
      case "repoDifficulty":
        return crossStrata(
          repo as Int32Array,
          c.map((v) => (2 * v > W ? 1 : 0)),
        );
      case "repoConsistency":
        return crossStrata(repo as Int32Array, c);
    }
  };
  const select = (ctx: SubsetContext, rng: Rng): Int32Array => {
    checkContext(name, ctx, rng);
    const { history, k } = ctx;
    // checkContext has just checked this history: its version is a lookup, no second comparison
    const version = checkedVersion(history);
    let plan = cache.get(version);
    if (plan === undefined || plan.k !== k) {
      plan = stratumPlan(strataOf(history), k);
      cache.set(version, plan);
    }
    if (scratch.length !== history.items.length) scratch = new Int32Array(history.items.length);
    return drawPlan(name, plan, rng, scratch);
  };
  return { name, stochastic: true, select };
}
