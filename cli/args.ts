import { nearestKey } from "../src/core/validate.js";
import { CliError } from "./errors.js";
import { parseDecimal } from "./io.js";

/** One accepted option of a verb. */
export type OptionSpec = {
  /** Long name without the dashes, e.g. `input`. */
  readonly name: string;
  /** `string` options take a value; `flag` options do not. */
  readonly kind: "string" | "flag";
  /** One-line description for `--help`. */
  readonly help: string;
  /** Placeholder shown in `--help`, e.g. `FILE`. */
  readonly value?: string;
  /** Shown as the default in `--help`. */
  readonly default?: string;
  readonly required?: boolean;
};

/** Parsed options: strings for valued options, `true` for flags. */
export type Parsed = {
  readonly values: ReadonlyMap<string, string>;
  readonly flags: ReadonlySet<string>;
};

/** The common options a verb that reads no table leaves out (demo). */
export const TABLELESS: readonly string[] = ["columns"];

/** A verb's options followed by the common ones, but those named in `omit`. */
function withCommon(specs: readonly OptionSpec[], omit: readonly string[]): OptionSpec[] {
  return [...specs, ...commonOptions.filter((o) => !omit.includes(o.name))];
}

/** Options every verb accepts (but those its `omit` names, see {@link TABLELESS}). */
export const commonOptions: readonly OptionSpec[] = [
  {
    name: "out",
    kind: "string",
    value: "FILE",
    help: "write the result to FILE: JSON for a .json name, else CSV; --json or --csv choose for other names, and one that contradicts a .json/.csv name is an error",
  },
  { name: "json", kind: "flag", help: "print JSON (not with --csv)" },
  { name: "csv", kind: "flag", help: "print CSV (not with --json)" },
  {
    name: "columns",
    kind: "string",
    value: "NAME=COL,...",
    help: "read a table's column COL under the name NAME the command expects, in every table input that has COL (e.g. run=submission,item=instance_id); a mapping that meets no column is an error",
  },
  { name: "quiet", kind: "flag", help: "no progress or notes on stderr" },
  { name: "help", kind: "flag", help: "show this help" },
];

/**
 * Parses `--name value`, `--name=value` and `--flag` arguments against the
 * verb's options; anything else is a usage error (exit code 2).
 */
export function parseArgs(
  verb: string,
  argv: readonly string[],
  specs: readonly OptionSpec[],
  omit: readonly string[] = [],
): Parsed {
  const all = withCommon(specs, omit);
  const values = new Map<string, string>();
  const flags = new Set<string>();
  for (let k = 0; k < argv.length; k++) {
    const arg = argv[k] ?? "";
    if (!arg.startsWith("--")) {
      throw new CliError(
        `${verb}: unexpected argument ${JSON.stringify(arg)} (options start with --)`,
      );
    }
    const eq = arg.indexOf("=");
    const name = eq < 0 ? arg.slice(2) : arg.slice(2, eq);
    const spec = all.find((s) => s.name === name);
    if (spec === undefined) {
      const valid = all.map((s) => `--${s.name}`).join(", ");
      const near = nearestKey(
        name,
        all.map((s) => s.name),
      );
      const hint = near === undefined ? "" : ` (did you mean --${near}?)`;
      throw new CliError(`${verb}: unknown option --${name}${hint} (valid: ${valid})`);
    }
    if (spec.kind === "flag") {
      if (eq >= 0) throw new CliError(`${verb}: --${name} takes no value`);
      flags.add(name);
      continue;
    }
    let value: string | undefined;
    if (eq >= 0) value = arg.slice(eq + 1);
    else {
      value = argv[k + 1];
      k++;
    }
    if (value === undefined || (eq < 0 && value.startsWith("--"))) {
      throw new CliError(`${verb}: --${name} needs a value${spec.value ? ` (${spec.value})` : ""}`);
    }
    if (values.has(name)) throw new CliError(`${verb}: --${name} given twice`);
    values.set(name, value);
  }
  if (!flags.has("help")) {
    for (const s of specs) {
      if (s.required === true && !values.has(s.name)) {
        throw new CliError(
          `${verb}: missing required option --${s.name}${s.value ? ` ${s.value}` : ""}`,
        );
      }
    }
  }
  return { values, flags };
}

