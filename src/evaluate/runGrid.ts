import { quantileSorted } from "../core/quantileSorted.js";
import { createRng } from "../core/rng.js";
import { fsum } from "../core/sum.js";
import {
  checkInteger,
  checkLevel,
  checkOptions,
  fail,
  failType,
  optionKeys,
  toBinary,
  toFloat64Array,
} from "../core/validate.js";
import type { Estimate } from "../estimate/confidenceInterval.js";
import { intervalDefaults } from "../estimate/intervalDefaults.js";
import { failuresFound } from "../stats/failuresFound.js";
import { rmse } from "../stats/rmse.js";
import { type PreparedStrategy, UNCHECKED_RNG } from "../tcs/_askTell.js";
import { preparers } from "../tcs/_prepared.js";
import { extraStrategies } from "../tcs/extraStrategies.js";
import { runStrategy } from "../tcs/runStrategy.js";
import { strategies as registry } from "../tcs/strategies.js";
import type { Strategy } from "../tcs/types.js";

const INPUT_KEYS = optionKeys<RunGridOptions>()(
  "y",
  "features",
  "strategies",
  "budgets",
  "repetitions",
  "seed",
  "featureAgnostic",
  "level",
  "onProgress",
);

/** What {@link runGrid} takes: the population, the factors of the grid and its seed. */
export type RunGridOptions = {
  /** Outcome of every unit of the population, 1 = failure, 0 = pass (N >= 2 units). */
  readonly y: ArrayLike<number | boolean>;
  /**
   * Risk scores by feature name, each one non-negative finite value per unit,
   * already oriented so that larger = riskier (e.g. from `toRisk`).
   */
  readonly features: Readonly<Record<string, ArrayLike<number>>>;
  /** Strategies by name, e.g. `strategies` or a subset of it; every one follows the {@link Strategy} protocol. */
  readonly strategies: Readonly<Record<string, Strategy>>;
  /** Label budgets n, distinct integers in [2, N]. */
  readonly budgets: readonly number[];
  /** Repetitions R per cell, an integer in [1, 1e6]. */
  readonly repetitions: number;
  /** Master seed (a string or a finite number); every run's seed is derived from it (see {@link runGrid}). */
  readonly seed: string | number;
  /**
   * Names of strategies that ignore the risk and therefore run once per
   * budget, not once per feature (their rows have `feature: null`). Names not
   * in `strategies` are an error, except in the default.
   * @defaultValue ["srs"]
   */
  readonly featureAgnostic?: readonly string[];
  /** Confidence level every strategy is asked for, in (0, 1). @defaultValue `intervalDefaults.level` (0.95) */
  readonly level?: number;
  /** Called after every run with (runs done, total runs). */
  readonly onProgress?: (done: number, total: number) => void;
};

/** One run of the grid: one strategy on one feature at one budget, one repetition. */
export type RunGridRow = {
  /** Strategy name (a key of `strategies`). */
  readonly strategy: string;
  /** Feature name, or `null` for a feature-agnostic strategy. */
  readonly feature: string | null;
  /** Label budget n. */
  readonly budget: number;
  /** Repetition index, 0-based. */
  readonly repetition: number;
  /** The derived seed string the run's `createRng` received. */
  readonly seed: string;
  /** Estimated failure rate (population mean of y). */
  readonly estimate: number;
  /** Its standard error (`NaN` when the strategy's variance estimate was negative). */
  readonly se: number;
  /** Its confidence interval at the requested level. */
  readonly ci: readonly [number, number];
  /** Whether `ci` contains the true failure rate. */
  readonly covered: boolean;
  /** Distinct failing units among the labelled ones. */
  readonly failuresFound: number;
};

/** Summary of the R repetitions of one (strategy, feature, budget) cell. */
export type RunGridCell = {
  /** Strategy name. */
  readonly strategy: string;
  /** Feature name, or `null` for a feature-agnostic strategy. */
  readonly feature: string | null;
  /** Label budget n. */
  readonly budget: number;
  /** Number of repetitions R summarised. */
  readonly repetitions: number;
  /** Root mean squared error of the estimates against the true failure rate. */
  readonly rmse: number;
  /** Mean estimate minus the true failure rate. */
  readonly bias: number;
  /** Median of the estimates. */
  readonly estimateMedian: number;
  /** Interquartile range (q75 - q25) of the estimates. */
  readonly estimateIqr: number;
  /** Median absolute error |estimate - truth|. */
  readonly absErrorMedian: number;
  /** Interquartile range of the absolute errors. */
  readonly absErrorIqr: number;
  /** Median number of failures found. */
  readonly failuresMedian: number;
  /** Interquartile range of the failures found. */
  readonly failuresIqr: number;
  /** Fraction of repetitions whose interval contains the true failure rate. */
  readonly coverage: number;
  /** Repetitions whose variance estimate was negative (interval the whole line, counted as covering). */
  readonly unusableCi: number;
};

