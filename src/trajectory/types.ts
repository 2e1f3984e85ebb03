/**
 * Data shapes shared by the trajectory modules (types only, so that the
 * public files and their private kernels import them without a cycle).
 */

/** One word's log-likelihood keyness between passing and failing documents. */
export type KeynessRow = {
  /** The word: a whitespace token lower-cased, with surrounding punctuation and brackets removed. */
  readonly word: string;
  /** Occurrences in passing (outcome 1) documents. */
  readonly pass: number;
  /** Occurrences in failing (outcome 0) documents. */
  readonly fail: number;
  /** Dunning's G² statistic (1 degree of freedom). */
  readonly g2: number;
  /** The group in which the word is relatively more frequent. */
  readonly favours: "pass" | "fail";
};

/**
 * The fitted, serialisable rules of a {@link sanitize} run. Pass them back as
 * `options.rules` to sanitise new trajectories exactly as the calibration
 * corpus was (the paper calibrates once per dataset).
 */
export type SanitizeRules = {
  /** Phase 1: character-class patterns of random identifiers and the placeholder each becomes. */
  readonly identifierPatterns: readonly {
    /** Pattern with letters as `c` and digits as `d`, e.g. `"/ccc/cccdcddc"`. */
    readonly pattern: string;
    /** Placeholder replacing matching tokens: `[PATH]`, `[HASH]`, `[NUMBER]` or `[ID]`. */
    readonly placeholder: string;
  }[];
  /** Phase 1: boilerplate tokens (exact, case-sensitive) that are removed. */
  readonly stopWords: readonly string[];
  /** Phase 2: outcome words (lower-case, matched on the token without surrounding punctuation) that are removed. */
  readonly removeWords: readonly string[];
  /** Phase 3: repository identities (case-insensitive) masked as `[REPO_VAR]`. */
  readonly repoTerms: readonly string[];
};
