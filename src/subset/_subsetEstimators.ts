/**
 * Kernels of {@link recommendSubset} and {@link estimateSubset}: the subset
 * estimators of the full-benchmark rate (post-stratified mean, ridge rate
 * regression, limited-translation shrinkage between them, item difficulty +
 * the run's own outcomes, tinyBenchmarks' p-IRT with a 2PL model) and their
 * fits on a history.
 *
 * Internal module: not re-exported from the package entry point.
 * @internal
 */
import { fitIrt } from "./irt/fitIrt.js";
import type { RateRegressionModel } from "./irt/fitRateRegression.js";
import { fitRateRegression } from "./irt/fitRateRegression.js";
import { predictIrt } from "./irt/predictIrt.js";
import { predictRateRegression } from "./irt/predictRateRegression.js";
import type { IrtItems } from "./irt/types.js";
import type { Outcomes } from "./outcomes.js";

/** The estimators {@link recommendSubset} chooses from. */
export type SubsetEstimatorName = "mean" | "ridge" | "shrink" | "irt" | "pirt";

/** A fitted subset estimator (plain data): everything {@link estimateSubset} needs besides the run's outcomes. */
export type SubsetEstimatorModel = {
  /** Which estimator. */
  readonly name: SubsetEstimatorName;
  /** Stratum of each subset item, aligned with the subset (mean, shrink). */
  readonly strata: Int32Array;
  /** N_h of every stratum over all items (mean, shrink). */
  readonly stratumSizes: Int32Array;
  /** Ridge predictor on the subset (ridge, shrink). */
  readonly ridge?: RateRegressionModel;
  /** Logit difficulty b_i of each subset item, aligned with the subset (irt). */
  readonly difficulty: Float64Array;
  /** Logit difficulty of every item of the benchmark (irt: the rate is the mean of sigma(theta - b_i) over them). */
  readonly allDifficulty: Float64Array;
  /** 2PL items fitted on the history (pirt): `a`, `b` for every item of the benchmark. */
  readonly items2pl?: IrtItems;
  /** The subset's item indices into the benchmark, aligned with the subset (pirt). */
  readonly observed?: Int32Array;
  /** Lowest and highest full-benchmark rate of the fitted history runs. */
  readonly rateRange: readonly [number, number];
  /**
   * True when the subset was drawn at random within its strata (consistency
   * or pass-rate strata, not the stepwise subset): the interval then also
   * contains the post-stratified mean's design-based interval, which rests on
   * the random draw alone and so holds for a run unlike any in the history.
   * Absent (recommendations saved before it): false.
   */
  readonly designInterval?: boolean;
  /** Mean squared error added to the variance, measured by temporal cross-validation (for mean: the squared bias beyond the design variance). */
  readonly mse: number;
  /** Interval inflation factor >= 1, from the cross-validated standardised errors. */
  readonly inflate: number;
};

const sigmoid = (x: number) => 1 / (1 + Math.exp(-x));

/**
 * Post-stratified mean sum_h W_h ybar_h over the strata present, with its
 * SRS-within-strata variance sum_h W_h^2 (1 - n_h / N_h) s_h^2 / n_h. s_h^2 is
 * the sample variance, except where it carries no information: for a
 * stratum with one sampled item the subset's smoothed p (1 - p), and for a
 * stratum whose sampled items all agree p~ (1 - p~) with p~ = (s_h + 1/2) /
 * (n_h + 1) (Jeffreys' smoothing) instead of 0. Without that floor the
 * design interval covered 90.4 % at k = 25 and 86.0 % on runs below 30 %
 * (bench/subset-design-coverage.ts, docs/shrink-a-benchmark.md).
 */
export function stratifiedEstimate(
  y: ArrayLike<number>,
  strata: Int32Array,
  sizes: Int32Array,
): { est: number; v: number } {
  const H = sizes.length;
  const n = new Float64Array(H);
  const s = new Float64Array(H);
  const ss = new Float64Array(H);
  for (let t = 0; t < strata.length; t++) {
    const h = strata[t] as number;
    const v = y[t] as number;
    n[h] = (n[h] as number) + 1;
    s[h] = (s[h] as number) + v;
    ss[h] = (ss[h] as number) + v * v;
  }
  let covered = 0;
  for (let h = 0; h < H; h++) if ((n[h] as number) > 0) covered += sizes[h] as number;
  let all = 0;
  for (let t = 0; t < strata.length; t++) all += y[t] as number;
  const pAll = (all + 0.5) / (strata.length + 1);
  let est = 0;
  let v = 0;
  for (let h = 0; h < H; h++) {
    const nh = n[h] as number;
    if (nh === 0) continue;
    const W = (sizes[h] as number) / covered;
    const m = (s[h] as number) / nh;
    est += W * m;
    // within-stratum variance; one label gives no variance: use the subset's p(1 - p);
    // labels that all agree give 0, which says nothing about the stratum's rate: use
    // p(1 - p) at the Jeffreys-smoothed rate (s + 1/2) / (n_h + 1)
    const sh = s[h] as number;
    let s2: number;
    if (nh === 1) s2 = pAll * (1 - pAll);
    else if (sh === 0 || sh === nh) {
      const pt = (sh + 0.5) / (nh + 1);
      s2 = pt * (1 - pt);
    } else s2 = ((ss[h] as number) - nh * m * m) / (nh - 1);
    const fpc = 1 - nh / (sizes[h] as number);
    v += (W * W * Math.max(s2, 0) * Math.max(fpc, 0)) / nh;
  }
  return { est, v };
}

