import {
  checkInteger,
  checkNumber,
  checkOptions,
  fail,
  failType,
  optionKeys,
} from "../core/validate.js";
import { checkStepNumbers } from "./_checkStep.js";
import { type Compiled, type Counter, compile, placeholderFor } from "./_sanitizer.js";
import {
  charPattern,
  core,
  forEachToken,
  identifierCandidate,
  keynessRows,
  PLACEHOLDER,
} from "./_text.js";
import type { Step, Trajectory } from "./schema.js";
import { stepTexts } from "./stepTexts.js";
import type { KeynessRow, SanitizeRules } from "./types.js";

const KEYS = optionKeys<SanitizeOptions>()(
  "rules",
  "keep",
  "remove",
  "repoTerms",
  "stopWords",
  "minDistinct",
  "minDistinctRatio",
  "stopTopK",
  "stopMinDocFraction",
  "threshold",
  "removeCandidates",
  "maxCandidates",
);

/** How often one rule fired. */
export type SanitizeRuleCount = {
  /** Sanitisation phase: 1 discover corpus, 2 outcome leakage, 3 mask. */
  readonly phase: 1 | 2 | 3;
  /** What matched, e.g. `"hex hash"`, `"stop word [Command"`, `"outcome word passed"`, `"error type AssertionError"`. */
  readonly rule: string;
  /** What replaced it; `""` for removals. */
  readonly replacement: string;
  /** Number of replacements over the whole corpus. */
  readonly count: number;
};

/** Phase 1 statistics of a character-class pattern flagged as random identifiers. */
export type IdentifierPatternStat = {
  /** The pattern (letters `c`, digits `d`). */
  readonly pattern: string;
  /** Tokens with this pattern in the corpus. */
  readonly occurrences: number;
  /** Distinct tokens with this pattern. */
  readonly distinct: number;
  /** The first token seen with this pattern. */
  readonly example: string;
  /** Placeholder chosen for it. */
  readonly placeholder: string;
};

/** Phase 1 statistics of a boilerplate token. */
export type StopWordStat = {
  /** The token. */
  readonly token: string;
  /** Its frequency rank (1 = most frequent). */
  readonly rank: number;
  /** Occurrences in the corpus. */
  readonly count: number;
  /** Fraction of trajectories that contain it. */
  readonly docFraction: number;
};

/** The audit trail of a {@link sanitize} run. */
export type SanitizeReport = {
  /** Every rule that fired, with its count, by phase then decreasing count. */
  readonly applied: readonly SanitizeRuleCount[];
  /** Phase 1 identifier patterns flagged on this corpus (empty when `options.rules` was given). */
  readonly identifierPatterns: readonly IdentifierPatternStat[];
  /** Phase 1 boilerplate tokens found by Zipf rank (empty when `options.rules` was given). */
  readonly stopWords: readonly StopWordStat[];
  /**
   * Phase 2 leakage candidates: words with G² above the threshold between
   * passing and failing trajectories, strongest first, at most
   * `maxCandidates` (empty when fewer than one trajectory per outcome is labelled).
   */
  readonly leakageCandidates: readonly KeynessRow[];
  /** Number of words above the G² threshold before the `maxCandidates` cut. */
  readonly leakageCandidateCount: number;
  /** Whitespace tokens of the step texts after the string rules (before the token rules) and at the end. */
  readonly tokens: { readonly before: number; readonly after: number };
};

/** Result of {@link sanitize}. */
export type SanitizeResult = {
  /** Sanitised copies of the input trajectories (same ids and order). */
  readonly trajectories: readonly Trajectory[];
  /** One text per trajectory: its sanitised {@link stepTexts} joined by newlines. */
  readonly texts: readonly string[];
  /** The rules used, reusable through `options.rules`. */
  readonly rules: SanitizeRules;
  /** What was applied and how often. */
  readonly report: SanitizeReport;
};

