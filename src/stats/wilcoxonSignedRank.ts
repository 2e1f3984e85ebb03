import { midRanks } from "../core/midRanks.js";
import { normalCdf } from "../core/normal.js";
import {
  assertUnreachable,
  checkChoice,
  checkOptions,
  checkSameLength,
  fail,
  failType,
  optionKeys,
  toFloat64Array,
} from "../core/validate.js";

const KEYS = optionKeys<WilcoxonSignedRankOptions>()(
  "exact",
  "correction",
  "alternative",
  "zeroMethod",
);

/** Alternative hypothesis of {@link wilcoxonSignedRank} about the median of the differences x - y. */
export type WilcoxonAlternative = "two-sided" | "less" | "greater";

/** How {@link wilcoxonSignedRank} treats zero differences (scipy's `zero_method`). */
export type WilcoxonZeroMethod = "wilcox" | "pratt" | "zsplit";

/** Options of {@link wilcoxonSignedRank}. */
export type WilcoxonSignedRankOptions = {
  /**
   * `true`: exact permutation distribution; `false`: normal approximation;
   * `undefined` (default): exact when there are at most 50 differences and
   * none is zero, otherwise the normal approximation (scipy 1.10's `"auto"`).
   */
  readonly exact?: boolean;
  /**
   * Continuity correction of 0.5 towards the mean in the normal approximation.
   * @defaultValue false
   */
  readonly correction?: boolean;
  /**
   * Alternative hypothesis on the location of x - y.
   * @defaultValue "two-sided"
   */
  readonly alternative?: WilcoxonAlternative;
  /**
   * `"wilcox"` drops zero differences; `"pratt"` ranks them with the rest and
   * then ignores their ranks; `"zsplit"` ranks them and splits their rank sum
   * evenly between the positive and negative sums.
   * @defaultValue "wilcox"
   */
  readonly zeroMethod?: WilcoxonZeroMethod;
};

/** Result of {@link wilcoxonSignedRank}. */
export type WilcoxonSignedRankResult = {
  /**
   * Two-sided: min(R+, R-); one-sided: R+, the rank sum of positive
   * differences (scipy's convention), with zero ranks split in half under `"zsplit"`.
   */
  readonly statistic: number;
  /** The p-value for the chosen alternative. */
  readonly pValue: number;
  /** Which null distribution produced `pValue`. */
  readonly method: "exact" | "approx";
  /** Number of differences ranked (all of them, or the non-zero ones under `"wilcox"`). */
  readonly n: number;
  /** Number of zero differences in the input. */
  readonly nZero: number;
  /** The standardised statistic (normal approximation only; `undefined` for exact). */
  readonly z?: number;
};

/** Largest number of non-zero differences for the exact distribution (O(n^3) time). */
const MAX_EXACT = 500;

const FN = "wilcoxonSignedRank";

/** The differences x - y after `zeroMethod`, their absolute mid-ranks and the signed rank sums. */
type Ranked = {
  readonly d: Float64Array;
  readonly ranks: Float64Array;
  readonly tieSum: number;
  readonly nZero: number;
  readonly statistic: number;
};

/** Phase 1: the differences (finite), their mid-ranks and the statistic. */
function rankDifferences(
  x64: Float64Array,
  y64: Float64Array,
  zeroMethod: WilcoxonZeroMethod,
  alternative: WilcoxonAlternative,
): Ranked {
  const all = new Float64Array(x64.length);
  let nZero = 0;
  for (let i = 0; i < x64.length; i++) {
    const di = (x64[i] as number) - (y64[i] as number);
    if (!Number.isFinite(di)) fail(FN, `x[${i}] - y[${i}] overflows`, di);
    all[i] = di;
    if (di === 0) nZero++;
  }
  if (nZero === all.length && zeroMethod !== "zsplit") {
    fail(FN, `every difference x - y is zero; zeroMethod "${zeroMethod}" needs a non-zero one`);
  }
  const d = zeroMethod === "wilcox" && nZero > 0 ? all.filter((v) => v !== 0) : all;
  const count = d.length;
  const abs = d.map(Math.abs);
  const { ranks, tieSum } = midRanks(abs);
  let rPlus = 0;
  let rMinus = 0;
  let rZero = 0;
  for (let i = 0; i < count; i++) {
    const v = d[i] as number;
    const r = ranks[i] as number;
    if (v > 0) rPlus += r;
    else if (v < 0) rMinus += r;
    else rZero += r;
  }
  if (zeroMethod === "zsplit") {
    rPlus += rZero / 2;
    rMinus += rZero / 2;
  }
  const statistic = alternative === "two-sided" ? Math.min(rPlus, rMinus) : rPlus;
  return { d, ranks, tieSum, nZero, statistic };
}

