import { quantileSorted } from "../core/quantileSorted.js";
import { createRng } from "../core/rng.js";
import type { RowMatrix } from "../core/rowMatrix.js";
import type { Plain } from "../core/toPlain.js";
import {
  asRowMatrix,
  checkInteger,
  checkLength,
  checkOptions,
  checkRowMatrix,
  fail,
  failType,
  optionKeys,
  toBinary,
} from "../core/validate.js";
import type { Outcomes } from "../subset/outcomes.js";
import type { SubsetMethod } from "../subset/types.js";
import { DEFAULT_MAX_SPLITS, MAX_MAX_SPLITS, splitsUpTo } from "./_splits.js";
import type { TemporalSplit } from "./temporalSplits.js";

const INPUT_KEYS = optionKeys<EvaluateSubsetOptions>()(
  "outcomes",
  "select",
  "size",
  "window",
  "seeds",
  "seed",
  "vectors",
  "splits",
  "maxSplits",
  "costs",
  "onProgress",
);

/** What {@link evaluateSubset} takes. */
export type EvaluateSubsetOptions = {
  /** Outcomes of all runs, runs in chronological order (e.g. sorted by date). */
  readonly outcomes: Outcomes | Plain<Outcomes>;
  /** The subset method to evaluate. */
  readonly select: SubsetMethod;
  /** Subset size k, an integer in [1, items] (e.g. 50 for 10% of 500). */
  readonly size: number;
  /** Training window W, an integer in [1, runs - 1]. */
  readonly window: number;
  /** Number of seeds for a stochastic method, an integer in [1, 1e6] (a deterministic method is run once per split). */
  readonly seeds: number;
  /** Master seed: seed s of the evaluation uses `createRng(JSON.stringify([seed, s]))` across all splits in order. */
  readonly seed: string | number;
  /**
   * Item vectors for geometric methods: one matrix for every split, or a
   * function of the split's training runs (so embeddings can come from the
   * training window only). Each must have one finite row per item. A fixed
   * matrix may be a `number[][]` (one row per item).
   */
  readonly vectors?: RowMatrix | readonly ArrayLike<number>[] | ((train: Int32Array) => RowMatrix);
  /**
   * The splits to evaluate, e.g. a subsample or only contiguous windows. Each
   * must have `window` distinct ascending training runs and a non-empty
   * ascending list of test runs, all after the last training run.
   * @defaultValue every split, `temporalSplits(runs, window)`, or `maxSplits` of them sampled when there are more.
   */
  readonly splits?: readonly TemporalSplit[];
  /**
   * Cap on the number of default splits, an integer in [1, 1,000,000]: when
   * C(runs - 1, window) exceeds it, `maxSplits` splits are drawn uniformly
   * without replacement (see {@link temporalSplits}) with
   * `createRng(JSON.stringify([seed, "splits"]))`. Ignored with `splits`.
   * @defaultValue 10000
   */
  readonly maxSplits?: number;
  /**
   * Per-run, per-item cost (runs x items, finite, >= 0, every run's total > 0) for the cost share of
   * the subsets: a RowMatrix or a `number[][]` (one row per run). Any finite costs give a finite
   * share: a run whose total overflows a double (e.g. two costs of 1e308) is summed with its costs
   * scaled by 2^-32, an exact power of two, so the share is the same ratio.
   */
  readonly costs?: RowMatrix | readonly ArrayLike<number>[];
  /** Called after each split with (splits done, total splits). */
  readonly onProgress?: (done: number, total: number) => void;
};

/** Median, 95th percentile and maximum of the per-seed MaxErr, in percentage points. */
export type MaxErrSummary = {
  /** Median over seeds (the typical draw). */
  readonly median: number;
  /** 95th percentile over seeds (linear interpolation, numpy's default). */
  readonly p95: number;
  /** Maximum over seeds (the worst draw). */
  readonly worst: number;
};

/** Share of a test run's total cost spent on the subset, over all seeds, splits and test runs. */
export type CostShareSummary = {
  /** Mean share. */
  readonly mean: number;
  /** 2.5th percentile. */
  readonly lo: number;
  /** 97.5th percentile. */
  readonly hi: number;
};

