import { powerOfTwoScale, scaled, sumLimit } from "../core/_scale.js";
import { randomPermutation } from "../core/randomPermutation.js";
import type { Rng } from "../core/rng.js";
import { fsum } from "../core/sum.js";
import { checkInteger, checkRng, draw, fail, toFloat64Array } from "../core/validate.js";

const FN = "rhc";

/** A Rao–Hartley–Cochran sample: one unit per random group, with what its estimator needs. */
export type RhcResult = {
  /** The drawn 0-based unit indices, sorted ascending, one per group (length n). */
  readonly indices: Int32Array;
  /** For the k-th drawn unit: size_k / (sum of size over its group), its draw probability within the group. */
  readonly groupShare: Float64Array;
  /** For the k-th drawn unit: (sum of size over its group) / (sum of size over all N units). */
  readonly groupTotal: Float64Array;
};

/**
 * Rao–Hartley–Cochran sampling: split the N units at random into n groups,
 * then draw one unit from each group with probability proportional to size
 * within the group.
 *
 * Algorithm: a uniform random permutation (Fisher–Yates, N - 1 draws) is cut
 * into n consecutive groups; with q = floor(N / n) and r = N - n q, the first
 * r groups get q + 1 units and the other n - r get q. Because the permutation
 * is uniform, this is the same as choosing at random which groups are the
 * larger ones. Then one uniform per group picks unit i with probability
 * size_i / S_g, where S_g is the group's total size.
 *
 * Estimation (Rao, Hartley & Cochran 1962), with X = sum of all sizes and
 * p_k = size_k / X = groupShare_k * groupTotal_k: the unbiased estimator of
 * the population total is T = sum_k y_k / groupShare_k (= sum_k groupTotal_k * y_k / p_k),
 * the mean is T / N, and an unbiased variance estimator of T is
 * (sum_g N_g^2 - N) / (N^2 - sum_g N_g^2) * sum_k groupTotal_k * (y_k / p_k - T)^2,
 * where the group sizes N_g (r of q + 1, n - r of q) follow from N and n.
 *
 * Only ratios of sizes enter the draw and the result, so sizes so large that
 * their total would overflow (e.g. every size 1e308) are rescaled first by a
 * power of two (exact): the result is the one of the sizes divided by any
 * common factor.
 *
 * @param size - Positive size measure of each unit (every value > 0, finite).
 * @param n - Number of groups and of drawn units, an integer in [0, N]; 0 gives an empty sample.
 * @param rng - Uniform source in [0, 1), e.g. `createRng(seed)`.
 * @returns `{ indices, groupShare, groupTotal }`, see {@link RhcResult}; all of length `n`.
 * @throws {TypeError} If `size` is not a `Float64Array` or an array of numbers, `n` is not a number or `rng`
 *   is not a function.
 * @throws {RangeError} If `size` is empty or holds a value that is not a finite
 *   positive number (a zero-size unit could form a group that cannot be drawn
 *   from: drop such units first); if `n` is negative, not an integer or above N;
 *   or if `rng` returns a value outside [0, 1).
 * @see Rao, J. N. K., Hartley, H. O. & Cochran, W. G. (1962). On a simple procedure of unequal probability sampling without replacement. JRSS B 24, 482-491; Cochran (1977), Sampling Techniques, section 9A.13.
 * @example
 * ```ts
 * rhc(new Float64Array([1, 2, 3, 4, 5]), 2, createRng(1));
 * // { indices: Int32Array [2, 3],
 * //   groupShare: Float64Array [0.75, 0.36363636363636365],
 * //   groupTotal: Float64Array [0.26666666666666666, 0.7333333333333333] }
 * ```
 */
export function rhc(size: ArrayLike<number>, n: number, rng: Rng): RhcResult {
  const size64 = toFloat64Array(FN, "size", size, { min: 0, allowEmpty: false });
  const N = size64.length;
  for (let i = 0; i < N; i++) {
    if (!((size64[i] as number) > 0)) {
      fail(
        FN,
        `size[${i}] must be positive (zero-size units cannot be drawn; drop them)`,
        size64[i],
      );
    }
  }
  checkInteger(FN, "n", n);
  if (n > N) fail(FN, `n must be at most the number of units (${N})`, n);
  checkRng(FN, rng);
  if (n === 0) {
    return {
      indices: new Int32Array(0),
      groupShare: new Float64Array(0),
      groupTotal: new Float64Array(0),
    };
  }

  // sizes whose total could overflow are drawn on exactly rescaled copies (a
  // power of two): the draw and the shares depend only on ratios of sizes
  const s = scaled(size64, powerOfTwoScale(size64, sumLimit(N)));
  return rhcDraw(s, n, rng, fsum(s), FN);
}

/**
 * The draw of {@link rhc} on checked sizes (positive, finite), a checked `n`
 * in [1, N] and `X = fsum(size)`: the same sample for the same rng, for
 * callers that draw many samples on one population and check it once; an rng
 * value outside [0, 1) throws naming `fn`. `scratch` (length N, any content)
 * holds the permutation instead of a new array; it is not read afterwards.
 * @internal
 */
export function rhcDraw(
  size64: Float64Array,
  n: number,
  rng: Rng,
  X: number,
  fn: string,
  scratch?: Int32Array,
): RhcResult {
  const N = size64.length;
  const perm = randomPermutation(fn, N, rng, scratch);
  const q = Math.floor(N / n);
  const r = N - n * q;
  const drawn = new Int32Array(n);
  const share = new Float64Array(n);
  const total = new Float64Array(n);
  let start = 0;
  for (let g = 0; g < n; g++) {
    const end = start + (g < r ? q + 1 : q);
    let S = 0;
    for (let t = start; t < end; t++) S += size64[perm[t] as number] as number;
    const target = draw(fn, rng) * S;
    // the last unit of the group catches a target that rounding put past the running sum
    let pick = perm[end - 1] as number;
    let run = 0;
    for (let t = start; t < end - 1; t++) {
      const i = perm[t] as number;
      run += size64[i] as number;
      if (target < run) {
        pick = i;
        break;
      }
    }
    drawn[g] = pick;
    share[g] = (size64[pick] as number) / S;
    total[g] = S / X;
    start = end;
  }
  const order = Int32Array.from({ length: n }, (_, k) => k).sort(
    (a, b) => (drawn[a] as number) - (drawn[b] as number),
  );
  return {
    indices: order.map((k) => drawn[k] as number),
    groupShare: Float64Array.from(order, (k) => share[k] as number),
    groupTotal: Float64Array.from(order, (k) => total[k] as number),
  };
}
