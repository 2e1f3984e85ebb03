import { checkPikSum } from "../core/checkIntegerSum.js";
import type { Rng } from "../core/rng.js";
import {
  asFloat64Array,
  checkChoice,
  checkFloat64Array,
  checkInteger,
  checkNumber,
  checkOptions,
  checkSameLength,
  fail,
  optionKeys,
} from "../core/validate.js";
import {
  inclusionProbabilities,
  inclusionProbabilitiesOfSum,
} from "../design/inclusionProbabilities.js";
import { pivotalDuels } from "../design/pivotal.js";
import { agreeingLabelsHull, agreeingNote, intervalEstimate } from "../estimate/_interval.js";
import { verdictFloor } from "../estimate/_ppi.js";
import type { Estimate } from "../estimate/confidenceInterval.js";
import { horvitzThompson } from "../estimate/horvitzThompson.js";
import {
  type CalibrationMethod,
  type CalibrationModel,
  fitCalibration,
} from "../features/fitCalibration.js";
import { predictCalibration } from "../features/predictCalibration.js";
import { askTell, type EstimatorChoice, type PreparedStrategy } from "./_askTell.js";
import { checkCommon } from "./_checks.js";
import { flooredWeightedEstimate, type RiskBands, riskBands } from "./_riskBands.js";
import type { StrategyOptions } from "./types.js";

/** How `extraStrategies.active` calibrates its score: a {@link CalibrationMethod} or `"none"` (use `predictions` as they are). */
export type ActiveCalibration = CalibrationMethod | "none";

/**
 * How the pilot is drawn: `"equal"`, with equal probabilities (spread along
 * the score by the ordered pivotal draw, as a fine stratification would);
 * `"sized"`, proportionally to the defensive mixture of the size measure
 * (the predictions' SD, or the raw risk without predictions).
 */