/** Result of {@link evaluateSubset}. */
export type EvaluateSubsetResult = {
  /** The method's name. */
  readonly method: string;
  /** Subset size k. */
  readonly size: number;
  /** Window W. */
  readonly window: number;
  /** Seeds actually run (1 for a deterministic method). */
  readonly seeds: number;
  /** The temporal splits, as {@link temporalSplits}. */
  readonly splits: readonly TemporalSplit[];
  /** Split index of each (split, test run) pair, P pairs in split order then run order. */
  readonly pairSplit: Int32Array;
  /** Test run of each pair. */
  readonly pairRun: Int32Array;
  /** Signed errors, seeds x P row-major: subset resolve rate minus full-benchmark rate on the pair's test run. */
  readonly errors: Float64Array;
  /** Per seed and split (seeds x splits row-major): sqrt(mean over the split's test runs of error^2). */
  readonly rmseBySplit: Float64Array;
  /** The paper's RMSE: mean of `rmseBySplit` over all seeds and splits. */
  readonly rmse: number;
  /** Per seed: 100 * max |error| over all splits and test runs (percentage points). */
  readonly maxErrBySeed: Float64Array;
  /** Median / P95 / worst of `maxErrBySeed`. */
  readonly maxErr: MaxErrSummary;
  /** Cost share of the subsets when `costs` was given. */
  readonly costShare?: CostShareSummary;
};

/**
 * Temporal evaluation of a subset selection method on historical runs: how
 * well the subset's resolve rate tracks the full benchmark's on later runs.
 *
 * Protocol (trajectory-aware subset selection paper, sections 5.2.2 and 5.3):
 * for every split of {@link temporalSplits}(R, W), the method sees only the
 * training runs' outcomes (and the vectors for that split) and picks k items;
 * on each test run r the error is e = mean_{i in S} y_ri - mean_i y_ri
 * (subset rate minus the full-benchmark rate of that run). Per split and seed
 * RMSE = sqrt(mean over test runs of e^2); the reported RMSE is the mean over
 * splits and seeds. MaxErr_s = 100 max |e| over all splits and test runs of
 * seed s; its median, P95 and maximum over seeds are reported. A stochastic
 * method is rerun with `seeds` seeds (seed s draws from one generator across
 * the splits in order); a deterministic one once. With `costs`, the subset's
 * cost share on each test run is sum_{i in S} c_ri / sum_i c_ri (both sums
 * scaled by 2^-32 for a run whose total overflows a double, so it stays finite).
 *
 * The default splits are all of {@link temporalSplits}(R, W) up to
 * `maxSplits` (10,000), else a seeded uniform sample of `maxSplits` of them,
 * so memory stays bounded (R = 40, W = 20 has 6.9e10 splits).
 *
 * @param input - `outcomes`, `select`, `size`, `window`, `seeds`, `seed`, and optional `splits`, `maxSplits`, `vectors`, `costs`, `onProgress` (see {@link EvaluateSubsetOptions}).
 * @returns Per-pair errors, per-split RMSE, per-seed MaxErr and the summaries (see {@link EvaluateSubsetResult}).
 * @throws {TypeError} If `input` is not an object or has an unknown field, `outcomes` malformed (a run or
 *   item id that is not a string, a hole of a sparse array included), `select` not
 *   a SubsetMethod (a `name` string, a boolean `stochastic`, a `select` function), `seed` not a string or number, `vectors`/`costs` not a RowMatrix or number[][] (`vectors`: or a function), or
 *   `onProgress` not a function.
 * @throws {RangeError} If `outcomes` holds values other than 0/1, a duplicate run or item id
 *   (`evaluateSubset: duplicate run id "a" in outcomes.runs`) or a single run; `size` is
 *   not an integer in [1, items]; `window` is not in [1, runs - 1]; `seeds` is not an integer >= 1;
 *   `maxSplits` is not an integer in [1, 1,000,000]; vectors have a row count other than the items or a
 *   non-finite value; costs have the wrong shape, a negative or non-finite value or a zero run total;
 *   `splits` is empty or a split has the wrong window, no test run, or runs out of order or range; or the
 *   method returns the wrong number of indices, an index out of range or a duplicate.
 * @see Ayyad et al. (2026), Trajectory-Aware Benchmark Subset Selection, sections 5.2.2-5.3.
 * @example
 * ```ts
 * // 3 runs x 4 items; W = 1: splits {0}->{1,2} and {1}->{2}
 * const o = outcomes([
 *   ...["p", "q", "r", "s"].map((item, i) => ({ run: "a", item, resolved: i < 2 ? 1 : 0 })),
 *   ...["p", "q", "r", "s"].map((item, i) => ({ run: "b", item, resolved: i < 3 ? 1 : 0 })),
 *   ...["p", "q", "r", "s"].map((item, i) => ({ run: "c", item, resolved: i === 0 ? 1 : 0 })),
 * ]);
 * const ev = evaluateSubset({ outcomes: o, select: baselineMethod("consistency"), size: 2, window: 1, seeds: 10, seed: 1 });
 * ev.splits.length; // 2
 * ev.errors.length; // 30 (10 seeds x 3 pairs)
 * ```
 */
