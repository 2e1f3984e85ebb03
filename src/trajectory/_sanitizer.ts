/**
 * The rule engine behind `sanitize`: fixed string rules (typed placeholders,
 * outcome phrases, error types, repository names) and fitted token rules
 * (identifier patterns, stop words, removal words).
 * @internal
 */
import { charPattern, core, identifierCandidate, PLACEHOLDER } from "./_text.js";
import type { SanitizeRules } from "./sanitize.js";

/** A counter of rule applications keyed by phase, rule and replacement joined by NUL. */
export type Counter = Map<string, number>;

function bump(counter: Counter, key: string, by = 1): void {
  counter.set(key, (counter.get(key) ?? 0) + by);
}

type StringRule = {
  readonly phase: 1 | 2 | 3;
  readonly name: string;
  readonly re: RegExp;
  readonly replacement: string;
  /** Cheap test that the rule may match; skips the regex scan otherwise. */
  readonly may: (text: string) => boolean;
  /** Optional veto on a match (returning false keeps the text). */
  readonly accept?: (m: string) => boolean;
};

const KEEP_PLACEHOLDER = "(\\[[A-Z][A-Z_]*\\])";

function rule(
  phase: 1 | 2 | 3,
  name: string,
  source: string,
  flags: string,
  replacement: string,
  may: (text: string) => boolean = () => true,
  accept?: (m: string) => boolean,
): StringRule {
  // the leading alternative swallows existing placeholders so no rule rewrites them
  const re = new RegExp(`${KEEP_PLACEHOLDER}|${source}`, `g${flags}`);
  return accept === undefined
    ? { phase, name, re, replacement, may }
    : { phase, name, re, replacement, may, accept };
}

const SEED = /seed/i;
const SPANNING = new Set(["random seed", "timestamp", "exit code", "returncode tag"]);
const EXIT = /exit/i;
const DIGIT = /\d/;

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

/** Phase 1 typed placeholders and phase 2 outcome phrases, always applied. */
export const FIXED_RULES: readonly StringRule[] = [
  rule(1, "ansi escape", "\\u001b\\[[0-9;]*[A-Za-z]", "", "", (t) => t.includes("\u001b")),
  rule(
    1,
    "uuid",
    "\\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\\b",
    "i",
    "[UUID]",
    (t) => t.includes("-"),
  ),
  rule(1, "random seed", "\\b\\w*seed\\s?[=:]\\s?-?\\d+", "i", "[RANDOM_SEED]", (t) =>
    SEED.test(t),
  ),
  rule(
    1,
    "timestamp",
    "\\b\\d{4}-\\d{2}-\\d{2}[T ]\\d{2}:\\d{2}:\\d{2}(?:[.,]\\d+)?(?:Z|[+-]\\d{2}:?\\d{2})?",
    "",
    "[TIMESTAMP]",
    (t) => t.includes(":"),
  ),
  rule(1, "memory address", "\\b0x[0-9a-fA-F]{6,}\\b", "", "[ADDR]", (t) => t.includes("0x")),
  rule(
    1,
    "temporary path",
    "(?:/tmp|/var/folders|/private/var)/[^\\s'\"`)\\]:,]*",
    "",
    "[PATH]",
    (t) => t.includes("/tmp/") || t.includes("/var/"),
  ),
  rule(
    1,
    "hex hash",
    "\\b[0-9a-f]{7,64}\\b",
    "",
    "[HASH]",
    (t) => DIGIT.test(t),
    (m) => /\d/.test(m) && /[a-f]/.test(m),
  ),
  rule(1, "duration", "\\b\\d+(?:\\.\\d+)?(?:s|ms|sec|seconds)\\b", "", "[DURATION]", (t) =>
    DIGIT.test(t),
  ),
  rule(2, "exit code", "\\bexit(?:[ _]?code|[ _]status)\\s*[:=]?\\s*-?\\d+", "i", "", (t) =>
    EXIT.test(t),
  ),
  rule(2, "returncode tag", "<returncode>\\s*-?\\d+\\s*</returncode>", "", "", (t) =>
    t.includes("<returncode>"),
  ),
  rule(
    3,
    "workspace directory",
    "\\b[\\w.-]+?__[\\w.-]+?__\\d+(?:\\.\\d+)*",
    "",
    "[REPO_VAR]",
    (t) => t.includes("__"),
  ),
  rule(
    3,
    "error type",
    "\\b([A-Z][A-Za-z0-9]*)(?:Error|Exception)\\b",
    "",
    "",
    (t) => t.includes("Error") || t.includes("Exception"),
  ),
];

const ERROR_RULE = FIXED_RULES[FIXED_RULES.length - 1] as StringRule;