/** Options of {@link sanitize}. */
export type SanitizeOptions = {
  /** Apply these rules instead of fitting new ones; the fitting options below are then ignored. */
  rules?: SanitizeRules;
  /** Words never removed as outcome words or stop words (overrides `remove` and the defaults). */
  keep?: readonly string[];
  /** Extra outcome words to remove (e.g. repository tooling such as `pylint`). */
  remove?: readonly string[];
  /** Extra repository identities to mask, added to those derived from instance ids. */
  repoTerms?: readonly string[];
  /** Extra boilerplate tokens to remove. */
  stopWords?: readonly string[];
  /** Phase 1: a pattern needs at least this many distinct tokens to be flagged. @defaultValue 10 */
  minDistinct?: number;
  /** Phase 1: and distinct / occurrences at least this ratio. @defaultValue 0.9 */
  minDistinctRatio?: number;
  /** Phase 1: stop words are taken among the this-many most frequent tokens. @defaultValue 50 */
  stopTopK?: number;
  /**
   * Phase 1: and must occur in at least this fraction of trajectories. Stop
   * words are not detected in corpora of fewer than 5 trajectories.
   * @defaultValue 0.5
   */
  stopMinDocFraction?: number;
  /** Phase 2: G² threshold for leakage candidates. @defaultValue 10.83 (p < 0.001) */
  threshold?: number;
  /** Phase 2: remove every leakage candidate, not only the default outcome words. @defaultValue false */
  removeCandidates?: boolean;
  /** Phase 2: at most this many candidates in the report. @defaultValue 100 */
  maxCandidates?: number;
};

/**
 * Words removed by default in phase 2: explicit outcome indicators of test
 * runners and benchmarks. `pass` is not among them because it is a Python
 * keyword; exit codes are removed by the `exit code N` and
 * `<returncode>N</returncode>` phrase rules.
 */
const OUTCOME_WORDS = [
  "passed",
  "passes",
  "passing",
  "failed",
  "fail",
  "fails",
  "failing",
  "failure",
  "failures",
  "errored",
  "ok",
  "success",
  "succeeded",
  "successful",
  "successfully",
  "resolved",
  "unresolved",
  "xfail",
  "xfailed",
  "xpass",
  "xpassed",
];

const FN = "sanitize";
/** Stop words are detected only in corpora of at least this many trajectories. */
const MIN_ZIPF_DOCS = 5;
const HAS_PLACEHOLDER = /\[[A-Z][A-Z_]*\]/;

function stringList(name: string, v: unknown): readonly string[] {
  if (v === undefined) return [];
  if (!Array.isArray(v)) failType(FN, `${name} must be an array of strings`);
  for (let i = 0; i < v.length; i++) {
    if (typeof v[i] !== "string") failType(FN, `${name}[${i}] must be a string`);
  }
  return v as readonly string[];
}

function checkRules(r: unknown): SanitizeRules {
  if (typeof r !== "object" || r === null) failType(FN, "options.rules must be an object");
  const o = r as SanitizeRules;
  const pats = o.identifierPatterns;
  if (!Array.isArray(pats)) failType(FN, "options.rules.identifierPatterns must be an array");
  for (let i = 0; i < pats.length; i++) {
    const p = pats[i] as { pattern?: unknown; placeholder?: unknown };
    if (
      typeof p?.pattern !== "string" ||
      typeof p.placeholder !== "string" ||
      !PLACEHOLDER.test(p.placeholder)
    ) {
      failType(
        FN,
        `options.rules.identifierPatterns[${i}] must be { pattern, placeholder: "[NAME]" }`,
      );
    }
  }
  stringList("options.rules.stopWords", o.stopWords);
  stringList("options.rules.removeWords", o.removeWords);
  stringList("options.rules.repoTerms", o.repoTerms);
  return o;
}

/**
 * Import names that differ from the repository's name and identify it as well
 * as the name does (`import sklearn`, `from mpl_toolkits import ...`, `import
 * seaborn as sns`); the repository's `_`-for-`-` spelling is added separately.
 */
const REPO_ALIASES: Readonly<Record<string, readonly string[]>> = {
  "scikit-learn": ["sklearn"],
  matplotlib: ["mpl_toolkits"],
  seaborn: ["sns"],
};

/**
 * Repository identities from SWE-bench style ids: `owner__repo-123` gives
 * owner and repo, their `_` spelling (`scikit_learn`, as in `.egg-info` paths)
 * and the repo's import aliases of {@link REPO_ALIASES}.
 */
