import type { Plain } from "../../core/toPlain.js";
import { checkChoice, checkInteger, checkNumber, optionKeys } from "../../core/validate.js";
import { asOutcomes, trainingRuns } from "../_internal.js";
import type { Outcomes } from "../outcomes.js";
import { cap, logistic, softplus } from "./_internal.js";
import type { IrtItems, IrtModelName } from "./types.js";

const KEYS = optionKeys<FitIrtOptions>()(
  "model",
  "runs",
  "thetaSd",
  "bSd",
  "logASd",
  "maxIter",
  "tol",
);

/** Options of {@link fitIrt}. */
export type FitIrtOptions = {
  /** `"rasch"` or `"2pl"`. @defaultValue `"2pl"` */
  readonly model?: IrtModelName;
  /**
   * Indices of the runs of `history` to fit on, distinct (e.g. only runs
   * dated before the test window, so that nothing is learnt from the future).
   * @defaultValue every run of `history`.
   */
  readonly runs?: readonly number[] | Int32Array;
  /** Standard deviation of the N(0, thetaSd^2) prior on every run's ability (> 0). @defaultValue 2 */
  readonly thetaSd?: number;
  /** Standard deviation of the N(0, bSd^2) prior on every item's difficulty (> 0). @defaultValue 3 */
  readonly bSd?: number;
  /** 2PL only: standard deviation of the N(0, logASd^2) prior on log a_i (> 0), i.e. a log-normal prior centred on a = 1. @defaultValue 0.5 */
  readonly logASd?: number;
  /** Maximum number of sweeps (integer >= 1). @defaultValue 500 */
  readonly maxIter?: number;
  /** Convergence tolerance on the largest parameter change of a sweep (> 0). @defaultValue 1e-6 */
  readonly tol?: number;
};

/** Result of {@link fitIrt}: the calibrated items plus the fitted runs. */
export type IrtModel = IrtItems & {
  /** The runs fitted on (indices into `history.runs`, in the order used). */
  readonly runs: Int32Array;
  /** MAP ability of each fitted run, aligned with `runs`. */
  readonly theta: Float64Array;
  /** Sweeps performed. */
  readonly iterations: number;
  /** Whether the largest parameter change fell below `tol` within `maxIter` sweeps. */
  readonly converged: boolean;
  /** Log posterior (log likelihood plus log priors, without their constants) at the returned parameters. */
  readonly logPosterior: number;
};

/**
 * Fits a Rasch or 2PL item response model to historical 0/1 outcomes by
 * joint maximum a posteriori estimation (penalised joint maximum likelihood).
 *
 * Model: P(y_ri = 1) = 1 / (1 + exp(-a_i (theta_r - b_i))), a_i = 1 for Rasch.
 * Objective maximised over all abilities and item parameters:
 * sum_ri [y_ri log P_ri + (1 - y_ri) log(1 - P_ri)] - sum_r theta_r^2 / (2 thetaSd^2)
 * - sum_i b_i^2 / (2 bSd^2) - sum_i (log a_i)^2 / (2 logASd^2) (last term 2PL only).
 * The priors keep every estimate finite (items resolved by all or no runs,
 * runs that resolve everything or nothing) and identify the latent scale:
 * the likelihood is unchanged by theta + c, b + c (and, for 2PL, by
 * theta s, b s, a / s); among those equivalent solutions the priors pick the
 * one with the largest prior density, so no hard constraint is imposed.
 *
 * Algorithm: block coordinate ascent, each sweep being one Fisher-scoring
 * step for every ability (items fixed), one for every item's (b_i) or
 * (log a_i, b_i) (abilities fixed; a 2PL item step is kept only if it raises
 * that item's log posterior, else the item's step is halved from then on
 * until it succeeds again), steps capped at 1, then exact moves along
 * the likelihood-invariant location (and 2PL scale) directions, which
 * plain alternation converges along only slowly. Deterministic: no random
 * start (all abilities and difficulties start at 0, a at 1). For the Rasch
 * model the objective is strictly concave, so the maximum is unique; the 2PL
 * objective is not concave and the result is a local maximum from that start.
 * Cost per sweep: two passes over the runs x items matrix.
 *
 * New runs are scored with the same ability prior: the returned
 * `thetaMean` is 0 and `thetaSd` is `options.thetaSd`.
 *
 * @param history - Past runs' outcomes (runs x items, 1 = resolved).
 * @param options - `model` (default "2pl"), `runs` (default all), priors `thetaSd` (2), `bSd` (3), `logASd` (0.5), `maxIter` (500), `tol` (1e-6).
 * @returns The items' a and b, the fitted runs' abilities, and convergence information (see {@link IrtModel}).
 * @throws {TypeError} If `history` is not a well-formed Outcomes, or an option has the wrong type.
 * @throws {RangeError} If `history` holds a value other than 0/1 or duplicate ids; `runs` is empty, repeats a
 *   run or is out of range; `model` is unknown; a prior sd or `tol` is not a finite number > 0; or `maxIter`
 *   is not an integer >= 1.
 * @see Polo, F. M. et al. (2024). tinyBenchmarks: evaluating LLMs with fewer examples. ICML (item model of p-IRT/gp-IRT).
 * @see Baker, F. B. & Kim, S.-H. (2004). Item Response Theory: Parameter Estimation Techniques, 2nd ed., ch. 4 (joint maximum likelihood) and ch. 7 (Bayesian priors).
 * @see R `mirt::mirt(data, 1, itemtype = "2PL")` (marginal ML alternative).
 * @example
 * ```ts
 * const h = outcomes([
 *   { run: "a", item: "x", resolved: 1 }, { run: "a", item: "y", resolved: 0 },
 *   { run: "b", item: "x", resolved: 1 }, { run: "b", item: "y", resolved: 1 },
 *   { run: "c", item: "x", resolved: 0 }, { run: "c", item: "y", resolved: 0 },
 * ]);
 * const fit = fitIrt(h, { model: "rasch" });
 * fit.b; // Float64Array [-0.7872256829142618, 0.7872256829142615] ("y" is harder)
 * fit.theta; // Float64Array [1.1283262319728137e-18, 1.584201545064513, -1.5842015450645133]
 * fit.converged; // true
 * ```
 */
