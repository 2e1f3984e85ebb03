import { normalQuantile } from "../core/normal.js";
import type { Rng } from "../core/rng.js";
import type { Plain } from "../core/toPlain.js";
import {
  checkChoice,
  checkInteger,
  checkLevel,
  checkNestedKeys,
  checkOptions,
  checkRng,
  draw,
  fail,
  failType,
  optionKeys,
} from "../core/validate.js";
import { intervalDefaults } from "../estimate/intervalDefaults.js";
import { asOutcomes, passCounts } from "./_internal.js";
import {
  type EstimatorCache,
  fitEstimator,
  pointEstimate,
  runRates,
  type SubsetEstimatorModel,
  type SubsetEstimatorName,
  subsetInterval,
} from "./_subsetEstimators.js";
import { stepwiseSubset } from "./irt/stepwiseSubset.js";
import type { Outcomes } from "./outcomes.js";
import { stratifiedSubset } from "./stratifiedSubset.js";

export type { SubsetEstimatorModel, SubsetEstimatorName } from "./_subsetEstimators.js";

const KEYS = optionKeys<RecommendSubsetOptions>()(
  "folds",
  "minTrain",
  "cvSeeds",
  "window",
  "recentRuns",
  "ridge",
  "level",
  "candidates",
  "selection",
);

/** How {@link recommendSubset} picks the items. */
export type RecommendSubsetMethod = "consistency" | "passRate" | "stepwise";

/**
 * How {@link recommendSubset} chooses among the cross-validated candidates:
 * `"robust"` takes the lowest cross-validated RMSE among the subsets drawn at
 * random within strata (whose interval has a design-based part), and the
 * stepwise subset only when no such candidate is given; `"rmse"` takes the
 * lowest cross-validated RMSE of all.
 */
export type RecommendSubsetSelection = "robust" | "rmse";

/** One (subset method, estimator, training runs) combination that {@link recommendSubset} cross-validates. */
export type RecommendSubsetCandidate = {
  /** `"consistency"`: pass counts over the last `window` runs as strata, a random draw within them; `"passRate"`: the pass rate over the training runs in 7 bands (0, (0, .2], ..., (.8, 1), 1), a random draw within them; `"stepwise"`: {@link stepwiseSubset}. */
  readonly method: RecommendSubsetMethod;
  /** `"mean"`: post-stratified subset mean; `"ridge"`: {@link fitRateRegression} on the subset; `"shrink"`: the ridge estimate moved at most one design SE from the mean, and the mean alone when it lies outside the history's range of rates; `"irt"`: the run's Rasch ability from its subset outcomes with history item difficulties, averaged over all items; `"pirt"`: tinyBenchmarks' p-IRT ({@link predictIrt}, EAP ability) with a 2PL model fitted on the training runs ({@link fitIrt}): the observed items count with their outcomes, the rest with their predicted probabilities. */
  readonly estimator: SubsetEstimatorName;
  /** Fit on the last `recentRuns` runs only (recency weighting) instead of all runs. */
  readonly recent: boolean;
};

/** Options of {@link recommendSubset}. */
export type RecommendSubsetOptions = {
  /** Number of temporal test blocks, an integer >= 1. @defaultValue recommendSubsetDefaults.folds (5) */
  readonly folds?: number;
  /** Runs always in the training part of the first fold, an integer >= 3. @defaultValue max(3, half the runs) */
  readonly minTrain?: number;
  /** Subset draws per fold for the random methods, an integer in 1..100. @defaultValue recommendSubsetDefaults.cvSeeds (3) */
  readonly cvSeeds?: number;
  /** Consistency-strata window W (the paper's 3 most recent runs). @defaultValue recommendSubsetDefaults.window (3) */
  readonly window?: number;
  /** Runs kept by the `recent` candidates, an integer >= 3. @defaultValue recommendSubsetDefaults.recentRuns (20) */
  readonly recentRuns?: number;
  /** Ridge penalty of the regression estimators. @defaultValue recommendSubsetDefaults.ridge (20) */
  readonly ridge?: number;
  /** Level of the intervals {@link estimateSubset} will give, in (0, 1). @defaultValue recommendSubsetDefaults.level (0.95) */
  readonly level?: number;
  /** The candidates to cross-validate. @defaultValue every valid combination (see {@link recommendSubsetCandidates}) */
  readonly candidates?: readonly RecommendSubsetCandidate[];
  /**
   * How the candidate is chosen (see {@link RecommendSubsetSelection} and
   * {@link recommendSubset}). @defaultValue recommendSubsetDefaults.selection (`"robust"`)
   */
  readonly selection?: RecommendSubsetSelection;
};

