/**
 * The rule engine behind `sanitize`: fixed string rules (typed placeholders,
 * outcome phrases, error types, repository names) and fitted token rules
 * (identifier patterns, stop words, removal words). Built for corpora of
 * hundreds of megabytes: removals run first, then every replacement rule in a
 * single regex scan, and token decisions are memoised.
 * @internal
 */
import { charPattern, core, forEachToken, identifierCandidate, PLACEHOLDER } from "./_text.js";
import type { SanitizeRules } from "./types.js";

/** A counter of rule applications keyed by phase, rule and replacement joined by NUL. */
export type Counter = Map<string, number>;

function bump(counter: Counter, key: string, by = 1): void {
  counter.set(key, (counter.get(key) ?? 0) + by);
}

const ERROR_NAMES: Record<string, string> = {
  Assertion: "ASSERT",
  ModuleNotFound: "IMPORT",
  Import: "IMPORT",
  Indentation: "SYNTAX",
  Syntax: "SYNTAX",
  TabError: "SYNTAX",
  IO: "OS",
  Environment: "OS",
};

/** `FooBarError` -> `[ERR_FOO_BAR]`, with the common aliases of {@link ERROR_NAMES}. */
export function errorPlaceholder(stem: string): string {
  const mapped = ERROR_NAMES[stem];
  if (mapped !== undefined) return `[ERR_${mapped}]`;
  const snake = stem
    .replace(/([a-z0-9])([A-Z])/g, "$1_$2")
    .replace(/([A-Z]+)([A-Z][a-z])/g, "$1_$2")
    .toUpperCase();
  return `[ERR_${snake}]`;
}

const ESC_CHAR = String.fromCharCode(27);
const ESC = new RegExp(ESC_CHAR);

type Removal = {
  readonly phase: 1 | 2;
  readonly name: string;
  readonly re: RegExp;
  readonly may: RegExp;
};

/** A line holding test progress marks; group 1 is the test file before them, which stays. */
const PROGRESS_LINE =
  /^([^\S\n]*\S+\.py(?:\[\d+\])?[^\S\n]+|[^\S\n]*(?=[fsxXwTpP]*[.FE]))[.FEfsxXwTpP]+(?=[^\S\n]*(?:\[[^\]\n]*\][^\S\n]*)?$)/m;

/**
 * Removals run before the replacements because deleting text can join its
 * neighbours into something a replacement rule matches. Their whitespace is
 * `\s*`, so whitespace normalisation never creates a new match.
 */
const REMOVALS: readonly Removal[] = [
  // built from a string: a literal ESC in a regex literal trips the linter
  { phase: 1, name: "ansi escape", re: new RegExp(`${ESC_CHAR}\\[[0-9;]*[A-Za-z]`, "g"), may: ESC },
  {
    phase: 2,
    name: "exit code",
    re: /\bexit(?:[\s_]*code|[\s_]*status)\s*[:=]?\s*-?\d+/gi,
    may: /exit[\s_]*(?:code|status)/i,
  },
  {
    phase: 2,
    name: "returncode tag",
    re: /<returncode>\s*-?\d+\s*<\/returncode>/g,
    may: /<returncode>/,
  },
  {
    // Test runners' progress marks, whatever the outcome (a rule that removed only runs with
    // an F or E kept the dots of passing runs: the marks' presence told the outcomes apart):
    // the run after a test file at the start of a line (pytest `a.py ..F. [ 50%]`, sympy's
    // `a.py[6] ...f.F [FAIL]`) and a line made only of marks with a `.`, `F` or `E` (unittest's
    // `..F.E` or `.`, pytest's wrapped lines; a lone `x` is more often code), before an
    // optional bracketed tag such as `[100%]`.
    phase: 2,
    name: "test progress marks",
    re: new RegExp(PROGRESS_LINE.source, "gm"),
    may: PROGRESS_LINE,
  },
];