function repoTermsOf(ids: readonly string[]): string[] {
  const out = new Set<string>();
  for (const id of ids) {
    const m = /^(.+?)__(.+?)(?:-\d+)?$/.exec(id);
    if (m === null) continue;
    for (const name of [m[1] as string, m[2] as string]) {
      const t = name.toLowerCase();
      out.add(t);
      out.add(t.replace(/-/g, "_"));
      for (const a of REPO_ALIASES[t] ?? []) out.add(a);
    }
  }
  return [...out].filter((t) => t.length >= 3).sort();
}

function stepStrings(s: Step): string[] {
  return [s.thought, s.action, s.observation];
}

/**
 * A step with its sanitised texts; the structured fields get `f`, the string
 * rules only (masks and placeholders; stop words and outcome words would turn
 * the command `test` of `bin/test` into ""), and an entry or field left empty
 * is dropped (a command is absent or a verb).
 */
function mapStep(s: Step, text: readonly string[], f: (x: string) => string): Step {
  const { command: _c, error: _e, ...rest } = s;
  const out: Step = {
    ...rest,
    thought: text[0] as string,
    action: text[1] as string,
    observation: text[2] as string,
    filesTouched: s.filesTouched.map(f).filter((x) => x.length > 0),
    testsRun: s.testsRun.map(f).filter((x) => x.length > 0),
  };
  const extra: { command?: string; error?: string } = {};
  const command = s.command === undefined ? "" : f(s.command);
  if (command.length > 0) extra.command = command;
  const error = s.error === undefined ? "" : f(s.error);
  if (error.length > 0) extra.error = error;
  return { ...out, ...extra };
}

function checkCorpus(corpus: unknown): readonly Trajectory[] {
  if (!Array.isArray(corpus)) failType(FN, "corpus must be an array of trajectories");
  for (let i = 0; i < corpus.length; i++) {
    const t = corpus[i] as Trajectory;
    if (typeof t !== "object" || t === null || !Array.isArray(t.steps)) {
      failType(FN, `corpus[${i}] must be a Trajectory (with a steps array)`);
    }
    if (typeof t.instanceId !== "string") failType(FN, `corpus[${i}].instanceId must be a string`);
    if (t.outcome !== undefined && typeof t.outcome !== "boolean") {
      failType(FN, `corpus[${i}].outcome must be a boolean or undefined`);
    }
    for (let j = 0; j < t.steps.length; j++) {
      const s = t.steps[j] as Step;
      if (
        typeof s !== "object" ||
        s === null ||
        typeof s.thought !== "string" ||
        typeof s.action !== "string" ||
        typeof s.observation !== "string" ||
        !Array.isArray(s.filesTouched) ||
        !Array.isArray(s.testsRun)
      ) {
        failType(FN, `corpus[${i}].steps[${j}] is missing a string or array field of Step`);
      }
      // the numeric fields are copied to the output: NaN or Infinity must not pass through
      checkStepNumbers(FN, `corpus[${i}].steps[${j}]`, s);
      if (s.exitCode !== undefined && !Number.isFinite(s.exitCode)) {
        fail(FN, `corpus[${i}].steps[${j}].exitCode must be finite or absent`, s.exitCode);
      }
    }
  }
  return corpus as readonly Trajectory[];
}