/** How the choice was made (see {@link recommendSubset}). */
export type RecommendSubsetChoiceRecord = {
  /** The rule applied. */
  readonly rule: RecommendSubsetSelection;
  /** Name of the candidate with the lowest cross-validated RMSE (the choice unless the rule moved it). */
  readonly lowest: string;
  /**
   * Present when the rule is `"robust"`, the lowest-RMSE candidate has no
   * design-based interval (the stepwise subset) and some candidate has one:
   * the best such candidate (the choice), the excess of its cross-validated
   * MSE over the lowest one's (paired over the held-out runs) and that
   * excess's standard error, so that one sees what the history says the
   * choice costs when the new runs resemble it.
   */
  readonly compared?: { readonly name: string; readonly excess: number; readonly se: number };
};

/** Cross-validated performance of one candidate. */
export type RecommendSubsetCv = RecommendSubsetCandidate & {
  /** Root mean squared error of the estimate over every held-out run (and draw). */
  readonly rmse: number;
  /** Share of held-out runs whose rate fell in the calibrated interval (the one {@link estimateSubset} gives, design part included). */
  readonly coverage: number;
  /** Held-out (run, draw) pairs. */
  readonly n: number;
};

/** Result of {@link recommendSubset}: pass it to {@link estimateSubset} with a new run's outcomes on `items`. */
export type RecommendSubsetResult = {
  /** The subset: indices into `history.items`. */
  readonly items: Int32Array;
  /** The subset's item ids. */
  readonly itemIds: readonly string[];
  /** Name of the chosen candidate, e.g. `"consistency + shrink (recent)"`. */
  readonly method: string;
  /** The chosen candidate. */
  readonly choice: RecommendSubsetCandidate;
  /** The estimator fitted on the whole history. */
  readonly estimator: SubsetEstimatorModel;
  /** Interval level. */
  readonly level: number;
  /** Every candidate's cross-validated RMSE and coverage, lowest RMSE first (the chosen one is `choice`: with `selection: "robust"` not always the first). */
  readonly cv: readonly RecommendSubsetCv[];
  /** How the choice was made. */
  readonly selection: RecommendSubsetChoiceRecord;
};

/** Defaults of {@link recommendSubset}'s options. */
export const recommendSubsetDefaults = Object.freeze({
  folds: 5,
  cvSeeds: 3,
  window: 3,
  recentRuns: 20,
  ridge: 20,
  level: intervalDefaults.level,
  selection: "robust",
} as const);

/**
 * Every candidate {@link recommendSubset} considers by default: consistency
 * and pass-rate strata with the mean, ridge, shrink and irt estimators, the
 * stepwise subset with ridge and irt (its items are not representative, so no
 * mean), each fitted on all runs and on the recent runs only (20 in all).
 * `"pirt"` is left out (pass it in `options.candidates` to try it): on
 * simulated framework shifts it helped in one scenario of four and hurt in
 * the other three, at 2-7 times the run time (a 2PL fit per fold); measured
 * in docs/replication/subset-shift.md, "The p-IRT estimator as extra
 * candidates".
 */
export const recommendSubsetCandidates: readonly RecommendSubsetCandidate[] = Object.freeze(
  [false, true].flatMap((recent) => [
    ...(["consistency", "passRate"] as const).flatMap((method) =>
      (["mean", "ridge", "shrink", "irt"] as const).map((estimator) => ({
        method,
        estimator,
        recent,
      })),
    ),
    ...(["ridge", "irt"] as const).map((estimator) => ({
      method: "stepwise" as const,
      estimator,
      recent,
    })),
  ]),
);

const nameOf = (c: RecommendSubsetCandidate) =>
  `${c.method} + ${c.estimator}${c.recent ? " (recent)" : ""}`;

