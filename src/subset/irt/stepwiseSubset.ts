import type { Plain } from "../../core/toPlain.js";
import { checkInteger, checkNumber, fail, optionKeys } from "../../core/validate.js";
import { asOutcomes, trainingRuns } from "../_internal.js";
import type { Outcomes } from "../outcomes.js";

const KEYS = optionKeys<StepwiseSubsetOptions>()("runs", "penalty");

/** Options of {@link stepwiseSubset}. */
export type StepwiseSubsetOptions = {
  /**
   * Indices of the runs of `history` to learn from, distinct (e.g. only runs
   * dated before the test window).
   * @defaultValue every run of `history`.
   */
  readonly runs?: readonly number[] | Int32Array;
  /**
   * Ridge-type penalty kappa >= 0 added to the squared norm of a candidate's
   * orthogonalised column: items whose outcomes are (nearly) explained by the
   * items already chosen score low even if they happen to match the residual.
   * @defaultValue 5
   */
  readonly penalty?: number;
};

/** Relative difference below which two scores tie (the lower index wins). */
const TIE = 1e-12;

/**
 * Chooses k items whose outcomes best predict a run's full-benchmark resolve
 * rate over past runs: greedy forward stepwise least-squares regression of
 * the run rate on item outcomes.
 *
 * Let X be the runs x items 0/1 matrix of the chosen history runs with each
 * column centred, and f the vector of the runs' full-benchmark rates
 * f_r = (1/N) sum_i y_ri, centred. Start with residual e = f and no item.
 * Each step orthogonalises every remaining column against the chosen ones
 * (q_j = x_j minus its projection, by Gram-Schmidt), picks
 * j = argmax (q_j . e)^2 / (|q_j|^2 + kappa)
 * (with kappa = 0 this is the largest drop of the residual sum of squares,
 * i.e. forward selection; kappa > 0 discounts columns with little variance
 * left), then removes q_j's direction u = q_j / |q_j| from e and from the
 * other columns. Because each new u is orthogonal to the earlier ones,
 * u . q_i = u . x_i, so only |q_i|^2 (minus (u . x_i)^2) and q_i . e (minus
 * (u . x_i)(u . e)) are updated: one pass over the matrix per step.
 * Ties go to the lowest index. Deterministic, no randomness; cost
 * O(k x items x runs).
 *
 * The subset is meant for {@link fitRateRegression}, which predicts the
 * full-benchmark rate from the chosen items' outcomes; the plain subset mean
 * of a stepwise subset is biased (the items are not a representative sample).
 *
 * @param history - Past runs' outcomes (runs x items, 1 = resolved).
 * @param k - Number of items to choose, an integer in [1, items].
 * @param options - `runs` (default all), `penalty` (5).
 * @returns The chosen item indices, in pick order.
 * @throws {TypeError} If `history` is not a well-formed Outcomes, `k` is not a number, or an option has the
 *   wrong type.
 * @throws {RangeError} If `history` holds a value other than 0/1 or duplicate ids; `k` is not an integer in
 *   [1, items]; `runs` is empty, repeats a run or is out of range; or `penalty` is negative or not finite.
 * @see Efroymson, M. A. (1960). Multiple regression analysis. In Ralston & Wilf (eds.), Mathematical Methods for Digital Computers (forward stepwise selection).
 * @see Hastie, T., Tibshirani, R. & Friedman, J. (2009). The Elements of Statistical Learning, 2nd ed., section 3.3.2 (forward-stepwise selection via QR updates).
 * @example
 * ```ts
 * // Rates (1, 2/3, 1/3): "y" and "z" each explain three quarters of their variance (a tie,
 * // the lower index wins), "z" then explains the rest; "x" never varies.
 * const h = outcomes([
 *   { run: "a", item: "x", resolved: 1 }, { run: "a", item: "y", resolved: 1 }, { run: "a", item: "z", resolved: 1 },
 *   { run: "b", item: "x", resolved: 1 }, { run: "b", item: "y", resolved: 1 }, { run: "b", item: "z", resolved: 0 },
 *   { run: "c", item: "x", resolved: 1 }, { run: "c", item: "y", resolved: 0 }, { run: "c", item: "z", resolved: 0 },
 * ]);
 * stepwiseSubset(h, 2, { penalty: 0 }); // Int32Array [1, 2]
 * stepwiseSubset(h, 3, { penalty: 0 }); // Int32Array [1, 2, 0]
 * ```
 */