export function evaluateSubset(input: EvaluateSubsetOptions): EvaluateSubsetResult {
  const fn = "evaluateSubset";
  const run = readInput(fn, input);
  const splits =
    input.splits === undefined
      ? splitsUpTo(
          fn,
          run.o.runs.length,
          run.W,
          createRng(JSON.stringify([run.seed, "splits"])),
          run.maxSplits,
        )
      : checkSplits(fn, input.splits, run.o.runs.length, run.W);
  const scores = scoreSplits(fn, run, splits);
  return summarise(run, splits, scores);
}

/** The checked input of one evaluation: what every phase reads. */
type Run = {
  readonly o: Outcomes;
  readonly method: SubsetMethod;
  readonly k: number;
  readonly W: number;
  readonly seeds: number;
  readonly seed: string | number;
  readonly maxSplits: number;
  readonly vectors: EvaluateSubsetOptions["vectors"];
  readonly fixedVectors: RowMatrix | undefined;
  readonly costs: RowMatrix | undefined;
  /** Total cost of each run, when costs are given, summed at `costScales`. */
  readonly costTotals: Float64Array | undefined;
  /** Scale of each run's costs (1, or 2^-32 when their plain total overflows). */
  readonly costScales: Float64Array | undefined;
  readonly onProgress: ((done: number, total: number) => void) | undefined;
};

/** Phase 1: checks the input (no work before every argument is known good). */
function readInput(fn: string, input: EvaluateSubsetOptions): Run {
  if (typeof input !== "object" || input === null) {
    failType(fn, "input must be an object { outcomes, select, size, window, seeds, seed }");
  }
  checkOptions(fn, input, INPUT_KEYS, "input field");
  const {
    outcomes: oIn,
    select: method,
    size: k,
    window: W,
    seeds,
    seed,
    vectors,
    costs,
    onProgress,
  } = input;
  // an Outcomes read back from JSON: its 0/1 data converted once (the input is not mutated)
  const o =
    typeof oIn === "object" && oIn !== null && Array.isArray(oIn.data)
      ? { ...oIn, data: toBinary(fn, "outcomes.data", oIn.data) }
      : oIn;
  checkOutcomesShape(fn, o);
  if (
    typeof method !== "object" ||
    method === null ||
    typeof method.select !== "function" ||
    typeof method.name !== "string"
  ) {
    failType(fn, "select must be a SubsetMethod { name, stochastic, select }");
  }
  // a missing or non-boolean flag would silently decide between 1 and `seeds` runs per split
  if (typeof method.stochastic !== "boolean") {
    failType(
      fn,
      `select.stochastic must be a boolean (true when the pick depends on the rng; got ${method.stochastic === null ? "null" : typeof method.stochastic})`,
    );
  }
  const R = o.runs.length;
  const N = o.items.length;
  if (R < 2) fail(fn, "outcomes needs at least 2 runs (one to train on, one to test)", R);
  checkInteger(fn, "size", k, 1);
  if (k > N) fail(fn, `size must be at most the number of items (${N})`, k);
  checkInteger(fn, "window", W, 1);
  if (W > R - 1) fail(fn, `window must be at most runs - 1 = ${R - 1}`, W);
  checkInteger(fn, "seeds", seeds, 1, 1_000_000);
  if (typeof seed === "number") {
    if (!Number.isFinite(seed)) fail(fn, "seed must be a finite number or a string", seed);
  } else if (typeof seed !== "string") {
    failType(fn, "seed must be a string or a number");
  }
  if (onProgress !== undefined && typeof onProgress !== "function") {
    failType(fn, "onProgress must be a function");
  }
  const fixedVectors =
    vectors === undefined || typeof vectors === "function"
      ? undefined
      : checkVectors(fn, "vectors", asRowMatrix(fn, "vectors", vectors), N);
  if (vectors !== undefined && typeof vectors !== "function" && fixedVectors === undefined) {
    failType(fn, "vectors must be a RowMatrix, a number[][] or a function");
  }
  const costMatrix = costs === undefined ? undefined : asRowMatrix(fn, "costs", costs);
  const costCheck = costMatrix === undefined ? undefined : checkCosts(fn, costMatrix, R, N);
  const { maxSplits = DEFAULT_MAX_SPLITS } = input;
  checkInteger(fn, "maxSplits", maxSplits, 1, MAX_MAX_SPLITS);
  return {
    o,
    method,
    k,
    W,
    seeds,
    seed,
    maxSplits,
    vectors,
    fixedVectors,
    costs: costMatrix,
    costTotals: costCheck?.totals,
    costScales: costCheck?.scales,
    onProgress,
  };
}