/** What {@link runGrid} returns. */
export type RunGridResult = {
  /** The true failure rate, mean of y. */
  readonly truth: number;
  /** One row per run, ordered by strategy, feature, budget, repetition (input orders). */
  readonly rows: readonly RunGridRow[];
  /** One summary per (strategy, feature, budget) cell, in the same order. */
  readonly summary: readonly RunGridCell[];
};

/**
 * The preparer of every registry strategy, keyed by the registry's function
 * (`strategies.srs`, ...): a cell of the grid prepares once and starts every
 * repetition from it. `active` is left out (its preparer does not take the
 * options, and its design depends on the labels anyway); a user's own
 * strategy function is called directly.
 */
const PREPARED: ReadonlyMap<
  unknown,
  (risk: Float64Array, budget: number, rng: unknown, options: { level: number }) => PreparedStrategy
> = new Map(
  (
    [
      ...Object.entries(registry),
      ["mixture", extraStrategies.mixture],
      ["sequentialPps", extraStrategies.sequentialPps],
    ] as [string, unknown][]
  ).map(([key, f]) => [
    f,
    preparers[key as keyof typeof preparers] as unknown as (
      risk: Float64Array,
      budget: number,
      rng: unknown,
      options: { level: number },
    ) => PreparedStrategy,
  ]),
);

/**
 * Runs test-case-selection strategies over a grid of features x budgets x
 * repetitions on one population with known outcomes, and summarises every
 * cell: the experiment protocol of the TCS replication study.
 *
 * Protocol: for each strategy, each feature (once, with `feature: null` and a
 * constant risk of 1, for the `featureAgnostic` ones such as SRS, as in the
 * paper), each budget n and each repetition r, the strategy is driven to the
 * end by `runStrategy` with the oracle `i => y[i]`; the row keeps the
 * estimate, its interval and the distinct failures found (`failuresFound`).
 *
 * Seeding: run (strategy, feature, budget, r) uses
 * `createRng(JSON.stringify([seed, strategy, feature, budget, r]))`, so a
 * run's sample depends only on its own coordinates, never on the order of the
 * loops, on which other strategies, features or budgets are in the grid, or on
 * how many repetitions precede it.
 *
 * Summary per cell over its R estimates e_r of the true rate t = mean(y):
 * RMSE = sqrt(mean (e_r - t)^2) (`rmse`), bias = mean(e_r) - t, medians and
 * IQRs (type-7 quantiles, as R's `quantile`) of e_r, of |e_r - t| and of the
 * failures found, and coverage = share of intervals containing t. RMSE of the
 * failure rate equals RMSE of the accuracy (1 - rate).
 *
 * @param input - See {@link RunGridOptions}: `y`, `features`, `strategies`, `budgets`,
 *   `repetitions`, `seed`, and optional `featureAgnostic` (default `["srs"]`),
 *   `level` (default 0.95), `onProgress`.
 * @returns `{ truth, rows, summary }`, see {@link RunGridResult}.
 * @throws {TypeError} If `input` is not an object, `y` is not an array-like of 0/1 or booleans, a
 *   feature is not an array-like of numbers, a strategy or `onProgress` is not a function, `budgets` or `featureAgnostic` is
 *   not an array, or `seed` is neither a string nor a number.
 * @throws {RangeError} If `y` has fewer than 2 units or a value other than 0/1; a feature's length
 *   differs from y's or holds a negative or non-finite value; there are no strategies, or no
 *   features while a strategy needs one; a budget is not an integer in [2, N] or is repeated;
 *   `repetitions` is not an integer >= 1; `seed` is a non-finite number; `level` is not in (0, 1);
 *   a `featureAgnostic` name is not a strategy. An error thrown by a strategy, or by the check of
 *   the Estimate it returns (a TypeError if it is not an object or lacks a number `estimate`, a
 *   number `se` or a `ci` of two numbers; a RangeError if `estimate` is not finite or `ci` is NaN
 *   or reversed), is rethrown prefixed with `runGrid:` and the cell (strategy, feature, budget,
 *   repetition), a TypeError as a TypeError and anything else as a RangeError, the original as
 *   its `cause`; no partial result is returned.
 * @see Guerriero, A., Pietrantuono, R., Russo, S. (2024). DeepSample: DNN sampling-based testing for
 *   operational accuracy assessment. ICSE (30 repetitions per sampler x feature x budget).
 * @example
 * ```ts
 * const y = new Uint8Array([1, 0, 0, 1, 0, 0, 0, 1, 0, 0]);
 * const risk = new Float64Array([0.9, 0.1, 0.2, 0.8, 0.1, 0.3, 0.2, 0.7, 0.1, 0.2]);
 * const g = runGrid({
 *   y,
 *   features: { risk },
 *   strategies: { srs: strategies.srs, systematicPps: strategies.systematicPps },
 *   budgets: [4],
 *   repetitions: 50,
 *   seed: 1,
 * });
 * g.truth;                                            // 0.3
 * g.rows.length;                                      // 100 (srs once, systematicPps on "risk")
 * g.summary.map((c) => [c.strategy, c.feature]);      // [["srs", null], ["systematicPps", "risk"]]
 * g.summary.map((c) => c.failuresMedian);             // [1, 3]
 * g.summary.map((c) => Number(c.rmse.toFixed(4)));    // [0.1823, 0.0545]
 * ```
 */
