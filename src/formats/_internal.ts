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

/** Checks that `v` is an array. */
export function arrayAt(
  fn: string,
  source: string | undefined,
  where: string,
  v: unknown,
): readonly unknown[] {
  if (!Array.isArray(v)) failType(fn, `${at(source)}${where} must be an array (got ${shown(v)})`);
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
  return a.map((x, k) => stringAt(fn, source, `${where}[${k}]`, x));
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
