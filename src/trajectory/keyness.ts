import {
  checkNumber,
  checkOptions,
  checkSameLength,
  fail,
  failType,
  optionKeys,
  toBinary,
} from "../core/validate.js";
import { core, keynessRows } from "./_text.js";
import type { KeynessRow } from "./types.js";

const KEYS = optionKeys<KeynessOptions>()("threshold");

/** Options of {@link keyness}. */
export type KeynessOptions = {
  /**
   * Report words whose G² exceeds this value; 10.83 is the chi-squared(1)
   * critical value for p < 0.001.
   * @defaultValue 10.83
   */
  threshold?: number;
};

/**
 * Log-likelihood keyness (Dunning's G²) of every word between passing and
 * failing documents: the words that leak the outcome.
 *
 * For a word with `a` occurrences among the `c` tokens of passing documents
 * and `b` among the `d` tokens of failing ones, E1 = c(a+b)/(c+d),
 * E2 = d(a+b)/(c+d) and G² = 2 (a ln(a/E1) + b ln(b/E2)), with 0 ln 0 = 0.
 * Words are whitespace tokens, lower-cased, with surrounding punctuation and
 * brackets stripped (`"PASSED,"` counts as `passed`).
 *
 * @param texts - One document per trajectory.
 * @param outcomes - 1 = passed (resolved), 0 = failed, one per text.
 * @param options - `threshold` (default 10.83).
 * @returns Rows with G² above the threshold, by decreasing G² (ties by word).
 * @throws {TypeError} If `texts` is not an array of strings or `outcomes` is not a `Uint8Array` or an array
 *   of 0/1 or booleans.
 * @throws {RangeError} If lengths differ, an outcome is not 0/1, either group is empty, or the threshold is
 *   negative.
 * @see Dunning, T. (1993). Accurate methods for the statistics of surprise and coincidence. Computational Linguistics 19(1), 61-74.
 * @see Rayson, P. & Garside, R. (2000). Comparing corpora using frequency profiling. WCC workshop.
 * @see Paper 2 (trajectory-aware subset selection), section 4.2.2.
 * @example
 * ```ts
 * const rows = keyness(
 *   ["tests passed ok", "tests passed", "tests failed error", "tests failed"],
 *   new Uint8Array([1, 1, 0, 0]),
 *   { threshold: 0 },
 * );
 * rows.map((r) => r.word); // ["failed", "passed", "error", "ok"] ("tests" has G² = 0)
 * rows[0].g2;              // 2.772588722239781 (= 4 ln 2: a = 0, b = 2, c = d = 5)
 * ```
 */
export function keyness(
  texts: readonly string[],
  outcomes: ArrayLike<number | boolean>,
  options?: KeynessOptions,
): readonly KeynessRow[] {
  const FN = "keyness";
  if (!Array.isArray(texts)) failType(FN, "texts must be an array of strings");
  const outcomes01 = toBinary(FN, "outcomes", outcomes);
  checkSameLength(FN, "texts", texts, "outcomes", outcomes01);
  checkOptions(FN, options, KEYS);
  const threshold = options?.threshold ?? 10.83;
  checkNumber(FN, "options.threshold", threshold, 0);
  const counts = new Map<string, [number, number]>();
  const totals = [0, 0];
  for (let i = 0; i < texts.length; i++) {
    const t = texts[i];
    if (typeof t !== "string") failType(FN, `texts[${i}] must be a string`);
    const g = outcomes01[i] as number;
    for (const tok of t.split(/\s+/)) {
      const w = core(tok);
      if (w.length === 0) continue;
      let c = counts.get(w);
      if (c === undefined) {
        c = [0, 0];
        counts.set(w, c);
      }
      c[g === 1 ? 0 : 1]++;
      totals[g === 1 ? 0 : 1]++;
    }
  }
  const [c, d] = totals as [number, number];
  if (c === 0 || d === 0)
    fail(FN, "outcomes need tokens in both the passing and the failing group");
  return keynessRows(counts, c, d, threshold);
}

export type { KeynessRow } from "./types.js";