export function runGrid(input: RunGridOptions): RunGridResult {
  const grid = readGrid("runGrid", input);
  const { y, N, repetitions, onProgress } = grid;
  const truth = fsum(Float64Array.from(y)) / N;
  const plan: { strategy: string; feature: string | null }[] = [];
  for (const s of grid.strategyNames) {
    if (grid.agnostic.has(s)) plan.push({ strategy: s, feature: null });
    else for (const f of grid.featureNames) plan.push({ strategy: s, feature: f });
  }
  const total = plan.length * grid.budgets.length * repetitions;
  const progress = { done: 0, total, onProgress };
  const rows: RunGridRow[] = [];
  const summary: RunGridCell[] = [];
  const flat = new Float64Array(N).fill(1);
  for (const { strategy, feature } of plan) {
    const risk = feature === null ? flat : (grid.features[feature] as Float64Array);
    for (const budget of grid.budgets) {
      const cell = runCell(grid, strategy, feature, risk, budget, truth, progress);
      // one push per row: a spread of 130,000 or more rows overflows the call stack
      for (const row of cell) rows.push(row);
      summary.push(summarise(cell, strategy, feature, budget, truth));
    }
  }
  return { truth, rows, summary };
}

/** The checked input of {@link runGrid}. */
type Grid = {
  readonly y: Uint8Array;
  readonly N: number;
  readonly strategies: Readonly<Record<string, Strategy>>;
  readonly strategyNames: string[];
  readonly features: Record<string, Float64Array>;
  readonly featureNames: string[];
  readonly agnostic: Set<string>;
  readonly budgets: readonly number[];
  readonly repetitions: number;
  readonly seed: string | number;
  readonly level: number;
  readonly onProgress: ((done: number, total: number) => void) | undefined;
};