/**
 * Removes outcome leakage and noise from trajectories before they are
 * embedded: the four-phase pipeline of paper 2, section 4.2, automated.
 *
 * Phase 1 (discover corpus): fixed rules replace UUIDs, random seeds
 * (`PYTHONHASHSEED=...`), timestamps, memory addresses, temporary paths, hex
 * hashes and durations by typed placeholders (`[UUID]`, `[RANDOM_SEED]`,
 * `[TIMESTAMP]`, `[ADDR]`, `[PATH]`, `[HASH]`, `[DURATION]`); then every
 * whitespace token of 6+ characters containing a digit or `/` is mapped to its
 * character-class pattern (letter -> c, digit -> d), and a pattern produced by
 * at least `minDistinct` distinct tokens with distinct/occurrences >=
 * `minDistinctRatio` is flagged as random and its tokens become a placeholder
 * chosen by shape (`[PATH]`, `[HASH]`, `[NUMBER]`, `[ID]`). Boilerplate: among
 * the `stopTopK` most frequent tokens (Zipf rank), those present in at least
 * `stopMinDocFraction` of trajectories become stop words and are removed.
 * Phase 2 (outcome leakage): `exit code N` and `<returncode>N</returncode>`
 * are removed, as are the default outcome words (passed, failed, fail,
 * failure, ok, success, resolved, xfail, ...) plus `remove`, minus `keep`,
 * and with them a test runner's counts `name=N` of such a word or of
 * unittest's `errors`, `skipped`, `expected_failures`, `unexpected_successes`
 * (`FAILED (failures=1, errors=2)` loses all of it; until 2026-12-07 the
 * counts stayed, in 52 of the 500 real mini-swe-agent trajectories), test
 * runners' outcome tags (`[OK]`, `[FAIL]`, `[PASS]`, `[SKIP]`, ... as sympy's
 * `bin/test` writes them) and progress marks of every outcome (`.`, `F`, `E`,
 * `f`, `s`, `x`, `X`, ...): the run after a test file at the start of a line
 * (`tests/test_a.py ..F. [ 50%]` -> `tests/test_a.py [ 50%]`) and every line
 * made only of marks with a `.`, `F` or `E` (unittest's `..F.E`; this also
 * drops a line holding only `...` or `.`). Until 2026-12-07 only runs with an
 * `F` or `E` went, so the dots left in passing runs told them from failing
 * ones, and `[OK]`/`[FAIL]` were kept as placeholders. `error` itself stays (it is common
 * outside test summaries);
 * Dunning's G² between passing and failing trajectories (see {@link keyness})
 * lists the leakage candidates above `threshold` (10.83) in the report, and
 * `removeCandidates: true` removes them all. Phase 3 (mask): Python exception
 * names become `[ERR_...]` (`AssertionError` -> `[ERR_ASSERT]`,
 * `ModuleNotFoundError` -> `[ERR_IMPORT]`, `ValueError` -> `[ERR_VALUE]`,
 * otherwise the stem in upper snake case) and repository identities become
 * `[REPO_VAR]`: owner and repo of every `owner__repo-N` instance id, their
 * `_` spelling (`scikit_learn`), the import names that identify a repository
 * as its name does (`sklearn`, `mpl_toolkits`, `sns`), plus `repoTerms`. Names
 * of 1-2 characters are never masked (`xr`, `np`), and the masking applies to
 * every trajectory: a repository named after a tool or a word (`pytest`,
 * `requests`, `sphinx`, `pylint`) masks it in all trajectories
 * (`python -m pytest` -> `python -m [REPO_VAR]` in Django runs). Masking it only
 * in its own repository's runs would leave the name in the others, so its
 * absence would point to the repository; `keep: ["pytest"]` keeps the word,
 * at the cost of `pytest` and `_pytest` then pointing to pytest-dev's runs. Phase 4 (validate) is {@link leakageProbe}. Whitespace is
 * normalised (tokens joined by one space, empty lines dropped) and the passes
 * repeat until the text is stable, so applying the returned `rules` to the
 * output changes nothing (idempotence). Placeholders are never rewritten.
 * Every string field of every step is sanitised: `thought`, `action` and
 * `observation` by all rules, the structured fields (`command`, `error`,
 * `filesTouched`, `testsRun`) by the string rules only (masks and
 * placeholders, no stop or outcome words, so `bin/test`'s command `test`
 * stays), an entry left empty dropped; ids and instance ids are kept.
 *
 * @param corpus - Parsed trajectories; `outcome` (when set) drives the phase 2 statistics.
 * @param options - Optional {@link SanitizeOptions}; defaults are documented on each field.
 * @returns The sanitised trajectories, one text per trajectory, the rules and the audit report.
 * @throws {TypeError} If `corpus` is not an array of trajectories or an option has the wrong type.
 * @throws {RangeError} If the corpus is empty or a numeric option is out of range.
 * @see Paper 2 (trajectory-aware subset selection), section 4.2; Dunning (1993) for G²; Zipf (1949).
 * @example
 * ```ts
 * const t = parseMiniSweAgent({
 *   instance_id: "demo__demo-1",
 *   messages: [
 *     { role: "user", content: "Fix it." },
 *     { role: "assistant", content: "THOUGHT: test\n\n```bash\npytest tests/test_demo.py\n```" },
 *     { role: "user", content: "<returncode>1</returncode>\nAssertionError in demo at 3f8a2b1c\n1 failed in 0.12s" },
 *   ],
 * }, { outcome: false });
 * const out = sanitize([t]);
 * out.texts[0]; // "pytest tests/test_[REPO_VAR].py\n[ERR_ASSERT] in [REPO_VAR] at [HASH]\n1 in [DURATION]"
 * out.report.applied.map((r) => r.rule);
 * // ["duration", "hex hash", "outcome word failed", "returncode tag", "repository", "error type AssertionError"]
 * ```
 */