export function fitIrt(history: Outcomes | Plain<Outcomes>, options: FitIrtOptions = {}): IrtModel {
  const fn = "fitIrt";
  history = asOutcomes(fn, "history", history);
  const runList = trainingRuns(fn, history, options, KEYS);
  const {
    model = "2pl",
    thetaSd = 2,
    bSd = 3,
    logASd = 0.5,
    maxIter = 500,
    tol = 1e-6,
  } = options ?? {};
  checkChoice(fn, "options.model", model, ["rasch", "2pl"] as const);
  const pos = { lower: true };
  checkNumber(fn, "options.thetaSd", thetaSd, 0, Number.POSITIVE_INFINITY, pos);
  checkNumber(fn, "options.bSd", bSd, 0, Number.POSITIVE_INFINITY, pos);
  checkNumber(fn, "options.logASd", logASd, 0, Number.POSITIVE_INFINITY, pos);
  checkInteger(fn, "options.maxIter", maxIter, 1);
  checkNumber(fn, "options.tol", tol, 0, Number.POSITIVE_INFINITY, pos);

  const fit = new IrtFit(history, runList, model === "2pl", thetaSd, bSd, logASd);
  let iterations = 0;
  let converged = false;
  while (iterations < maxIter) {
    iterations++;
    let change = fit.stepAbilities();
    fit.sumItems();
    change = Math.max(change, fit.proposeItemSteps());
    if (fit.twoPl) fit.acceptItemSteps();
    change = Math.max(change, fit.gauge());
    if (change < tol) {
      converged = true;
      break;
    }
  }
  return {
    model,
    a: fit.a,
    b: fit.b,
    thetaMean: 0,
    thetaSd,
    runs: Int32Array.from(runList),
    theta: fit.theta,
    iterations,
    converged,
    logPosterior: fit.logPosterior(),
  };
}

/**
 * The state of one joint MAP fit: the parameters and the per-item buffers of
 * a Fisher-scoring iteration as fields, each phase of an iteration a method
 * (abilities, item sums, item steps, 2PL step acceptance, gauge).
 */
class IrtFit {
  readonly twoPl: boolean;
  readonly theta: Float64Array;
  readonly b: Float64Array;
  readonly a: Float64Array;
  private readonly N: number;
  private readonly R: number;
  private readonly y: Uint8Array;
  private readonly vt: number;
  private readonly vb: number;
  private readonly va: number;
  private readonly alpha: Float64Array;
  // Per-item sufficient sums of one pass: sum w, sum (y - p), and (2PL) the theta-weighted ones.
  private readonly sW: Float64Array;
  private readonly sE: Float64Array;
  private readonly sWt: Float64Array;
  private readonly sWtt: Float64Array;
  private readonly sEt: Float64Array;
  private readonly llOld: Float64Array;
  private readonly llNew: Float64Array;
  private readonly propA: Float64Array;
  private readonly propB: Float64Array;
  private readonly expA: Float64Array;
  private readonly damp: Float64Array;

