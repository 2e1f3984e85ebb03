import type { Rng } from "../core/rng.js";
import { asFloat64Array, checkNumber, draw, fail, optionKeys } from "../core/validate.js";
import { weightedSequence } from "../estimate/_boundedSequences.js";
import type { Estimate } from "../estimate/confidenceInterval.js";
import type { PreparedStrategy } from "./_askTell.js";
import { checkCommon, checkedRng, checkRiskRatio, refuseInterval } from "./_checks.js";
import {
  GRID,
  readSequential,
  type Sequential,
  sequenceName,
  sequentialStrategy,
  shouldStop,
  TRUNCATION,
} from "./_sequential.js";
import { Fenwick } from "./_urn.js";
import type { SequentialOptions } from "./sequentialOptions.js";

/** Options of `extraStrategies.sequentialPps`. */
export type SequentialPpsOptions = SequentialOptions & {
  /**
   * Weight lambda in [0, 1) of the risk in the draw probabilities; the rest is
   * uniform over the remaining units, which keeps every probability at least
   * `(1 - lambda) / (units left)` and the importance weights bounded.
   * @defaultValue 0.5
   */
  readonly lambda?: number;
};

const SEQUENTIALPPS_KEYS = optionKeys<SequentialPpsOptions>()(
  "level",
  "interval",
  "sequential",
  "lambda",
);

/**
 * Sequential PPS without replacement with an anytime-valid confidence
 * sequence: each unit is drawn from those not yet drawn with probability
 * proportional to a defensive mixture of risk and uniform, and the
 * weighted-betting sequence of Shekhar et al. (2023) is updated after every
 * label (beyond the paper; registered in `extraStrategies` as `sequentialPps`).
 *
 * Design: at draw t, with R the total risk and K the number of units left,
 * unit j (not yet drawn) has probability `q_t(j) = (1 - lambda) / K + lambda r_j / R`
 * (uniform when every remaining risk is 0). Every remaining unit has
 * `q_t(j) >= (1 - lambda) / K > 0` (the defensive mixture of Hesterberg 1995),
 * so the weights `1 / (N q_t)` stay bounded whatever the risk misses; the
 * probabilities are fixed before the label is seen. Drawn as: with probability
 * 1 - lambda a uniform remaining unit, otherwise one proportional to risk
 * (Fenwick tree), two draws from `rng` per label.
 *
 * Estimator: the mean of `Z_t = y_t / (N q_t) + S_{t-1} / N` (S the labels so
 * far), each unbiased for the population mean given the past, with variance
 * estimate `s_Z^2 / n`; `ci` is the `weightedBettingCs` interval (with
 * `qMin_t = (1 - lambda) / K + lambda min(r) / R`) at the stop, valid at that
 * data-dependent time. Without `sequential` the run uses all `budget` labels.
 * Labels must lie in [0, 1].
 *
 * @param risk - One non-negative finite risk per unit.
 * @param budget - Most labels n, an integer in [2, N].
 * @param rng - Uniform source in [0, 1), e.g. `createRng(seed)`.
 * @param options - `lambda` (default 0.5), `level` (default 0.95), `sequential` (stopping rule; off by default: all `budget` labels), see {@link SequentialPpsOptions}.
 * @returns An ask/tell generator (see {@link Strategy}) returning the {@link Estimate} of the mean of y;
 *   a sequence that collapsed to one value with units left unlabelled (a run it may miss) comes
 *   back `reliable: false` with a warning.
 * @throws {TypeError} On the common strategy errors (see {@link Strategy}); also if `sequential` is not an
 *   object or has an unknown key (e.g. `unknown key "options.sequential.minLabls" (did you
 *   mean "minLabels"?)`).
 * @throws {RangeError} On the common strategy errors (see {@link Strategy}); also if `risk` holds a positive
 *   value below 1e-200 of its total or values whose total overflows the double range (the message says to rescale); `lambda` is not in [0, 1); `sequential` sets neither `halfWidth` nor
 *   `threshold` or has a bad value; `interval` is given (the confidence sequence is the interval); later, if a label is outside [0, 1] (it can be re-sent).
 * @see Shekhar, S., Xu, Z., Lipton, Z. C., Liang, P. J. & Ramdas, A. (2023). Risk-limiting financial audits via weighted sampling without replacement. UAI, PMLR 216; Hesterberg, T. (1995). Technometrics 37, 185-194.
 * @example
 * ```ts
 * const risk = Float64Array.from({ length: 400 }, (_, i) => (i % 20 === 0 ? 0.9 : 0.1));
 * const fails = Float64Array.from({ length: 400 }, (_, i) => (i % 20 === 0 ? 1 : 0));
 * const run = runStrategy(
 *   extraStrategies.sequentialPps(risk, 400, createRng(3), { sequential: { threshold: 0.2 } }),
 *   (i) => fails[i],
 * );
 * run.estimate.n;  // 52
 * run.estimate.ci; // [0.03, 0.198]
 * ```
 */