/** Rasch ability of a run with fixed item difficulties: MAP with a N(0, 2^2) prior, Newton's method. */
export function abilityOf(y: ArrayLike<number>, b: Float64Array): number {
  let theta = 0;
  for (let it = 0; it < 50; it++) {
    let g = -theta / 4;
    let h = -1 / 4;
    for (let t = 0; t < b.length; t++) {
      const p = sigmoid(theta - (b[t] as number));
      g += (y[t] as number) - p;
      h -= p * (1 - p);
    }
    const step = g / h;
    theta -= Math.max(-2, Math.min(2, step));
    if (Math.abs(step) < 1e-10) break;
  }
  return theta;
}

/**
 * The interval of a subset estimate: est +- c z sqrt(v + mse) (the model's),
 * and with `designInterval` the smallest interval that also contains the
 * post-stratified mean's design-based interval mean +- z sqrt(v_design);
 * clipped to [0, 1]. `est` is the clamped point estimate.
 */
export function subsetInterval(
  m: SubsetEstimatorModel,
  y: Uint8Array,
  est: number,
  v: number,
  z: number,
): [number, number] {
  const [lo, hi] = subsetBounds(m, y, est, v, z);
  return [Math.max(0, lo), Math.min(1, hi)];
}

/** {@link subsetInterval} before the clip to [0, 1]. */
export function subsetBounds(
  m: SubsetEstimatorModel,
  y: Uint8Array,
  est: number,
  v: number,
  z: number,
): [number, number] {
  const half = m.inflate * z * Math.sqrt(v + m.mse);
  let lo = est - half;
  let hi = est + half;
  if (m.designInterval === true) {
    const d = stratifiedEstimate(y, m.strata, m.stratumSizes);
    const hd = z * Math.sqrt(d.v);
    lo = Math.min(lo, d.est - hd);
    hi = Math.max(hi, d.est + hd);
  }
  return [lo, hi];
}

/** Point estimate of a run's full rate and the variance part that depends on the run (design variance of the mean). */
export function pointEstimate(m: SubsetEstimatorModel, y: Uint8Array): { est: number; v: number } {
  const st = () => stratifiedEstimate(y, m.strata, m.stratumSizes);
  switch (m.name) {
    case "mean":
      return st();
    case "ridge":
      return { est: predictRateRegression(m.ridge as RateRegressionModel, y).estimate, v: 0 };
    case "shrink": {
      const { est: mean, v } = st();
      const r = predictRateRegression(m.ridge as RateRegressionModel, y).estimate;
      const [lo, hi] = m.rateRange;
      // outside the history's range the regression extrapolates: keep the representative mean
      if (mean < lo || mean > hi) return { est: mean, v: 0 };
      // limited translation (Efron & Morris 1972): move at most one design SE away from the mean
      const c = Math.sqrt(v);
      return { est: mean + Math.max(-c, Math.min(c, r - mean)), v: 0 };
    }
    case "pirt": {
      // p-IRT: observed items with their outcomes, the rest by the 2PL at the EAP ability;
      // v is its posterior predictive variance (ability uncertainty + the unseen items' noise)
      const p = predictIrt(m.items2pl as IrtItems, m.observed as Int32Array, y, { ability: "eap" });
      return { est: p.pirt.estimate, v: p.pirt.variance };
    }
    case "irt": {
      const theta = abilityOf(y, m.difficulty);
      let s = 0;
      for (const b of m.allDifficulty) s += sigmoid(theta - b);
      return { est: s / m.allDifficulty.length, v: 0 };
    }
  }
}

/**
 * Per-item Rasch difficulty b_i from the chosen runs: joint maximum a
 * posteriori estimation of P(y_ri = 1) = sigmoid(theta_r - b_i) with priors
 * theta ~ N(0, 2^2), b ~ N(0, 3^2) (so items nobody or everybody solved get
 * finite difficulties), 40 alternating Newton steps from the smoothed logits.
 */
