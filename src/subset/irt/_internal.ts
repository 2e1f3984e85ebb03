import { intervalDefaults } from "../../estimate/intervalDefaults.js";
/**
 * Shared pieces of the IRT estimators: argument checks, the logistic item
 * response function, the ability posterior on a grid (EAP) or at its mode
 * (MAP), and the p-IRT / gp-IRT arithmetic.
 *
 * Internal module: not re-exported from the package entry point.
 * @internal
 */

import { normalQuantile } from "../../core/normal.js";
import type { Plain } from "../../core/toPlain.js";
import {
  asFloat64Array,
  checkInteger,
  checkLevel,
  checkNumber,
  checkOptions,
  fail,
  failType,
} from "../../core/validate.js";
import { intervalEstimate } from "../../estimate/_interval.js";
import type { Estimate } from "../../estimate/confidenceInterval.js";
import type { IrtEstimate, IrtItems } from "./types.js";

/** Which ability estimate the predictions use. */
export type AbilityMethod = "eap" | "map";

/** Logistic function 1 / (1 + e^-z), written to avoid overflow for large |z|. */
export function logistic(z: number): number {
  if (z >= 0) return 1 / (1 + Math.exp(-z));
  const e = Math.exp(z);
  return e / (1 + e);
}

/**
 * {@link checkItems}, after turning plain `a` / `b` arrays (an IrtItems read
 * back from JSON, see `toPlain`) into `Float64Array`s; typed ones are used as
 * they are.
 */
export function readItems(fn: string, items: IrtItems | Plain<IrtItems>): IrtItems {
  if (typeof items !== "object" || items === null) checkItems(fn, items);
  const a = Array.isArray(items.a) ? asFloat64Array(fn, "items.a", items.a) : items.a;
  const b = Array.isArray(items.b) ? asFloat64Array(fn, "items.b", items.b) : items.b;
  const out = a === items.a && b === items.b ? items : { ...items, a, b };
  checkItems(fn, out);
  return out;
}

/** Checks an {@link IrtItems}: equal-length finite a > 0 and b, a known model, a finite prior. */
export function checkItems(fn: string, items: unknown): asserts items is IrtItems {
  if (typeof items !== "object" || items === null) {
    failType(fn, "items must be an IrtItems object { model, a, b, thetaMean, thetaSd }");
  }
  const { model, a, b, thetaMean, thetaSd } = items as IrtItems;
  if (model !== "rasch" && model !== "2pl") fail(fn, 'items.model must be "rasch" or "2pl"', model);
  if (!(a instanceof Float64Array)) failType(fn, "items.a must be a Float64Array");
  if (!(b instanceof Float64Array)) failType(fn, "items.b must be a Float64Array");
  if (a.length !== b.length) {
    fail(fn, `items.a and items.b lengths differ (${a.length} vs ${b.length})`);
  }
  if (a.length === 0) fail(fn, "items has no items");
  for (let i = 0; i < a.length; i++) {
    const ai = a[i] as number;
    if (!(ai > 0 && Number.isFinite(ai))) fail(fn, `items.a[${i}] must be a finite number > 0`, ai);
    if (!(ai <= MAX_PARAM)) fail(fn, `items.a[${i}] must be at most ${MAX_PARAM}`, ai);
    if (!Number.isFinite(b[i] as number)) fail(fn, `items.b[${i}] is not finite`, b[i]);
    if (!(Math.abs(b[i] as number) <= MAX_PARAM)) {
      fail(fn, `items.b[${i}] must lie in [-${MAX_PARAM}, ${MAX_PARAM}]`, b[i]);
    }
  }
  checkNumber(fn, "items.thetaMean", thetaMean, -MAX_PARAM, MAX_PARAM);
  checkNumber(fn, "items.thetaSd", thetaSd, 1 / MAX_PARAM, MAX_PARAM);
}

/**
 * Checks the scalars of a rate-regression model (`fitRateRegression`) that
 * describe the fit, when present (a model built by hand may leave them out;
 * the prediction does not need them): `looMse` a number >= 0 (`Infinity` is
 * documented, for a run of leverage 1; NaN is not) and `runs` an integer
 * >= 1. `where` names the model (`model`, `recommendation.estimator.ridge`).
 */