  constructor(
    history: Outcomes,
    runList: readonly number[],
    twoPl: boolean,
    thetaSd: number,
    bSd: number,
    logASd: number,
  ) {
    const N = history.items.length;
    const R = runList.length;
    this.N = N;
    this.R = R;
    this.y = new Uint8Array(R * N);
    runList.forEach((r, t) => {
      this.y.set(history.data.subarray(r * N, (r + 1) * N), t * N);
    });
    this.twoPl = twoPl;
    this.vt = 1 / (thetaSd * thetaSd);
    this.vb = 1 / (bSd * bSd);
    this.va = 1 / (logASd * logASd);
    this.theta = new Float64Array(R);
    this.b = new Float64Array(N);
    this.alpha = new Float64Array(N);
    this.a = new Float64Array(N).fill(1);
    this.sW = new Float64Array(N);
    this.sE = new Float64Array(N);
    this.sWt = new Float64Array(N);
    this.sWtt = new Float64Array(N);
    this.sEt = new Float64Array(N);
    const n2 = twoPl ? N : 0;
    this.llOld = new Float64Array(n2);
    this.llNew = new Float64Array(n2);
    this.propA = new Float64Array(n2);
    this.propB = new Float64Array(n2);
    this.expA = new Float64Array(n2);
    this.damp = new Float64Array(n2).fill(1);
  }

  /** One Newton step of every run's ability given the items; returns the largest step. */
  stepAbilities(): number {
    const { N, R, y, theta, a, b, vt } = this;
    let change = 0;
    for (let r = 0; r < R; r++) {
      const th = theta[r] as number;
      let g = -th * vt;
      let h = vt;
      const row = r * N;
      for (let i = 0; i < N; i++) {
        const ai = a[i] as number;
        const p = logistic(ai * (th - (b[i] as number)));
        g += ai * ((y[row + i] as number) - p);
        h += ai * ai * p * (1 - p);
      }
      const step = cap(g / h);
      theta[r] = th + step;
      if (Math.abs(step) > change) change = Math.abs(step);
    }
    return change;
  }

  /** The per-item sums of weights, residuals (and, 2PL, their theta moments and log-likelihoods). */
  sumItems(): void {
    const { N, R, y, theta, a, b, sW, sE, sWt, sWtt, sEt, llOld, twoPl } = this;
    sW.fill(0);
    sE.fill(0);
    if (twoPl) {
      sWt.fill(0);
      sWtt.fill(0);
      sEt.fill(0);
      llOld.fill(0);
    }
    for (let r = 0; r < R; r++) {
      const th = theta[r] as number;
      const row = r * N;
      for (let i = 0; i < N; i++) {
        const p = logistic((a[i] as number) * (th - (b[i] as number)));
        const w = p * (1 - p);
        const e = (y[row + i] as number) - p;
        sW[i] = (sW[i] as number) + w;
        sE[i] = (sE[i] as number) + e;
        if (twoPl) {
          sWt[i] = (sWt[i] as number) + w * th;
          sWtt[i] = (sWtt[i] as number) + w * th * th;
          sEt[i] = (sEt[i] as number) + e * th;
          llOld[i] = (llOld[i] as number) + logLik(y[row + i] as number, p);
        }
      }
    }
  }

  /**
   * Fisher-scoring steps of every item: applied directly for Rasch, proposed
   * (in `propA` / `propB`) for 2PL. Returns the largest step.
   */
  proposeItemSteps(): number {
    const { N, a, b, alpha, sW, sE, sWt, sWtt, sEt, damp, propA, propB, vb, va, twoPl } = this;
    let change = 0;
    for (let i = 0; i < N; i++) {
      const ai = a[i] as number;
      const bi = b[i] as number;
      // Score and Fisher information of b (and log a): eta = a (theta - b).
      const gb = -ai * (sE[i] as number) - bi * vb;
      const ibb = ai * ai * (sW[i] as number) + vb;
      if (!twoPl) {
        const step = cap(gb / ibb);
        b[i] = bi + step;
        if (Math.abs(step) > change) change = Math.abs(step);
        continue;
      }
      const al = alpha[i] as number;
      const sw = sW[i] as number;
      const swd = (sWt[i] as number) - bi * sw;
      const swdd = (sWtt[i] as number) - 2 * bi * (sWt[i] as number) + bi * bi * sw;
      const ga = ai * ((sEt[i] as number) - bi * (sE[i] as number)) - al * va;
      const iaa = ai * ai * swdd + va;
      const iab = -ai * ai * swd;
      const det = iaa * ibb - iab * iab;
      const f = damp[i] as number;
      const da = f * cap((ibb * ga - iab * gb) / det);
      const db = f * cap((iaa * gb - iab * ga) / det);
      propA[i] = al + da;
      propB[i] = bi + db;
      const c = Math.max(Math.abs(da), Math.abs(db));
      if (c > change) change = c;
    }
    return change;
  }