function escapeRe(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** A compiled sanitiser for a rule set. */
export type Compiled = {
  /** String-level rules: typed placeholders, outcome phrases, error types, repositories. */
  readonly stringPass: (text: string, counter: Counter) => string;
  /** Token-level rules: identifier patterns, stop words, removal words; normalises whitespace. */
  readonly tokenPass: (text: string, counter: Counter) => string;
  /** Re-applies both passes to token-passed text until it no longer changes (at most 5 rounds). */
  readonly settle: (text: string, counter: Counter) => string;
  /** Both passes, then {@link Compiled.settle}. */
  readonly full: (text: string, counter: Counter) => string;
};

function applyRule(text: string, r: StringRule, counter: Counter): string {
  if (!r.may(text)) return text;
  let n = 0;
  const out = text.replace(r.re, (m: string, keep: string | undefined, g1: string | undefined) => {
    if (keep !== undefined) return keep;
    if (r.accept !== undefined && !r.accept(m)) return m;
    n++;
    if (r === ERROR_RULE) {
      const ph = errorPlaceholder(g1 ?? "");
      bump(counter, `3\u0000error type ${m}\u0000${ph}`);
      return ph;
    }
    return r.replacement;
  });
  if (n > 0 && r !== ERROR_RULE)
    bump(counter, `${r.phase}\u0000${r.name}\u0000${r.replacement}`, n);
  return out;
}

/** Compiles a rule set into string and token passes. */
export function compile(rules: SanitizeRules): Compiled {
  const stringRules: StringRule[] = [...FIXED_RULES];
  const repo = rules.repoTerms.filter((t) => t.length >= 3);
  if (repo.length > 0) {
    const alt = [...repo]
      .sort((a, b) => b.length - a.length)
      .map(escapeRe)
      .join("|");
    stringRules.push(
      rule(3, "repository", `(?<![A-Za-z0-9])(?:${alt})(?![A-Za-z0-9])`, "i", "[REPO_VAR]"),
    );
  }
  const stop = new Set(rules.stopWords);
  const remove = new Set(rules.removeWords.map((w) => w.toLowerCase()));
  const patterns = new Map(rules.identifierPatterns.map((p) => [p.pattern, p.placeholder]));

  const stringPass = (text: string, counter: Counter): string => {
    let t = text;
    for (const r of stringRules) t = applyRule(t, r, counter);
    return t;
  };
  // token decisions repeat (Zipf), so they are memoised: [output or null, counter key or ""]
  const memo = new Map<string, readonly [string | null, string]>();
  const decide = (tok: string): readonly [string | null, string] => {
    if (PLACEHOLDER.test(tok)) return [tok, ""];
    if (stop.has(tok)) return [null, `1\u0000stop word ${tok}\u0000`];
    const c = core(tok);
    if (c.length > 0 && remove.has(c)) return [null, `2\u0000outcome word ${c}\u0000`];
    if (patterns.size > 0 && identifierCandidate(tok)) {
      const pat = charPattern(tok);
      const ph = patterns.get(pat);
      if (ph !== undefined) return [ph, `1\u0000identifier pattern ${pat}\u0000${ph}`];
    }
    return [tok, ""];
  };
  const tokenPass = (text: string, counter: Counter): string => {
    const lines = text.split(/\r?\n|\r/);
    const outLines: string[] = [];
    for (const line of lines) {
      const toks = line.split(/[ \t\f\v]+/);
      const kept: string[] = [];
      for (const tok of toks) {
        if (tok.length === 0) continue;
        let d = memo.get(tok);
        if (d === undefined) {
          d = decide(tok);
          if (memo.size > 1_000_000) memo.clear();
          memo.set(tok, d);
        }
        if (d[1].length > 0) bump(counter, d[1]);
        if (d[0] !== null) kept.push(d[0]);
      }
      if (kept.length > 0) outLines.push(kept.join(" "));
    }
    return outLines.join("\n");
  };
  // token removal can bring words together that a string rule matches; a token pass
  // over its own output changes nothing, so only the string pass needs re-checking
  // only rules whose matches can contain whitespace can be re-enabled by token removal
  const spanning = stringRules.filter(
    (r) => SPANNING.has(r.name) || (r.name === "repository" && repo.some((t) => /\s/.test(t))),
  );
  const settle = (text: string, counter: Counter): string => {
    let t = text;
    for (let round = 0; round < 5; round++) {
      let s = t;
      for (const r of spanning) s = applyRule(s, r, counter);
      if (s === t) break;
      t = tokenPass(s, counter);
    }
    return t;
  };
  const full = (text: string, counter: Counter): string =>
    settle(tokenPass(stringPass(text, counter), counter), counter);
  return { stringPass, tokenPass, settle, full };
}

/** Placeholder for a flagged identifier pattern, chosen by the shape of an example. */
export function placeholderFor(example: string): string {
  if (example.includes("/")) return "[PATH]";
  if (/^[0-9a-f]{7,}$/i.test(example)) return "[HASH]";
  if (!/[A-Za-z]/.test(example)) return "[NUMBER]";
  return "[ID]";
}
