import type { Rng } from "../core/rng.js";
import {
  asFloat64Array,
  checkChoice,
  checkFloat64Array,
  checkNumber,
  checkSameLength,
  fail,
  optionKeys,
} from "../core/validate.js";
import { inclusionProbabilities } from "../design/inclusionProbabilities.js";
import { pivotal } from "../design/pivotal.js";
import { intervalEstimate } from "../estimate/_interval.js";
import type { Estimate } from "../estimate/confidenceInterval.js";
import { modelAssisted } from "../estimate/modelAssisted.js";
import { type CalibrationMethod, fitCalibration } from "../features/fitCalibration.js";
import { predictCalibration } from "../features/predictCalibration.js";
import { askTell, type EstimatorChoice } from "./_askTell.js";
import { checkCommon, checkedRng } from "./_checks.js";
import type { StrategyOptions } from "./types.js";

/** How `extraStrategies.active` calibrates its score: a {@link CalibrationMethod} or `"none"` (use `predictions` as they are). */
export type ActiveCalibration = CalibrationMethod | "none";

/** The predicted residual SD that sizes the draw: `"sd"` is `sqrt(f (1 - f))`, `"min"` is `min(f, 1 - f)`. */
export type ActiveSize = "sd" | "min";

/**
 * How the pilot's and the active sample's estimates are combined, both with
 * fixed weights (so exactly unbiased): `"labels"` weighs the pilot's estimate by
 * its share of the labels, `"active"` keeps the active sample's estimate alone
 * (the pilot's labels then count only as known units and calibration data).
 */
export type ActiveWeights = "labels" | "active";

/** Options of `extraStrategies.active`. */
export type ActiveOptions = StrategyOptions & {
  /**
   * The predictor's probability of failure (of y = 1) for every unit, in [0, 1],
   * fixed before any label is drawn (e.g. an LLM judge's score). When given, it
   * is the score that is calibrated and ranked; without it, `risk` is.
   */
  readonly predictions?: ArrayLike<number>;
  /**
   * How the score becomes the failure probability f of phase 2: `"isotonic"` or
   * `"logistic"` (fitted on the phase-1 labels), or `"none"` (f = `predictions`,
   * which must then be given; phase 1 then only takes the `greedy` units).
   * @defaultValue activeDefaults.calibration (`"isotonic"`)
   */
  readonly calibration?: ActiveCalibration;
  /**
   * Weight in [0, 1] of the uniform distribution in the size measure
   * (defensive mixture): every unit keeps `pik >= n tau / M`. Fixed, never
   * tuned on the labels. @defaultValue activeDefaults.tau (0.3)
   */
  readonly tau?: number;
  /** The predicted residual SD. @defaultValue activeDefaults.size (`"sd"`) */
  readonly size?: ActiveSize;
  /**
   * Share of the budget, in [0, 1), spent in phase 1 on the pilot sample that
   * the calibration is fitted on. Ignored (0) when `calibration` is `"none"`.
   * @defaultValue activeDefaults.pilot (0.25)
   */
  readonly pilot?: number;
  /**
   * Share of the budget, in [0, 1), spent first on the units with the highest
   * score, taken with certainty (found failures; they count exactly).
   * @defaultValue activeDefaults.greedy (0)
   */
  readonly greedy?: number;
  /** How the pilot's and phase 2's estimates are combined. @defaultValue activeDefaults.weights (`"labels"`) */
  readonly weights?: ActiveWeights;
};

/**
 * The defaults of `extraStrategies.active`.
 *
 * @example
 * ```ts
 * activeDefaults.tau; // 0.3
 * ```
 */
export const activeDefaults: Readonly<{
  calibration: ActiveCalibration;
  tau: number;
  size: ActiveSize;
  pilot: number;
  greedy: number;
  weights: ActiveWeights;
}> = Object.freeze({
  calibration: "isotonic",
  tau: 0.3,
  size: "sd",
  pilot: 0.25,
  greedy: 0,
  weights: "labels",
});

