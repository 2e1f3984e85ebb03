/**
 * The subset demo's core, free of IO: pick a 10 % subset of SWE-bench
 * Verified from the submissions made before a cut-off date and watch how well
 * its resolve rate tracks every later submission's full-benchmark rate.
 *
 * Leak-free throughout: the method is chosen by the paper's temporal
 * evaluation run on the pre-cut-off submissions only (contiguous training
 * windows of W runs, tested on every later pre-cut-off run), among Random,
 * Consist-Strat, Repo x Consist and Centroid within consistency strata over
 * outcome-history vectors (each instance's 0/1 results in all runs up to the
 * window's end: the vendored data has outcomes but no trajectories or costs).
 * The chosen method then selects from the W most recent pre-cut-off runs.
 * Next to it, the estimator beyond the paper: `fitStepwiseRate` over all
 * pre-cut-off submissions picks k items and predicts each later run's full
 * rate from its outcomes on them, with a cross-validated interval.
 */
import { createRng, type RowMatrix } from "../src/entry/core.js";
import {
  baselineMethod,
  centroid,
  embeddingMethod,
  evaluateSubset,
  fitStepwiseRate,
  type Outcomes,
  predictRateRegression,
  type SubsetMethod,
  type TemporalSplit,
} from "../src/entry/subset.js";
import type { SwebenchOutcomes } from "./loadSwebench.js";

/** Options of {@link subsetDemo}; every field has a default. */
export type SubsetDemoOptions = {
  /** Cut-off date (YYYY-MM-DD): history is strictly before it. @defaultValue "2025-09-01" */
  readonly date?: string;
  /** Subset share of the 500 instances. @defaultValue 0.1 */
  readonly fraction?: number;
  /** Training window W (runs that define the strata). @defaultValue 3 */
  readonly window?: number;
  /** Seeds for the random methods. @defaultValue 100 */
  readonly seeds?: number;
  /** Master seed. @defaultValue 2026 */
  readonly seed?: string | number;
};

/** One later submission: its true rate and each method's estimate. */
export type LaterRun = {
  readonly name: string;
  readonly date: string;
  readonly trueRate: number;
  /** Chosen method's estimate (deterministic methods) or seed-0 draw. */
  readonly best: number;
  /** Random subset estimate (seed 0). */
  readonly random: number;
  /** Consist-Strat estimate (seed 0). */
  readonly consist: number;
  /** Stepwise + ridge prediction of the full rate (deterministic). */
  readonly stepwise: number;
  /** Whether its 95% interval (cross-validated error) holds the true rate. */
  readonly stepwiseCovered: boolean;
};

/** What {@link subsetDemo} returns. */
export type SubsetDemoResult = {
  readonly date: string;
  readonly k: number;
  readonly history: number;
  readonly windowRuns: readonly string[];
  /** Candidates' RMSE in the temporal evaluation on the history, best first. */
  readonly selection: readonly { readonly name: string; readonly rmse: number }[];
  readonly chosen: string;
  readonly later: readonly LaterRun[];
  /** RMSE over the later runs: chosen (seed 0 if random), and Random / Consist-Strat averaged over seeds. */
  readonly rmse: { readonly best: number; readonly random: number; readonly consist: number };
  /** Largest |error| over the later runs, same convention. */
  readonly maxErr: { readonly best: number; readonly random: number; readonly consist: number };
  /**
   * The estimator beyond the paper: `fitStepwiseRate` on every pre-cut-off
   * submission (k items chosen by stepwise regression, ridge fit, 5-fold CV
   * of the whole procedure), `predictRateRegression` with the CV error as interval.
   */
  readonly stepwise: {
    readonly rmse: number;
    readonly maxErr: number;
    /** Share of later runs whose 95% interval holds the true rate. */
    readonly coverage: number;
    /** Interval half-width, 1.96 sqrt(cvMse). */
    readonly halfWidth: number;
  };
};

function toOutcomes(data: SwebenchOutcomes, runs: SwebenchOutcomes["submissions"]): Outcomes {
  const N = data.instanceIds.length;
  const buf = new Uint8Array(runs.length * N);
  runs.forEach((s, r) => {
    buf.set(s.outcomes, r * N);
  });
  return { runs: runs.map((s) => s.name), items: data.instanceIds, data: buf };
}

/** Each item's outcomes in runs 0..last of `o`, as a row. */
function historyVectors(o: Outcomes, last: number): RowMatrix {
  const N = o.items.length;
  const d = last + 1;
  const X = new Float64Array(N * d);
  for (let r = 0; r < d; r++)
    for (let i = 0; i < N; i++) X[i * d + r] = o.data[r * N + i] as number;
  return { data: X, rows: N, cols: d };
}

function rate(o: Uint8Array, S: Int32Array): number {
  let h = 0;
  for (const i of S) h += o[i] as number;
  return h / S.length;
}