/** Removals whose matches may span tokens: token removal can create new matches. */
const SPANNING_MAY = /exit[\s_]*(?:code|status)|<returncode>|seed\s*[=:]/i;

/**
 * Replacements whose patterns are costly to try at every word start, run as
 * separate scans only on texts that pass a cheap test.
 */
const GUARDED: readonly {
  readonly phase: 1 | 3;
  readonly name: string;
  readonly re: RegExp;
  readonly may: RegExp;
  readonly replacement: string;
}[] = [
  {
    phase: 1,
    name: "random seed",
    re: /(?<keep>\[[A-Z][A-Z_]*\])|\b\w*seed\s*[=:]\s*-?\d+\b/gi,
    may: /seed\s*[=:]/i,
    replacement: "[RANDOM_SEED]",
  },
  {
    phase: 3,
    name: "workspace directory",
    re: /(?<keep>\[[A-Z][A-Z_]*\])|\b[\w.-]+?__[\w.-]+?__\d+(?:\.\d+)*\b/g,
    may: /__\d/,
    replacement: "[REPO_VAR]",
  },
];

type Replacement = {
  readonly group: string;
  readonly phase: 1 | 3;
  readonly name: string;
  readonly source: string;
  readonly replacement: string;
};

/**
 * Replacement rules in priority order (at one position the first that matches
 * wins). Each ends at a word boundary, so a placeholder never exposes a new
 * word start to a later match: one scan is enough (idempotence).
 */
const REPLACEMENTS: readonly Replacement[] = [
  {
    group: "uuid",
    phase: 1,
    name: "uuid",
    source: "\\b[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}\\b",
    replacement: "[UUID]",
  },
  {
    group: "stamp",
    phase: 1,
    name: "timestamp",
    source:
      "\\b\\d{4}-\\d{2}-\\d{2}(?:T\\d{2}:\\d{2}:\\d{2}(?:[.,]\\d+)?(?:Z|[+-]\\d{2}:?\\d{2})?)?\\b|\\b\\d{2}:\\d{2}:\\d{2}(?:[.,]\\d+)?\\b",
    replacement: "[TIMESTAMP]",
  },
  {
    group: "addr",
    phase: 1,
    name: "memory address",
    source: "\\b0x[0-9a-fA-F]{6,}\\b",
    replacement: "[ADDR]",
  },
  {
    group: "tmp",
    phase: 1,
    name: "temporary path",
    source: "(?:/tmp|/var/folders|/private/var)/[^\\s'\"`)\\]:,]*",
    replacement: "[PATH]",
  },
  {
    group: "hex",
    phase: 1,
    name: "hex hash",
    source: "\\b[0-9a-f]{7,64}\\b",
    replacement: "[HASH]",
  },
  {
    group: "dur",
    phase: 1,
    name: "duration",
    source: "\\b\\d+(?:\\.\\d+)?(?:s|ms|sec|seconds)\\b",
    replacement: "[DURATION]",
  },
  {
    group: "err",
    phase: 3,
    name: "error type",
    source: "\\b(?<errstem>[A-Z][A-Za-z0-9]*)(?:Error|Exception)\\b",
    replacement: "",
  },
];

