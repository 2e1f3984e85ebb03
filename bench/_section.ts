/**
 * Marked sections of a generated report: a bench that owns only part of a file
 * writes between `<!-- begin NAME -->` and `<!-- end NAME -->`, and a bench that
 * regenerates the whole file keeps those sections (appended at the end when its
 * new text lacks them). Used by bench/replicate-casper.ts,
 * bench/replicate-casper-real.ts, bench/casper-generations.ts and the
 * subset-shift report (bench/_shiftReport.ts).
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";

const begin = (name: string): string => `<!-- begin ${name} -->`;
const end = (name: string): string => `<!-- end ${name} -->`;

/** The marked section NAME of `text` (markers included), or undefined. */
export function markedSection(text: string, name: string): string | undefined {
  const a = text.indexOf(begin(name));
  const b = text.indexOf(end(name));
  if (a < 0 || b < a) return undefined;
  return text.slice(a, b + end(name).length);
}

/** Writes `body` as the marked section NAME of `file`, replacing it or appending it. */
export function writeMarkedSection(file: string, name: string, body: string): void {
  const old = existsSync(file) ? readFileSync(file, "utf8") : "";
  const block = `${begin(name)}\n${body.trimEnd()}\n${end(name)}`;
  const cur = markedSection(old, name);
  const next = cur === undefined ? `${old.trimEnd()}\n\n${block}\n` : old.replace(cur, () => block);
  writeFileSync(file, next);
}

/** Writes `text` to `file`, keeping the marked sections NAMES of the old file. */
export function writeKeepingSections(file: string, text: string, names: readonly string[]): void {
  const old = existsSync(file) ? readFileSync(file, "utf8") : "";
  let out = text.trimEnd();
  for (const name of names) {
    const cur = markedSection(old, name);
    if (cur !== undefined) out += `\n\n${cur}`;
  }
  writeFileSync(file, `${out}\n`);
}