const KEYS = optionKeys<ActiveOptions>()(
  "level",
  "interval",
  "predictions",
  "calibration",
  "tau",
  "size",
  "pilot",
  "greedy",
  "weights",
);

/** The checked settings of one run. */
type Plan = {
  readonly N: number;
  readonly score: Float64Array;
  readonly predictions: Float64Array | undefined;
  readonly calibration: ActiveCalibration;
  readonly tau: number;
  readonly size: ActiveSize;
  readonly weights: ActiveWeights;
  readonly nGreedy: number;
  readonly nPilot: number;
  readonly nActive: number;
};

/**
 * Active inference (Zrnic & Candès 2024) as an ask/tell strategy: labels go
 * where the calibrated predictor is least sure, and the estimate is the
 * difference (model-assisted) estimator with that predictor.
 *
 * Design, in up to three steps, each drawn at once with fixed size (so the
 * picks are a function of the seed and the labels):
 * 1. `greedy`: the `round(greedy n)` units of highest score (ties to the lower
 *    index), in that order; certain (pik = 1).
 * 2. pilot: `round(pilot n)` units from the rest M1 by ordered pivotal sampling
 *    (`pivotal`, eps 0, the units in increasing order of the score quantised to
 *    min(N, 4096) steps, so the sample spreads along the score as a stratification would)
 *    with `pik` proportional to `tau / M1 + (1 - tau) v_i / sum v`,
 *    `v` = the predicted SD of `predictions` when given, else `risk`. The
 *    calibration map (`fitCalibration`, on the score) is fitted on the labels of
 *    steps 1-2, giving f on every unit.
 * 3. active: the other units from the rest R (|R| = M2) by pivotal sampling (same
 *    order) with
 *    `pik` proportional to `tau / M2 + (1 - tau) s_i / sum s`, `s = sqrt(f (1 - f))`
 *    (`size: "min"`: `min(f, 1 - f)`; the SD of a 0/1 label, the residual SD of the
 *    difference estimator, which Zrnic & Candès show minimises its variance),
 *    capped at 1 (`inclusionProbabilities`).
 *
 * Estimator: with `T_G` the label sum of step 1, the pilot's
 * `theta_1 = (T_G + M1 m_1) / N`, `m_1` = `modelAssisted` (Horvitz–Thompson,
 * Deville variance) of the pilot with `predictions` (or 0) over M1; phase 2's
 * `theta_2 = (T_G + T_P + M2 m_2) / N` with `T_P` the pilot's label sum and `m_2` =
 * `modelAssisted` of the active sample with f over R. The estimate is
 * `w theta_1 + (1 - w) theta_2`, `w = n_pilot / (n_pilot + n_active)` (`weights:
 * "labels"`; 0 with `"active"`, without a pilot, or when the active sample takes
 * every remaining unit), with variance `w^2 V_1 + (1 - w)^2 V_2`, `V_j` the phases' Deville
 * variances scaled by `(M_j / N)^2`; the interval is the library's (Korn–Graubard
 * `"beta"` for 0/1 labels by default, on `n_pilot + n_active - 2` df).
 *
 * Exact and asymptotic: given the labels of steps 1-2, f is a fixed function,
 * so `theta_2` is conditionally unbiased for the population mean exactly (the
 * difference estimator under a fixed design, whatever f), hence unbiased; `theta_1`
 * is unbiased (predictions fixed before sampling); the fixed-weight combination
 * is therefore exactly unbiased (checked by enumerating every pilot and active
 * sample of small populations), and `theta_1 - mu`, `theta_2 - mu` are
 * uncorrelated (a martingale difference), so the variance above is exact given
 * the phases' variances. Those are Deville's approximation for pivotal
 * sampling (not exactly unbiased), and the interval is asymptotic (measured
 * coverage: docs/replication/model-assisted.md). Weights estimated from the
 * sample (inverse variance) were tried and dropped: biased by 25% of the rate at
 * n = 16 in the Monte Carlo test.
 * `tau` is fixed (never tuned on the labels). With `tau = 0` a unit whose f is
 * 0 or 1 is never drawn, and the estimator is unbiased only if f is right there.
 * With `calibration: "none"` and `predictions`, there is no pilot: one pivotal
 * draw on `sqrt(f (1 - f))`, the difference estimator with f = `predictions`.
 * The default pilot is at least 2 labels, and none when the budget (less the
 * greedy units) is below 4: then nothing is calibrated and f = `predictions` (or
 * 0: equal probabilities). A phase whose capped `pik` would leave a single
 * uncertain draw (no variance estimate) is drawn with equal probabilities.
 *
 * @param risk - One non-negative finite risk per unit (the score to calibrate when `predictions` is absent).
 * @param budget - Number of labels n, an integer in [2, N].
 * @param rng - Uniform source in [0, 1), e.g. `createRng(seed)`.
 * @param options - See {@link ActiveOptions} and {@link activeDefaults}.
 * @returns An ask/tell generator (see {@link Strategy}) returning the {@link Estimate} of the mean of y.
 * @throws {TypeError} If `risk` or `predictions` is not a `Float64Array` or an array of numbers, `budget` not a number, `rng` not a function or `options` not an object or has an unknown key; later, if a label is not a number.
 * @throws {RangeError} If `risk` is empty or holds a negative or non-finite value; `budget` is not an integer in [2, N]; `predictions` has another length or a value outside [0, 1] or NaN; `tau` is not in [0, 1], `pilot` or `greedy` not in [0, 1); `calibration`, `size` or `weights` is unknown; `calibration` is `"none"` without `predictions`; the shares leave fewer than 2 active labels, a pilot of 1, or nothing to calibrate on; `level` is not in (0, 1); later, if a label is not finite, not in [0, 1] while calibrating, or `next` is called after the budget is spent.
 * @see Zrnic, T. & Candès, E. J. (2024). Active statistical inference. ICML; Hesterberg (1995) (defensive mixture); Deville & Tillé (1998) (pivotal); Särndal, Swensson & Wretman (1992), §6.3 (difference estimator).
 * @example
 * ```ts
 * const risk = new Float64Array([0.9, 0.1, 0.8, 0.3, 0.7, 0.2, 0.6, 0.4, 0.5, 0.05]);
 * const y = [1, 0, 1, 0, 1, 0, 0, 0, 1, 0];
 * const run = runStrategy(extraStrategies.active(risk, 6, createRng(3), { pilot: 0.5 }), (i) => y[i]);
 * run.indices.length; // 6
 * run.estimate.method; // "active (pilot 3, active 3, isotonic, sd, tau 0.3, pivotal, weights labels)"
 * ```
 */