export function sanitize(corpus: readonly Trajectory[], options?: SanitizeOptions): SanitizeResult {
  const trajs = checkCorpus(corpus);
  if (trajs.length === 0) fail(FN, "corpus is empty");
  checkOptions(FN, options, KEYS);
  const o = options ?? {};
  const counter: Counter = new Map();
  const learned =
    o.rules !== undefined
      ? {
          rules: checkRules(o.rules),
          identifierStats: [],
          stopStats: [],
          candidates: [],
          candidateCount: 0,
        }
      : learnRules(trajs, readLearnOptions(o), counter);
  const { trajectories, compiled } = applyRules(trajs, learned.rules, counter, learned.table);
  return {
    trajectories,
    texts: trajectories.map((t) => stepTexts(t).join("\n")),
    rules: learned.rules,
    report: {
      applied: appliedCounts(counter),
      identifierPatterns: learned.identifierStats,
      stopWords: learned.stopStats,
      leakageCandidates: learned.candidates,
      leakageCandidateCount: learned.candidateCount,
      tokens: compiled.tokens(),
    },
  };
}

/** The checked options that govern how rules are learned from a corpus. */
type LearnOptions = {
  readonly keep: ReadonlySet<string>;
  readonly extraRemove: readonly string[];
  readonly extraRepo: readonly string[];
  readonly extraStop: readonly string[];
  readonly minDistinct: number;
  readonly minRatio: number;
  readonly topK: number;
  readonly minDoc: number;
  readonly threshold: number;
  readonly maxCand: number;
  readonly removeCandidates: boolean;
};

/** Phase 1: reads and checks the learning options (every check before any work). */
function readLearnOptions(o: SanitizeOptions): LearnOptions {
  const keep = new Set(stringList("options.keep", o.keep).map((w) => w.toLowerCase()));
  const extraRemove = stringList("options.remove", o.remove);
  const extraRepo = stringList("options.repoTerms", o.repoTerms);
  const extraStop = stringList("options.stopWords", o.stopWords);
  const minDistinct = o.minDistinct ?? 10;
  checkInteger(FN, "options.minDistinct", minDistinct, 1);
  const minRatio = o.minDistinctRatio ?? 0.9;
  checkNumber(FN, "options.minDistinctRatio", minRatio, 0, 1);
  const topK = o.stopTopK ?? 50;
  checkInteger(FN, "options.stopTopK", topK, 0);
  const minDoc = o.stopMinDocFraction ?? 0.5;
  checkNumber(FN, "options.stopMinDocFraction", minDoc, 0, 1);
  const threshold = o.threshold ?? 10.83;
  checkNumber(FN, "options.threshold", threshold, 0);
  const maxCand = o.maxCandidates ?? 100;
  checkInteger(FN, "options.maxCandidates", maxCand, 0);
  if (o.removeCandidates !== undefined && typeof o.removeCandidates !== "boolean") {
    failType(FN, "options.removeCandidates must be a boolean");
  }
  return {
    keep,
    extraRemove,
    extraRepo,
    extraStop,
    minDistinct,
    minRatio,
    topK,
    minDoc,
    threshold,
    maxCand,
    removeCandidates: o.removeCandidates === true,
  };
}

/**
 * Every token occurrence of the corpus stored once as an id (x2, +1 when a
 * line break precedes it), so the token rules are decided once per distinct
 * token and applied without re-tokenising; with per-token statistics.
 */
type TokenTable = {
  readonly codes: Int32Array;
  /** End (exclusive) in `codes` of each text field, in corpus order. */
  readonly fieldEnd: readonly number[];
  readonly tokList: readonly string[];
  readonly cnt: readonly number[];
  readonly docs: readonly number[];
  readonly pass: readonly number[];
  readonly failN: readonly number[];
  /** Trajectories with a known outcome: [passing, failing]. */
  readonly labelled: readonly [number, number];
};