export function checkRateModelFit(fn: string, where: string, model: object): void {
  const { looMse, runs } = model as { looMse?: unknown; runs?: unknown };
  if (looMse !== undefined) {
    if (typeof looMse !== "number") failType(fn, `${where}.looMse must be a number`);
    if (!(looMse >= 0)) {
      fail(fn, `${where}.looMse must be at least 0 (Infinity for leverage 1)`, looMse);
    }
  }
  if (runs !== undefined) checkInteger(fn, `${where}.runs`, runs, 1);
}

/**
 * Bound on |item parameters| and the prior's mean and sd (and 1 / bound on
 * the sd): with a, |b|, |theta| <= 1e100 every a^2, a (theta - b) and
 * ((theta - mu) / sd)^2 of the likelihood stays below about 1e300, where a
 * discrimination of 1e155 made a^2 overflow and the posterior NaN.
 */
const MAX_PARAM = 1e100;

/** Checks item indices: an Int32Array of distinct values in [0, N). */
export function checkItemIndices(
  fn: string,
  N: number,
  observed: unknown,
): asserts observed is Int32Array {
  if (!(observed instanceof Int32Array))
    failType(fn, "observed must be an Int32Array of item indices");
  const seen = new Uint8Array(N);
  for (let t = 0; t < observed.length; t++) {
    const i = observed[t] as number;
    if (!(i >= 0 && i < N)) fail(fn, `observed[${t}] must be an item index in [0, ${N})`, i);
    if (seen[i] === 1) fail(fn, `observed lists item ${i} twice`);
    seen[i] = 1;
  }
}

/** Checks observed item indices (distinct, in [0, N)) and their aligned 0/1 responses. */
export function checkObserved(
  fn: string,
  N: number,
  observed: unknown,
  responses: unknown,
): asserts observed is Int32Array {
  if (!(observed instanceof Int32Array))
    failType(fn, "observed must be an Int32Array of item indices");
  if (!(responses instanceof Uint8Array)) failType(fn, "responses must be a Uint8Array of 0/1");
  if (observed.length !== responses.length) {
    fail(fn, `observed and responses lengths differ (${observed.length} vs ${responses.length})`);
  }
  checkItemIndices(fn, N, observed);
  for (let t = 0; t < responses.length; t++) {
    if ((responses[t] as number) > 1) fail(fn, `responses[${t}] must be 0 or 1`, responses[t]);
  }
}

/** Ability point estimate with its uncertainty, and (EAP) the posterior on a grid. */
export type AbilityPosterior = {
  readonly theta: number;
  readonly sd: number;
  /** Grid nodes (EAP) or the single mode (MAP). */
  readonly nodes: Float64Array;
  /** Normalised posterior weights of the nodes (a single 1 for MAP). */
  readonly weights: Float64Array;
};

/** Default number of grid nodes of the EAP quadrature. */
export const DEFAULT_GRID = 41;
/** The EAP grid spans the posterior mode +- this many Laplace standard deviations. */
const GRID_SPAN = 10;

/**
 * Ability posterior under the normal prior N(thetaMean, thetaSd^2) given the
 * responses on the observed items. EAP: rectangle quadrature on `grid`
 * equally spaced nodes. MAP: Newton-Raphson on the log
 * posterior (strictly concave), sd = 1 / sqrt(information + 1 / thetaSd^2).
 * EAP places its nodes over the mode +- 10 such sd.
 */