export function activeStrategy(
  risk: ArrayLike<number>,
  budget: number,
  rng: Rng,
  options?: ActiveOptions,
): Generator<number, Estimate, number> {
  const fn = "activeStrategy";
  const risk64 = asFloat64Array(fn, "risk", risk);
  const { N, est } = checkCommon(fn, risk64, budget, rng, options, KEYS);
  const plan = readPlan(fn, risk64, budget, N, options ?? {});
  return askTell(fn, budget, run(fn, plan, checkedRng(fn, rng), est), est);
}

function readPlan(
  fn: string,
  risk: Float64Array,
  budget: number,
  N: number,
  o: ActiveOptions,
): Plan {
  const d = activeDefaults;
  const predictions =
    o.predictions === undefined
      ? undefined
      : asFloat64Array(fn, "options.predictions", o.predictions);
  if (predictions !== undefined) {
    checkFloat64Array(fn, "options.predictions", predictions, { min: 0, max: 1 });
    checkSameLength(fn, "risk", risk, "options.predictions", predictions);
  }
  const calibration = o.calibration ?? d.calibration;
  checkChoice(fn, "options.calibration", calibration, ["isotonic", "logistic", "none"] as const);
  const tau = o.tau ?? d.tau;
  checkNumber(fn, "options.tau", tau, 0, 1);
  const size = o.size ?? d.size;
  checkChoice(fn, "options.size", size, ["sd", "min"] as const);
  const weights = o.weights ?? d.weights;
  checkChoice(fn, "options.weights", weights, ["labels", "active"] as const);
  const pilot = o.pilot ?? d.pilot;
  checkNumber(fn, "options.pilot", pilot, 0, 1, { upper: true });
  const greedy = o.greedy ?? d.greedy;
  checkNumber(fn, "options.greedy", greedy, 0, 1, { upper: true });
  if (calibration === "none" && predictions === undefined) {
    fail(fn, `options.calibration "none" needs options.predictions (the probabilities to use)`);
  }
  const nGreedy = Math.round(greedy * budget);
  let nPilot = calibration === "none" ? 0 : Math.round(pilot * budget);
  // the default pilot adapts to small budgets: at least 2 labels, or none when the
  // budget cannot hold 2 pilot and 2 active labels (then nothing is calibrated)
  if (o.pilot === undefined && calibration !== "none") {
    nPilot = budget - nGreedy >= 4 ? Math.max(2, nPilot) : 0;
  }
  const nActive = budget - nGreedy - nPilot;
  if (nActive < 2) {
    fail(
      fn,
      `options.pilot and options.greedy leave ${nActive} of the budget ${budget} for the active sample (at least 2 needed)`,
    );
  }
  if (nPilot === 1) fail(fn, "options.pilot gives a pilot of 1 label (0 or at least 2 needed)");
  if (calibration !== "none" && nPilot + nGreedy === 0 && o.pilot !== undefined) {
    fail(fn, "options.pilot and options.greedy give no labels to calibrate on");
  }
  const score = predictions ?? risk;
  return { N, score, predictions, calibration, tau, size, weights, nGreedy, nPilot, nActive };
}

