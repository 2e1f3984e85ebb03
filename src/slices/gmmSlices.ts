import type { Rng } from "../core/rng.js";
import type { RowMatrix } from "../core/rowMatrix.js";
import {
  checkChoice,
  checkInteger,
  checkLength,
  checkNumber,
  checkOptions,
  checkRng,
  fail,
  optionKeys,
  toInt32Array,
  toRowMatrix,
} from "../core/validate.js";
import { cholesky } from "../features/_linalg.js";
import { kmeansLabels } from "./_kmeans.js";

/** Covariance structure of each {@link gmmSlices} component. */
export type GmmCovariance = "full" | "diag";

/** Options of {@link gmmSlices}. */
export type GmmSlicesOptions = {
  /** `"full"`: one d x d covariance per component (scikit-learn's default); `"diag"`: per-coordinate variances. @defaultValue gmmSlicesDefaults.covariance ("full") */
  readonly covariance?: GmmCovariance;
  /** Most EM iterations. @defaultValue gmmSlicesDefaults.maxIterations (100) */
  readonly maxIterations?: number;
  /** EM stops once the mean log-likelihood per instance changes by less than this. @defaultValue gmmSlicesDefaults.tolerance (1e-3) */
  readonly tolerance?: number;
  /** Added to every covariance's diagonal, so that a component of few or equal points stays positive definite. @defaultValue gmmSlicesDefaults.regCovar (1e-6) */
  readonly regCovar?: number;
  /** Start from these component labels (ids in [0, k), one per instance) instead of a {@link kmeansSlices} run drawn with `rng`. */
  readonly initLabels?: ArrayLike<number>;
};

/** Result of {@link gmmSlices}. */
export type GmmSlicesResult = {
  /** Slice (component) id per instance: the component of highest responsibility, ids in [0, k). */
  readonly sliceOf: Int32Array;
  /** The responsibility of that component per instance (a threshold on it marks uncertain members). */
  readonly probability: Float64Array;
  /** Mean log-likelihood per instance of the fitted mixture (EM's lower bound at the last iteration). */
  readonly logLikelihood: number;
  /** EM iterations run. */
  readonly iterations: number;
  /** Whether the tolerance was reached within `maxIterations`. */
  readonly converged: boolean;
  /** Mixture weights, one per component. */
  readonly weights: Float64Array;
  /** Component means, k x d. */
  readonly means: RowMatrix;
};

/**
 * The defaults of {@link gmmSlices}' options (scikit-learn's
 * `GaussianMixture` defaults).
 *
 * @example
 * ```ts
 * gmmSlicesDefaults.covariance; // "full"
 * gmmSlicesDefaults.tolerance; // 0.001
 * ```
 */
export const gmmSlicesDefaults: Readonly<{
  covariance: GmmCovariance;
  maxIterations: number;
  tolerance: number;
  regCovar: number;
}> = Object.freeze({ covariance: "full", maxIterations: 100, tolerance: 1e-3, regCovar: 1e-6 });

const KEYS = optionKeys<GmmSlicesOptions>()(
  "covariance",
  "maxIterations",
  "tolerance",
  "regCovar",
  "initLabels",
);
const COVARIANCES: readonly GmmCovariance[] = ["full", "diag"];
const LOG_2PI = Math.log(2 * Math.PI);
/** scikit-learn's 10 * machine epsilon added to every component's mass (no division by 0). */
const MASS_FLOOR = 10 * Number.EPSILON;

/** The mixture's parameters in the form the E-step uses. */
type Params = {
  readonly weights: Float64Array;
  readonly means: Float64Array;
  /** Per component: the upper-triangular precision Cholesky factor (d x d, full) or 1 / sd (d, diag). */
  readonly precChol: Float64Array;
  /** Per component: the log-determinant of that factor. */
  readonly logDet: Float64Array;
  /** Per component: log of its weight (every weight > 0: each mass has 10 eps added). */
  readonly logWeights: Float64Array;
};