export function sequentialPpsStrategy(
  risk: ArrayLike<number>,
  budget: number,
  rng: Rng,
  options?: SequentialPpsOptions,
): Generator<number, Estimate, number> {
  return prepareSequentialPps(
    asFloat64Array("extraStrategies.sequentialPps", "risk", risk),
    budget,
    rng,
    options,
  ).start(rng);
}

/**
 * `extraStrategies.sequentialPps` with its checks done
 * once; `rng` is only checked (`UNCHECKED_RNG` when preparing ahead).
 * @internal
 */
export function prepareSequentialPps(
  risk: Float64Array,
  budget: number,
  rng: unknown,
  options?: SequentialPpsOptions,
): PreparedStrategy {
  const fn = "extraStrategies.sequentialPps";
  const { N, est } = checkCommon(fn, risk, budget, rng, options, SEQUENTIALPPS_KEYS);
  refuseInterval(fn, est, "here (the interval is the weighted betting confidence sequence's)");
  const level = est.level;
  const { lambda = 0.5 } = options ?? {};
  checkNumber(fn, "options.lambda", lambda, 0, 1, { upper: true });
  let total = 0;
  for (let i = 0; i < N; i++) total += risk[i] as number;
  if (total > 0) checkRiskRatio(fn, risk, total);
  const s: Sequential | undefined =
    options?.sequential === undefined
      ? undefined
      : readSequential(fn, options.sequential, budget, false);
  const pop = population(risk);
  return {
    start: (r) =>
      sequentialStrategy(
        fn,
        budget,
        sequentialPps(fn, risk, pop, budget, checkedRng(fn, r), level, lambda, s),
        false,
      ),
  };
}

/** What every run starts from: the risk's Fenwick tree (copied by each run), least value, positive count and sum in index order. */
type Population = {
  readonly tree: Fenwick;
  readonly rMin: number;
  readonly positive: number;
  readonly R: number;
  /**
   * Workspaces of finished runs, reset to the start (the tree's sums, nothing
   * taken): a run takes one (or makes one) and hands it back when it ends, so
   * runs alive at the same time never share one.
   */
  readonly spare: Workspace[];
};

/** A run's mutable state: the remaining risks' tree and the drawn units. */
type Workspace = { readonly tree: Fenwick; readonly taken: Uint8Array };

function population(risk: Float64Array): Population {
  let rMin = Number.POSITIVE_INFINITY;
  let positive = 0;
  let R = 0;
  for (let i = 0; i < risk.length; i++) {
    const r = risk[i] as number;
    rMin = Math.min(rMin, r);
    if (r > 0) positive++;
    R += r;
  }
  return { tree: new Fenwick(risk), rMin, positive, R, spare: [] };
}

function* sequentialPps(
  fn: string,
  risk: Float64Array,
  pop: Population,
  budget: number,
  rng: Rng,
  level: number,
  lambda: number,
  s: Sequential | undefined,
): Generator<number, Estimate, number> {
  const N = risk.length;
  const ws = pop.spare.pop() ?? { tree: new Fenwick(risk, pop.tree), taken: new Uint8Array(N) };
  try {
    return yield* drawAll(fn, risk, pop, ws, budget, rng, level, lambda, s);
  } finally {
    ws.tree.reset(pop.tree);
    ws.taken.fill(0);
    pop.spare.push(ws);
  }
}