/** Phase 1 of {@link runGrid}: every input field checked, in the documented order. */
function readGrid(fn: string, input: RunGridOptions): Grid {
  if (typeof input !== "object" || input === null || Array.isArray(input)) {
    failType(fn, "input must be an object { y, features, strategies, budgets, repetitions, seed }");
  }
  checkOptions(fn, input, INPUT_KEYS, "input field");
  const { features: featuresIn, strategies, budgets, repetitions, seed, onProgress } = input;
  const y = toBinary(fn, "y", input.y);
  const N = y.length;
  if (N < 2) fail(fn, "y must hold at least 2 units", N);

  const strategyNames = checkRecord(fn, "strategies", strategies);
  if (strategyNames.length === 0) fail(fn, "strategies is empty");
  for (const name of strategyNames) {
    if (typeof strategies[name] !== "function") {
      failType(fn, `strategies.${name} must be a strategy function`);
    }
  }
  const featureNames = checkRecord(fn, "features", featuresIn);
  const features: Record<string, Float64Array> = {};
  for (const name of featureNames) {
    const f = toFloat64Array(fn, `features.${name}`, featuresIn[name], { min: 0 });
    features[name] = f;
    if (f.length !== N) {
      fail(fn, `features.${name} and y lengths differ (${f.length} vs ${N})`);
    }
  }

  const agnostic = readAgnostic(fn, input.featureAgnostic, strategyNames);
  if (featureNames.length === 0 && strategyNames.some((s) => !agnostic.has(s))) {
    fail(fn, "features is empty but some strategies need a risk feature");
  }

  if (!Array.isArray(budgets)) failType(fn, "budgets must be an array of integers");
  if (budgets.length === 0) fail(fn, "budgets is empty");
  const seen = new Set<number>();
  // an index loop, not forEach: a hole in a sparse array must fail as `undefined` does
  for (let k = 0; k < budgets.length; k++) {
    const b: unknown = budgets[k];
    checkInteger(fn, `budgets[${k}]`, b, 2, N);
    if (seen.has(b)) fail(fn, `budgets[${k}] repeats an earlier budget`, b);
    seen.add(b);
  }
  checkInteger(fn, "repetitions", repetitions, 1, 1_000_000);
  if (typeof seed === "number") {
    if (!Number.isFinite(seed)) fail(fn, "seed must be a finite number or a string", seed);
  } else if (typeof seed !== "string") {
    failType(fn, `seed must be a string or a number (got ${typeof seed})`);
  }
  const level = input.level ?? intervalDefaults.level;
  checkLevel(fn, level);
  if (onProgress !== undefined && typeof onProgress !== "function") {
    failType(fn, "onProgress must be a function (done, total) => void");
  }
  return {
    y,
    N,
    strategies: strategies as Readonly<Record<string, Strategy>>,
    strategyNames,
    features,
    featureNames,
    agnostic,
    budgets,
    repetitions,
    seed,
    level,
    onProgress,
  };
}

/**
 * Phase 2 of {@link runGrid}: the repetitions of one strategy x feature x budget
 * cell. A registry strategy is set up once per cell (checks, strata, inclusion
 * probabilities, risk bands); each repetition then runs exactly as run(...) would.
 */
function runCell(
  grid: Grid,
  strategy: string,
  feature: string | null,
  risk: Float64Array,
  budget: number,
  truth: number,
  progress: { done: number; total: number; onProgress: Grid["onProgress"] },
): RunGridRow[] {
  const fn = "runGrid";
  const { y, seed, level } = grid;
  const run = grid.strategies[strategy] as Strategy;
  const prepare = PREPARED.get(run);
  const label = (i: number): number => y[i] as number;
  const cell: RunGridRow[] = [];
  let prepared: PreparedStrategy | undefined;
  if (prepare !== undefined) {
    try {
      prepared = prepare(risk, budget, UNCHECKED_RNG, { level });
    } catch (e) {
      throw rethrow(fn, e, strategy, feature, budget, 0);
    }
  }
  for (let r = 0; r < grid.repetitions; r++) {
    const runSeed = JSON.stringify([seed, strategy, feature, budget, r]);
    try {
      const g = createRng(runSeed);
      const out = runStrategy(
        prepared === undefined ? run(risk, budget, g, { level }) : prepared.start(g),
        label,
      );
      // a user's strategy may return anything: checked here, so the error names the cell
      const est = checkEstimate(out.estimate);
      const ci: readonly [number, number] = [est.ci[0], est.ci[1]];
      cell.push({
        strategy,
        feature,
        budget,
        repetition: r,
        seed: runSeed,
        estimate: est.estimate,
        se: est.se,
        ci,
        covered: ci[0] <= truth && truth <= ci[1],
        failuresFound: failuresFound(out.indices, y),
      });
    } catch (e) {
      throw rethrow(fn, e, strategy, feature, budget, r);
    }
    progress.done++;
    if (progress.onProgress !== undefined) progress.onProgress(progress.done, progress.total);
  }
  return cell;
}

/**
 * The fields of a strategy's returned Estimate that a row keeps: an object
 * with a finite `estimate`, a number `se` (NaN for a negative variance) and a
 * `ci` of two non-NaN numbers, lower <= upper (infinite ends allowed). Throws
 * without a prefix; {@link runCell} rethrows it naming runGrid and the cell.
 */