/**
 * The Gaussian-mixture baseline of slice identification (the paper's GMM):
 * EM for a mixture of k Gaussians, slices = the component of highest
 * responsibility.
 *
 * Algorithm (Dempster, Laird & Rubin 1977; the steps and defaults of
 * scikit-learn's `GaussianMixture`): start from hard labels (a
 * {@link kmeansSlices} run with `rng`, or `initLabels`) and an M-step on
 * their one-hot responsibilities; then repeat E-step (log N(x | mu_j,
 * Sigma_j) + log w_j through the precision Cholesky factor, normalised by
 * log-sum-exp) and M-step (n_j = sum_i r_ij + 10 eps, mu_j = sum_i r_ij x_i /
 * n_j, Sigma_j = sum_i r_ij (x_i - mu_j)(x_i - mu_j)^T / n_j + regCovar I,
 * w_j = n_j / N) until the mean log-likelihood changes by less than
 * `tolerance`, and label by a final E-step. Every instance is labelled (the
 * paper also tunes a membership-probability threshold: `probability` gives
 * each instance's responsibility, to apply one). Components that lose all
 * mass keep their id unused.
 *
 * @param signals - N x d signal vectors.
 * @param k - Number of components, 1..N.
 * @param rng - Uniform random source for the k-means start (unused with `initLabels`).
 * @param options - See {@link GmmSlicesOptions}.
 * @returns See {@link GmmSlicesResult}.
 * @throws {TypeError} If `signals` is not a `RowMatrix` or a `number[][]`, `rng` not a function, or
 *   `initLabels` not an array of integers.
 * @throws {RangeError} If `signals` is empty or non-finite, k is outside 1..N, `maxIterations` is not an
 *   integer >= 1, `tolerance` negative, `regCovar` not positive, `covariance` unknown, N x k or k x d x d
 *   above 2^27 (the responsibilities and covariance factors), `initLabels` of the
 *   wrong length or outside [0, k), or a covariance is not positive definite even after `regCovar`.
 * @see Dempster, A. P., Laird, N. M. & Rubin, D. B. (1977). Maximum likelihood from incomplete data via the EM algorithm. J. R. Stat. Soc. B 39(1), 1-38.
 * @see sklearn.mixture.GaussianMixture (checked against it in `test/slices/gmmSlices.fixture.test.ts`).
 * @example
 * ```ts
 * const x = rowMatrix([[0, 0], [0.1, 0.2], [0.2, 0.1], [5, 5], [5.1, 5.2], [5.2, 4.9]]);
 * const g = gmmSlices(x, 2, createRng(1), { covariance: "diag" });
 * g.sliceOf; // Int32Array [1, 1, 1, 0, 0, 0]
 * g.converged; // true
 * ```
 */
