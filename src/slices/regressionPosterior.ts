import {
  asBinary,
  asInt32Array,
  checkNoHoles,
  checkNumber,
  checkOptions,
  optionKeys,
} from "../core/validate.js";
import { checkPicks } from "./_picks.js";

const KEYS = optionKeys<RegressionPosteriorOptions>()("a", "b");

/** Options of {@link regressionPosterior}: the Beta prior of a slice's V1 failure probability. */
export type RegressionPosteriorOptions = {
  /** Prior pseudo-failures, > 0. @defaultValue 1 */
  readonly a?: number;
  /** Prior pseudo-passes, > 0. @defaultValue 1 */
  readonly b?: number;
};

/** Result of {@link regressionPosterior}, one entry per slice with at least one pick. */
export type RegressionPosteriorResult = {
  /** Slice ids, increasing. */
  readonly ids: Int32Array;
  /** P(failure rate of the whole slice under V1 > under V0 | data). */
  readonly probability: Float64Array;
  /** Posterior mean of FR_V1(s) - FR_V0(s) over the whole slice. */
  readonly expectedRise: Float64Array;
  /** `ids` by decreasing probability (ties: larger expected rise, then lower id). */
  readonly ranking: Int32Array;
};

/**
 * Probability that each slice's failure rate rose from V0 to V1, from the k
 * re-executed instances: a ranking that needs no labelled history of changes
 * (beyond the CASPER paper).
 *
 * Model, per slice s of size n with F0 failures under V0 (V0 was run on the
 * whole suite) and f failures among the k picked instances under V1: the V1
 * failures of the members are exchangeable Bernoulli(theta), theta ~ Beta(a, b),
 * so theta | data ~ Beta(a + f, b + k - f), and the failures X among the
 * n - k members not re-executed follow the beta-binomial
 * BB(n - k, a + f, b + k - f): the finite-population correction (a slice is a
 * finite population; once every member has been run, X = 0 and the answer is
 * exact). The slice regressed iff f + X > F0, so
 * P = sum_{x > F0 - f} P(X = x), with the pmf by the recurrence
 * P(x + 1) / P(x) = ((m - x)(x + a')) / ((x + 1)(m - x - 1 + b')) from
 * P(0) = prod_{j < m} (b' + j) / (a' + b' + j). The expected rise is
 * (f + (n - k) a' / (a' + b')) / n - F0 / n.
 *
 * @param sliceOf - Slice id per instance, ids in [0, N).
 * @param picks - Indexed by slice id: the re-executed instances (all of that slice); missing or empty = slice skipped.
 * @param outcomeV0 - 0/1 outcome per instance under V0 (1 = pass), all N known.
 * @param outcomeV1 - 0/1 outcome per instance under V1; only picked entries are read.
 * @param options - Prior `a`, `b` (default 1, 1: uniform).
 * @returns Per-slice probability and expected rise, and the ranking.
 * @throws {TypeError} If an argument has the wrong type.
 * @throws {RangeError} If lengths differ, a pick is outside its slice or
 *   repeated, an outcome is not 0/1, or a prior parameter is not positive.
 * @see Gelman, A. et al. (2013). Bayesian Data Analysis, 3rd ed., section 2.4 (beta-binomial predictive).
 * @example
 * ```ts
 * // One slice of 4, V0 failures 1 (instance 3); picks 0 and 1 both fail in V1.
 * const r = regressionPosterior(new Int32Array([0, 0, 0, 0]), [new Int32Array([0, 1])],
 *   new Uint8Array([1, 1, 1, 0]), new Uint8Array([0, 0, 1, 1]));
 * r.probability; // Float64Array [1] (already 2 > 1 failures)
 * ```
 */
export function regressionPosterior(
  sliceOf: ArrayLike<number>,
  picks: readonly ArrayLike<number>[],
  outcomeV0: ArrayLike<number | boolean>,
  outcomeV1: ArrayLike<number | boolean>,
  options: RegressionPosteriorOptions = {},
): RegressionPosteriorResult {
  const fn = "regressionPosterior";
  const sliceOf32 = asInt32Array(fn, "sliceOf", sliceOf);
  const outcome0 = asBinary(fn, "outcomeV0", outcomeV0);
  const outcome1 = asBinary(fn, "outcomeV1", outcomeV1);
  if (Array.isArray(picks)) checkNoHoles(fn, "picks", picks);
  const picks32 = Array.isArray(picks)
    ? picks.map((list, s) => asInt32Array(fn, `picks[${s}]`, list))
    : (picks as readonly Int32Array[]);
  const size = checkPicks(fn, sliceOf32, picks32, outcome0, outcome1);
  checkOptions(fn, options, KEYS);
  const { a = 1, b = 1 } = options;
  checkNumber(fn, "a", a, 0, Number.POSITIVE_INFINITY, { lower: true });
  checkNumber(fn, "b", b, 0, Number.POSITIVE_INFINITY, { lower: true });
  const n = sliceOf32.length;
  const fail0 = new Int32Array(n);
  for (let i = 0; i < n; i++) if (outcome0[i] === 0) fail0[sliceOf32[i] as number]++;
  const ids: number[] = [];
  const prob: number[] = [];
  const rise: number[] = [];
  picks32.forEach((list, s) => {
    if (list.length === 0) return;
    const ns = size[s] as number;
    const k = list.length;
    let f = 0;
    for (const i of list) if (outcome1[i] === 0) f++;
    const a1 = a + f;
    const b1 = b + k - f;
    const m = ns - k;
    const need = (fail0[s] as number) - f; // X must exceed this
    // the beta-binomial pmf by its ratio recurrence in log space, then normalised
    // (a product for P(X = 0) underflows past 1e-308 on slices of thousands,
    // and the recurrence from a subnormal blew the tail up to 1e31)
    const lp = new Float64Array(m + 1);
    let top = 0;
    for (let x = 0; x < m; x++) {
      lp[x + 1] = (lp[x] as number) + Math.log(((m - x) * (x + a1)) / ((x + 1) * (m - x - 1 + b1)));
      if ((lp[x + 1] as number) > top) top = lp[x + 1] as number;
    }
    let total = 0;
    let tail = 0;
    for (let x = 0; x <= m; x++) {
      const pmf = Math.exp((lp[x] as number) - top);
      total += pmf;
      if (x > need) tail += pmf;
    }
    tail /= total;
    ids.push(s);
    prob.push(Math.min(1, Math.max(0, tail)));
    rise.push((f + (m * a1) / (a1 + b1) - (fail0[s] as number)) / ns);
  });
  const order = ids.map((_, t) => t);
  order.sort(
    (x, y) =>
      (prob[y] as number) - (prob[x] as number) ||
      (rise[y] as number) - (rise[x] as number) ||
      (ids[x] as number) - (ids[y] as number),
  );
  return {
    ids: Int32Array.from(ids),
    probability: Float64Array.from(prob),
    expectedRise: Float64Array.from(rise),
    ranking: Int32Array.from(order.map((t) => ids[t] as number)),
  };
}