/**
 * Strata of every item from `runs` for a random-within-strata method:
 * consistency = pass counts over the last `window` runs (H = window + 1),
 * passRate = the pass rate over all `runs` in 7 bands. Internal (also read by
 * bench/subset-design-coverage.ts).
 * @internal
 */
export function strataOf(
  o: Outcomes,
  runs: readonly number[],
  method: RecommendSubsetMethod,
  window: number,
): { g: Int32Array; H: number } {
  if (method === "consistency") {
    const w = runs.slice(-window);
    return { g: passCounts(o, w), H: w.length + 1 };
  }
  const c = passCounts(o, runs);
  const R = runs.length;
  const g = Int32Array.from(c, (v) => {
    if (v === 0) return 0;
    if (v === R) return 6;
    return 1 + Math.min(4, Math.floor((5 * v) / R - 1e-12));
  });
  return { g, H: 7 };
}

type Fitted = { items: Int32Array; model: SubsetEstimatorModel };

function fitCandidate(
  o: Outcomes,
  runs: readonly number[],
  k: number,
  c: RecommendSubsetCandidate,
  rng: Rng,
  opt: FitOptions,
): Fitted {
  const use = c.recent ? runs.slice(-opt.recentRuns) : runs;
  const { g, H } = strataOf(o, use, c.method, opt.window);
  const items =
    c.method === "stepwise" ? stepwiseSubset(o, k, { runs: use }) : stratifiedSubset(g, k, rng);
  const model = fitEstimator(c.estimator, o, use, items, g, H, opt.ridge, opt.cache);
  return { items, model: { ...model, designInterval: c.method !== "stepwise" } };
}

type FitOptions = {
  window: number;
  recentRuns: number;
  ridge: number;
  cache: EstimatorCache;
};

/** Phase 1: reads and checks the options (every check before any work). */
function readRecommendOptions(
  fn: string,
  options: RecommendSubsetOptions,
  R: number,
): {
  folds: number;
  minTrain: number;
  cvSeeds: number;
  opt: FitOptions;
  level: number;
  candidates: readonly RecommendSubsetCandidate[];
  selection: RecommendSubsetSelection;
} {
  checkOptions(fn, options, KEYS);
  const d = recommendSubsetDefaults;
  const folds = options.folds ?? d.folds;
  checkInteger(fn, "options.folds", folds, 1);
  const minTrain = options.minTrain ?? Math.max(3, Math.ceil(R / 2));
  checkInteger(fn, "options.minTrain", minTrain, 3);
  if (R < minTrain + folds) {
    fail(fn, `history needs at least minTrain + folds = ${minTrain + folds} runs`, R);
  }
  const cvSeeds = options.cvSeeds ?? d.cvSeeds;
  // each draw refits every candidate on every fold: 100 draws is already minutes on a large history
  checkInteger(fn, "options.cvSeeds", cvSeeds, 1, 100);
  const window = options.window ?? d.window;
  checkInteger(fn, "options.window", window, 1);
  const recentRuns = options.recentRuns ?? d.recentRuns;
  checkInteger(fn, "options.recentRuns", recentRuns, 3);
  const ridge = options.ridge ?? d.ridge;
  if (!(ridge >= 0 && Number.isFinite(ridge))) fail(fn, "options.ridge must be >= 0", ridge);
  const level = options.level ?? d.level;
  checkLevel(fn, level, "options.level");
  const selection = options.selection ?? d.selection;
  checkChoice(fn, "options.selection", selection, ["robust", "rmse"] as const);
  const candidates = options.candidates ?? recommendSubsetCandidates;
  if (!Array.isArray(candidates)) failType(fn, "options.candidates must be an array");
  if (candidates.length === 0) fail(fn, "options.candidates is empty");
  // an index loop, not forEach: a hole in a sparse array must fail as `undefined` does
  for (let t = 0; t < candidates.length; t++) {
    const c = candidates[t] as RecommendSubsetCandidate;
    if (!["consistency", "passRate", "stepwise"].includes(c?.method)) {
      failType(fn, `options.candidates[${t}].method must be consistency, passRate or stepwise`);
    }
    if (!["mean", "ridge", "shrink", "irt", "pirt"].includes(c.estimator)) {
      failType(fn, `options.candidates[${t}].estimator must be mean, ridge, shrink, irt or pirt`);
    }
    if (typeof c.recent !== "boolean") {
      failType(fn, `options.candidates[${t}].recent must be a boolean (got ${String(c.recent)})`);
    }
    checkNestedKeys(fn, `options.candidates[${t}]`, c, ["method", "estimator", "recent"]);
    if (c.method === "stepwise" && (c.estimator === "mean" || c.estimator === "shrink")) {
      fail(
        fn,
        `options.candidates[${t}]: the stepwise subset is not representative; use ridge or irt`,
      );
    }
  }
  const opt = {
    window,
    recentRuns,
    ridge,
    cache: { difficulties: new Map(), items2pl: new Map() },
  };
  return { folds, minTrain, cvSeeds, opt, level, candidates, selection };
}