/**
 * Scale of the costs of a run whose plain total overflows a double: a power
 * of two (exact), small enough that 2^27 items of the largest double sum to
 * a finite value.
 */
const COST_SCALE = 2 ** -32;

/**
 * Checks a runs x items cost matrix and returns each run's total cost and the
 * scale its costs are summed at: 1, or {@link COST_SCALE} when the plain
 * total overflows (every cost finite, yet their sum past the largest double),
 * so the shares stay finite.
 */
function checkCosts(
  fn: string,
  costs: unknown,
  R: number,
  N: number,
): { totals: Float64Array; scales: Float64Array } {
  checkRowMatrix(fn, "costs", costs);
  if (costs.rows !== R || costs.cols !== N) {
    fail(fn, `costs must be runs x items (${R} x ${N}), got ${costs.rows} x ${costs.cols}`);
  }
  const totals = new Float64Array(R);
  const scales = new Float64Array(R).fill(1);
  for (let r = 0; r < R; r++) {
    let s = 0;
    for (let i = 0; i < N; i++) {
      const c = costs.data[r * N + i] as number;
      if (!(c >= 0)) fail(fn, `costs has a negative value at run ${r}, item ${i}`, c);
      s += c;
    }
    if (!(s > 0)) fail(fn, `costs of run ${r} sum to zero`);
    if (s === Number.POSITIVE_INFINITY) {
      s = 0;
      for (let i = 0; i < N; i++) s += (costs.data[r * N + i] as number) * COST_SCALE;
      scales[r] = COST_SCALE;
    }
    totals[r] = s;
  }
  return { totals, scales };
}

/** The per-seed scores of every (split, test run) pair, filled by {@link scoreSplits}. */
type Scores = {
  readonly nSeeds: number;
  readonly pairSplit: Int32Array;
  readonly pairRun: Int32Array;
  readonly errors: Float64Array;
  readonly rmseBySplit: Float64Array;
  readonly maxErrBySeed: Float64Array;
  readonly shares: Float64Array | undefined;
};

/**
 * Phase 2: per split, the history of its training runs; per seed, the
 * method's pick (checked) and its error on every test run of the split.
 */