/**
 * ` (did you mean "x"?)` for the valid value nearest to a misspelt one (the
 * core's `nearestKey`: at most two edits, case ignored), else ""; `inside`:
 * `; did you mean "x"?`, to end a parenthesis already open.
 */
export function didYouMean(got: string, valid: readonly string[], inside = false): string {
  const near = nearestKey(got, valid);
  if (near === undefined) return "";
  const q = `did you mean ${JSON.stringify(near)}?`;
  return inside ? `; ${q}` : ` (${q})`;
}

/** The valid value equal to `got` up to case, if any. */
export function choiceIgnoringCase<T extends string>(
  got: string,
  valid: readonly T[],
): T | undefined {
  const g = got.toLowerCase();
  return valid.find((v) => v.toLowerCase() === g);
}

/** Reads a required-or-defaulted option as a string. */
export function stringOpt(p: Parsed, name: string, fallback?: string): string {
  const v = p.values.get(name) ?? fallback;
  if (v === undefined) throw new CliError(`missing option --${name}`);
  return v;
}

/** Reads an integer option in [min, max]. */
export function intOpt(
  verb: string,
  p: Parsed,
  name: string,
  fallback: number | undefined,
  min: number,
  max = Number.MAX_SAFE_INTEGER,
): number {
  const raw = p.values.get(name);
  if (raw === undefined) {
    if (fallback === undefined) throw new CliError(`${verb}: missing required option --${name}`);
    return fallback;
  }
  const v = Number(raw);
  if (!/^[+-]?\d+$/.test(raw) || !(v >= min && v <= max)) {
    // no upper bound shown when there is none to speak of (it printed 9007199254740991)
    const range = max === Number.MAX_SAFE_INTEGER ? `>= ${min}` : `in [${min}, ${max}]`;
    throw new CliError(
      `${verb}: --${name} must be an integer ${range} (got ${JSON.stringify(raw)})`,
    );
  }
  return v;
}

/** Reads a number option in [min, max]. */
export function numberOpt(
  verb: string,
  p: Parsed,
  name: string,
  fallback: number,
  min: number,
  max: number,
): number {
  const raw = p.values.get(name);
  if (raw === undefined) return fallback;
  const v = parseDecimal(raw);
  if (!(v >= min && v <= max)) {
    throw new CliError(
      `${verb}: --${name} must be a decimal number in [${min}, ${max}] (got ${JSON.stringify(raw)})`,
    );
  }
  return v;
}

/** How `--seed` is read; quoted in the help of every verb with a seed. */
export const SEED_HELP =
  "seed of the random draws: an integer in [-(2^53-1), 2^53-1] written without leading zeros is a number, any other text (007, 9007199254740993, abc) is used exactly as typed, so different texts are different seeds";

/**
 * Reads `--seed`: a canonical safe integer (`-?(0|[1-9][0-9]*)`, |n| <= 2^53 - 1,
 * not `-0`) becomes that number; any other text stays the exact string. Two
 * different texts therefore never give the same seed (`007` is not `7`,
 * `9007199254740993` is not `9007199254740992`).
 */
export function seedOpt(p: Parsed, fallback: string): string | number {
  const raw = p.values.get("seed") ?? fallback;
  if (/^-?(?:0|[1-9]\d*)$/.test(raw) && raw !== "-0") {
    const v = Number(raw);
    if (Number.isSafeInteger(v)) return v;
  }
  return raw;
}

/** Renders `--help` for a verb: usage line, options with defaults, and an example. */
export function helpText(
  usage: string,
  summary: string,
  specs: readonly OptionSpec[],
  example: string,
  omit: readonly string[] = [],
): string {
  const all = withCommon(specs, omit);
  const left = all.map((s) => `  --${s.name}${s.value ? ` ${s.value}` : ""}`);
  const w = Math.max(...left.map((l) => l.length)) + 2;
  const lines = all.map((s, i) => {
    const extra =
      s.required === true
        ? " (required)"
        : s.default !== undefined
          ? ` (default ${s.default})`
          : "";
    return `${(left[i] ?? "").padEnd(w)}${s.help}${extra}`;
  });
  return `usage: ${usage}\n\n${summary}\n\noptions:\n${lines.join("\n")}\n\nexample:\n  ${example}\n`;
}