function checkEstimate(est: unknown): Pick<Estimate, "estimate" | "se" | "ci"> {
  if (typeof est !== "object" || est === null) {
    throw new TypeError(
      `the strategy returned ${est === null ? "null" : typeof est}, not an Estimate { estimate, se, ci, ... }`,
    );
  }
  const { estimate, se, ci } = est as Partial<Record<"estimate" | "se" | "ci", unknown>>;
  if (typeof estimate !== "number") {
    throw new TypeError(`the strategy's Estimate has no number estimate (got ${typeof estimate})`);
  }
  if (!Number.isFinite(estimate)) {
    throw new RangeError(`the strategy returned a non-finite estimate (got ${estimate})`);
  }
  if (typeof se !== "number") {
    throw new TypeError(`the strategy's Estimate has no number se (got ${typeof se})`);
  }
  if (
    typeof ci !== "object" ||
    ci === null ||
    typeof (ci as ArrayLike<unknown>)[0] !== "number" ||
    typeof (ci as ArrayLike<unknown>)[1] !== "number"
  ) {
    throw new TypeError("the strategy's Estimate has no ci of two numbers [lower, upper]");
  }
  const [lo, hi] = ci as readonly [number, number];
  if (!(lo <= hi)) {
    throw new RangeError(`the strategy returned a ci that is not an interval (got [${lo}, ${hi}])`);
  }
  return { estimate, se, ci: [lo, hi] };
}

function checkRecord(fn: string, arg: string, x: unknown): string[] {
  if (typeof x !== "object" || x === null || Array.isArray(x) || ArrayBuffer.isView(x)) {
    failType(fn, `${arg} must be an object keyed by name`);
  }
  return Object.keys(x);
}

function readAgnostic(fn: string, given: unknown, strategyNames: string[]): Set<string> {
  if (given === undefined) return new Set(["srs"]);
  if (!Array.isArray(given)) failType(fn, "featureAgnostic must be an array of strategy names");
  const out = new Set<string>();
  for (let k = 0; k < given.length; k++) {
    const name: unknown = given[k];
    if (typeof name !== "string") failType(fn, `featureAgnostic[${k}] must be a string`);
    if (!strategyNames.includes(name)) {
      fail(fn, `featureAgnostic[${k}] is not a key of strategies`, name);
    }
    out.add(name);
  }
  return out;
}

function rethrow(
  fn: string,
  e: unknown,
  strategy: string,
  feature: string | null,
  budget: number,
  r: number,
): Error {
  const where = `strategy ${JSON.stringify(strategy)} on feature ${JSON.stringify(feature)} at budget ${budget}, repetition ${r}`;
  const message = e instanceof Error ? e.message : String(e);
  const text = `${fn}: ${where} failed: ${message}`;
  // the original error (and its stack) stays reachable as `cause`
  return e instanceof TypeError
    ? new TypeError(text, { cause: e })
    : new RangeError(text, { cause: e });
}

function summarise(
  cell: readonly RunGridRow[],
  strategy: string,
  feature: string | null,
  budget: number,
  truth: number,
): RunGridCell {
  const R = cell.length;
  const est = Float64Array.from(cell, (c) => c.estimate);
  const absErr = Float64Array.from(est, (e) => Math.abs(e - truth)).sort();
  const found = Float64Array.from(cell, (c) => c.failuresFound).sort();
  let covered = 0;
  let unusable = 0;
  for (const c of cell) {
    if (c.covered) covered++;
    if (Number.isNaN(c.se)) unusable++;
  }
  const bias = fsum(est) / R - truth;
  const sorted = Float64Array.from(est).sort();
  return {
    strategy,
    feature,
    budget,
    repetitions: R,
    rmse: rmse(est, truth),
    bias,
    estimateMedian: quantileSorted(sorted, 0.5),
    estimateIqr: iqr(sorted),
    absErrorMedian: quantileSorted(absErr, 0.5),
    absErrorIqr: iqr(absErr),
    failuresMedian: quantileSorted(found, 0.5),
    failuresIqr: iqr(found),
    coverage: covered / R,
    unusableCi: unusable,
  };
}

function iqr(sorted: Float64Array): number {
  return quantileSorted(sorted, 0.75) - quantileSorted(sorted, 0.25);
}