/** What the forward cross-validation shares across candidates. */
type CvSetup = {
  readonly history: Outcomes;
  readonly k: number;
  readonly rng: Rng;
  readonly opt: FitOptions;
  /** Each run's pass rate. */
  readonly rates: ArrayLike<number>;
  /** Normal quantile of the level. */
  readonly z: number;
  readonly level: number;
  readonly cvSeeds: number;
  /** Fold f trains on runs [0, blocks[f]) and tests on [blocks[f], blocks[f + 1]). */
  readonly blocks: readonly number[];
};

/**
 * Phase 2: one candidate's forward cross-validation — held-out errors, RMSE,
 * the excess variance `mse`, the smallest interval inflation covering a share
 * `level` of the errors, and the coverage it gives.
 */
function crossValidate(c: RecommendSubsetCandidate, cv: CvSetup) {
  const { history, k, rng, opt, rates, z, level, cvSeeds, blocks } = cv;
  const N = history.items.length;
  const e: number[] = [];
  const v: number[] = [];
  // what the interval needs besides e and v: the fitted model and the run's subset outcomes
  const seen: { m: SubsetEstimatorModel; y: Uint8Array; est: number; truth: number }[] = [];
  // each held-out run's squared error, averaged over its draws (for paired comparisons)
  const first = blocks[0] as number;
  const perRun = new Float64Array(history.runs.length - first);
  const draws = c.method === "stepwise" ? 1 : cvSeeds;
  for (let f = 0; f < blocks.length - 1; f++) {
    const train = Array.from({ length: blocks[f] as number }, (_, r) => r);
    for (let s = 0; s < draws; s++) {
      const fit = fitCandidate(history, train, k, c, rng, opt);
      for (let r = blocks[f] as number; r < (blocks[f + 1] as number); r++) {
        const y = Uint8Array.from(fit.items, (i) => history.data[r * N + i] as number);
        const p = pointEstimate(fit.model, y);
        const err = p.est - (rates[r] as number);
        e.push(err);
        v.push(p.v);
        perRun[r - first] = (perRun[r - first] as number) + err ** 2 / draws;
        seen.push({ m: fit.model, y, est: p.est, truth: rates[r] as number });
      }
    }
  }
  const n = e.length;
  let se2 = 0;
  let sv = 0;
  for (let t = 0; t < n; t++) {
    se2 += (e[t] as number) ** 2;
    sv += v[t] as number;
  }
  const mse = Math.max(0, (se2 - sv) / n);
  // smallest inflation covering a share `level` of the held-out errors
  const ratio = e
    .map((x, t) => Math.abs(x) / (z * Math.sqrt((v[t] as number) + mse)))
    .map((x) => (Number.isFinite(x) ? x : 0))
    .sort((a, b) => a - b);
  const inflate = Math.max(1, ratio[Math.min(n - 1, Math.ceil(level * n) - 1)] ?? 1);
  // coverage of the interval estimateSubset gives (the model's, joined with the design's)
  let cov = 0;
  for (let t = 0; t < n; t++) {
    const { m, y, est, truth } = seen[t] as (typeof seen)[number];
    const clamped = Math.min(1, Math.max(0, est));
    const [lo, hi] = subsetInterval({ ...m, mse, inflate }, y, clamped, v[t] as number, z);
    if (lo - 1e-15 <= truth && truth <= hi + 1e-15) cov++;
  }
  return { cand: c, rmse: Math.sqrt(se2 / n), coverage: cov / n, n, mse, inflate, perRun };
}