export type ActivePilotDraw = "equal" | "sized";

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
   * Failure weight lambda in [0, 1]: the size of a unit becomes
   * `s_i / sqrt(1 - lambda f_i)`, tilting the draw towards likely failures.
   * 0 is active inference's variance-optimal draw; with `size: "sd"`, lambda in
   * (0, 1] gives the inclusion probabilities that minimise the difference
   * estimator's variance for a given expected number of failures found (the
   * Lagrangian optimum; lambda = 1: `pik` proportional to `sqrt(f)`). The
   * trade-off it traces on CIFAR-10: docs/replication/model-assisted.md.
   * @defaultValue activeDefaults.failureWeight (0)
   */
  readonly failureWeight?: number;
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
  /**
   * How the pilot is drawn (see {@link ActivePilotDraw}).
   * @defaultValue `"equal"`, with or without `predictions`: a raw risk is no variance measure,
   *   and predictions are only one once calibrated, which the pilot is for (measured in
   *   docs/replication/model-assisted.md and test/tcs/activeJudgeLevels.test.ts)
   */
  readonly pilotDraw?: ActivePilotDraw;
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
  failureWeight: number;
  pilot: number;
  greedy: number;
  weights: ActiveWeights;
}> = Object.freeze({
  calibration: "isotonic",
  tau: 0.3,
  size: "sd",
  failureWeight: 0,
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
  "failureWeight",
  "pilot",
  "greedy",
  "weights",
  "pilotDraw",
);

const CALIBRATIONS: readonly ActiveCalibration[] = ["isotonic", "logistic", "none"];

/** The checked settings of one run. */
type Plan = {
  readonly N: number;
  readonly score: Float64Array;
  readonly predictions: Float64Array | undefined;
  readonly calibration: ActiveCalibration;
  readonly tau: number;
  readonly size: Sizing;
  readonly weights: ActiveWeights;
  readonly pilotEqual: boolean;
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
 *    with equal `pik` (`pilotDraw: "equal"`, the default)
 *    or `pik` proportional to `tau / M1 + (1 - tau) v_i / sum v` (`"sized"`),
 *    `v` = the predicted SD of `predictions` when given,
 *    else `risk`. Predictions before calibration are no variance measure either:
 *    a judge's level predicted 1 (or 0) has SD 0 and gets only the uniform share
 *    of the pilot however often it fails, the calibration then rarely sees it,
 *    and phase 2 sizes it by that calibration; on three five-level judge
 *    scores (N = 300, about 2 % failures, n = 100) the sized pilot's interval
 *    covered 98.8, 87.5 and 97.3 % and the equal one's 99.3-100 %
 *    (test/tcs/activeJudgeLevels.test.ts), and on
 *    CIFAR-10 with the softmax as predictions the equal pilot finds fewer
 *    failures at about the same RMSE (docs/replication/model-assisted.md, the
 *    "pilot drawn on the predictions" row), so it is the default with
 *    predictions too. A raw risk is no variance measure: on DeepSample's CIFAR-10
 *    models (n = 200, 1,000 runs each; `npm run bench -- model-assisted`, which
 *    runs both draws) the equal pilot lowered the default's RMSE from 0.0302 to
 *    0.0281, finding 69.3 failures instead of 83.7 (median); CIFAR-100, checked
 *    afterwards: 0.0337 -> 0.0303, 109.0 -> 90.3. It also mends the interval
 *    at rare failures: with the risk-sized pilot the default interval covered
 *    92.0-93.9 % on CIFAR-100 thinned to 2 % failures at n = 200 (every miss
 *    below the rate; docs/replication/coverage.md as committed in 61bba60); with the equal
 *    pilot the worst cell of the whole coverage grid is 94.7 %
 *    (docs/replication/coverage.md). The
 *    calibration map (`fitCalibration`, on the score) is fitted on the labels of
 *    steps 1-2, giving f on every unit.
 * 3. active: the other units from the rest R (|R| = M2) by pivotal sampling (same
 *    order) with
 *    `pik` proportional to `tau / M2 + (1 - tau) s_i / sum s`, `s = sqrt(f (1 - f))`
 *    (`size: "min"`: `min(f, 1 - f)`; the SD of a 0/1 label, the residual SD of the
 *    difference estimator, which Zrnic & Candès show minimises its variance),
 *    divided by `sqrt(1 - lambda f)` with `failureWeight` lambda (0 by default;
 *    the pilot's sizes of `predictions` likewise), capped at 1
 *    (`inclusionProbabilities`).
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
 * uncertain draw (no variance estimate) is drawn with equal probabilities. With
 * `tau = 0`, a phase where fewer units have a positive size than it has draws
 * (f 0 on most units) takes those units with certainty and spreads its other
 * draws evenly over the rest (until 2026-12-07 it threw mid-session, after the
 * pilot's labels were spent).
 *
 * Interval floor: with 0/1 labels of both values, every risk band of the score (8 bands of equal
 * total score) whose labels all agree adds the variance of its rate shrunk towards the pooled one, as
 * for the weighted strategies (coverage on CIFAR-10's rare-failure versions at n = 200 was 78-89 %
 * before it, 96.5-99.4 % in docs/replication/coverage.md). With 0/1 labels that all agree (no
 * failure labelled), the difference estimate is a residue of the predictions (about 1e-6 from 0
 * with `predictions`) whose variance shows only their spread: the interval is widened to contain
 * the labels-alone Clopper-Pearson bound of 0 (or n) in n (`agreeingLabelsHull`, noted in
 * `method`; checked in test/estimate/agreeingLabels.test.ts). Hard 0/1 `predictions` (a judge's
 * verdicts) used as they are (`calibration: "none"`, or calibrated to 0/1 on every unit of the
 * active sample) leave residuals exactly 0 where a verdict is right on every label: each such
 * verdict adds the variance whose normal half-width is its share of the units outside the greedy
 * ones times the Clopper–Pearson bound on its error rate (`verdictFloor`, as `ppiMean` and
 * `modelAssisted` do; label counts as its sizes). Measured in docs/replication/model-assisted.md
 * (hard-predictions tables).
 * @param risk - One non-negative finite risk per unit (the score to calibrate when `predictions` is absent).
 * @param budget - Number of labels n, an integer in [2, N].
 * @param rng - Uniform source in [0, 1), e.g. `createRng(seed)`.
 * @param options - See {@link ActiveOptions} and {@link activeDefaults}.
 * @returns An ask/tell generator (see {@link Strategy}) returning the {@link Estimate} of the mean of y.
 * @throws {TypeError} On the common strategy errors (see {@link Strategy}); also if `predictions` is not a
 *   `Float64Array` or an array of numbers, or `options` has an unknown key.
 * @throws {RangeError} On the common strategy errors (see {@link Strategy}); also if `predictions` has
 *   another length or a value outside [0, 1] or NaN; `tau` or `failureWeight` is not in [0, 1], `pilot` or
 *   `greedy` not in [0, 1);
 *   `calibration`, `size` or `weights` is unknown; `calibration` is `"none"` without `predictions`; the
 *   shares leave fewer than 2 active labels, a pilot of 1, or nothing to calibrate on; later, if a label is
 *   not in [0, 1] while calibrating (refused before the
 *   strategy sees it: the session is unchanged and the corrected label can be sent).
 * @see Zrnic, T. & Candès, E. J. (2024). Active statistical inference. ICML; Hesterberg (1995) (defensive mixture); Deville & Tillé (1998) (pivotal); Särndal, Swensson & Wretman (1992), §6.3 (difference estimator).
 * @example
 * ```ts
 * const risk = new Float64Array([0.9, 0.1, 0.8, 0.3, 0.7, 0.2, 0.6, 0.4, 0.5, 0.05]);
 * const y = [1, 0, 1, 0, 1, 0, 0, 0, 1, 0];
 * const run = runStrategy(extraStrategies.active(risk, 6, createRng(3), { pilot: 0.5 }), (i) => y[i]);
 * run.indices.length; // 6
 * run.estimate.method; // "active (pilot 3, active 3, isotonic, sd, tau 0.3, pivotal, weights labels); finite-population bounds (6 of 10 units labelled)"
 * ```
 */
export function activeStrategy(
  risk: ArrayLike<number>,
  budget: number,
  rng: Rng,
  options?: ActiveOptions,
): Generator<number, Estimate, number> {
  const fn = "extraStrategies.active";
  return prepareActive(asFloat64Array(fn, "risk", risk), budget, rng, options).start(rng);
}

/**
 * `extraStrategies.active` with its checks done once and what does not depend
 * on a run's draws or labels (the greedy units, the score order, the pilot's
 * pik, the risk bands) computed by the first run that reaches it and kept for
 * the others; `rng` is only checked (`UNCHECKED_RNG` when preparing ahead).
 * @internal
 */
export function prepareActive(
  risk: Float64Array,
  budget: number,
  rng: unknown,
  options?: ActiveOptions,
): PreparedStrategy {
  const fn = "extraStrategies.active";
  const { N, est } = checkCommon(fn, risk, budget, rng, options, KEYS);
  const plan = readPlan(fn, risk, budget, N, options ?? {});
  const setup: Setup = {};
  // a calibrated score needs labels in [0, 1]: checked before the run sees the
  // label, so a rejected one leaves the session as it was
  const checkLabel =
    plan.calibration === "none"
      ? undefined
      : (y: number): void => {
          if (!(y >= 0 && y <= 1)) {
            fail(
              fn,
              "label sent through next(y) must lie in [0, 1] when the score is calibrated",
              y,
            );
          }
        };
  // the duels check the rng's values as checkedRng would, without its wrapper
  return {
    start: (r) =>
      askTell(fn, budget, run(fn, plan, r, est, setup), est, { checkLabel, population: N }),
  };
}

/**
 * What every run of one prepared strategy computes alike, each part filled in
 * by the first run that reaches it (where the unprepared strategy computes it,
 * so an error is thrown at the same step) and only read afterwards: runs that
 * interleave share it safely, since none writes to it after filling it.
 */
type Setup = {
  greedy?: Int32Array;
  order?: ScoreOrder;
  M1?: Line;
  /** The pilot's pik on M1 (never written by the draws) and whether pivotal's check of it passed. */
  pilotPik?: Float64Array;
  pilotChecked?: boolean;
  /**
   * Scratch for the sizes of M1's units: each run writes and reads it only
   * between two of its yields (the sizes, then the pik computed from them), so
   * interleaved runs never see each other's values in it.
   */
  sizes?: Float64Array;
  /** Scratch for phase 2's pik, likewise used only between two yields (the draw copies what it keeps). */
  pik?: Float64Array;
  priorSum?: number;
  /** The least and greatest score of every step of M1 (see {@link activeSizes}). */
  bounds?: Float64Array;
  bands?: RiskBands | undefined;
  bandsDone?: boolean;
};

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
  checkChoice(fn, "options.calibration", calibration, CALIBRATIONS);
  const tau = o.tau ?? d.tau;
  checkNumber(fn, "options.tau", tau, 0, 1);
  const size = o.size ?? d.size;
  checkChoice(fn, "options.size", size, ["sd", "min"] as const);
  const failureWeight = o.failureWeight ?? d.failureWeight;
  checkNumber(fn, "options.failureWeight", failureWeight, 0, 1);
  const weights = o.weights ?? d.weights;
  checkChoice(fn, "options.weights", weights, ["labels", "active"] as const);
  const pilot = o.pilot ?? d.pilot;
  checkNumber(fn, "options.pilot", pilot, 0, 1, { upper: true });
  const greedy = o.greedy ?? d.greedy;
  checkNumber(fn, "options.greedy", greedy, 0, 1, { upper: true });
  if (calibration === "none" && predictions === undefined) {
    fail(fn, `options.calibration "none" needs options.predictions (the probabilities to use)`);
  }
  const sizes = phaseSizes(fn, budget, calibration, pilot, greedy, o.pilot !== undefined);
  const pilotDraw = o.pilotDraw ?? "equal";
  checkChoice(fn, "options.pilotDraw", pilotDraw, ["equal", "sized"] as const);
  const score = predictions ?? risk;
  return {
    N,
    score,
    predictions,
    calibration,
    tau,
    size: { size, tilt: failureWeight },
    weights,
    pilotEqual: pilotDraw === "equal",
    nGreedy: sizes.greedy,
    nPilot: sizes.pilot,
    nActive: sizes.active,
  };
}

/**
 * The labels of each step of `extraStrategies.active` (greedy, pilot, active)
 * for a budget: what {@link activePhaseSizes} returns, and the sizes every
 * run of the strategy uses.
 */
export type ActivePhaseSizes = {
  /** Units of highest score taken first, with certainty: `round(greedy n)`. */
  readonly greedy: number;
  /** The pilot the calibration is fitted on (0 without calibration). */
  readonly pilot: number;
  /** The active sample drawn on the calibrated score: the rest of the budget, at least 2. */
  readonly active: number;
};

/** The options of `extraStrategies.active` that set its step sizes (see {@link ActiveOptions}). */
export type ActivePhaseSizesOptions = Pick<ActiveOptions, "calibration" | "pilot" | "greedy">;

const PHASE_KEYS = optionKeys<ActivePhaseSizesOptions>()("calibration", "pilot", "greedy");

/**
 * How many labels each step of `extraStrategies.active` takes for a budget:
 * the greedy units, the pilot and the active sample, before any unit is
 * drawn (e.g. to tell a labeller how many rows the first batch holds: the
 * strategy asks for `greedy + pilot` rows before it looks at a label). The
 * strategy computes its own sizes with the same function, so they always agree.
 *
 * Algorithm: `greedy = round(options.greedy n)`; `pilot = round(options.pilot n)`,
 * or 0 with `calibration: "none"`. The default pilot (no `options.pilot`)
 * adapts to small budgets: at least 2 labels, or none when the budget less the
 * greedy units is below 4 (then nothing is calibrated). `active` is the rest,
 * `n - greedy - pilot`.
 *
 * @param budget - Number of labels n, an integer of at least 2 (the strategy's `budget`).
 * @param options - `calibration`, `pilot` and `greedy`, as given to the strategy
 *   (defaults {@link activeDefaults}).
 * @returns The sizes, as {@link ActivePhaseSizes}; they sum to `budget`.
 * @throws {RangeError} If `budget` is not an integer or is below 2; if `pilot` or `greedy` is not in
 *   [0, 1) or `calibration` is unknown; if the shares leave fewer than 2 active labels, a pilot of 1,
 *   or (a `pilot` given) nothing to calibrate on, as the strategy would.
 * @throws {TypeError} If `budget` is not a number, or `options` is not an object or has an unknown key.
 * @example
 * ```ts
 * activePhaseSizes(20); // { greedy: 0, pilot: 5, active: 15 }
 * activePhaseSizes(5); // { greedy: 0, pilot: 2, active: 3 }
 * activePhaseSizes(3); // { greedy: 0, pilot: 0, active: 3 }
 * activePhaseSizes(20, { greedy: 0.1, pilot: 0.5 }); // { greedy: 2, pilot: 10, active: 8 }
 * activePhaseSizes(2.5); // throws RangeError: activePhaseSizes: budget must be an integer (got 2.5)
 * ```
 */
export function activePhaseSizes(
  budget: number,
  options?: ActivePhaseSizesOptions,
): ActivePhaseSizes {
  const fn = "activePhaseSizes";
  checkInteger(fn, "budget", budget, 2);
  checkOptions(fn, options, PHASE_KEYS);
  const d = activeDefaults;
  const calibration = options?.calibration ?? d.calibration;
  checkChoice(fn, "options.calibration", calibration, CALIBRATIONS);
  const pilot = options?.pilot ?? d.pilot;
  checkNumber(fn, "options.pilot", pilot, 0, 1, { upper: true });
  const greedy = options?.greedy ?? d.greedy;
  checkNumber(fn, "options.greedy", greedy, 0, 1, { upper: true });
  return phaseSizes(fn, budget, calibration, pilot, greedy, options?.pilot !== undefined);
}

/**
 * The step sizes of {@link activePhaseSizes} from checked settings, failing
 * (as `fn`) when they leave fewer than 2 active labels, a pilot of 1, or
 * (`pilotGiven`) nothing to calibrate on.
 */
function phaseSizes(
  fn: string,
  budget: number,
  calibration: ActiveCalibration,
  pilotShare: number,
  greedyShare: number,
  pilotGiven: boolean,
): ActivePhaseSizes {
  const greedy = Math.round(greedyShare * budget);
  let pilot = calibration === "none" ? 0 : Math.round(pilotShare * budget);
  // the default pilot adapts to small budgets: at least 2 labels, or none when the
  // budget cannot hold 2 pilot and 2 active labels (then nothing is calibrated)
  if (!pilotGiven && calibration !== "none") {
    pilot = budget - greedy >= 4 ? Math.max(2, pilot) : 0;
  }
  const active = budget - greedy - pilot;
  if (active < 2) {
    fail(
      fn,
      `options.pilot and options.greedy leave ${active} of the budget ${budget} for the active sample (at least 2 needed)`,
    );
  }
  if (pilot === 1) fail(fn, "options.pilot gives a pilot of 1 label (0 or at least 2 needed)");
  if (calibration !== "none" && pilot + greedy === 0 && pilotGiven) {
    fail(fn, "options.pilot and options.greedy give no labels to calibrate on");
  }
  return { greedy, pilot, active };
}

/** How a failure probability becomes a unit's size: the residual SD measure and the failure weight. */
type Sizing = { readonly size: ActiveSize; readonly tilt: number };

/** The size of a unit whose failure probability is `p`: its predicted residual SD over `sqrt(1 - tilt p)`. */
function sizeOf(p: number, sz: Sizing): number {
  const { size, tilt } = sz;
  if (tilt === 0) return size === "sd" ? Math.sqrt(p * (1 - p)) : Math.min(p, 1 - p);
  // tilt 1 at p = 1: the limits sqrt(p) (sd) and sqrt(1 - p) (min), without 0 / 0
  if (tilt === 1) return size === "sd" ? Math.sqrt(p) : Math.min(p, 1 - p) / Math.sqrt(1 - p || 1);
  const q = 1 - tilt * p;
  return size === "sd" ? Math.sqrt((p * (1 - p)) / q) : Math.min(p, 1 - p) / Math.sqrt(q);
}

/**
 * Inclusion probabilities of `m` units from the mixture `tau / M + (1 - tau) v / total`,
 * `v` the units' sizes (overwritten) and `total` their sum in order; `into`, when
 * given, may receive the pik (see `inclusionProbabilitiesOfSum`).
 */
function mixturePik(
  v: Float64Array,
  total: number,
  tau: number,
  m: number,
  into?: Float64Array,
): Float64Array {
  const M = v.length;
  let most = 0;
  // the same numbers as tau / M + ((1 - tau) v_k) / total, the invariant parts hoisted
  const even = tau / M;
  const tilt = 1 - tau;
  const equal = 1 / M;
  // their Neumaier sum in order, as inclusionProbabilities' checking pass makes it
  let sum = 0;
  let c = 0;
  let valid = true;
  let positive = 0;
  for (let k = 0; k < M; k++) {
    const x = total > 0 ? even + (tilt * (v[k] as number)) / total : equal;
    v[k] = x;
    if (x > 0) positive++;
    if (x > most) most = x;
    if (!(x >= 0 && x < Number.POSITIVE_INFINITY)) valid = false;
    const t = sum + x;
    c += sum >= x ? sum - t + x : x - t + sum;
    sum = t;
  }
  if (valid && positive < m) {
    // tau 0 and fewer units of positive size than draws (a calibration at 0
    // on most units): those units are certain and the other draws are spread
    // evenly over the rest (a fixed design still, so unbiasedness holds)
    // (one uncertain draw: equal probabilities, as below)
    if (m - positive === 1 && M > m) return new Float64Array(M).fill(m / M);
    const rest = (m - positive) / (M - positive);
    return Float64Array.from(v, (x) => (x > 0 ? 1 : rest));
  }
  const pik = valid
    ? inclusionProbabilitiesOfSum(v, m, sum + c, into)
    : inclusionProbabilities(v, m);
  let certain = 0;
  // the mixture sums to 1 (to rounding), so m * most <= 0.5 leaves every pik
  // below 0.51: nothing capped, nothing to settle
  if (m * most > 0.5) {
    for (let k = 0; k < M; k++) {
      if ((pik[k] as number) >= 1 - 1e-12) {
        pik[k] = 1;
        certain++;
      }
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
 * Units along the score: `units[p]` is the unit at position p, the units in
 * increasing order of their score quantised to steps (units of one step by
 * index), with `score[p]` its score (the predictions when `given`); the
 * units of step b sit at positions [ends[b - 1], ends[b]) (from 0 for b = 0).
 * The draws read it in order (sequential memory access).
 */
type Line = {
  readonly units: Int32Array;
  readonly score: Float64Array;
  readonly given: boolean;
  readonly ends: Int32Array;
};

/** The line of every unit and each unit's step. */
type ScoreOrder = {
  readonly line: Line;
  readonly step: Uint16Array;
};

/**
 * The units in increasing order of their score quantised to min(N, 4096)
 * equal steps between the smallest and the largest score: a counting sort,
 * O(N), so the order costs a few ms at N = 400,000 where a comparison sort
 * costs hundreds.
 */
function scoreOrder(score: Float64Array, given: boolean): ScoreOrder {
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
  const units = new Int32Array(N);
  const s = new Float64Array(N);
  for (let i = 0; i < N; i++) {
    const b = bucket[i] as number;
    const at = start[b] as number;
    units[at] = i;
    s[at] = score[i] as number;
    start[b] = at + 1;
  }
  // start[b] is now one past the last position of step b
  const line = { units, score: s, given, ends: start.subarray(0, B) };
  return { line, step: bucket };
}

/** The positions on `line` of `units` (each on it), in increasing order. */
function positionsOf(line: Line, step: Uint16Array, units: Int32Array): Int32Array {
  const at = new Int32Array(units.length);
  for (let k = 0; k < units.length; k++) {
    const u = units[k] as number;
    const b = step[u] as number;
    let p = b > 0 ? (line.ends[b - 1] as number) : 0;
    while (line.units[p] !== u) p++;
    at[k] = p;
  }
  return at.sort();
}

/** `line` without the positions `at` (increasing), in the same order. */
function drop(line: Line, at: Int32Array): Line {
  const n = line.units.length;
  const M = n - at.length;
  const units = new Int32Array(M);
  const score = new Float64Array(M);
  const ends = new Int32Array(line.ends.length);
  let k = 0;
  let d = 0;
  let b = 0;
  for (let p = 0; p < n; p++) {
    while (p >= (line.ends[b] as number)) ends[b++] = k;
    if (p === at[d]) {
      d++;
      continue;
    }
    units[k] = line.units[p] as number;
    score[k] = line.score[p] as number;
    k++;
  }
  while (b < ends.length) ends[b++] = k;
  return { units, score, given: line.given, ends };
}

/**
 * The failure probability f of a phase: zero (no predictions, nothing
 * calibrated), the predictions as given, or a calibration model of the score.
 */
type Predictor =
  | { readonly kind: "zero" }
  | { readonly kind: "given"; readonly f: Float64Array }
  | { readonly kind: "model"; readonly model: CalibrationModel };

/** f on `units`. */
function predictorAt(f: Predictor, units: Int32Array, score: Float64Array): Float64Array {
  if (f.kind === "zero") return new Float64Array(units.length);
  if (f.kind === "given") return Float64Array.from(units, (u) => f.f[u] as number);
  return predictCalibration(
    f.model,
    Float64Array.from(units, (u) => score[u] as number),
  );
}

/** The pilot's size of every position of `line` into `out` (1 when `equal`, else the score or the predictions' SD); returns their sum. */
function pilotSizes(line: Line, size: Sizing, equal: boolean, out: Float64Array): number {
  const { given } = line;
  let total = 0;
  for (let k = 0; k < out.length; k++) {
    const x = equal ? 1 : given ? sizeOf(line.score[k] as number, size) : (line.score[k] as number);
    out[k] = x;
    total += x;
  }
  return total;
}

/**
 * The size `sizeOf(f)` of every position of `line` but those in `skip`
 * (increasing), in order, into `out`; returns their sum and, for an isotonic
 * model, each step's f when it is one value on the whole step (NaN when a
 * threshold cuts the step). The isotonic map is a non-decreasing step
 * function of the score, so f at the step's least and greatest score tell, and
 * only the few steps a threshold cuts are mapped unit by unit.
 */
function activeSizes(
  line: Line,
  skip: Int32Array,
  f: Predictor,
  size: Sizing,
  out: Float64Array,
  setup: Setup,
): { total: number; stepValue: Float64Array | undefined } {
  let total = 0;
  let k = 0;
  let d = 0;
  // the next position to skip (-1 past the last), read once per skip
  let next = skip.length > 0 ? (skip[0] as number) : -1;
  if (f.kind === "model" && f.model.method === "isotonic") {
    const B = line.ends.length;
    setup.bounds ??= stepBounds(line);
    const atBounds = predictCalibration(f.model, setup.bounds);
    const stepValue = new Float64Array(B);
    let begin = 0;
    for (let b = 0; b < B; b++) {
      const end = line.ends[b] as number;
      const v = atBounds[2 * b] as number;
      const cut = v !== atBounds[2 * b + 1];
      stepValue[b] = cut ? Number.NaN : v;
      const values = cut ? predictCalibration(f.model, line.score.subarray(begin, end)) : undefined;
      const x0 = sizeOf(v, size);
      for (let p = begin; p < end; p++) {
        if (p === next) {
          d++;
          next = d < skip.length ? (skip[d] as number) : -1;
          continue;
        }
        const x = values === undefined ? x0 : sizeOf(values[p - begin] as number, size);
        out[k++] = x;
        total += x;
      }
      begin = end;
    }
    return { total, stepValue };
  }
  const values =
    f.kind === "zero"
      ? undefined
      : f.kind === "given"
        ? line.score
        : predictCalibration(f.model, line.score);
  const x0 = sizeOf(0, size);
  for (let p = 0; p < line.units.length; p++) {
    if (p === next) {
      d++;
      next = d < skip.length ? (skip[d] as number) : -1;
      continue;
    }
    const x = values === undefined ? x0 : sizeOf(values[p] as number, size);
    out[k++] = x;
    total += x;
  }
  return { total, stepValue: undefined };
}

/** The least and greatest score of every step of `line` (0 for an empty one), as pairs. */
function stepBounds(line: Line): Float64Array {
  const { ends } = line;
  const B = ends.length;
  const bounds = new Float64Array(2 * B);
  let from = 0;
  for (let b = 0; b < B; b++) {
    const end = ends[b] as number;
    let lo = end > from ? (line.score[from] as number) : 0;
    let hi = lo;
    for (let p = from + 1; p < end; p++) {
      const x = line.score[p] as number;
      if (x < lo) lo = x;
      if (x > hi) hi = x;
    }
    bounds[2 * b] = lo;
    bounds[2 * b + 1] = hi;
    from = end;
  }
  return bounds;
}

/**
 * The sum of f over the units not marked in `taken`, in index order (so that
 * it is the sum `modelAssisted` takes of those units' predictions, bit for bit).
 * With `stepValue` (an isotonic f, one value per step or NaN on a cut step), the
 * units of a cut step are met in index order, which is their order on the line:
 * their f is mapped once per cut step along the line and read back in turn.
 */
function untakenSum(
  f: Predictor,
  taken: Uint8Array,
  score: Float64Array,
  order: ScoreOrder,
  stepValue: Float64Array | undefined,
): number {
  const N = taken.length;
  if (f.kind === "zero") return 0;
  let s = 0;
  if (stepValue === undefined || f.kind !== "model") {
    const values = f.kind === "given" ? f.f : predictCalibration(f.model, score);
    for (let i = 0; i < N; i++) if (taken[i] === 0) s += values[i] as number;
    return s;
  }
  const { line, step } = order;
  const B = stepValue.length;
  // next[b]: where the next unit of cut step b reads its f in `cut`
  const next = new Int32Array(B);
  let size = 0;
  for (let b = 0; b < B; b++) {
    if (!Number.isNaN(stepValue[b])) continue;
    next[b] = size;
    size += (line.ends[b] as number) - (b > 0 ? (line.ends[b - 1] as number) : 0);
  }
  const cut = new Float64Array(size);
  for (let b = 0; b < B; b++) {
    if (!Number.isNaN(stepValue[b])) continue;
    const begin = b > 0 ? (line.ends[b - 1] as number) : 0;
    cut.set(predictCalibration(f.model, line.score.subarray(begin, line.ends[b])), next[b]);
  }
  for (let i = 0; i < N; i++) {
    const b = step[i] as number;
    let v = stepValue[b] as number;
    if (Number.isNaN(v)) {
      const at = next[b] as number;
      v = cut[at] as number;
      next[b] = at + 1;
    }
    if (taken[i] === 0) s += v;
  }
  return s;
}

/**
 * A pivotal draw on `pik`, aligned with the positions of `units` but those in
 * `skip` (increasing): the drawn positions (increasing, skipped ones counted),
 * and the drawn units by index with their pik.
 */
function drawOn(
  fn: string,
  units: Int32Array,
  skip: Int32Array,
  pik: Float64Array,
  rng: Rng,
  checked: boolean,
): { at: Int32Array; units: Int32Array; pik: Float64Array } {
  if (!checked) checkPikSum("pivotal", "pik", pik);
  const drawn = pivotalDuels(pik, rng, 0, fn);
  const at = new Int32Array(drawn.length);
  let d = 0;
  for (let j = 0; j < drawn.length; j++) {
    const k = drawn[j] as number;
    while (d < skip.length && (skip[d] as number) <= k + d) d++;
    at[j] = k + d;
  }
  const byUnit = Array.from(drawn.keys()).sort(
    (a, b) => (units[at[a] as number] as number) - (units[at[b] as number] as number),
  );
  return {
    at,
    units: Int32Array.from(byUnit, (j) => units[at[j] as number] as number),
    pik: Float64Array.from(byUnit, (j) => pik[drawn[j] as number] as number),
  };
}

/** One phase's estimate of the population mean and its variance, from the difference estimator over its units. */
type Phase = { readonly estimate: number; readonly variance: number };

/**
 * `(fixedSum + M m) / N` and `(M / N)^2 var(m)`, m the difference estimator of
 * the phase's mean over its M units (what `modelAssisted` with lambda 1 and the
 * Deville variance gives): `yhatSum / M` plus the Horvitz–Thompson mean of the
 * residuals `y - yhat`, `yhatSum` the predictions' sum over the M units.
 */
function phase(
  fn: string,
  y: Float64Array,
  pikS: Float64Array,
  yhatS: Float64Array,
  yhatSum: number,
  M: number,
  fixedSum: number,
  N: number,
): Phase {
  const r = new Float64Array(y.length);
  for (let k = 0; k < y.length; k++) r[k] = (y[k] as number) - (yhatS[k] as number);
  let e: Estimate;
  try {
    e = horvitzThompson(r, pikS, M, { variance: "deville", interval: "t" });
  } catch (err) {
    if (err instanceof RangeError) throw new RangeError(`${fn}: ${err.message}`);
    throw err;
  }
  const scale = M / N;
  return {
    estimate: (fixedSum + M * (e.estimate + yhatSum / M)) / N,
    variance: scale * scale * e.variance,
  };
}

/**
 * `verdictFloor` (src/estimate/_ppi.ts) of the labelled units outside the
 * greedy ones, with their predictions and the predictions of the units
 * outside the greedy ones as the population, scaled by that population's
 * share of N squared; 0 unless the predictions are all 0 or 1. Equal
 * weights: hard predictions have draw sizes sqrt(f (1 - f)) = 0, so the
 * uncalibrated active phase is its uniform share and the pilot is drawn
 * with equal probabilities by default (a calibrated f makes the weights
 * unequal; the floor then uses the label counts).
 */
function activeVerdictFloor(
  predictions: Float64Array,
  asked: readonly number[],
  labels: readonly number[],
  nGreedy: number,
  level: number,
): number {
  const N = predictions.length;
  let rest = predictions;
  if (nGreedy > 0) {
    const greedy = new Uint8Array(N);
    for (let k = 0; k < nGreedy; k++) greedy[asked[k] as number] = 1;
    rest = new Float64Array(N - nGreedy);
    for (let i = 0, j = 0; i < N; i++) if (greedy[i] === 0) rest[j++] = predictions[i] as number;
  }
  const y = Float64Array.from(labels.slice(nGreedy));
  const f = Float64Array.from(asked.slice(nGreedy), (u) => predictions[u] as number);
  const floor = verdictFloor(y, f, undefined, rest, (1 - level) / 2);
  const share = rest.length / N;
  return floor === undefined ? 0 : share * share * floor;
}

function* run(
  fn: string,
  plan: Plan,
  rng: Rng,
  est: EstimatorChoice,
  setup: Setup,
): Generator<number, Estimate, number> {
  const { N, score, predictions, calibration, tau, size, nGreedy, nPilot, nActive } = plan;
  const budget = nGreedy + nPilot + nActive;
  const taken = new Uint8Array(N);
  const labels: number[] = [];
  const asked: number[] = [];
  // (a label outside [0, 1] under calibration was refused before the run saw it)
  const seen = (y: number): number => {
    labels.push(y);
    return y;
  };
  // step 1: the highest scores, with certainty
  setup.greedy ??= topUnits(score, nGreedy);
  const { greedy } = setup;
  let fixedSum = 0;
  const calX: number[] = [];
  const calY: number[] = [];
  for (const u of greedy) {
    taken[u] = 1;
    asked.push(u);
    const y = seen(yield u);
    fixedSum += y;
    calX.push(score[u] as number);
    calY.push(y);
  }
  // step 2: the pilot, on the prior SD (predictions) or the risk
  const prior: Predictor =
    predictions === undefined ? { kind: "zero" } : { kind: "given", f: predictions };
  // duels in increasing score: the ordered pivotal design then spreads the
  // sample along the score like a stratification on it
  setup.order ??= scoreOrder(score, predictions !== undefined);
  const { order } = setup;
  const { line, step } = order;
  setup.M1 ??= nGreedy > 0 ? drop(line, positionsOf(line, step, greedy)) : line;
  const { M1 } = setup;
  const m1 = M1.units.length;
  setup.sizes ??= new Float64Array(m1);
  const v = setup.sizes;
  let pilot: Phase | undefined;
  let pilotAt: Int32Array = new Int32Array(0);
  let pilotSum = 0;
  if (nPilot > 0) {
    if (setup.pilotPik === undefined) {
      const total = pilotSizes(M1, size, plan.pilotEqual, v);
      setup.pilotPik = mixturePik(v, total, tau, nPilot);
    }
    const s = drawOn(fn, M1.units, pilotAt, setup.pilotPik, rng, setup.pilotChecked === true);
    setup.pilotChecked = true;
    // only the greedy units are marked yet, as in every run
    setup.priorSum ??= untakenSum(prior, taken, score, order, undefined);
    const { priorSum } = setup;
    const yS = new Float64Array(nPilot);
    for (let k = 0; k < s.units.length; k++) {
      const u = s.units[k] as number;
      taken[u] = 1;
      asked.push(u);
      const y = seen(yield u);
      yS[k] = y;
      pilotSum += y;
      calX.push(score[u] as number);
      calY.push(y);
    }
    pilot = phase(fn, yS, s.pik, predictorAt(prior, s.units, score), priorSum, m1, fixedSum, N);
    pilotAt = s.at;
  }
  // step 3: calibrate on every label so far, then draw on the predicted SD
  const f: Predictor =
    calibration === "none" || calX.length === 0
      ? prior
      : {
          kind: "model",
          model: fitCalibration(Float64Array.from(calX), Float64Array.from(calY), {
            method: calibration,
          }),
        };
  const m2 = m1 - pilotAt.length;
  const v2 = v.subarray(0, m2);
  const { total, stepValue } = activeSizes(M1, pilotAt, f, size, v, setup);
  setup.pik ??= new Float64Array(m1);
  const pik2 = mixturePik(v2, total, tau, nActive, setup.pik.subarray(0, m2));
  const s = drawOn(fn, M1.units, pilotAt, pik2, rng, false);
  const yS = new Float64Array(s.units.length);
  for (let k = 0; k < s.units.length; k++) {
    asked.push(s.units[k] as number);
    yS[k] = seen(yield s.units[k] as number);
  }
  const fSum = untakenSum(f, taken, score, order, stepValue);
  const yhatS = predictorAt(f, s.units, score);
  const active = phase(fn, yS, s.pik, yhatS, fSum, m2, fixedSum + pilotSum, N);
  // a fixed weight (never estimated) keeps the combination exactly unbiased; when
  // the active sample takes every remaining unit its estimate is exact and alone
  const census = nActive === m2;
  const w =
    pilot !== undefined && plan.weights === "labels" && !census ? nPilot / (nPilot + nActive) : 0;
  const estimate = w * (pilot?.estimate ?? 0) + (1 - w) * active.estimate;
  const variance = w * w * (pilot?.variance ?? 0) + (1 - w) * (1 - w) * active.variance;
  const method = `active (${nGreedy > 0 ? `greedy ${nGreedy}, ` : ""}pilot ${nPilot}, active ${nActive}, ${calibration}, ${size.size}${size.tilt > 0 ? `, failure weight ${size.tilt}` : ""}, tau ${tau}, pivotal, weights ${plan.weights})`;
  // hard 0/1 predictions used as they are (uncalibrated, or calibrated to 0/1
  // on every unit of the active sample): a verdict right on every label has
  // residuals exactly 0
  const hardF = calibration === "none" || yhatS.every((v) => v === 0 || v === 1);
  const verdict =
    predictions === undefined || budget >= N || !hardF
      ? 0
      : activeVerdictFloor(predictions, asked, labels, nGreedy, est.level);
  const e = intervalEstimate(fn, {
    method,
    estimate,
    variance: variance + verdict,
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
  if (setup.bandsDone !== true) {
    setup.bands = riskBands(score);
    setup.bandsDone = true;
  }
  const floored = flooredWeightedEstimate(
    fn,
    e,
    asked,
    Float64Array.from(labels),
    setup.bands,
    est,
  );
  // no failure labelled (or no pass): the difference estimate shows only the
  // predictions' spread, so the interval must hold the labels-alone bound
  const hull = budget < N ? agreeingLabelsHull(floored.ci, labels, budget, est.level) : undefined;
  return hull === undefined
    ? floored
    : { ...floored, ci: hull, method: floored.method + agreeingNote(labels) };
}