/** Phase 2a: the normal approximation (tie-corrected; Cureton's zero correction under `"pratt"`). */
function approxTest(
  r: Ranked,
  zeroMethod: WilcoxonZeroMethod,
  alternative: WilcoxonAlternative,
  correction: boolean,
): WilcoxonSignedRankResult {
  const { d, ranks, tieSum, nZero, statistic } = r;
  const count = d.length;
  let mean = (count * (count + 1)) / 4;
  let v = count * (count + 1) * (2 * count + 1);
  let ties = tieSum;
  if (zeroMethod === "pratt") {
    // Cureton (1967): zeros keep their ranks but leave the null distribution
    mean -= (nZero * (nZero + 1)) / 4;
    v -= nZero * (nZero + 1) * (2 * nZero + 1);
    ties = midRanks(ranks.filter((_, i) => (d[i] as number) !== 0)).tieSum;
  }
  const sd = Math.sqrt((v - ties / 2) / 24);
  let cc = 0;
  if (correction) {
    if (alternative === "two-sided") cc = 0.5 * Math.sign(statistic - mean);
    else cc = alternative === "less" ? -0.5 : 0.5;
  }
  const z = (statistic - mean - cc) / sd;
  let pValue: number;
  switch (alternative) {
    case "two-sided":
      pValue = Math.min(1, 2 * normalCdf(-Math.abs(z)));
      break;
    case "greater":
      pValue = normalCdf(-z);
      break;
    case "less":
      pValue = normalCdf(z);
      break;
    default:
      assertUnreachable(FN, alternative);
  }
  return { statistic, pValue, method: "approx", n: count, nZero, z };
}

/** Phase 2b: the exact permutation distribution of the doubled ranks of the non-zero differences. */
function exactTest(r: Ranked, alternative: WilcoxonAlternative): WilcoxonSignedRankResult {
  const { d, ranks, nZero, statistic } = r;
  const count = d.length;
  const weights: number[] = [];
  let observed = 0;
  for (let i = 0; i < count; i++) {
    const v = d[i] as number;
    if (v === 0) continue;
    const w = Math.round(2 * (ranks[i] as number));
    weights.push(w);
    if (v > 0) observed += w;
  }
  if (weights.length > MAX_EXACT) {
    fail(FN, `the exact test handles at most ${MAX_EXACT} non-zero differences`, weights.length);
  }
  const pmf = signedRankPmf(weights);
  let pLess = 0;
  for (let s = 0; s <= observed; s++) pLess += pmf[s] as number;
  let pGreater = 0;
  for (let s = pmf.length - 1; s >= observed; s--) pGreater += pmf[s] as number;
  let pValue: number;
  switch (alternative) {
    case "two-sided":
      pValue = Math.min(1, 2 * Math.min(pLess, pGreater));
      break;
    case "greater":
      pValue = Math.min(1, pGreater);
      break;
    case "less":
      pValue = Math.min(1, pLess);
      break;
    default:
      assertUnreachable(FN, alternative);
  }
  return { statistic, pValue, method: "exact", n: count, nZero };
}