export function abilityPosterior(
  items: IrtItems,
  observed: Int32Array,
  responses: Uint8Array,
  method: AbilityMethod,
  grid: number,
): AbilityPosterior {
  const { a, b, thetaMean: mu, thetaSd: sigma } = items;
  const n = observed.length;
  let theta = mu;
  let info = 0;
  for (let iter = 0; iter < 200; iter++) {
    let g = -(theta - mu) / (sigma * sigma);
    info = 0;
    for (let t = 0; t < n; t++) {
      const i = observed[t] as number;
      const ai = a[i] as number;
      const p = logistic(ai * (theta - (b[i] as number)));
      g += ai * ((responses[t] as number) - p);
      info += ai * ai * p * (1 - p);
    }
    const step = cap(g / (info + 1 / (sigma * sigma)));
    theta += step;
    if (Math.abs(step) < 1e-10) break;
  }
  info = 0;
  for (let t = 0; t < n; t++) {
    const i = observed[t] as number;
    const ai = a[i] as number;
    const p = logistic(ai * (theta - (b[i] as number)));
    info += ai * ai * p * (1 - p);
  }
  const sdMode = 1 / Math.sqrt(info + 1 / (sigma * sigma));
  if (method === "map") {
    return { theta, sd: sdMode, nodes: Float64Array.of(theta), weights: Float64Array.of(1) };
  }
  // The posterior is log-concave and close to normal around its mode, so nodes
  // placed over mode +- 10 Laplace sd resolve it whatever the prior's width.
  const nodes = new Float64Array(grid);
  const logw = new Float64Array(grid);
  const h = (2 * GRID_SPAN * sdMode) / (grid - 1);
  let top = Number.NEGATIVE_INFINITY;
  for (let g = 0; g < grid; g++) {
    const th = theta - GRID_SPAN * sdMode + g * h;
    nodes[g] = th;
    const z = (th - mu) / sigma;
    let l = -0.5 * z * z;
    for (let t = 0; t < n; t++) {
      const i = observed[t] as number;
      const eta = (a[i] as number) * (th - (b[i] as number));
      // log P = -log(1 + e^-eta), log(1 - P) = -log(1 + e^eta), both stable for large |eta|.
      l -= responses[t] === 1 ? softplus(-eta) : softplus(eta);
    }
    logw[g] = l;
    if (l > top) top = l;
  }
  const weights = new Float64Array(grid);
  let total = 0;
  for (let g = 0; g < grid; g++) {
    const w = Math.exp((logw[g] as number) - top);
    weights[g] = w;
    total += w;
  }
  let m = 0;
  for (let g = 0; g < grid; g++) {
    const w = (weights[g] as number) / total;
    weights[g] = w;
    m += w * (nodes[g] as number);
  }
  let v = 0;
  for (let g = 0; g < grid; g++) {
    const d = (nodes[g] as number) - m;
    v += (weights[g] as number) * d * d;
  }
  return { theta: m, sd: Math.sqrt(v), nodes, weights };
}

/** Clamps a Newton step to [-1, 1] so a flat likelihood cannot throw an estimate far away. */
export function cap(step: number): number {
  return Math.min(1, Math.max(-1, step));
}

/** log(1 + e^x) without overflow. */
export function softplus(x: number): number {
  return x > 0 ? x + Math.log1p(Math.exp(-x)) : Math.log1p(Math.exp(x));
}

/** Checks the shared prediction options and returns them with defaults filled in. */
export function checkPredictOptions(
  fn: string,
  options: unknown,
  known: readonly string[],
): { ability: AbilityMethod; level: number; grid: number } {
  if (
    options !== undefined &&
    (typeof options !== "object" || options === null || Array.isArray(options))
  ) {
    failType(fn, "options must be an object");
  }
  checkOptions(fn, options, known);
  const {
    ability = "eap",
    level = intervalDefaults.level,
    grid = DEFAULT_GRID,
  } = (options ?? {}) as { ability?: unknown; level?: unknown; grid?: unknown };
  if (ability !== "eap" && ability !== "map") {
    fail(fn, 'options.ability must be "eap" or "map"', ability);
  }
  checkLevel(fn, level, "options.level");
  checkInteger(fn, "options.grid", grid, 3, 100_000);
  return { ability, level, grid };
}