/**
 * Phase 3: the choice among the rows (sorted by RMSE, at least one). `"robust"`:
 * when the lowest-RMSE candidate is the stepwise subset (no design-based
 * interval), the best random-within-strata candidate replaces it, with its
 * MSE excess paired over the held-out runs and that excess's standard error
 * recorded. Internal (exported for its unit test).
 * @internal
 */
export function chooseCandidate<
  T extends { readonly cand: RecommendSubsetCandidate; readonly perRun: Float64Array },
>(
  rows: readonly T[],
  rule: RecommendSubsetSelection,
): { best: T; record: RecommendSubsetChoiceRecord } {
  const lowest = rows[0] as T;
  const record = { rule, lowest: nameOf(lowest.cand) };
  const alt = rows.find((r) => r.cand.method !== "stepwise");
  if (rule === "rmse" || lowest.cand.method !== "stepwise" || alt === undefined) {
    return { best: lowest, record };
  }
  const d = alt.perRun.map((x, j) => x - (lowest.perRun[j] as number));
  const m = d.length;
  let excess = 0;
  for (const x of d) excess += x / m;
  let ss = 0;
  for (const x of d) ss += (x - excess) ** 2;
  // one held-out run gives no spread
  const se = m > 1 ? Math.sqrt(ss / (m - 1) / m) : 0;
  const compared = { name: nameOf(alt.cand), excess, se };
  return { best: alt, record: { ...record, compared } };
}

/**
 * Recommends a benchmark subset AND the estimator of the full-benchmark rate
 * to apply to a new run's outcomes on it, both chosen by temporal
 * cross-validation on the history alone.
 *
 * Protocol: with the runs in chronological order, fold f = 0..F-1 trains on
 * the runs before block f and tests on block f (the runs after `minTrain`
 * cut into F contiguous blocks, an expanding window). For every candidate
 * (subset method x estimator x all-or-recent runs) and draw, the subset and
 * estimator are fitted on the training runs only and each held-out run r
 * is estimated from its outcomes on the subset: e_r = f_hat_r - f_r, with the
 * run-dependent variance v_r (the design variance for the mean, the posterior
 * predictive variance for p-IRT, else 0). The
 * candidate's mse is the mean of e^2 - v (at least 0): the part of the error
 * the design variance does not explain (bias under shift). Its interval is
 * f_hat +- c z sqrt(v + mse), where the inflation c >= 1 is the smallest
 * factor that covers a share `level` of the held-out errors; for a subset
 * drawn at random within strata it is then widened to contain the
 * post-stratified mean's design-based interval too (see
 * {@link estimateSubset}: that part holds under any change of the runs), and
 * the reported coverage is that of the widened interval.
 *
 * Choice (`selection`): with `"rmse"`, the candidate with the lowest
 * cross-validated RMSE. With `"robust"` (the default) the same, unless that
 * candidate is the stepwise subset: its items are chosen to track the
 * history's runs and its interval rests on the held-out errors alone, which a
 * run of another agent framework need not resemble. Then the best candidate
 * drawn at random within strata (whose interval keeps its design-based part
 * under any change of the runs) is taken instead, and `selection` in the
 * result records what the history says that costs: the excess of its
 * cross-validated MSE over the stepwise one's, paired over the held-out runs
 * (each run's squared error averaged over its draws), and its standard error
 * (the runs treated as independent). The chosen candidate is refitted on the
 * whole history.
 *
 * Why not the stepwise subset when it wins the cross-validation: on the
 * simulated framework shifts (docs/replication/subset-shift.md) it won it only
 * where the history mixed frameworks, and there it estimated the later runs
 * of other frameworks worse than the best stratified candidate, with an
 * interval that covered less (docs/shrink-a-benchmark.md, "Under a change of
 * agent framework"). An earlier rule kept it unless a stratified candidate
 * was within one standard error of its MSE (Breiman et al.'s one-SE rule).
 *
 * A run stronger than every run of the history gets no special case: on
 * such runs the recommended estimate (mostly IRT) beat the subset's
 * post-stratified mean at three of five cutoff dates and was within 0.003
 * RMSE of it at the other two, and falling back to that mean whenever the
 * run lies outside the history's range of rates (what the `shrink`
 * estimator does) was equal or worse at every cutoff
 * (docs/replication/subset-shift.md, section "recommend-stronger").
 *
 * @param history - Past runs' outcomes, runs in chronological order (at least `minTrain` + `folds` runs).
 * @param k - Subset size, an integer in [1, items].
 * @param rng - Uniform [0, 1) source for the random draws within strata.
 * @param options - `folds`, `minTrain`, `cvSeeds`, `window`, `recentRuns`, `ridge`, `level`, `candidates`, `selection` (see {@link RecommendSubsetOptions}).
 * @returns The subset, the chosen method and estimator, every candidate's cross-validated RMSE and coverage, and how the choice was made (see {@link RecommendSubsetResult}).
 * @throws {TypeError} If `history` is not an Outcomes, `rng` not a function, or an option (a candidate's
 *   `method`, `estimator` and boolean `recent` included) has the wrong type or an unknown key.
 * @throws {RangeError} If `k` is not in [1, items], there are too few runs for the folds, an option is out of
 *   range, or `candidates` is empty.
 * @see Ayyad et al. (2026), Trajectory-Aware Benchmark Subset Selection, section 5.2.2 (temporal splits).
 * @see Efron, B. & Morris, C. (1972). Limiting the risk of Bayes and empirical Bayes estimators. JASA 67 (limited translation).
 * @see Rasch, G. (1960). Probabilistic models for some intelligence and attainment tests.
 * @see Polo, F. M. et al. (2024). tinyBenchmarks: evaluating LLMs with fewer examples. ICML (p-IRT).
 * @example
 * ```ts
 * // 8 runs x 40 items, item i resolved by run r when i < 5 r + 5
 * const recs = [];
 * for (let r = 0; r < 8; r++) for (let i = 0; i < 40; i++)
 *   recs.push({ run: `r${r}`, item: `i${i}`, resolved: i < 5 * r + 5 ? 1 : 0 });
 * const rec = recommendSubset(outcomes(recs), 8, createRng(1), { folds: 2, cvSeeds: 1 });
 * rec.items.length; // 8
 * rec.cv.length; // 20
 * rec.selection.rule; // "robust"
 * const e = estimateSubset(rec, Uint8Array.from(rec.items, (i) => (i < 30 ? 1 : 0)));
 * e.ci[0] <= e.estimate && e.estimate <= e.ci[1]; // true
 * ```
 */