function scoreSplits(fn: string, run: Run, splits: readonly TemporalSplit[]): Scores {
  const { o, method, k, W, vectors, fixedVectors, costs, costTotals, costScales } = run;
  const R = o.runs.length;
  const N = o.items.length;
  const S = splits.length;
  let P = 0;
  for (const sp of splits) P += sp.test.length;
  // one error per seed and (split, test run) pair, checked before anything that size is allocated
  const seeds = method.stochastic ? run.seeds : 1;
  checkLength(
    fn,
    `seeds x (split, test run) pairs (${seeds} x ${P}); use fewer seeds or splits`,
    seeds * P,
  );
  const pairSplit = new Int32Array(P);
  const pairRun = new Int32Array(P);
  {
    let p = 0;
    splits.forEach((sp, s) => {
      for (const r of sp.test) {
        pairSplit[p] = s;
        pairRun[p++] = r;
      }
    });
  }
  const full = new Float64Array(R);
  for (let r = 0; r < R; r++) {
    let s = 0;
    for (let i = 0; i < N; i++) s += o.data[r * N + i] as number;
    full[r] = s / N;
  }
  const nSeeds = method.stochastic ? run.seeds : 1;
  const rngs = Array.from({ length: nSeeds }, (_, s) => createRng(JSON.stringify([run.seed, s])));
  const errors = new Float64Array(nSeeds * P);
  const rmseBySplit = new Float64Array(nSeeds * S);
  const maxErrBySeed = new Float64Array(nSeeds);
  const shares = costTotals === undefined ? undefined : new Float64Array(nSeeds * P);
  const stamp = new Int32Array(N).fill(-1);
  let call = 0;
  let p0 = 0;
  for (let s = 0; s < S; s++) {
    const sp = splits[s] as TemporalSplit;
    const data = new Uint8Array(W * N);
    sp.train.forEach((r, t) => {
      data.set(o.data.subarray(r * N, (r + 1) * N), t * N);
    });
    const history: Outcomes = {
      runs: Array.from(sp.train, (r) => o.runs[r] as string),
      items: o.items,
      data,
    };
    const X =
      typeof vectors === "function"
        ? checkVectors(fn, `vectors(train of split ${s})`, vectors(Int32Array.from(sp.train)), N)
        : fixedVectors;
    const T = sp.test.length;
    for (let seedIx = 0; seedIx < nSeeds; seedIx++) {
      const rng = rngs[seedIx] as () => number;
      const picked: unknown = method.select(
        X === undefined ? { history, k } : { history, k, vectors: X },
        rng,
      );
      checkPick(fn, method.name, picked, k, N, stamp, ++call);
      let sq = 0;
      let worst = maxErrBySeed[seedIx] as number;
      for (let t = 0; t < T; t++) {
        const r = sp.test[t] as number;
        const row = r * N;
        let hits = 0;
        for (let q = 0; q < k; q++) hits += o.data[row + (picked[q] as number)] as number;
        const e = hits / k - (full[r] as number);
        errors[seedIx * P + p0 + t] = e;
        sq += e * e;
        const a = 100 * Math.abs(e);
        if (a > worst) worst = a;
        if (
          shares !== undefined &&
          costs !== undefined &&
          costTotals !== undefined &&
          costScales !== undefined
        ) {
          const scale = costScales[r] as number;
          let c = 0;
          for (let q = 0; q < k; q++)
            c += (costs.data[row + (picked[q] as number)] as number) * scale;
          shares[seedIx * P + p0 + t] = c / (costTotals[r] as number);
        }
      }
      maxErrBySeed[seedIx] = worst;
      rmseBySplit[seedIx * S + s] = Math.sqrt(sq / T);
    }
    p0 += T;
    run.onProgress?.(s + 1, S);
  }
  return { nSeeds, pairSplit, pairRun, errors, rmseBySplit, maxErrBySeed, shares };
}

/** Checks one pick: an Int32Array of `k` distinct indices in [0, N) (`stamp` marks this call's picks). */
function checkPick(
  fn: string,
  name: string,
  picked: unknown,
  k: number,
  N: number,
  stamp: Int32Array,
  call: number,
): asserts picked is Int32Array {
  // the method is select (the argument's field), its select function the one that returned
  const who = `select.select (${name})`;
  if (!(picked instanceof Int32Array)) failType(fn, `${who} must return an Int32Array`);
  if (picked.length !== k) fail(fn, `${who} returned ${picked.length} indices, expected ${k}`);
  for (let t = 0; t < k; t++) {
    const i = picked[t] as number;
    if (!(i >= 0 && i < N)) fail(fn, `${who} returned an index outside [0, ${N})`, i);
    if (stamp[i] === call) fail(fn, `${who} returned index ${i} twice`);
    stamp[i] = call;
  }
}