/** The p-IRT estimate with its posterior predictive variance. */
export function pirtEstimate(
  items: IrtItems,
  observed: Int32Array,
  responses: Uint8Array,
  post: AbilityPosterior,
  method: AbilityMethod,
  level: number,
): IrtEstimate {
  const { a, b } = items;
  const N = a.length;
  const n = observed.length;
  const seen = new Uint8Array(N);
  let hits = 0;
  for (let t = 0; t < n; t++) {
    seen[observed[t] as number] = 1;
    hits += responses[t] as number;
  }
  const { nodes, weights } = post;
  let eS = 0;
  let eS2 = 0;
  let eV = 0;
  let slope = 0;
  for (let g = 0; g < nodes.length; g++) {
    const w = weights[g] as number;
    if (w < 1e-300) continue;
    const theta = nodes[g] as number;
    let s = 0;
    let v = 0;
    let d = 0;
    for (let i = 0; i < N; i++) {
      if (seen[i] === 1) continue;
      const ai = a[i] as number;
      const p = logistic(ai * (theta - (b[i] as number)));
      s += p;
      v += p * (1 - p);
      d += ai * p * (1 - p);
    }
    eS += w * s;
    eS2 += w * s * s;
    eV += w * v;
    slope += w * d;
  }
  // EAP: law of total variance over the posterior grid; MAP: the delta method around the mode.
  const varS = method === "eap" ? Math.max(0, eS2 - eS * eS) : slope * slope * post.sd * post.sd;
  const estimate = (hits + eS) / N;
  const variance = (varS + eV) / (N * N);
  return irtEstimate(estimate, variance, level, n, `p-IRT (${method})`, post);
}

/** Builds an {@link IrtEstimate} with a normal interval. */
export function irtEstimate(
  estimate: number,
  variance: number,
  level: number,
  n: number,
  method: string,
  post: AbilityPosterior,
): IrtEstimate {
  const se = Math.sqrt(variance);
  const half = normalQuantile(1 - (1 - level) / 2) * se;
  return {
    estimate,
    variance,
    se,
    // a rate: the interval is cut to [0, 1]
    ci: [Math.max(0, estimate - half), Math.min(1, estimate + half)],
    level,
    n,
    method,
    df: Number.POSITIVE_INFINITY,
    nEffective: n,
    interval: "wald",
    reliable: true,
    warning: "",
    theta: post.theta,
    thetaSd: post.sd,
  };
}

/** Weighted subset mean with the simple-random-sampling variance (1 - n/N) s^2 sum w^2. */
export function naiveEstimate(
  fn: string,
  N: number,
  responses: Uint8Array,
  weights: Float64Array | undefined,
  level: number,
): Estimate {
  const n = responses.length;
  let m = 0;
  let w2 = 0;
  for (let t = 0; t < n; t++) {
    const w = weights === undefined ? 1 / n : (weights[t] as number);
    m += w * (responses[t] as number);
    w2 += w * w;
  }
  const s2 = n > 1 ? (n / (n - 1)) * m * (1 - m) : m * (1 - m);
  const variance = (1 - n / N) * s2 * w2;
  // a proportion: its interval is a proportion's (never zero width short of the whole benchmark)
  return intervalEstimate(fn, {
    method: weights === undefined ? "subset mean" : "weighted subset mean",
    estimate: m,
    variance,
    level,
    n,
    y: responses,
    design: {
      srs: weights === undefined,
      df: Math.max(1, n - 1),
      N,
      census: n === N,
      nEffective: 1 / w2,
    },
    interval: undefined,
  });
}

/**
 * Var(naive) as gp-IRT's weight and standard error use it: `naive.variance`,
 * except when the observed outcomes with positive weight all agree (all 0 or
 * all 1), where the sample variance is 0 and says nothing about the run's
 * rate. Then (1 - n/N) p~ (1 - p~) sum w^2 with the Jeffreys-smoothed rate
 * p~ = (n' m + 1/2) / (n' + 1), n' = 1 / sum w^2 (Kish's effective size; n
 * for equal weights, p~ = (s + 1/2) / (n + 1)): the floor the post-stratified
 * mean of the subset estimators uses for a stratum whose labels agree. 0 only
 * for a census (n = N).
 */
export function flooredNaiveVariance(
  N: number,
  responses: Uint8Array,
  weights: Float64Array | undefined,
  naive: Estimate,
): number {
  const n = responses.length;
  let any0 = false;
  let any1 = false;
  let w2 = 0;
  for (let t = 0; t < n; t++) {
    const w = weights === undefined ? 1 / n : (weights[t] as number);
    w2 += w * w;
    if (w > 0) {
      if (responses[t] === 1) any1 = true;
      else any0 = true;
    }
  }
  if (any0 && any1) return naive.variance;
  const nEff = 1 / w2;
  const p = ((any1 ? nEff : 0) + 0.5) / (nEff + 1);
  return Math.max(0, 1 - n / N) * p * (1 - p) * w2;
}