export function stepwiseSubset(
  history: Outcomes | Plain<Outcomes>,
  k: number,
  options: StepwiseSubsetOptions = {},
): Int32Array {
  const fn = "stepwiseSubset";
  history = asOutcomes(fn, "history", history);
  // in ascending order: the fit does not depend on the order of the runs, nor
  // should its rounding (which decides near-ties)
  const runList = Int32Array.from(trainingRuns(fn, history, options, KEYS)).sort();
  const N = history.items.length;
  checkInteger(fn, "k", k, 1);
  if (k > N) fail(fn, `k must be at most the number of items (${N})`, k);
  const { penalty = 5 } = options ?? {};
  checkNumber(fn, "options.penalty", penalty, 0);

  const R = runList.length;
  // Column-major centred design so that each candidate column is contiguous.
  const q = new Float64Array(N * R);
  const e = new Float64Array(R);
  let fMean = 0;
  runList.forEach((r, t) => {
    let s = 0;
    for (let i = 0; i < N; i++) {
      const v = history.data[r * N + i] as number;
      q[i * R + t] = v;
      s += v;
    }
    e[t] = s / N;
    fMean += s / N;
  });
  fMean /= R;
  for (let t = 0; t < R; t++) e[t] = (e[t] as number) - fMean;
  for (let i = 0; i < N; i++) {
    let m = 0;
    for (let t = 0; t < R; t++) m += q[i * R + t] as number;
    m /= R;
    for (let t = 0; t < R; t++) q[i * R + t] = (q[i * R + t] as number) - m;
  }
  // Columns stay as they are (centred x); each unit direction u_s is orthogonal
  // to the earlier ones, so u_s . q_i = u_s . x_i and the residual norms and
  // dot products update without rewriting the columns: one pass per step.
  const nrm = new Float64Array(N);
  const dot = new Float64Array(N);
  for (let i = 0; i < N; i++) {
    let d = 0;
    let n = 0;
    for (let t = 0; t < R; t++) {
      const v = q[i * R + t] as number;
      d += v * (e[t] as number);
      n += v * v;
    }
    dot[i] = d;
    nrm[i] = n;
  }
  const chosen = new Uint8Array(N);
  const picks = new Int32Array(k);
  const basis = new Float64Array(k * R);
  let rank = 0;
  const u = new Float64Array(R);
  for (let step = 0; step < k; step++) {
    let best = -1;
    let bestScore = 0;
    for (let i = 0; i < N; i++) {
      if (chosen[i] === 1) continue;
      const d = dot[i] as number;
      const denom = Math.max(0, nrm[i] as number) + penalty;
      // A column with nothing left (and kappa = 0) explains nothing: score 0.
      const score = denom > 0 ? (d * d) / denom : 0;
      // an exact tie (an item and its complement score alike) can differ in the last
      // bits: within 1e-12 of the best it is a tie, and the lower index keeps it
      if (best < 0 || score > bestScore + TIE * bestScore) {
        bestScore = score;
        best = i;
      }
    }
    chosen[best] = 1;
    picks[step] = best;
    // The chosen column's residual, recomputed from the basis for accuracy.
    for (let t = 0; t < R; t++) u[t] = q[best * R + t] as number;
    for (let s = 0; s < rank; s++) {
      let c = 0;
      for (let t = 0; t < R; t++) c += (basis[s * R + t] as number) * (q[best * R + t] as number);
      for (let t = 0; t < R; t++) u[t] = (u[t] as number) - c * (basis[s * R + t] as number);
    }
    let un = 0;
    for (let t = 0; t < R; t++) un += (u[t] as number) ** 2;
    // Tiny residual norms are round-off of a column already in the span: no new direction.
    if (!(un > 1e-12)) continue;
    const scale = 1 / Math.sqrt(un);
    for (let t = 0; t < R; t++) {
      u[t] = (u[t] as number) * scale;
      basis[rank * R + t] = u[t] as number;
    }
    rank++;
    let ue = 0;
    for (let t = 0; t < R; t++) ue += (u[t] as number) * (e[t] as number);
    for (let t = 0; t < R; t++) e[t] = (e[t] as number) - ue * (u[t] as number);
    for (let i = 0; i < N; i++) {
      if (chosen[i] === 1) continue;
      let d = 0;
      for (let t = 0; t < R; t++) d += (u[t] as number) * (q[i * R + t] as number);
      nrm[i] = (nrm[i] as number) - d * d;
      dot[i] = (dot[i] as number) - d * ue;
    }
  }
  return picks;
}