/**
 * Phase 2: tokenises the corpus after the string-level rules (`pre`), counting
 * the within-token rules' replacements into `counter`.
 */
function tokenise(trajs: readonly Trajectory[], pre: Compiled, counter: Counter): TokenTable {
  const idOf = new Map<string, number>();
  const rawIdOf = new Map<string, number>();
  const rawToId: number[] = [];
  const rawCnt: number[] = [];
  const rawKeys: ([string, number][] | undefined)[] = [];
  const tokList: string[] = [];
  const cnt: number[] = [];
  const docs: number[] = [];
  const last: number[] = [];
  const pass: number[] = [];
  const failN: number[] = [];
  let codes = new Int32Array(1 << 16);
  let nCodes = 0;
  const fieldEnd: number[] = [];
  const labelled: [number, number] = [0, 0];
  for (let i = 0; i < trajs.length; i++) {
    const t = trajs[i] as Trajectory;
    const g: 0 | 1 | undefined = t.outcome === undefined ? undefined : t.outcome ? 0 : 1;
    if (g !== undefined) labelled[g]++;
    for (const s of t.steps) {
      for (const text of stepStrings(s)) {
        const prepared = pre.perToken ? pre.prePass(text) : pre.stringPass(text);
        forEachToken(prepared, (raw, newLine) => {
          // within-token rules run once per distinct raw token; counts scale by occurrences
          let r = rawIdOf.get(raw);
          if (r === undefined) {
            r = rawToId.length;
            rawIdOf.set(raw, r);
            const local: Counter = new Map();
            const tok = pre.perToken ? pre.tokenReplace(raw, local) : raw;
            rawKeys.push(local.size > 0 ? [...local] : undefined);
            rawCnt.push(0);
            let tid = idOf.get(tok);
            if (tid === undefined) {
              tid = tokList.length;
              idOf.set(tok, tid);
              tokList.push(tok);
              cnt.push(0);
              docs.push(0);
              last.push(-1);
              pass.push(0);
              failN.push(0);
            }
            rawToId.push(tid);
          }
          rawCnt[r] = (rawCnt[r] as number) + 1;
          const id = rawToId[r] as number;
          cnt[id] = (cnt[id] as number) + 1;
          if (g === 0) pass[id] = (pass[id] as number) + 1;
          else if (g === 1) failN[id] = (failN[id] as number) + 1;
          if (last[id] !== i) {
            docs[id] = (docs[id] as number) + 1;
            last[id] = i;
          }
          if (nCodes === codes.length) {
            const grown = new Int32Array(codes.length * 2);
            grown.set(codes);
            codes = grown;
          }
          codes[nCodes++] = id * 2 + (newLine ? 1 : 0);
        });
        fieldEnd.push(nCodes);
      }
    }
  }
  for (let r = 0; r < rawKeys.length; r++) {
    const keys = rawKeys[r];
    if (keys === undefined) continue;
    for (const [k, n] of keys) counter.set(k, (counter.get(k) ?? 0) + n * (rawCnt[r] as number));
  }
  return { codes, fieldEnd, tokList, cnt, docs, pass, failN, labelled };
}

/** What phase 3 learns: the rules and the statistics the report shows. */
type Learned = {
  readonly rules: SanitizeRules;
  readonly identifierStats: IdentifierPatternStat[];
  readonly stopStats: StopWordStat[];
  readonly candidates: KeynessRow[];
  readonly candidateCount: number;
  /** The tokenised corpus, when the rules were learned from it (reused by phase 4). */
  readonly table?: TokenTable;
};

/** Per-word outcome counts (with their totals) and per-pattern counts over the distinct tokens. */
type TokenStats = {
  readonly wordCounts: Map<string, [number, number]>;
  readonly totals: [number, number];
  readonly patStats: Map<string, { occ: number; distinct: number; example: string }>;
};