export function difficulties(o: Outcomes, runs: readonly number[]): Float64Array {
  const N = o.items.length;
  const R = runs.length;
  const b = new Float64Array(N);
  const theta = new Float64Array(R);
  for (let i = 0; i < N; i++) {
    let s = 0;
    for (const r of runs) s += o.data[r * N + i] as number;
    const p = (s + 0.5) / (R + 1);
    b[i] = -Math.log(p / (1 - p));
  }
  runs.forEach((r, t) => {
    let s = 0;
    for (let i = 0; i < N; i++) s += o.data[r * N + i] as number;
    const p = (s + 0.5) / (N + 1);
    theta[t] = Math.log(p / (1 - p));
  });
  const gb = new Float64Array(N);
  const hb = new Float64Array(N);
  for (let it = 0; it < 40; it++) {
    runs.forEach((r, t) => {
      let g = -(theta[t] as number) / 4;
      let h = -1 / 4;
      for (let i = 0; i < N; i++) {
        const p = sigmoid((theta[t] as number) - (b[i] as number));
        g += (o.data[r * N + i] as number) - p;
        h -= p * (1 - p);
      }
      theta[t] = (theta[t] as number) - Math.max(-1, Math.min(1, g / h));
    });
    for (let i = 0; i < N; i++) {
      gb[i] = -(b[i] as number) / 9;
      hb[i] = -1 / 9;
    }
    runs.forEach((r, t) => {
      for (let i = 0; i < N; i++) {
        const p = sigmoid((theta[t] as number) - (b[i] as number));
        gb[i] = (gb[i] as number) + p - (o.data[r * N + i] as number);
        hb[i] = (hb[i] as number) - p * (1 - p);
      }
    });
    for (let i = 0; i < N; i++) {
      b[i] = (b[i] as number) - Math.max(-1, Math.min(1, (gb[i] as number) / (hb[i] as number)));
    }
  }
  return b;
}

/** Full-benchmark rate of every run. */
export function runRates(o: Outcomes): Float64Array {
  const N = o.items.length;
  return Float64Array.from(o.runs, (_, r) => {
    let s = 0;
    for (let i = 0; i < N; i++) s += o.data[r * N + i] as number;
    return s / N;
  });
}

/** Per run list: the Rasch difficulties and the 2PL fit, computed once per list. */
export type EstimatorCache = {
  readonly difficulties: Map<string, Float64Array>;
  readonly items2pl: Map<string, IrtItems>;
};

/** Fits estimator `name` on `runs` of `o` for the subset `items` with strata `g` (over all items); `cache` keeps the item models per run list. */
export function fitEstimator(
  name: SubsetEstimatorName,
  o: Outcomes,
  runs: readonly number[],
  items: Int32Array,
  g: Int32Array,
  H: number,
  ridge: number,
  cache?: EstimatorCache,
): SubsetEstimatorModel {
  const sizes = new Int32Array(H);
  for (const h of g) sizes[h] = (sizes[h] as number) + 1;
  const rates = runRates(o);
  let lo = 1;
  let hi = 0;
  for (const r of runs) {
    lo = Math.min(lo, rates[r] as number);
    hi = Math.max(hi, rates[r] as number);
  }
  let all: Float64Array = new Float64Array(0);
  const key = runs.join(",");
  if (name === "irt") {
    const hit = cache?.difficulties.get(key);
    all = hit ?? difficulties(o, runs);
    if (hit === undefined) cache?.difficulties.set(key, all);
  }
  let items2pl: IrtItems | undefined;
  if (name === "pirt") {
    items2pl = cache?.items2pl.get(key);
    if (items2pl === undefined) {
      // tol 1e-3 on the parameters: ample for a rate estimate, and 2-3 times fewer sweeps than 1e-6
      const fit = fitIrt(o, { model: "2pl", runs, tol: 1e-3 });
      items2pl = {
        model: "2pl",
        a: fit.a,
        b: fit.b,
        thetaMean: fit.thetaMean,
        thetaSd: fit.thetaSd,
      };
      cache?.items2pl.set(key, items2pl);
    }
  }
  return {
    name,
    strata: Int32Array.from(items, (i) => g[i] as number),
    stratumSizes: sizes,
    ...(name === "ridge" || name === "shrink"
      ? { ridge: fitRateRegression(o, items, { runs, ridge }) }
      : {}),
    difficulty:
      name === "irt" ? Float64Array.from(items, (i) => all[i] as number) : new Float64Array(0),
    allDifficulty: all,
    ...(items2pl === undefined ? {} : { items2pl, observed: items.slice() }),
    rateRange: [lo, hi],
    mse: 0,
    inflate: 1,
  };
}
