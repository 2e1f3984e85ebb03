import type { KeynessRow } from "./types.js";

/**
 * Text helpers shared by sanitisation, keyness, the leakage probe and the
 * hashing vectoriser.
 * @internal
 */

/** A typed placeholder such as `[PATH]` or `[ERR_ASSERT]`. */
export const PLACEHOLDER = /^\[[A-Z][A-Z_]*\]$/;

const EDGE = /^[\s()[\]{}<>"'`,.;:!?]+|[\s()[\]{}<>"'`,.;:!?]+$/g;

/** Lower-cased token without surrounding brackets, quotes and punctuation. */
export function core(token: string): string {
  return token.replace(EDGE, "").toLowerCase();
}

/** Character-class pattern of a token: letters become `c`, digits `d`, others stay. */
export function charPattern(token: string): string {
  let out = "";
  for (let i = 0; i < token.length; i++) {
    const ch = token.charCodeAt(i);
    if (ch >= 48 && ch <= 57) out += "d";
    else if ((ch >= 65 && ch <= 90) || (ch >= 97 && ch <= 122)) out += "c";
    else out += token[i];
  }
  return out;
}

/** Whether a token may be a random identifier: long enough, with a digit or a slash. */
export function identifierCandidate(token: string): boolean {
  return token.length >= 6 && /[0-9/]/.test(token);
}

const WORD = /\[[A-Z][A-Z_]*\]|[A-Za-z_][A-Za-z0-9_]*/g;

/** Word tokens for vectorising: identifiers and placeholders, lower-cased, length >= 2. */
export function words(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(WORD)) {
    const w = m[0];
    if (w.length >= 2) out.push(w.toLowerCase());
  }
  return out;
}

/**
 * Dunning's log-likelihood G² for one word: `a` occurrences among `c` tokens of
 * corpus 1, `b` among `d` of corpus 2 (Rayson & Garside 2000 form).
 */
export function g2(a: number, b: number, c: number, d: number): number {
  const e1 = (c * (a + b)) / (c + d);
  const e2 = (d * (a + b)) / (c + d);
  let s = 0;
  if (a > 0) s += a * Math.log(a / e1);
  if (b > 0) s += b * Math.log(b / e2);
  return 2 * s;
}

/** G² rows above `threshold` from per-word [pass, fail] counts; shared with sanitize. */
export function keynessRows(
  counts: ReadonlyMap<string, readonly [number, number]>,
  c: number,
  d: number,
  threshold: number,
): KeynessRow[] {
  const rows: KeynessRow[] = [];
  for (const [word, [a, b]] of counts) {
    const v = g2(a, b, c, d);
    if (v > threshold)
      rows.push({ word, pass: a, fail: b, g2: v, favours: a / c >= b / d ? "pass" : "fail" });
  }
  rows.sort((x, y) => y.g2 - x.g2 || (x.word < y.word ? -1 : x.word > y.word ? 1 : 0));
  return rows;
}

/**
 * Calls `f` for every whitespace-separated token (ASCII whitespace), with
 * `newLine` true when a line break precedes the token since the previous one.
 */
export function forEachToken(text: string, f: (token: string, newLine: boolean) => void): void {
  const n = text.length;
  let i = 0;
  let newLine = false;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === 32 || (c >= 9 && c <= 13)) {
      if (c === 10 || c === 13) newLine = true;
      i++;
      continue;
    }
    const start = i;
    while (i < n) {
      const d = text.charCodeAt(i);
      if (d === 32 || (d >= 9 && d <= 13)) break;
      i++;
    }
    f(text.slice(start, i), newLine);
    newLine = false;
  }
}