/** Phase 3a: per-word and per-pattern statistics from the distinct tokens of the table. */
function tokenStats(table: TokenTable): TokenStats {
  const { tokList, cnt, docs, pass, failN } = table;
  const wordCounts = new Map<string, [number, number]>();
  const totals: [number, number] = [0, 0];
  const patStats = new Map<string, { occ: number; distinct: number; example: string }>();
  for (let id = 0; id < tokList.length; id++) {
    const tok = tokList[id] as string;
    const st = {
      count: cnt[id] as number,
      docs: docs[id] as number,
      pass: pass[id] as number,
      fail: failN[id] as number,
    };
    if (st.pass + st.fail > 0) {
      const w = core(tok);
      if (w.length > 0) {
        let c = wordCounts.get(w);
        if (c === undefined) {
          c = [0, 0];
          wordCounts.set(w, c);
        }
        c[0] += st.pass;
        c[1] += st.fail;
        totals[0] += st.pass;
        totals[1] += st.fail;
      }
    }
    if (identifierCandidate(tok) && !tok.includes("[")) {
      const p = charPattern(tok);
      const ps = patStats.get(p);
      if (ps === undefined) patStats.set(p, { occ: st.count, distinct: 1, example: tok });
      else {
        ps.occ += st.count;
        ps.distinct++;
      }
    }
  }
  return { wordCounts, totals, patStats };
}

/** Phase 3b: the identifier patterns with many distinct tokens, most distinct first. */
function identifierPatterns(
  patStats: TokenStats["patStats"],
  lo: LearnOptions,
): IdentifierPatternStat[] {
  const identifierStats: IdentifierPatternStat[] = [];
  for (const [pattern, ps] of patStats) {
    const distinct = ps.distinct;
    if (distinct >= lo.minDistinct && distinct / ps.occ >= lo.minRatio) {
      identifierStats.push({
        pattern,
        occurrences: ps.occ,
        distinct,
        example: ps.example,
        placeholder: placeholderFor(ps.example),
      });
    }
  }
  identifierStats.sort((a, b) => b.distinct - a.distinct || (a.pattern < b.pattern ? -1 : 1));
  return identifierStats;
}

