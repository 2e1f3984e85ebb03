import { extname } from "node:path";
import { toPlain } from "../src/entry/core.js";
import type { VegaLiteSpec } from "../src/entry/plot.js";
import type { Parsed } from "./args.js";
import { CliError } from "./errors.js";

/** What a verb produces: rows for table/CSV output, a JSON value and, with `--plot`, its chart. */
export type Result = {
  readonly columns: readonly string[];
  readonly rows: readonly (readonly (string | number)[])[];
  readonly json: unknown;
  /**
   * The chart `--plot FILE` writes; a verb with a `--plot` option sets it when the option is given,
   * to null when there is nothing to draw yet (it then says so on stderr, and no file is written).
   */
  readonly plot?: VegaLiteSpec | null;
};

function cell(v: string | number): string {
  return typeof v === "number" ? String(v) : v;
}

function csvField(s: string): string {
  return /[",\n\r]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
}

/** RFC 4180 CSV with a header row. */
export function toCsv(r: Result): string {
  const lines = [r.columns.map(csvField).join(",")];
  for (const row of r.rows) lines.push(row.map((v) => csvField(cell(v))).join(","));
  return `${lines.join("\n")}\n`;
}

/**
 * JSON through the library's `toPlain(value, { nonFinite: "string" })`:
 * typed arrays written as plain arrays and the non-finite numbers JSON has
 * not written as the strings `"NaN"`, `"Infinity"` and `"-Infinity"`
 * (Python's `float()` and pandas read them back), never as the `null`
 * `JSON.stringify` would make of them (a `df` of Infinity is not a missing
 * value).
 */
export function toJson(r: Result): string {
  return `${JSON.stringify(toPlain(r.json, { nonFinite: "string" }), null, 2)}\n`;
}

/** Aligned text table; numbers right-aligned and shortened to 6 significant digits. */
export function toTable(r: Result): string {
  const text = r.rows.map((row) =>
    row.map((v) =>
      typeof v === "number"
        ? Number.isInteger(v)
          ? String(v)
          : String(Number(v.toPrecision(6)))
        : v,
    ),
  );
  const w = r.columns.map((c, j) =>
    Math.max(c.length, ...text.map((row) => (row[j] ?? "").length)),
  );
  const num = r.columns.map(
    (_c, j) => r.rows.length > 0 && r.rows.every((row) => typeof row[j] === "number"),
  );
  const fmt = (row: readonly string[]): string =>
    row
      .map((s, j) => (num[j] ? s.padStart(w[j] ?? 0) : s.padEnd(w[j] ?? 0)))
      .join("  ")
      .trimEnd();
  return `${[fmt(r.columns), fmt(w.map((x) => "-".repeat(x))), ...text.map(fmt)].join("\n")}\n`;
}

/** The format a `--out` name's extension stands for: .json JSON, .csv CSV, any other none. */
function extensionFormat(out: string | undefined): "json" | "csv" | undefined {
  const ext = out === undefined ? "" : extname(out).toLowerCase();
  return ext === ".json" ? "json" : ext === ".csv" ? "csv" : undefined;
}

/**
 * Fails before a run when the output format is asked for twice: `--json`
 * with `--csv`, or a flag that contradicts the `.json`/`.csv` extension of
 * `--out` (the file would hold the other format).
 */
export function checkFormat(p: Parsed): void {
  const json = p.flags.has("json");
  const csv = p.flags.has("csv");
  if (json && csv) throw new CliError("--json and --csv: choose one output format");
  const out = p.values.get("out");
  const ext = extensionFormat(out);
  const flag = json ? "json" : csv ? "csv" : undefined;
  if (ext !== undefined && flag !== undefined && ext !== flag) {
    throw new CliError(
      `--out ${out} names a .${ext} file but --${flag} asks for ${flag.toUpperCase()}: drop --${flag} (the extension chooses ${ext.toUpperCase()}) or name the file .${flag}`,
    );
  }
}

/**
 * Renders a result for output. Format: `--json`, `--csv`, else the `--out`
 * extension (.json JSON, any other name CSV), else a table on a TTY and CSV
 * in a pipe ({@link checkFormat} has refused contradictions).
 */
export function render(r: Result, p: Parsed, stdoutTTY: boolean): string {
  const out = p.values.get("out");
  const format = p.flags.has("json")
    ? "json"
    : p.flags.has("csv")
      ? "csv"
      : (extensionFormat(out) ?? (out !== undefined || !stdoutTTY ? "csv" : "table"));
  return format === "json" ? toJson(r) : format === "csv" ? toCsv(r) : toTable(r);
}
