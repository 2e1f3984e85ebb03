/**
 * Shared reading helpers of the harness importers: JSON values checked field
 * by field with errors that name the source, the entry and the field.
 * Internal module: not re-exported from the package entry point.
 * @internal
 */

import { checkOptions, fail, failType } from "../core/validate.js";

/** A JSON object as read from a harness file. */
export type Json = { readonly [key: string]: unknown };

/** Describes a value for an error message: its JSON text, shortened. */
function shown(v: unknown): string {
  if (v === undefined) return "undefined";
  // JSON.stringify writes NaN and the infinities as null
  if (typeof v === "number" && !Number.isFinite(v)) return String(v);
  const s = JSON.stringify(v) ?? String(v);
  return s.length > 40 ? `${s.slice(0, 37)}...` : s;
}

/** Prefix of every error of an importer: `fn: source: ` (the source only when known). */
export function at(source: string | undefined): string {
  return source === undefined ? "" : `${source}: `;
}

/** Reads the common `source` option (the file name shown in errors). */
export function sourceOption(
  fn: string,
  options: unknown,
  known: readonly string[],
): string | undefined {
  checkOptions(fn, options, known);
  const source = (options as { source?: unknown } | undefined)?.source;
  if (source !== undefined && typeof source !== "string")
    failType(fn, `options.source must be a string (got ${shown(source)})`);
  return source;
}

/** `JSON.parse` of a text, or the value itself when it is already parsed. */
export function parseJson(fn: string, input: unknown, source: string | undefined): unknown {
  if (typeof input !== "string") return input;
  try {
    return JSON.parse(input) as unknown;
  } catch (e) {
    fail(fn, `${at(source)}not valid JSON (${e instanceof Error ? e.message : String(e)})`);
  }
}

/** Checks that `v` is a plain object; `where` names it (`samples[2].scores`). */
export function objectAt(fn: string, source: string | undefined, where: string, v: unknown): Json {
  if (typeof v !== "object" || v === null || Array.isArray(v))
    failType(fn, `${at(source)}${where} must be an object (got ${shown(v)})`);
  return v as Json;
}

/**
 * Checks that `v` is an array without holes: JSON never has them, and a hole
 * in an array built by hand would be skipped by `map`/`forEach` instead of
 * failing its element check.
 */
export function arrayAt(
  fn: string,
  source: string | undefined,
  where: string,
  v: unknown,
): readonly unknown[] {
  if (!Array.isArray(v)) failType(fn, `${at(source)}${where} must be an array (got ${shown(v)})`);
  for (let k = 0; k < v.length; k++) {
    if (!(k in v))
      failType(fn, `${at(source)}${where}[${k}] is an empty slot (a hole in a sparse array)`);
  }
  return v;
}

/** Checks that `v` is a string. */
export function stringAt(
  fn: string,
  source: string | undefined,
  where: string,
  v: unknown,
): string {
  if (typeof v !== "string")
    failType(fn, `${at(source)}${where} must be a string (got ${shown(v)})`);
  return v;
}

/** An item id: a string, or an integer written in decimal. */
export function idAt(fn: string, source: string | undefined, where: string, v: unknown): string {
  if (typeof v === "string") return v;
  if (typeof v === "number" && Number.isSafeInteger(v)) return String(v);
  failType(fn, `${at(source)}${where} must be a string or an integer id (got ${shown(v)})`);
}

/** An array of string ids. */
export function idListAt(
  fn: string,
  source: string | undefined,
  where: string,
  v: unknown,
): readonly string[] {
  const a = arrayAt(fn, source, where, v);
  return Array.from(a, (x, k) => stringAt(fn, source, `${where}[${k}]`, x));
}

/**
 * Checks the `runs` or `items` of a given {@link HarnessRuns}-shaped table:
 * an array of distinct strings, read by index (a hole fails as `undefined`).
 *
 * @throws {TypeError} `fn: where must be an array of ...`, `fn: where[2] must be a string`.
 * @throws {RangeError} `fn: where[3] repeats "x"`.
 */
export function distinctIds(
  fn: string,
  where: string,
  v: unknown,
  what: string,
): readonly string[] {
  if (!Array.isArray(v)) failType(fn, `${where} must be an array of ${what} (got ${shown(v)})`);
  const seen = new Set<string>();
  for (let k = 0; k < v.length; k++) {
    const id: unknown = v[k];
    if (typeof id !== "string") failType(fn, `${where}[${k}] must be a string (got ${shown(id)})`);
    if (seen.has(id)) fail(fn, `${where}[${k}] repeats ${JSON.stringify(id)}`);
    seen.add(id);
  }
  return v as readonly string[];
}

/** Throws a `RangeError` naming the source and the field. */
export function failAt(
  fn: string,
  source: string | undefined,
  where: string,
  problem: string,
  ...got: [unknown?]
): never {
  fail(fn, `${at(source)}${where} ${problem}${got.length > 0 ? ` (got ${shown(got[0])})` : ""}`);
}

/** Checks that the `run` option, when given, is a non-empty string. */
export function runOption(fn: string, run: unknown): string | undefined {
  if (run === undefined) return undefined;
  if (typeof run !== "string") failType(fn, `options.run must be a string (got ${shown(run)})`);
  if (run === "") fail(fn, "options.run is empty");
  return run;
}