/** Phase 3: the paper's summaries (RMSE, MaxErr quantiles, cost share) of the scores. */
function summarise(run: Run, splits: readonly TemporalSplit[], sc: Scores): EvaluateSubsetResult {
  const { rmseBySplit, maxErrBySeed, shares } = sc;
  let total = 0;
  for (let t = 0; t < rmseBySplit.length; t++) total += rmseBySplit[t] as number;
  const sortedMax = Float64Array.from(maxErrBySeed).sort();
  const result: EvaluateSubsetResult = {
    method: run.method.name,
    size: run.k,
    window: run.W,
    seeds: sc.nSeeds,
    splits,
    pairSplit: sc.pairSplit,
    pairRun: sc.pairRun,
    errors: sc.errors,
    rmseBySplit,
    rmse: total / rmseBySplit.length,
    maxErrBySeed,
    maxErr: {
      median: quantileSorted(sortedMax, 0.5),
      p95: quantileSorted(sortedMax, 0.95),
      worst: sortedMax[sortedMax.length - 1] as number,
    },
  };
  if (shares === undefined) return result;
  let m = 0;
  for (let t = 0; t < shares.length; t++) m += shares[t] as number;
  const sortedShares = Float64Array.from(shares).sort();
  return {
    ...result,
    costShare: {
      mean: m / shares.length,
      lo: quantileSorted(sortedShares, 0.025),
      hi: quantileSorted(sortedShares, 0.975),
    },
  };
}

function checkSplits(fn: string, splits: unknown, R: number, W: number): readonly TemporalSplit[] {
  if (!Array.isArray(splits)) failType(fn, "splits must be an array of { train, test }");
  if (splits.length === 0) fail(fn, "splits is empty");
  // an index loop, not forEach: a hole in a sparse array must fail as `undefined` does
  for (let s = 0; s < splits.length; s++) {
    const sp = splits[s] as TemporalSplit;
    if (!(sp?.train instanceof Int32Array) || !(sp?.test instanceof Int32Array)) {
      failType(fn, `splits[${s}] must have Int32Array train and test`);
    }
    if (sp.train.length !== W) fail(fn, `splits[${s}].train must hold window = ${W} runs`);
    if (sp.test.length === 0) fail(fn, `splits[${s}].test is empty`);
    let prev = -1;
    for (const r of [...sp.train, ...sp.test]) {
      if (!(r > prev && r < R)) {
        fail(fn, `splits[${s}] runs must ascend from train to test and lie in [0, ${R})`, r);
      }
      prev = r;
    }
  }
  return splits;
}

function checkVectors(fn: string, arg: string, X: unknown, N: number): RowMatrix {
  checkRowMatrix(fn, arg, X);
  if (X.rows !== N) fail(fn, `${arg} has ${X.rows} rows, expected one per item (${N})`);
  return X;
}

function checkOutcomesShape(fn: string, o: unknown): asserts o is Outcomes {
  if (typeof o !== "object" || o === null) failType(fn, "outcomes must be an Outcomes object");
  const { runs, items, data } = o as Outcomes;
  if (!Array.isArray(runs) || !Array.isArray(items) || !(data instanceof Uint8Array)) {
    failType(fn, "outcomes must be { runs: string[], items: string[], data: Uint8Array }");
  }
  // index loops (a hole in a sparse array fails as `undefined` does); the
  // same rules and messages as the subset functions' Outcomes check
  const seenRuns = new Set<string>();
  for (let r = 0; r < runs.length; r++) {
    const id: unknown = runs[r];
    if (typeof id !== "string") failType(fn, `outcomes.runs[${r}] must be a string run id`);
    if (seenRuns.has(id)) fail(fn, `duplicate run id ${JSON.stringify(id)} in outcomes.runs`);
    seenRuns.add(id);
  }
  const seen = new Set<string>();
  for (let i = 0; i < items.length; i++) {
    const id: unknown = items[i];
    if (typeof id !== "string") failType(fn, `outcomes.items[${i}] must be a string item id`);
    if (seen.has(id)) fail(fn, `duplicate item id ${JSON.stringify(id)} in outcomes.items`);
    seen.add(id);
  }
  if (items.length === 0) fail(fn, "outcomes has no items");
  if (data.length !== runs.length * items.length) {
    fail(
      fn,
      `outcomes.data length ${data.length} does not equal runs * items (${runs.length} * ${items.length})`,
    );
  }
  for (let t = 0; t < data.length; t++) {
    if ((data[t] as number) > 1) fail(fn, `outcomes.data[${t}] must be 0 or 1`, data[t]);
  }
}