export function recommendSubset(
  history: Outcomes | Plain<Outcomes>,
  k: number,
  rng: Rng,
  options: RecommendSubsetOptions = {},
): RecommendSubsetResult {
  const fn = "recommendSubset";
  history = asOutcomes(fn, "history", history);
  const N = history.items.length;
  const R = history.runs.length;
  checkInteger(fn, "k", k, 1, N);
  checkRng(fn, rng);
  // every draw checked, so that a bad rng names this function (not stratifiedSubset)
  const user = rng;
  rng = () => draw(fn, user);
  const { folds, minTrain, cvSeeds, opt, level, candidates, selection } = readRecommendOptions(
    fn,
    options,
    R,
  );
  const blocks = Array.from({ length: folds + 1 }, (_, f) =>
    Math.round(minTrain + ((R - minTrain) * f) / folds),
  );
  const cv: CvSetup = {
    history,
    k,
    rng,
    opt,
    rates: runRates(history),
    z: normalQuantile(0.5 + level / 2),
    level,
    cvSeeds,
    blocks,
  };
  const rows = candidates.map((c) => crossValidate(c, cv));
  rows.sort((a, b) => a.rmse - b.rmse);
  const { best, record } = chooseCandidate(rows, selection);
  const all = Array.from({ length: R }, (_, r) => r);
  const fit = fitCandidate(history, all, k, best.cand, rng, opt);
  return {
    items: fit.items,
    itemIds: Array.from(fit.items, (i) => history.items[i] as string),
    method: nameOf(best.cand),
    choice: best.cand,
    estimator: { ...fit.model, mse: best.mse, inflate: best.inflate },
    level,
    cv: rows.map((r) => ({ ...r.cand, rmse: r.rmse, coverage: r.coverage, n: r.n })),
    selection: record,
  };
}