function escapeRe(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

function caseless(s: string): string {
  let out = "";
  for (const ch of s) {
    const lo = ch.toLowerCase();
    const up = ch.toUpperCase();
    out += lo === up ? escapeRe(ch) : `[${escapeRe(lo)}${escapeRe(up)}]`;
  }
  return out;
}

const HEX_DIGIT = /\d/;
const HEX_LETTER = /[a-f]/;

/** A compiled sanitiser for a rule set, counting into one counter. */
export type Compiled = {
  /** String rules: removals, then all replacements in one scan. */
  readonly stringPass: (text: string) => string;
  /** The string rules whose matches may contain whitespace (removals, random seeds). */
  readonly prePass: (text: string, counter?: Counter) => string;
  /** The string rules that never cross whitespace; applied to one token equals applying them in its text. */
  readonly tokenReplace: (text: string, counter?: Counter) => string;
  /** Whether {@link Compiled.tokenReplace} may be applied token by token (no repository term has whitespace). */
  readonly perToken: boolean;
  /** Token rules; normalises whitespace (one space between tokens, no empty lines). */
  readonly tokenPass: (text: string) => string;
  /** Token pass of string-passed text, repeated until stable (at most 5 rounds). */
  readonly finish: (stringPassed: string) => string;
  /** Both passes until stable. */
  readonly full: (text: string) => string;
  /** Adds the memoised token-rule counts to the counter. */
  readonly flush: () => void;
  /** Tokens entering and leaving {@link Compiled.finish} so far. */
  readonly tokens: () => { readonly before: number; readonly after: number };
  /** The token rule for one token: its output (null = removed) and counter key ("" = none). */
  readonly decide: (tok: string) => { readonly out: string | null; readonly key: string };
  /** Re-runs both passes on token-passed text until stable, when a removal may have joined a phrase. */
  readonly settle: (tokenPassed: string, removedAny: boolean) => string;
  /** Adds to the token totals reported by {@link Compiled.tokens}. */
  readonly addTokens: (before: number, after: number) => void;
};

type Decision = { readonly out: string | null; readonly key: string; n: number };
type Guarded = (typeof GUARDED)[number];

/** Applies one guarded replacement to a text, counting its matches (bracketed placeholders are kept). */
function guardedReplace(t: string, r: Guarded, ctr: Counter): string {
  if (!r.may.test(t)) return t;
  let n = 0;
  const out = t.replace(r.re, (m: string, keep: string | undefined) => {
    if (keep !== undefined) return m;
    n++;
    return r.replacement;
  });
  if (n > 0) bump(ctr, `${r.phase}\u0000${r.name}\u0000${r.replacement}`, n);
  return out;
}

/** Applies the {@link REMOVALS}, repeated until none fires (at most 5 rounds). */
function removeAll(text: string, ctr: Counter): string {
  let t = text;
  // one removal can join the parts of another's phrase: repeat until none fires
  for (let round = 0, fired = true; fired && round < 5; round++) {
    fired = false;
    for (const r of REMOVALS) {
      if (!r.may.test(t)) continue;
      let n = 0;
      t = t.replace(r.re, (...args: unknown[]) => {
        n++;
        // a removal with a group keeps it (the test file before progress marks)
        return typeof args[1] === "string" ? args[1] : "";
      });
      if (n > 0) {
        bump(ctr, `${r.phase}\u0000${r.name}\u0000`, n);
        fired = true;
      }
    }
  }
  return t;
}

/** The one regex of every replacement rule, plus the repository terms (longest first, any case). */
function replacementRegex(repo: readonly string[]): RegExp {
  const alts = ["(?<keep>\\[[A-Z][A-Z_]*\\])"];
  for (const r of REPLACEMENTS) alts.push(`(?<${r.group}>${r.source})`);
  if (repo.length > 0) {
    const alt = [...repo].sort((a, b) => b.length - a.length).map(caseless);
    alts.push(`(?<repo>(?<![A-Za-z0-9])(?:${alt.join("|")})(?![A-Za-z0-9]))`);
  }
  return new RegExp(alts.join("|"), "g");
}

const BY_GROUP = new Map(REPLACEMENTS.map((r) => [r.group, r]));

/** The replacement for one match of {@link replacementRegex}, counted. */
function replaceMatch(m: string, groups: Record<string, string | undefined>, ctr: Counter): string {
  if (groups.keep !== undefined) return m;
  if (groups.repo !== undefined) {
    bump(ctr, "3\u0000repository\u0000[REPO_VAR]");
    return "[REPO_VAR]";
  }
  if (groups.err !== undefined) {
    const ph = errorPlaceholder(groups.errstem ?? "");
    bump(ctr, `3\u0000error type ${m}\u0000${ph}`);
    return ph;
  }
  if (groups.hex !== undefined && !(HEX_DIGIT.test(m) && HEX_LETTER.test(m))) return m;
  for (const [g, r] of BY_GROUP) {
    if (groups[g] !== undefined) {
      bump(ctr, `${r.phase}\u0000${r.name}\u0000${r.replacement}`);
      return r.replacement;
    }
  }
  return m;
}

type StringPasses = Pick<Compiled, "prePass" | "tokenReplace" | "stringPass">;

/** Phase 1 of {@link compile}: the string rules (removals, guarded and combined replacements). */
function stringPasses(repo: readonly string[], counter: Counter): StringPasses {
  const combined = replacementRegex(repo);
  const [seedRule, wsRule] = GUARDED as [Guarded, Guarded];
  const prePass = (text: string, ctr: Counter = counter): string =>
    guardedReplace(removeAll(text, ctr), seedRule, ctr);
  const tokenReplace = (text: string, ctr: Counter = counter): string =>
    guardedReplace(text, wsRule, ctr).replace(combined, (...args: unknown[]) =>
      replaceMatch(
        args[0] as string,
        args[args.length - 1] as Record<string, string | undefined>,
        ctr,
      ),
    );
  const stringPass = (text: string): string => tokenReplace(prePass(text));
  return { prePass, tokenReplace, stringPass };
}

/** What the last {@link TokenPasses.tokenPass} saw: a removal, tokens in and tokens out. */
type PassStats = { removed: boolean; seen: number; kept: number };

type TokenPasses = Pick<Compiled, "tokenPass" | "flush"> & {
  readonly decide: (tok: string) => Decision;
  readonly last: Readonly<PassStats>;
};

/** `name=N`: a count in a test runner's summary. */
const COUNT = /^([a-z_]+)=\d+$/;
/** unittest's summary counts besides the removal words (`FAILED (failures=1, errors=2, skipped=3)`). */
const UNITTEST_COUNTS = new Set(["errors", "skipped", "expected_failures", "unexpected_successes"]);
/**
 * Test runners' outcome tags, as sympy's `bin/test` ends a file's line (`[OK]`, `[FAIL]`):
 * removed although they have a placeholder's shape (`pass` is no outcome word, `[PASS]` is).
 */
const OUTCOME_TAG = /^\[(?:OK|PASS|PASSED|FAIL|FAILED|FAILURE|XFAIL|XPASS|SKIP|SKIPPED)\]$/;

/** Phase 2 of {@link compile}: the token rules (stop words, removal words, identifier patterns), memoised. */
function tokenPasses(rules: SanitizeRules, counter: Counter): TokenPasses {
  const stop = new Set(rules.stopWords);
  const remove = new Set(rules.removeWords.map((w) => w.toLowerCase()));
  const patterns = new Map(rules.identifierPatterns.map((p) => [p.pattern, p.placeholder]));
  // token decisions repeat (Zipf's law), so they are memoised with their counts
  let memo = new Map<string, Decision>();
  const flush = () => {
    for (const d of memo.values()) {
      if (d.n > 0 && d.key.length > 0) bump(counter, d.key, d.n);
      d.n = 0;
    }
  };
  const decide = (tok: string): Decision => {
    if (OUTCOME_TAG.test(tok)) return { out: null, key: `2\u0000outcome tag ${tok}\u0000`, n: 0 };
    if (PLACEHOLDER.test(tok)) return { out: tok, key: "", n: 0 };
    if (stop.has(tok)) return { out: null, key: `1\u0000stop word ${tok}\u0000`, n: 0 };
    const c = core(tok);
    if (c.length > 0 && remove.has(c))
      return { out: null, key: `2\u0000outcome word ${c}\u0000`, n: 0 };
    // a test runner's count, `failures=1` in unittest's `FAILED (failures=1, errors=2)`:
    // the count of a removal word or of a unittest outcome goes with it
    const count = COUNT.exec(c);
    if (
      count !== null &&
      (remove.has(count[1] as string) || UNITTEST_COUNTS.has(count[1] as string))
    )
      return { out: null, key: `2\u0000outcome count ${count[1]}=N\u0000`, n: 0 };
    if (patterns.size > 0 && identifierCandidate(tok)) {
      const pat = charPattern(tok);
      const ph = patterns.get(pat);
      if (ph !== undefined)
        return { out: ph, key: `1\u0000identifier pattern ${pat}\u0000${ph}`, n: 0 };
    }
    return { out: tok, key: "", n: 0 };
  };
  const last: PassStats = { removed: false, seen: 0, kept: 0 };
  const tokenPass = (text: string): string => {
    const parts: string[] = [];
    let lineHasToken = false;
    let removed = false;
    let seen = 0;
    let kept = 0;
    forEachToken(text, (tok, newLine) => {
      seen++;
      if (newLine) lineHasToken = false;
      let d = memo.get(tok);
      if (d === undefined) {
        d = decide(tok);
        if (memo.size >= 1_000_000) {
          flush();
          memo = new Map();
        }
        memo.set(tok, d);
      }
      d.n++;
      if (d.out === null) {
        removed = true;
        return;
      }
      if (lineHasToken) parts.push(" ");
      else if (parts.length > 0) parts.push("\n");
      lineHasToken = true;
      kept++;
      parts.push(d.out);
    });
    last.removed = removed;
    last.seen = seen;
    last.kept = kept;
    return parts.join("");
  };
  return { decide, tokenPass, flush, last };
}

/**
 * Compiles a rule set into string and token passes: phase 1 the string rules
 * ({@link stringPasses}), phase 2 the token rules ({@link tokenPasses}), phase 3
 * their composition (settle, finish) with the token totals.
 */
export function compile(rules: SanitizeRules, counter: Counter): Compiled {
  const repo = rules.repoTerms.filter((t) => t.length >= 3);
  const { prePass, tokenReplace, stringPass } = stringPasses(repo, counter);
  const { decide, tokenPass, flush, last } = tokenPasses(rules, counter);
  let before = 0;
  let after = 0;
  const spanning = repo.some((t) => /\s/.test(t)) ? /[\s\S]/ : SPANNING_MAY;
  const settle = (tokenPassed: string, removedAny: boolean): string => {
    let t = tokenPassed;
    let again = removedAny;
    // a token pass over its own output changes nothing and the replacement scan is
    // stable, so only a removal that joined the parts of a spanning phrase needs a rerun
    for (
      let round = 0;
      round < 5 && again && (spanning.test(t) || PROGRESS_LINE.test(t));
      round++
    ) {
      const s = stringPass(t);
      if (s === t) break;
      t = tokenPass(s);
      again = last.removed;
    }
    return t;
  };
  const finish = (stringPassed: string): string => {
    const first = tokenPass(stringPassed);
    before += last.seen;
    const t = settle(first, last.removed);
    after += t === first ? last.kept : countTokens(t);
    return t;
  };
  const full = (text: string) => finish(stringPass(text));
  return {
    stringPass,
    prePass,
    tokenReplace,
    perToken: !repo.some((t) => /\s/.test(t)),
    tokenPass,
    finish,
    full,
    flush,
    tokens: () => ({ before, after }),
    decide,
    settle,
    addTokens: (b: number, a: number) => {
      before += b;
      after += a;
    },
  };
}

/** Number of whitespace-separated tokens. */
export function countTokens(text: string): number {
  let n = 0;
  forEachToken(text, () => {
    n++;
  });
  return n;
}

/** Placeholder for a flagged identifier pattern, chosen by the shape of an example. */
export function placeholderFor(example: string): string {
  if (example.includes("/")) return "[PATH]";
  if (/^[0-9a-f]{7,}$/i.test(example)) return "[HASH]";
  if (!/[A-Za-z]/.test(example)) return "[NUMBER]";
  return "[ID]";
}