/**
 * Inclusion probabilities of `m` units among `units` from the mixture
 * `tau / M + (1 - tau) v / sum v`, `v_i = sd(f_i)` (or `f_i` itself when `size` is undefined).
 */
function mixturePik(
  units: Int32Array,
  f: Float64Array,
  size: ActiveSize | undefined,
  tau: number,
  m: number,
): Float64Array {
  const M = units.length;
  const v = new Float64Array(M);
  let total = 0;
  for (let k = 0; k < M; k++) {
    const p = f[units[k] as number] as number;
    const x = size === undefined ? p : size === "sd" ? Math.sqrt(p * (1 - p)) : Math.min(p, 1 - p);
    v[k] = x;
    total += x;
  }
  for (let k = 0; k < M; k++) {
    v[k] = total > 0 ? tau / M + ((1 - tau) * (v[k] as number)) / total : 1 / M;
  }
  const pik = inclusionProbabilities(v, m);
  let certain = 0;
  for (let k = 0; k < M; k++) {
    if ((pik[k] as number) >= 1 - 1e-12) {
      pik[k] = 1;
      certain++;
    }
  }
  // one uncertain draw would leave the phase without a variance estimate: such a
  // phase is drawn with equal probabilities instead (still a fixed design given
  // the labels before it, so the estimator stays unbiased)
  if (m - certain === 1 && M > m) return new Float64Array(M).fill(m / M);
  return pik;
}

/** The `k` units of highest score, highest first (ties to the lower index), by a bounded min-heap. */
function topUnits(score: Float64Array, k: number): Int32Array {
  const heap = new Int32Array(k);
  let size = 0;
  // "a below b": a scores less, or the same with a higher index
  const below = (a: number, b: number): boolean =>
    (score[a] as number) < (score[b] as number) ||
    ((score[a] as number) === (score[b] as number) && a > b);
  const down = (start: number): void => {
    let i = start;
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let m = i;
      if (l < size && below(heap[l] as number, heap[m] as number)) m = l;
      if (r < size && below(heap[r] as number, heap[m] as number)) m = r;
      if (m === i) return;
      const t = heap[i] as number;
      heap[i] = heap[m] as number;
      heap[m] = t;
      i = m;
    }
  };
  for (let u = 0; u < score.length && k > 0; u++) {
    if (size < k) {
      let i = size++;
      heap[i] = u;
      while (i > 0) {
        const p = (i - 1) >> 1;
        if (!below(heap[i] as number, heap[p] as number)) break;
        const t = heap[i] as number;
        heap[i] = heap[p] as number;
        heap[p] = t;
        i = p;
      }
    } else if (below(heap[0] as number, u)) {
      heap[0] = u;
      down(0);
    }
  }
  return Int32Array.from(heap).sort((a, b) => (below(a, b) ? 1 : below(b, a) ? -1 : 0));
}