function* drawAll(
  fn: string,
  risk: Float64Array,
  pop: Population,
  ws: Workspace,
  budget: number,
  rng: Rng,
  level: number,
  lambda: number,
  s: Sequential | undefined,
): Generator<number, Estimate, number> {
  const N = risk.length;
  const cs = weightedSequence(N, 1 - level, GRID, TRUNCATION);
  const { tree, taken } = ws;
  // remaining units as a swap-remove list, for the uniform component: position
  // p holds unit `left.get(p) ?? p` and unit i sits at `where.get(i) ?? i` (only
  // the few moved entries are stored, so a run does not fill two N-length lists)
  const left = new Map<number, number>();
  const where = new Map<number, number>();
  const { rMin } = pop;
  let { positive, R } = pop;
  // R when the tree was last built: see the rebuild below
  let built = R;
  let sum = 0;
  let ss = 0;
  let t = 0;
  let labelled = 0;
  while (t < budget) {
    const K = N - t;
    const tilt = positive > 0 ? lambda : 0;
    const uniformPart = draw(fn, rng) >= tilt;
    const u = draw(fn, rng);
    const p = Math.floor(u * K);
    let unit = uniformPart ? (left.get(p) ?? p) : tree.find(u * R);
    // rounding can point the tree search at a drawn or zero-risk unit: take a remaining positive one
    if (!uniformPart && (taken[unit] === 1 || !((risk[unit] as number) > 0))) {
      unit = lastPositive(risk, taken);
    }
    taken[unit] = 1;
    const r = risk[unit] as number;
    const q = (1 - tilt) / K + (tilt > 0 ? (tilt * r) / R : 0);
    const qMin = (1 - tilt) / K + (tilt > 0 ? (tilt * rMin) / R : 0);
    const y = yield unit;
    // remove the unit from both samplers
    const at = where.get(unit) ?? unit;
    const last = left.get(K - 1) ?? K - 1;
    left.set(at, last);
    where.set(last, at);
    if (r > 0) {
      tree.add(unit, -r);
      positive--;
      R = positive > 0 ? R - r : 0;
      // once the units drawn held all but a millionth of the risk, the running total and the
      // tree's sums are mostly rounding error (with risks 1e16 and 1 the small ones were lost
      // in both: the estimate fell to 0.02 for 0.2): both are recomputed from the units left
      if (positive > 0 && R < 1e-6 * built) {
        R = 0;
        for (let i = 0; i < N; i++) if (taken[i] === 0) R += risk[i] as number;
        tree.rebuild(risk, taken);
        built = R;
      }
    }
    const z = cs.step(y, q, Math.min(qMin, q));
    labelled += y;
    t++;
    const d = z - sum / Math.max(t - 1, 1);
    sum += z;
    ss += t === 1 ? 0 : d * (z - sum / t);
    if (s !== undefined && shouldStop(s, t, cs)) break;
  }
  // every unit labelled: the mean of Z is unbiased but not the labels' mean
  // (e.g. (3 y_1 + y_2) / 4 at N = 2), which is then known exactly
  const census = t === N;
  const mean = census ? labelled / N : sum / t;
  const variance = census ? 0 : ss / (t - 1) / t;
  if (!Number.isFinite(mean) || !Number.isFinite(variance)) {
    fail(fn, `result is not finite (estimate ${mean}, variance ${variance})`);
  }
  const rule = s === undefined ? "" : ", sequential";
  const ci: [number, number] = census ? [mean, mean] : [cs.lower(), cs.upper()];
  // A sequence that rejected every mean but one while units are unlabelled
  // claims certainty the labels cannot give: either every unlabelled unit
  // has that value too, or this is a run the sequence misses (seen at
  // p = 0.98, n = 30 of 5,000: [1, 1] for 0.98); not shown as certain
  const collapsed = !census && ci[1] - ci[0] <= 0;
  return {
    estimate: mean,
    variance,
    se: Math.sqrt(variance),
    level,
    n: t,
    df: t - 1,
    nEffective: t,
    interval: "weightedBettingCs",
    reliable: !collapsed,
    warning: collapsed
      ? `the confidence sequence rejected every mean but ${ci[0]} with ${N - t} of ${N} units unlabelled: unless every unlabelled unit is ${ci[0]} too, this is a run the sequence misses (at most ${Math.round((1 - level) * 1000) / 10} % of runs); label more or use the fixed-n interval`
      : "",
    ci,
    method: census
      ? "sequentialPps (census: the labels' mean)"
      : `sequentialPps (lambda ${lambda}, mean of Z${rule}), ${sequenceName("weighted betting without replacement")}`,
  };
}

/** The highest-index unit not yet drawn with positive risk (the caller knows one exists). */
function lastPositive(risk: Float64Array, taken: Uint8Array): number {
  let i = risk.length - 1;
  while (i > 0 && (taken[i] === 1 || !((risk[i] as number) > 0))) i--;
  return i;
}