/** Phase 3c: Zipf stop words, the most frequent tokens found in most documents. */
function zipfStopWords(table: TokenTable, nDocs: number, lo: LearnOptions): StopWordStat[] {
  const { tokList, cnt, docs } = table;
  const stopStats: StopWordStat[] = [];
  const ranked = tokList
    .map((tok, id) => [tok, { count: cnt[id] as number, docs: docs[id] as number }] as const)
    .sort((a, b) => b[1].count - a[1].count || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  // with a handful of trajectories every token is in every document: no Zipf signal
  const zipfK = nDocs >= MIN_ZIPF_DOCS ? Math.min(lo.topK, ranked.length) : 0;
  for (let r = 0; r < zipfK; r++) {
    const [token, st] = ranked[r] as [string, { count: number; docs: number }];
    const docFraction = st.docs / nDocs;
    if (docFraction >= lo.minDoc && !HAS_PLACEHOLDER.test(token) && !lo.keep.has(core(token))) {
      stopStats.push({ token, rank: r + 1, count: st.count, docFraction });
    }
  }
  return stopStats;
}

/** Phase 3d: outcome-keyness leakage candidates (reported rows, their count, words to remove). */
function leakageCandidates(
  stats: TokenStats,
  labelled: TokenTable["labelled"],
  lo: LearnOptions,
): { candidates: KeynessRow[]; candidateCount: number; candidateWords: string[] } {
  const { wordCounts, totals } = stats;
  let candidates: KeynessRow[] = [];
  let candidateCount = 0;
  const candidateWords: string[] = [];
  if (labelled[0] > 0 && labelled[1] > 0 && totals[0] > 0 && totals[1] > 0) {
    const rows = keynessRows(wordCounts, totals[0], totals[1], lo.threshold);
    candidateCount = rows.length;
    candidates = rows.slice(0, lo.maxCand);
    if (lo.removeCandidates) {
      // also remove candidates beyond the reporting cut
      for (const r of rows) candidateWords.push(r.word);
    }
  }
  return { candidates, candidateCount, candidateWords };
}

/**
 * Phase 3: learns the rules from the corpus — repository terms, identifier
 * patterns (many distinct tokens of one character pattern), Zipf stop words
 * and outcome-keyness leakage candidates.
 */
function learnRules(trajs: readonly Trajectory[], lo: LearnOptions, counter: Counter): Learned {
  const { keep } = lo;
  const repoTerms = [
    ...new Set([
      ...repoTermsOf(trajs.map((t) => t.instanceId)),
      ...lo.extraRepo.map((t) => t.toLowerCase()),
    ]),
  ].filter((t) => !keep.has(t));
  // string-level rules first, so the statistics see masked text
  const pre = compile(
    { identifierPatterns: [], stopWords: [], removeWords: [], repoTerms },
    counter,
  );
  const table = tokenise(trajs, pre, counter);
  const stats = tokenStats(table);
  const identifierStats = identifierPatterns(stats.patStats, lo);
  const stopStats = zipfStopWords(table, trajs.length, lo);
  const { candidates, candidateCount, candidateWords } = leakageCandidates(
    stats,
    table.labelled,
    lo,
  );
  const removeWords = [
    ...new Set([
      ...OUTCOME_WORDS,
      ...lo.extraRemove.map((w) => w.toLowerCase()),
      ...candidateWords,
    ]),
  ]
    .filter((w) => !keep.has(w) && !PLACEHOLDER.test(w))
    .sort();
  const rules: SanitizeRules = {
    identifierPatterns: identifierStats.map((p) => ({
      pattern: p.pattern,
      placeholder: p.placeholder,
    })),
    stopWords: [...new Set([...stopStats.map((s) => s.token), ...lo.extraStop])].sort(),
    removeWords,
    repoTerms,
  };
  return { rules, identifierStats, stopStats, candidates, candidateCount, table };
}

/**
 * Phase 4: applies the rules to every text field — from the token table when
 * the rules were learned on this corpus (each distinct token decided once),
 * else by the compiled string passes.
 */
function applyRules(
  trajs: readonly Trajectory[],
  rules: SanitizeRules,
  counter: Counter,
  tokenCodes: TokenTable | undefined,
): { trajectories: Trajectory[]; compiled: Compiled } {
  const compiled: Compiled = compile(rules, counter);
  const clean = (text: string) => compiled.full(text);
  const fieldRules = (text: string) => compiled.stringPass(text);
  // decide each distinct token once (fitted path) and count its occurrences
  let decided: ({ readonly out: string | null } | undefined)[] = [];
  if (tokenCodes !== undefined) {
    let before = 0;
    let after = 0;
    decided = tokenCodes.tokList.map((tok, id) => {
      const d = compiled.decide(tok);
      const n = tokenCodes.cnt[id] ?? 0;
      before += n;
      if (d.out !== null) after += n;
      if (d.key.length > 0) counter.set(d.key, (counter.get(d.key) ?? 0) + n);
      return d;
    });
    compiled.addTokens(before, after);
  }
  let field = 0;
  const fromCodes = (codes: Int32Array, start: number, end: number): string => {
    const parts: string[] = [];
    let lineHasToken = false;
    let removedAny = false;
    for (let k = start; k < end; k++) {
      const c = codes[k] as number;
      if ((c & 1) === 1) lineHasToken = false;
      const out = decided[c >> 1]?.out ?? null;
      if (out === null) {
        removedAny = true;
        continue;
      }
      if (lineHasToken) parts.push(" ");
      else if (parts.length > 0) parts.push("\n");
      lineHasToken = true;
      parts.push(out);
    }
    const t = parts.join("");
    return compiled.settle(t, removedAny);
  };
  const trajectories: Trajectory[] = trajs.map((t) => {
    const steps = t.steps.map((s) => {
      const fields = stepStrings(s).map((x) => {
        if (tokenCodes === undefined) return clean(x);
        const start = field === 0 ? 0 : (tokenCodes.fieldEnd[field - 1] as number);
        const end = tokenCodes.fieldEnd[field] as number;
        field++;
        return fromCodes(tokenCodes.codes, start, end);
      });
      return mapStep(s, fields, fieldRules);
    });
    return { ...t, steps };
  });
  compiled.flush();
  return { trajectories, compiled };
}

/** Phase 5: the report's rule counts, by phase, then count (descending), then rule. */
function appliedCounts(counter: Counter): SanitizeRuleCount[] {
  const applied: SanitizeRuleCount[] = [...counter.entries()].map(([key, count]) => {
    const [phase, rule, replacement] = key.split("\u0000") as [string, string, string];
    return { phase: Number(phase) as 1 | 2 | 3, rule, replacement, count };
  });
  applied.sort((a, b) => a.phase - b.phase || b.count - a.count || (a.rule < b.rule ? -1 : 1));
  return applied;
}

export type { SanitizeRules } from "./types.js";