/**
 * Units in increasing order of their score quantised to min(N, 4096) equal steps
 * between the smallest and the largest score (units of one step by index): a
 * counting sort, O(N), so the order costs a few ms at N = 400,000 where a
 * comparison sort costs hundreds.
 */
function scoreOrder(score: Float64Array): Int32Array {
  const N = score.length;
  // 4,096 levels: enough to spread the sample along the score (n is far smaller),
  // and a count array that stays in cache
  const B = Math.min(N, 4096);
  let lo = Number.POSITIVE_INFINITY;
  let hi = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < N; i++) {
    const s = score[i] as number;
    if (s < lo) lo = s;
    if (s > hi) hi = s;
  }
  const step = hi > lo ? B / (hi - lo) : 0;
  const bucket = new Uint16Array(N);
  const start = new Int32Array(B + 1);
  for (let i = 0; i < N; i++) {
    const b = Math.min(B - 1, ((score[i] as number) - lo) * step) | 0;
    bucket[i] = b;
    start[b + 1] = (start[b + 1] as number) + 1;
  }
  for (let b = 0; b < B; b++) start[b + 1] = (start[b + 1] as number) + (start[b] as number);
  const order = new Int32Array(N);
  for (let i = 0; i < N; i++) {
    const b = bucket[i] as number;
    order[start[b] as number] = i;
    start[b] = (start[b] as number) + 1;
  }
  return order;
}

/** The units of `order` not marked in `taken`, in that order (`order` itself when none is). */
function rest(order: Int32Array, taken: Uint8Array): Int32Array {
  let m = 0;
  for (const i of order) if (taken[i] === 0) m++;
  if (m === order.length) return order;
  const out = new Int32Array(m);
  let k = 0;
  for (const i of order) if (taken[i] === 0) out[k++] = i;
  return out;
}

/** Sample positions of a pivotal draw on `pik` (aligned with `units`) as units, sorted by index, with their pik. */
function drawPivotal(units: Int32Array, pik: Float64Array, rng: Rng): [Int32Array, Float64Array] {
  const drawn = pivotal(pik, rng, { eps: 0 });
  const pairs = Array.from(drawn, (k) => [units[k] as number, pik[k] as number] as const).sort(
    (a, b) => a[0] - b[0],
  );
  return [Int32Array.from(pairs, (p) => p[0]), Float64Array.from(pairs, (p) => p[1])];
}

/** One phase's estimate of the population mean and its variance, from `modelAssisted` over `units`. */
type Phase = { readonly estimate: number; readonly variance: number };

/** The values of `f` on the units not marked in `taken`, in index order (sequential reads). */
function untaken(f: Float64Array, taken: Uint8Array, M: number): Float64Array {
  const out = new Float64Array(M);
  let k = 0;
  for (let i = 0; i < f.length; i++) if (taken[i] === 0) out[k++] = f[i] as number;
  return out;
}

/**
 * `(fixedSum + M m) / N` and `(M / N)^2 var(m)`, m = modelAssisted of the phase's
 * residuals, `yhatU` the predictions on the phase's M units.
 */
function phase(
  fn: string,
  y: Float64Array,
  sample: Int32Array,
  pikS: Float64Array,
  yhatU: Float64Array,
  f: Float64Array,
  fixedSum: number,
  N: number,
): Phase {
  const M = yhatU.length;
  const yhatS = new Float64Array(sample.length);
  for (let k = 0; k < sample.length; k++) yhatS[k] = f[sample[k] as number] as number;
  let e: Estimate;
  try {
    e = modelAssisted(y, yhatS, pikS, yhatU, { variance: "deville" });
  } catch (err) {
    if (err instanceof RangeError) throw new RangeError(`${fn}: ${err.message}`);
    throw err;
  }
  const scale = M / N;
  return { estimate: (fixedSum + M * e.estimate) / N, variance: scale * scale * e.variance };
}