export function gmmSlices(
  signals: RowMatrix | readonly ArrayLike<number>[],
  k: number,
  rng: Rng,
  options: GmmSlicesOptions = {},
): GmmSlicesResult {
  const fn = "gmmSlices";
  const X = toRowMatrix(fn, "signals", signals, { allowEmpty: false });
  checkInteger(fn, "k", k, 1, X.rows);
  // the responsibilities (N x k) and the full covariance factors (k x d x d) are allocated up front
  checkLength(fn, "signals rows x k", X.rows * k);
  checkLength(fn, "k x d x d", k * X.cols * X.cols);
  checkOptions(fn, options, KEYS);
  const {
    covariance = gmmSlicesDefaults.covariance,
    maxIterations = gmmSlicesDefaults.maxIterations,
    tolerance = gmmSlicesDefaults.tolerance,
    regCovar = gmmSlicesDefaults.regCovar,
    initLabels,
  } = options;
  checkChoice(fn, "options.covariance", covariance, COVARIANCES);
  checkInteger(fn, "options.maxIterations", maxIterations, 1);
  checkNumber(fn, "options.tolerance", tolerance, 0);
  checkNumber(fn, "options.regCovar", regCovar, 0, Number.POSITIVE_INFINITY, { lower: true });
  let labels: Int32Array;
  if (initLabels === undefined) {
    checkRng(fn, rng);
    labels = kmeansLabels(fn, X, k, rng, 100);
  } else {
    labels = toInt32Array(fn, "options.initLabels", initLabels, { min: 0, max: k - 1 });
    if (labels.length !== X.rows) {
      fail(fn, `options.initLabels has ${labels.length} labels, signals ${X.rows} rows`);
    }
  }
  const full = covariance === "full";
  const n = X.rows;
  const resp = new Float64Array(n * k);
  for (let i = 0; i < n; i++) resp[i * k + (labels[i] as number)] = 1;
  let params = mStep(fn, X, resp, k, full, regCovar);
  let bound = Number.NEGATIVE_INFINITY;
  let iterations = 0;
  let converged = false;
  for (let it = 1; it <= maxIterations; it++) {
    const prev = bound;
    bound = eStep(X, params, k, full, resp);
    params = mStep(fn, X, resp, k, full, regCovar);
    iterations = it;
    if (Math.abs(bound - prev) < tolerance) {
      converged = true;
      break;
    }
  }
  // a final E-step, so that the labels are those of the returned parameters
  eStep(X, params, k, full, resp);
  const sliceOf = new Int32Array(n);
  const probability = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    let best = 0;
    for (let j = 1; j < k; j++)
      if ((resp[i * k + j] as number) > (resp[i * k + best] as number)) best = j;
    sliceOf[i] = best;
    probability[i] = resp[i * k + best] as number;
  }
  return {
    sliceOf,
    probability,
    logLikelihood: bound,
    iterations,
    converged,
    weights: params.weights,
    means: { data: params.means, rows: k, cols: X.cols },
  };
}

/**
 * Responsibilities of the current parameters into `resp` (n x k, normalised
 * rows); returns the mean log-likelihood per instance.
 */
function eStep(X: RowMatrix, p: Params, k: number, full: boolean, resp: Float64Array): number {
  const { data, rows: n, cols: d } = X;
  const y = new Float64Array(d);
  let total = 0;
  for (let i = 0; i < n; i++) {
    const xo = i * d;
    let max = Number.NEGATIVE_INFINITY;
    for (let j = 0; j < k; j++) {
      const mo = j * d;
      let q = 0;
      if (full) {
        // y = (x - mu)^T U with U upper triangular: y_c = sum_{r <= c} (x_r - mu_r) U_rc
        const uo = j * d * d;
        for (let r = 0; r < d; r++) y[r] = (data[xo + r] as number) - (p.means[mo + r] as number);
        for (let c = 0; c < d; c++) {
          let s = 0;
          for (let r = 0; r <= c; r++)
            s += (y[r] as number) * (p.precChol[uo + r * d + c] as number);
          q += s * s;
        }
      } else {
        for (let r = 0; r < d; r++) {
          const t =
            ((data[xo + r] as number) - (p.means[mo + r] as number)) *
            (p.precChol[mo + r] as number);
          q += t * t;
        }
      }
      const v = -0.5 * (d * LOG_2PI + q) + (p.logDet[j] as number) + (p.logWeights[j] as number);
      resp[i * k + j] = v;
      if (v > max) max = v;
    }
    let s = 0;
    for (let j = 0; j < k; j++) s += Math.exp((resp[i * k + j] as number) - max);
    const lse = max + Math.log(s);
    for (let j = 0; j < k; j++) resp[i * k + j] = Math.exp((resp[i * k + j] as number) - lse);
    total += lse;
  }
  return total / n;
}