/** Runs the demo; see the module comment. */
export function subsetDemo(
  data: SwebenchOutcomes,
  options: SubsetDemoOptions = {},
): SubsetDemoResult {
  const { date = "2025-09-01", fraction = 0.1, window: W = 3, seeds = 100, seed = 2026 } = options;
  const N = data.instanceIds.length;
  const k = Math.round(fraction * N);
  const past = data.submissions.filter((s) => s.date < date);
  const later = data.submissions.filter((s) => s.date >= date);
  if (past.length < W + 2 || later.length === 0) {
    throw new RangeError(`subsetDemo: need at least ${W + 2} runs before ${date} and one after`);
  }
  const itemRepo = data.instanceIds.map((id) => id.slice(0, id.lastIndexOf("-")));
  const hist = toOutcomes(data, past);
  const candidates: SubsetMethod[] = [
    baselineMethod("random"),
    baselineMethod("consistency"),
    baselineMethod("repoConsistency", { itemRepo }),
    embeddingMethod(centroid, { label: "Centroid", name: "Centroid [ES] (outcome history)" }),
  ];
  // contiguous windows: the history a team actually has when it picks a subset
  const splits: TemporalSplit[] = [];
  for (let t = 0; t + W < past.length; t++) {
    splits.push({
      train: Int32Array.from({ length: W }, (_, u) => t + u),
      test: Int32Array.from({ length: past.length - t - W }, (_, u) => t + W + u),
    });
  }
  const selection = candidates
    .map((m) => ({
      m,
      rmse: evaluateSubset({
        outcomes: hist,
        select: m,
        size: k,
        window: W,
        seeds: 30,
        seed,
        splits,
        vectors: (train) => historyVectors(hist, train[W - 1] as number),
      }).rmse,
    }))
    .sort((a, b) => a.rmse - b.rmse);
  const best = (selection[0] as { m: SubsetMethod }).m;

  const windowIx = Array.from({ length: W }, (_, u) => past.length - W + u);
  const ctxHistory: Outcomes = toOutcomes(
    data,
    windowIx.map((r) => past[r] as SwebenchOutcomes["submissions"][number]),
  );
  const vectors = historyVectors(hist, past.length - 1);
  const pick = (m: SubsetMethod, s: number): Int32Array =>
    m.select({ history: ctxHistory, k, vectors }, createRng(JSON.stringify([seed, "final", s])));
  const random = candidates[0] as SubsetMethod;
  const consist = candidates[1] as SubsetMethod;
  const truth = later.map((s) =>
    rate(
      s.outcomes,
      Int32Array.from({ length: N }, (_, i) => i),
    ),
  );
  const bestSubset = pick(best, 0);
  const fit = fitStepwiseRate(hist, k);
  const predicted = later.map((s) =>
    predictRateRegression(
      fit.model,
      Uint8Array.from(fit.subset, (i) => s.outcomes[i] as number),
      { mse: fit.cvMse },
    ),
  );
  const randomSeeds = Array.from({ length: seeds }, (_, s) => pick(random, s));
  const consistSeeds = Array.from({ length: seeds }, (_, s) => pick(consist, s));
  const errors = (S: Int32Array): number[] =>
    later.map((s, r) => rate(s.outcomes, S) - (truth[r] as number));
  const rms = (e: number[]): number => Math.sqrt(e.reduce((a, b) => a + b * b, 0) / e.length);
  const worst = (e: number[]): number => Math.max(...e.map(Math.abs));
  const mean = (xs: number[]): number => xs.reduce((a, b) => a + b, 0) / xs.length;
  return {
    date,
    k,
    history: past.length,
    windowRuns: ctxHistory.runs,
    selection: selection.map(({ m, rmse }) => ({ name: m.name, rmse })),
    chosen: best.name,
    later: later.map((s, r) => ({
      name: s.name,
      date: s.date,
      trueRate: truth[r] as number,
      best: rate(s.outcomes, bestSubset),
      random: rate(s.outcomes, randomSeeds[0] as Int32Array),
      consist: rate(s.outcomes, consistSeeds[0] as Int32Array),
      stepwise: (predicted[r] as { estimate: number }).estimate,
      stepwiseCovered:
        (predicted[r]?.ci[0] ?? 1) <= (truth[r] as number) &&
        (truth[r] as number) <= (predicted[r]?.ci[1] ?? 0),
    })),
    rmse: {
      best: rms(errors(bestSubset)),
      random: mean(randomSeeds.map((S) => rms(errors(S)))),
      consist: mean(consistSeeds.map((S) => rms(errors(S)))),
    },
    maxErr: {
      best: worst(errors(bestSubset)),
      random: mean(randomSeeds.map((S) => worst(errors(S)))),
      consist: mean(consistSeeds.map((S) => worst(errors(S)))),
    },
    stepwise: {
      rmse: rms(predicted.map((e, r) => e.estimate - (truth[r] as number))),
      maxErr: worst(predicted.map((e, r) => e.estimate - (truth[r] as number))),
      coverage:
        predicted.filter(
          (e, r) => e.ci[0] <= (truth[r] as number) && (truth[r] as number) <= e.ci[1],
        ).length / later.length,
      halfWidth: 1.959963984540054 * Math.sqrt(fit.cvMse),
    },
  };
}