/**
 * Wilcoxon signed-rank test of paired samples: is the distribution of
 * d = x - y symmetric about 0?
 *
 * Algorithm: rank |d| with mid-ranks for ties; R+ and R- are the rank sums of
 * positive and negative differences. Normal approximation (as scipy 1.10):
 * mean n (n + 1) / 4, variance [n (n + 1) (2n + 1) - sum (t^3 - t) / 2] / 24,
 * with the Pratt adjustment of mean and variance for zeros and an optional
 * continuity correction; z = (T - mean - cc) / sd. Exact test: the null
 * distribution of R+ given the observed ranks (each non-zero difference is
 * positive with probability 1/2 independently), by dynamic programming over
 * doubled ranks, so it is exact with ties and zeros too.
 *
 * Agreement with scipy 1.10.1 `wilcoxon(x, y, zero_method, correction,
 * alternative, method)`: identical statistic and normal approximation in all
 * cases, and identical exact p-values without ties. Deliberate differences:
 * (1) scipy's exact test ignores ties, truncating a half-integer R+ and using
 * the no-ties distribution of 1..n, which is not a valid null distribution;
 * ours conditions on the tied ranks (the permutation distribution, as in
 * R's `coin::wilcoxsign_test(distribution = "exact")`); with ties and n <= 50
 * the default therefore gives a different (correct) exact p-value.
 * (2) with `exact: true` and zero differences scipy silently switches to the
 * normal approximation; we compute the exact conditional distribution for
 * the chosen zero method. The exact test handles up to 500 ranked
 * differences.
 *
 * @param x - First sample, finite values (booleans as 0/1), length n >= 1.
 * @param y - Second sample paired with `x`, same length.
 * @param options - See {@link WilcoxonSignedRankOptions}.
 * @returns Statistic, p-value, method used, counts and z.
 * @throws {TypeError} If `x` or `y` is not a `Float64Array` or an array of numbers or an option has the wrong
 *   type.
 * @throws {RangeError} If a value is not finite, lengths differ, the samples are
 *   empty, every difference is zero under `"wilcox"` or `"pratt"`, or the exact
 *   test is asked for more than 500 differences.
 * @see Wilcoxon, F. (1945). Individual comparisons by ranking methods. Biometrics Bulletin 1, 80-83.
 * @see Pratt, J. W. (1959). Remarks on zeros and ties in the Wilcoxon signed rank procedures. JASA 54, 655-667.
 * @see scipy.stats.wilcoxon (1.10); R `wilcox.test(paired = TRUE)`.
 * @example
 * ```ts
 * // scipy's documentation example (Fisher's Zea mays differences)
 * const d = new Float64Array([6, 8, 14, 16, 23, 24, 28, 29, 41, -48, 49, 56, 60, -67, 75]);
 * const y = new Float64Array(15);
 * wilcoxonSignedRank(d, y).pValue;                     // 0.041259765625 (exact)
 * wilcoxonSignedRank(d, y, { exact: false }).pValue;   // 0.040888132911855925
 * wilcoxonSignedRank(d, y, { alternative: "greater" }).statistic; // 96
 * ```
 */
export function wilcoxonSignedRank(
  x: ArrayLike<number | boolean>,
  y: ArrayLike<number | boolean>,
  options?: WilcoxonSignedRankOptions,
): WilcoxonSignedRankResult {
  const fn = FN;
  // booleans on either side, so that swapping the arguments never throws
  const x64 = toFloat64Array(fn, "x", x, { booleans: true });
  const y64 = toFloat64Array(fn, "y", y, { booleans: true });
  checkSameLength(fn, "x", x64, "y", y64);
  if (x64.length === 0) fail(fn, "x and y are empty");
  checkOptions(fn, options, KEYS);
  const {
    exact,
    correction = false,
    alternative = "two-sided",
    zeroMethod = "wilcox",
  } = options ?? {};
  if (exact !== undefined && typeof exact !== "boolean") {
    failType(fn, `options.exact must be a boolean or undefined (got ${typeof exact})`);
  }
  if (typeof correction !== "boolean") {
    failType(fn, `options.correction must be a boolean (got ${typeof correction})`);
  }
  checkChoice(fn, "options.alternative", alternative, ["two-sided", "less", "greater"] as const);
  checkChoice(fn, "options.zeroMethod", zeroMethod, ["wilcox", "pratt", "zsplit"] as const);

  const r = rankDifferences(x64, y64, zeroMethod, alternative);
  const method: "exact" | "approx" =
    exact === undefined
      ? x64.length <= 50 && r.nZero === 0
        ? "exact"
        : "approx"
      : exact
        ? "exact"
        : "approx";
  return method === "approx"
    ? approxTest(r, zeroMethod, alternative, correction)
    : exactTest(r, alternative);
}

/**
 * Null distribution of sum_i B_i w_i with B_i independent fair coin flips and
 * integer weights w_i: entry s is P(sum = s).
 */
function signedRankPmf(weights: readonly number[]): Float64Array {
  let total = 0;
  for (const w of weights) total += w;
  const f = new Float64Array(total + 1);
  f[0] = 1;
  let reach = 0;
  for (const w of weights) {
    // descending so that each mass is moved once per weight (0/1 knapsack order)
    for (let s = reach; s >= 0; s--) {
      const p = (f[s] as number) * 0.5;
      f[s] = p;
      f[s + w] = (f[s + w] as number) + p;
    }
    reach += w;
  }
  return f;
}