/** Weights, means and precision factors from responsibilities (the M-step). */
function mStep(
  fn: string,
  X: RowMatrix,
  resp: Float64Array,
  k: number,
  full: boolean,
  regCovar: number,
): Params {
  const { data, rows: n, cols: d } = X;
  const mass = new Float64Array(k);
  const means = new Float64Array(k * d);
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < k; j++) {
      const r = resp[i * k + j] as number;
      if (r === 0) continue;
      mass[j] = (mass[j] as number) + r;
      for (let c = 0; c < d; c++)
        means[j * d + c] = (means[j * d + c] as number) + r * (data[i * d + c] as number);
    }
  }
  for (let j = 0; j < k; j++) {
    mass[j] = (mass[j] as number) + MASS_FLOOR;
    for (let c = 0; c < d; c++)
      means[j * d + c] = (means[j * d + c] as number) / (mass[j] as number);
  }
  let totalMass = 0;
  for (let j = 0; j < k; j++) totalMass += mass[j] as number;
  const weights = new Float64Array(k);
  for (let j = 0; j < k; j++) weights[j] = (mass[j] as number) / totalMass;
  const precChol = new Float64Array(full ? k * d * d : k * d);
  const logDet = new Float64Array(k);
  const cov = new Float64Array(full ? d * d : d);
  const diff = new Float64Array(d);
  for (let j = 0; j < k; j++) {
    cov.fill(0);
    for (let i = 0; i < n; i++) {
      const r = resp[i * k + j] as number;
      if (r === 0) continue;
      for (let c = 0; c < d; c++)
        diff[c] = (data[i * d + c] as number) - (means[j * d + c] as number);
      if (full) {
        for (let a = 0; a < d; a++) {
          const ra = r * (diff[a] as number);
          for (let b = 0; b <= a; b++)
            cov[a * d + b] = (cov[a * d + b] as number) + ra * (diff[b] as number);
        }
      } else {
        for (let c = 0; c < d; c++)
          cov[c] = (cov[c] as number) + r * (diff[c] as number) * (diff[c] as number);
      }
    }
    const nj = mass[j] as number;
    if (full) {
      for (let a = 0; a < d; a++) {
        for (let b = 0; b <= a; b++) {
          const v = (cov[a * d + b] as number) / nj + (a === b ? regCovar : 0);
          cov[a * d + b] = v;
          cov[b * d + a] = v;
        }
      }
      logDet[j] = precisionCholesky(fn, cov, d, precChol, j * d * d, j);
    } else {
      let ld = 0;
      for (let c = 0; c < d; c++) {
        const v = (cov[c] as number) / nj + regCovar;
        if (!(v > 0))
          fail(fn, `component ${j} has a non-positive variance; increase options.regCovar`, v);
        const ps = 1 / Math.sqrt(v);
        precChol[j * d + c] = ps;
        ld += Math.log(ps);
      }
      logDet[j] = ld;
    }
  }
  return { weights, means, precChol, logDet, logWeights: weights.map(Math.log) };
}

/**
 * The upper-triangular U = (L^{-1})^T of the covariance's Cholesky factor L,
 * written at `out[o ..]`; returns log det U = -sum log L_cc.
 */
function precisionCholesky(
  fn: string,
  cov: Float64Array,
  d: number,
  out: Float64Array,
  o: number,
  j: number,
): number {
  const L = cholesky(cov, d);
  if (L === undefined) {
    fail(fn, `component ${j}'s covariance is not positive definite; increase options.regCovar`);
  }
  // M = L^{-1} (lower) by forward substitution, column by column, stored
  // transposed: out[c][r] = M[r][c], which is U = M^T row-major
  let logDet = 0;
  for (let c = 0; c < d; c++) {
    for (let r = 0; r < d; r++) {
      let t = r === c ? 1 : 0;
      if (r < c) {
        out[o + c * d + r] = 0;
        continue;
      }
      for (let q = c; q < r; q++) t -= (L[r * d + q] as number) * (out[o + c * d + q] as number);
      out[o + c * d + r] = t / (L[r * d + r] as number);
    }
    logDet -= Math.log(L[c * d + c] as number);
  }
  return logDet;
}