function* run(
  fn: string,
  plan: Plan,
  rng: Rng,
  est: EstimatorChoice,
): Generator<number, Estimate, number> {
  const { N, score, predictions, calibration, tau, size, nGreedy, nPilot, nActive } = plan;
  const budget = nGreedy + nPilot + nActive;
  const taken = new Uint8Array(N);
  const labels: number[] = [];
  const seen = (y: number): number => {
    if (calibration !== "none" && !(y >= 0 && y <= 1)) {
      fail(fn, "label sent through next(y) must lie in [0, 1] when the score is calibrated", y);
    }
    labels.push(y);
    return y;
  };
  // step 1: the highest scores, with certainty
  const greedy = topUnits(score, nGreedy);
  let fixedSum = 0;
  const calX: number[] = [];
  const calY: number[] = [];
  for (const u of greedy) {
    taken[u] = 1;
    const y = seen(yield u);
    fixedSum += y;
    calX.push(score[u] as number);
    calY.push(y);
  }
  // step 2: the pilot, on the prior SD (predictions) or the risk
  const prior = predictions ?? new Float64Array(N);
  let pilot: Phase | undefined;
  // duels in increasing score: the ordered pivotal design then spreads the
  // sample along the score like a stratification on it
  const order = scoreOrder(score);
  const M1 = rest(order, taken);
  let pilotSum = 0;
  if (nPilot > 0) {
    const pik =
      predictions === undefined
        ? mixturePik(M1, score, undefined, tau, nPilot)
        : mixturePik(M1, predictions, size, tau, nPilot);
    const [sample, pikS] = drawPivotal(M1, pik, rng);
    const prior1 = untaken(prior, taken, M1.length);
    const yS = new Float64Array(nPilot);
    for (let k = 0; k < sample.length; k++) {
      const u = sample[k] as number;
      taken[u] = 1;
      const y = seen(yield u);
      yS[k] = y;
      pilotSum += y;
      calX.push(score[u] as number);
      calY.push(y);
    }
    pilot = phase(fn, yS, sample, pikS, prior1, prior, fixedSum, N);
  }
  // step 3: calibrate on every label so far, then draw on the predicted SD
  const f =
    calibration === "none" || calX.length === 0
      ? prior
      : predictCalibration(
          fitCalibration(Float64Array.from(calX), Float64Array.from(calY), {
            method: calibration,
          }),
          score,
        );
  const R = rest(order, taken);
  const pik = mixturePik(R, f, size, tau, nActive);
  const [sample, pikS] = drawPivotal(R, pik, rng);
  const yS = new Float64Array(sample.length);
  for (let k = 0; k < sample.length; k++) yS[k] = seen(yield sample[k] as number);
  const active = phase(
    fn,
    yS,
    sample,
    pikS,
    untaken(f, taken, R.length),
    f,
    fixedSum + pilotSum,
    N,
  );
  // a fixed weight (never estimated) keeps the combination exactly unbiased; when
  // the active sample takes every remaining unit its estimate is exact and alone
  const census = nActive === R.length;
  const w =
    pilot !== undefined && plan.weights === "labels" && !census ? nPilot / (nPilot + nActive) : 0;
  const estimate = w * (pilot?.estimate ?? 0) + (1 - w) * active.estimate;
  const variance = w * w * (pilot?.variance ?? 0) + (1 - w) * (1 - w) * active.variance;
  const method = `active (${nGreedy > 0 ? `greedy ${nGreedy}, ` : ""}pilot ${nPilot}, active ${nActive}, ${calibration}, ${size}, tau ${tau}, pivotal, weights ${plan.weights})`;
  return intervalEstimate(fn, {
    method,
    estimate,
    variance,
    level: est.level,
    n: budget,
    y: labels,
    design: {
      srs: false,
      df: Math.max(1, nPilot + nActive - (nPilot > 0 ? 2 : 1)),
      N,
      census: budget === N,
    },
    interval: est.interval,
  });
}
