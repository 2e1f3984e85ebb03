import {
  checkNoHoles,
  checkNumber,
  checkOptions,
  fail,
  failType,
  optionKeys,
} from "../core/validate.js";
import type { PlotOptions, VegaLiteSpec } from "./types.js";

export const SCHEMA = "https://vega.github.io/schema/vega-lite/v5.json";

/** The keys of {@link PlotOptions}. */
export const PLOT_KEYS = optionKeys<PlotOptions>()("title", "width", "height");

/**
 * Checks the common options (and that no key outside `known`, by default the
 * common ones, is present) and returns the spec header (schema, size,
 * optional title).
 */
export function header(
  fn: string,
  options: PlotOptions | undefined,
  known: readonly string[] = PLOT_KEYS,
): VegaLiteSpec {
  checkOptions(fn, options, known);
  const { title, width = 400, height = 250 } = options ?? {};
  if (title !== undefined && typeof title !== "string")
    failType(fn, "options.title must be a string");
  checkNumber(fn, "options.width", width, 0, Number.POSITIVE_INFINITY, { lower: true });
  checkNumber(fn, "options.height", height, 0, Number.POSITIVE_INFINITY, { lower: true });
  return title === undefined
    ? { $schema: SCHEMA, width, height }
    : { $schema: SCHEMA, title, width, height };
}

/**
 * Copies an array of records into plain JSON rows, checking that each named
 * string field is a string and each named number field a finite number, so a
 * NaN never reaches a chart silently.
 */
export function records(
  fn: string,
  arg: string,
  input: unknown,
  strings: readonly string[],
  numbers: readonly string[],
  optionalStrings: readonly string[] = [],
): Record<string, string | number>[] {
  if (!Array.isArray(input)) failType(fn, `${arg} must be an array of objects`);
  checkNoHoles(fn, arg, input);
  if (input.length === 0) fail(fn, `${arg} must not be empty`);
  return input.map((r: unknown, i) => {
    if (typeof r !== "object" || r === null) failType(fn, `${arg}[${i}] must be an object`);
    const o = r as Record<string, unknown>;
    const out: Record<string, string | number> = {};
    for (const k of strings) {
      const v = o[k];
      if (typeof v !== "string")
        failType(fn, `${arg}[${i}].${k} must be a string (got ${typeof v})`);
      out[k] = v;
    }
    for (const k of optionalStrings) {
      const v = o[k];
      if (v === undefined || v === null) continue;
      if (typeof v !== "string")
        failType(fn, `${arg}[${i}].${k} must be a string (got ${typeof v})`);
      out[k] = v;
    }
    for (const k of numbers) {
      const v = o[k];
      if (typeof v !== "number")
        failType(fn, `${arg}[${i}].${k} must be a number (got ${typeof v})`);
      if (!Number.isFinite(v)) fail(fn, `${arg}[${i}].${k} must be finite`, v);
      out[k] = v;
    }
    return out;
  });
}

/**
 * Reads `input[i].field` as an interval `[lo, hi]`: an array of two finite
 * numbers with `lo <= hi` (an unbounded interval cannot be drawn).
 */
export function interval(
  fn: string,
  arg: string,
  i: number,
  field: string,
  input: unknown,
): readonly [number, number] {
  const v = (input as Record<string, unknown>)[field];
  const at = `${arg}[${i}].${field}`;
  if (!Array.isArray(v) || v.length !== 2 || v.some((x) => typeof x !== "number"))
    failType(fn, `${at} must be an interval [lo, hi] of two numbers`);
  const [lo, hi] = v as [number, number];
  if (!Number.isFinite(lo) || !Number.isFinite(hi))
    fail(
      fn,
      `${at} must be finite (an unbounded interval cannot be drawn; leave the row out or clip it)`,
      Number.isFinite(lo) ? hi : lo,
    );
  if (!(lo <= hi)) fail(fn, `${at} must have lo <= hi (got [${lo}, ${hi}])`);
  return [lo, hi];
}

/** A horizontal or vertical dashed reference rule at `value` (own data, so it is drawn once). */
export function referenceRule(
  fn: string,
  value: unknown,
  channel: "x" | "y",
  title: string,
): Record<string, unknown> {
  if (typeof value !== "number") failType(fn, "options.reference must be a number");
  if (!Number.isFinite(value)) fail(fn, "options.reference must be finite", value);
  return {
    data: { values: [{ reference: value }] },
    mark: { type: "rule", color: "#888", strokeDash: [4, 3] },
    encoding: { [channel]: { field: "reference", type: "quantitative", title } },
  };
}

/** Reads `options.axisTitle`: a string, or `fallback` when absent. */
export function axisTitleOption(fn: string, value: unknown, fallback: string): string {
  if (value === undefined) return fallback;
  if (typeof value !== "string") failType(fn, "options.axisTitle must be a string");
  return value;
}