  /**
   * 2PL: the item objective is not concave in (log a, b), so a scoring step
   * is kept only if it raises the item's log posterior; otherwise the item's
   * step factor halves (and doubles back, up to 1, after a success).
   */
  acceptItemSteps(): void {
    const { N, R, y, theta, a, b, alpha, llOld, llNew, propA, propB, expA, damp, vb, va } = this;
    llNew.fill(0);
    for (let i = 0; i < N; i++) expA[i] = Math.exp(propA[i] as number);
    for (let r = 0; r < R; r++) {
      const th = theta[r] as number;
      const row = r * N;
      for (let i = 0; i < N; i++) {
        const p = logistic((expA[i] as number) * (th - (propB[i] as number)));
        llNew[i] = (llNew[i] as number) + logLik(y[row + i] as number, p);
      }
    }
    for (let i = 0; i < N; i++) {
      const al = alpha[i] as number;
      const bi = b[i] as number;
      const pa = propA[i] as number;
      const pb = propB[i] as number;
      const before = (llOld[i] as number) - 0.5 * (al * al * va + bi * bi * vb);
      const after = (llNew[i] as number) - 0.5 * (pa * pa * va + pb * pb * vb);
      if (after >= before) {
        alpha[i] = pa;
        a[i] = expA[i] as number;
        b[i] = pb;
        damp[i] = Math.min(1, 2 * (damp[i] as number));
      } else {
        damp[i] = 0.5 * (damp[i] as number);
      }
    }
  }

  /** Re-centres the abilities (the model's gauge); returns the largest change. */
  gauge(): number {
    return gauge(this.theta, this.b, this.alpha, this.a, this.vt, this.vb, this.va, this.twoPl);
  }

  /** The log posterior of the current parameters (up to a constant). */
  logPosterior(): number {
    const { N, R, y, theta, a, b, alpha, vt, vb, va, twoPl } = this;
    let lp = 0;
    for (let r = 0; r < R; r++) {
      const th = theta[r] as number;
      lp -= 0.5 * th * th * vt;
      const row = r * N;
      for (let i = 0; i < N; i++) {
        const eta = (a[i] as number) * (th - (b[i] as number));
        lp -= y[row + i] === 1 ? softplus(-eta) : softplus(eta);
      }
    }
    for (let i = 0; i < N; i++) {
      lp -= 0.5 * (b[i] as number) ** 2 * vb;
      if (twoPl) lp -= 0.5 * (alpha[i] as number) ** 2 * va;
    }
    return lp;
  }
}

/** log P(y | p), floored so that p = 0 or 1 in floating point stays finite. */
function logLik(y: number, p: number): number {
  return Math.log(Math.max(y === 1 ? p : 1 - p, 1e-300));
}

/**
 * Moves along the directions that leave the likelihood unchanged to the
 * prior-optimal point: location theta + c, b + c (closed form), and for 2PL
 * scale theta e^u, b e^u, log a - u (Newton on u). Returns the largest
 * parameter change.
 */
function gauge(
  theta: Float64Array,
  b: Float64Array,
  alpha: Float64Array,
  a: Float64Array,
  vt: number,
  vb: number,
  va: number,
  twoPl: boolean,
): number {
  const R = theta.length;
  const N = b.length;
  let st = 0;
  let sb = 0;
  for (let r = 0; r < R; r++) st += theta[r] as number;
  for (let i = 0; i < N; i++) sb += b[i] as number;
  const c = -(st * vt + sb * vb) / (R * vt + N * vb);
  for (let r = 0; r < R; r++) theta[r] = (theta[r] as number) + c;
  for (let i = 0; i < N; i++) b[i] = (b[i] as number) + c;
  let change = Math.abs(c);
  if (!twoPl) return change;
  let q = 0;
  let sa = 0;
  for (let r = 0; r < R; r++) q += (theta[r] as number) ** 2 * vt;
  for (let i = 0; i < N; i++) {
    q += (b[i] as number) ** 2 * vb;
    sa += alpha[i] as number;
  }
  // f(u) = e^{2u} q / 2 + sum_i (alpha_i - u)^2 va / 2 is convex in u.
  let u = 0;
  for (let iter = 0; iter < 50; iter++) {
    const e2 = Math.exp(2 * u);
    const d1 = e2 * q - (sa - N * u) * va;
    const d2 = 2 * e2 * q + N * va;
    const du = cap(d1 / d2);
    u -= du;
    if (Math.abs(du) < 1e-12) break;
  }
  const s = Math.exp(u);
  for (let r = 0; r < R; r++) {
    const t = theta[r] as number;
    change = Math.max(change, Math.abs(t * s - t));
    theta[r] = t * s;
  }
  for (let i = 0; i < N; i++) {
    const bi = b[i] as number;
    change = Math.max(change, Math.abs(bi * s - bi), Math.abs(u));
    b[i] = bi * s;
    alpha[i] = (alpha[i] as number) - u;
    a[i] = Math.exp(alpha[i] as number);
  }
  return change;
}
