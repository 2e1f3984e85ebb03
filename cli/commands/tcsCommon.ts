import { createRng } from "../../src/entry/core.js";
import {
  type Estimate,
  type IntervalMethod,
  intervalDefaults,
  intervalMethods,
} from "../../src/entry/estimate.js";
import {
  confidence,
  deepGini,
  entropy,
  margin,
  toRisk,
  toRiskDefaults,
} from "../../src/entry/features.js";
import type { VegaLiteSpec } from "../../src/entry/plot.js";
import {
  activeDefaults,
  activePhaseSizes,
  extraStrategies,
  type StrategyName,
  strategies,
} from "../../src/entry/tcs.js";
import { needsBinary, takesUnitLabels } from "../../src/estimate/_interval.js";
import { SRS_BINARY_METHODS } from "../../src/estimate/proportionInterval.js";
import {
  didYouMean,
  intOpt,
  numberOpt,
  type OptionSpec,
  type Parsed,
  SEED_HELP,
  seedOpt,
  stringOpt,
} from "../args.js";
import { CliError } from "../errors.js";
import { fromFormat, readHarnessScores } from "../importers.js";
import { type FromFormat, importOptions, tcsImportOptions } from "../importOptions.js";
import {
  type ColumnRead,
  openTable,
  parseBinary,
  parseDecimal,
  requireColumn,
  requireRows,
  rowMatrix,
  type TableSource,
} from "../io.js";
import { estimateForest, plotOption, runningSrsPlot } from "../plot.js";
import { note } from "../progress.js";

/** Options shared by `tcs plan` and `tcs estimate`: they must be identical for a replay. */
export const tcsOptions: readonly OptionSpec[] = [
  {
    name: "input",
    kind: "string",
    value: "FILE",
    help: "predictions, one row per unlabelled input (.csv or .jsonl)",
    required: true,
  },
  {
    name: "feature",
    kind: "string",
    value: "NAME",
    help: "a score column, or confidence|entropy|margin|deepGini computed from the --probs columns",
    required: true,
  },
  {
    name: "probs",
    kind: "string",
    value: "COLS",
    help: "class-probability columns: a comma list or a prefix ending in * (default: columns p0, p1, ... or probs.0, probs.1, ...)",
  },
  {
    name: "orientation",
    kind: "string",
    value: "higher|lower",
    help: "which end of the score is risky (overrides the default)",
    default:
      "lower for confidence/margin and for --from's score (a harness scores 1 = correct, so a low score is the risky end), else higher",
  },
  {
    name: "floor",
    kind: "string",
    value: "X",
    help: "toRisk floor in [0, 1]: least risk as a fraction of the largest",
    default: String(toRiskDefaults.floor),
  },
  {
    name: "strategy",
    kind: "string",
    value: "NAME",
    help: `one of ${Object.keys(strategies).join(", ")}, or active (active inference; case-insensitive; kcenter, d2 also work)`,
    required: true,
  },
  {
    name: "predictions",
    kind: "string",
    value: "COLUMN",
    help: `with --strategy active: a column holding the predictor's probability of failure (of label 1), in [0, 1]; it is calibrated on a pilot of ${activeDefaults.pilot * 100}% of the budget (${activeDefaults.calibration}; at least 2 labels, none below a budget of 4) and used by the difference estimator`,
  },
  { name: "budget", kind: "string", value: "N", help: "number of labels", required: true },
  {
    name: "seed",
    kind: "string",
    value: "S",
    help: SEED_HELP,
    default: "1",
  },
  {
    name: "level",
    kind: "string",
    value: "L",
    help: "confidence level of the interval",
    default: String(intervalDefaults.level),
  },
  {
    name: "interval",
    kind: "string",
    value: "METHOD",
    help: `interval method, one of ${intervalMethods.join(", ")} (the SRS-only wilson, clopperPearson, hypergeometric, jeffreys, agrestiCoull with --strategy srs)`,
    default: `${intervalDefaults.srs} for srs, betaCapped for twoUps, d2Strat, rhc, deepEst, systematicPps and mcucb, ${intervalDefaults.design} for the other strategies (${intervalDefaults.bounded} for real labels in [0, 1], ${intervalDefaults.real} for other real labels)`,
  },
  {
    name: "sequential",
    kind: "flag",
    help: "anytime-valid confidence sequence (srs, sups): label one row at a time and stop as soon as a --stop rule fires; the interval stays valid at whatever point you stop",
  },
  {
    name: "stop-half-width",
    kind: "string",
    value: "H",
    help: "with --sequential: stop once the sequence's half-width is at most H",
  },
  {
    name: "stop-threshold",
    kind: "string",
    value: "C",
    help: "with --sequential: stop once the sequence excludes C (e.g. 0.02: is the failure rate below 2%?)",
  },
  {
    name: "id",
    kind: "string",
    value: "COL",
    help: "column copied to the output to identify rows",
    default: "id, when the input has a column of that name",
  },
  {
    name: "labels",
    kind: "string",
    value: "FILE",
    help: "labels so far: columns row (0-based data row) or id (the --id column, or the item ids with --from) and label (1 failure, 0 pass; see --failure-label)",
  },
  {
    name: "real-labels",
    kind: "flag",
    help: "accept any finite label (a real-valued outcome); without it a label must be 0 or 1",
  },
  ...importOptions,
  ...tcsImportOptions,
  plotOption(
    "the running estimate with its interval and confidence sequence (--sequential --strategy srs; tcs plan draws only that), else the estimate and its interval (tcs estimate)",
  ),
];

/**
 * Strategies whose next pick depends on the labels received: planned one row at a time
 * (`active` one phase at a time).
 */
export const adaptiveStrategies: ReadonlySet<CliStrategy> = new Set([
  "gbs",
  "mcucb",
  "deepEst",
  "active",
]);

const key = (s: string): string => s.toLowerCase().replace(/[^a-z0-9]/g, "");

/** Strategy names of 0.1.0, renamed since after their design. */
const RENAMED: Readonly<Record<string, StrategyName>> = {
  ppssys: "systematicPps",
  pivotalsampling: "pivotal",
  rhcs: "rhc",
};

/** The strategies the CLI runs: the 13 of `strategies` and `active` from `extraStrategies`. */
export type CliStrategy = StrategyName | "active";

/** Resolves a strategy name case-insensitively, also without its `Strat`/`Sampling` suffix (`kcenter`). */
export function resolveStrategy(verb: string, name: string): CliStrategy {
  if (key(name) === "active") return "active";
  const names = Object.keys(strategies) as StrategyName[];
  const k = key(name);
  const hit = names.find((s) => {
    const sk = key(s);
    return sk === k || sk.replace(/(strat|sampling)$/, "") === k;
  });
  if (hit === undefined) {
    const renamed = RENAMED[k];
    const valid = [...names, "active"];
    // the short forms resolveStrategy accepts (kcenter, d2) can be suggested too
    const accepted = [...valid, ...names.map((s) => s.replace(/(Strat|Sampling)$/, ""))];
    throw new CliError(
      `${verb}: unknown strategy ${JSON.stringify(name)}${renamed === undefined ? didYouMean(name, accepted) : ` (its 0.1.0 name; renamed ${renamed} since, after the design it runs)`} (valid: ${valid.join(", ")})`,
    );
  }
  return hit;
}

/**
 * `--level`: a confidence level strictly between 0 and 1. A percentage (95)
 * is refused with the level it most likely means (0.95).
 */
function levelOpt(verb: string, p: Parsed): number {
  const raw = p.values.get("level");
  if (raw === undefined) return intervalDefaults.level;
  const v = parseDecimal(raw.trim());
  if (v > 0 && v < 1) return v;
  const pct = parseDecimal(raw.trim().replace(/%$/, ""));
  const percent = pct > 1 && pct < 100 ? `; did you mean ${pct / 100}?` : "";
  throw new CliError(
    `${verb}: --level must be a decimal number in (0, 1), e.g. ${intervalDefaults.level} (got ${JSON.stringify(raw)}${percent})`,
  );
}

/**
 * `--interval`: one of `intervalMethods`; the SRS-only ones (they count
 * successes in a simple random sample) only with `--strategy srs`.
 */
function intervalOpt(verb: string, p: Parsed, strategy: CliStrategy): IntervalMethod | undefined {
  const raw = p.values.get("interval");
  if (raw === undefined) return undefined;
  if (!(intervalMethods as readonly string[]).includes(raw)) {
    throw new CliError(
      `${verb}: --interval must be one of ${intervalMethods.join(", ")} (got ${JSON.stringify(raw)}${didYouMean(raw, intervalMethods, true)})`,
    );
  }
  const method = raw as IntervalMethod;
  if (SRS_BINARY_METHODS.has(method) && strategy !== "srs") {
    const fit = intervalMethods.filter((m) => !SRS_BINARY_METHODS.has(m));
    throw new CliError(
      `${verb}: --interval ${method} assumes a simple random sample, so it works with --strategy srs only; for --strategy ${strategy} use one of ${fit.join(", ")}`,
    );
  }
  return method;
}

const probFeatures = { confidence, entropy, margin, deepGini } as const;

function probColumns(t: TableSource, spec: string | undefined): string[] {
  if (spec === undefined) {
    const byP = t.columns.filter((c) => /^p\d+$/.test(c));
    const byProbs = t.columns.filter((c) => /^probs\.\d+$/.test(c));
    const cols = byP.length > 0 ? byP : byProbs;
    if (cols.length < 2) {
      throw new CliError(
        `${t.file}: no probability columns p0, p1, ... or probs.0, probs.1, ... (columns: ${t.columns.join(", ")}); name them with --probs`,
      );
    }
    return cols;
  }
  if (spec.endsWith("*")) {
    const prefix = spec.slice(0, -1);
    const cols = t.columns.filter((c) => c.startsWith(prefix));
    if (cols.length < 2)
      throw new CliError(
        `${t.file}: fewer than two columns start with ${JSON.stringify(prefix)} (columns: ${t.columns.join(", ")})`,
      );
    return cols;
  }
  const cols = spec.split(",").map((s) => s.trim());
  for (const c of cols) requireColumn(t, c);
  return cols;
}

/** The loaded input of a TCS verb. */
export type TcsInput = {
  readonly file: string;
  readonly risk: Float64Array;
  readonly ids: readonly string[] | undefined;
  readonly strategy: CliStrategy;
  /** `--predictions`: the predictor's failure probabilities (`active` only). */
  readonly predictions: Float64Array | undefined;
  readonly budget: number;
  readonly seed: string | number;
  readonly level: number;
  readonly interval: IntervalMethod | undefined;
  /** The stopping rule of `--sequential`, or undefined without it. */
  readonly sequential: { readonly halfWidth?: number; readonly threshold?: number } | undefined;
};

/**
 * Which end of `--feature` is risky when `--orientation` is not given: the
 * low end of confidence and margin (a sure prediction is seldom wrong) and of
 * a harness's own score with `--from` (harnesses score 1 = correct, so the
 * items a harness got right are the least risky); the high end of every other
 * score (entropy, deepGini, a table's score column).
 */
export function defaultOrientation(
  feature: string,
  format: FromFormat | undefined,
): "higher" | "lower" {
  if (feature === "confidence" || feature === "margin") return "lower";
  if (format !== undefined && feature === "score") return "lower";
  return "higher";
}

/** Reads the input (streamed: only the feature, probability and id columns), computes the risk and checks the options. */
export function loadTcs(verb: string, p: Parsed): TcsInput {
  const strategy = resolveStrategy(verb, stringOpt(p, "strategy"));
  const orientationRaw = p.values.get("orientation");
  if (orientationRaw !== undefined && orientationRaw !== "higher" && orientationRaw !== "lower") {
    throw new CliError(
      `${verb}: --orientation must be higher or lower (got ${JSON.stringify(orientationRaw)}${didYouMean(orientationRaw, ["higher", "lower"], true)})`,
    );
  }
  const floor = numberOpt(verb, p, "floor", toRiskDefaults.floor, 0, 1);
  const level = levelOpt(verb, p);
  const interval = intervalOpt(verb, p, strategy);
  const sequential = readSequentialOptions(verb, p, strategy);
  intOpt(verb, p, "budget", undefined, 2);
  const seed = seedOpt(p, "1");
  const feature = stringOpt(p, "feature");
  const format = fromFormat(verb, p);
  if (p.values.get("predictions") !== undefined) {
    if (strategy !== "active")
      throw new CliError(`${verb}: --predictions needs --strategy active (got ${strategy})`);
    if (format !== undefined)
      throw new CliError(
        `${verb}: --predictions reads a column of --input; it does not combine with --from`,
      );
  }
  const read =
    format === undefined
      ? readTableScores(p, feature)
      : readHarnessScores(verb, format, p, feature);
  const { score, ids } = read;
  // toRisk would name its own argument ("score is empty")
  if (score.length === 0) throw new CliError(`${read.file}: --input has no data rows`);
  const predictions = "predictions" in read ? read.predictions : undefined;
  const orientation = orientationRaw ?? defaultOrientation(feature, format);
  const risk = toRisk(score, orientation, { floor });
  const budget = intOpt(verb, p, "budget", undefined, 2, risk.length);
  return {
    file: read.file,
    risk,
    ids,
    strategy,
    predictions,
    budget,
    seed,
    level,
    interval,
    sequential,
  };
}

/** The score of each row from the --input table (streamed: only the feature, probability and id columns). */
function readTableScores(
  p: Parsed,
  feature: string,
): {
  file: string;
  score: Float64Array;
  ids: readonly string[] | undefined;
  predictions: Float64Array | undefined;
} {
  const table = openTable(stringOpt(p, "input"), "--input");
  let c: ReturnType<TableSource["read"]>;
  let score: Float64Array;
  // rows are shown with their ids by default: a column named id is used unless --id names another
  const idCol = p.values.get("id") ?? (table.columns.includes("id") ? "id" : undefined);
  const predCol = p.values.get("predictions");
  let predictions: Float64Array | undefined;
  try {
    if (idCol !== undefined) requireColumn(table, idCol);
    if (predCol !== undefined) requireColumn(table, predCol);
    const spec = new Map<string, ColumnRead>();
    if (idCol !== undefined) spec.set(idCol, { kind: "string" });
    if (predCol !== undefined) spec.set(predCol, { kind: "number" });
    const probsSpec = p.values.get("probs");
    if (table.columns.includes(feature)) {
      // the column would win and --probs be dropped without a word: both together are refused
      if (probsSpec !== undefined) {
        throw new CliError(
          Object.hasOwn(probFeatures, feature)
            ? `${table.file}: --feature ${feature} is a column of this file, and --probs ${probsSpec} asks to compute ${feature} from probability columns: drop --probs to use the column, or read the column under another name (--columns NAME=${feature}) to compute it`
            : `${table.file}: --feature ${feature} reads a column, and --probs ${probsSpec} is only for --feature ${Object.keys(probFeatures).join("|")} computed from probability columns: drop --probs`,
        );
      }
      spec.set(feature, { kind: "number" });
      c = table.read(spec);
      requireRows(c, "--input");
      score = c.numbers.get(feature) as Float64Array;
      if (predCol !== undefined) predictions = c.numbers.get(predCol);
    } else if (Object.hasOwn(probFeatures, feature)) {
      const cols = probColumns(table, probsSpec);
      for (const col of cols) spec.set(col, { kind: "number" });
      c = table.read(spec);
      // entropy and the others would name their own argument ("probs has no rows")
      requireRows(c, "--input");
      if (predCol !== undefined) predictions = c.numbers.get(predCol);
      const f = probFeatures[feature as keyof typeof probFeatures];
      score = f(rowMatrix(c, cols));
    } else {
      throw new CliError(
        `${table.file}: unknown column ${JSON.stringify(feature)} for --feature${didYouMean(feature, [...table.columns, ...Object.keys(probFeatures)])} (columns: ${table.columns.join(", ")}; or one of ${Object.keys(probFeatures).join(", ")} computed from --probs)`,
      );
    }
  } finally {
    table.close();
  }
  const ids = idCol === undefined ? undefined : c.strings.get(idCol);
  return { file: table.file, score, ids, predictions };
}

/** `--sequential` with its `--stop-*` rules, checked against the strategy. */
function readSequentialOptions(
  verb: string,
  p: Parsed,
  strategy: CliStrategy,
): TcsInput["sequential"] {
  const on = p.flags.has("sequential");
  const hasRule = p.values.has("stop-half-width") || p.values.has("stop-threshold");
  if (!on) {
    if (hasRule)
      throw new CliError(`${verb}: --stop-half-width / --stop-threshold need --sequential`);
    return undefined;
  }
  if (strategy !== "srs" && strategy !== "sups") {
    throw new CliError(
      `${verb}: --sequential needs --strategy srs or sups (their draws are made one at a time with known probabilities), not ${strategy}`,
    );
  }
  const interval = p.values.get("interval");
  if (interval !== undefined) {
    throw new CliError(
      `${verb}: --interval has no effect with --sequential (the interval is the confidence sequence's); drop --interval (got ${JSON.stringify(interval)})`,
    );
  }
  const rule: { halfWidth?: number; threshold?: number } = {};
  if (p.values.has("stop-half-width")) {
    rule.halfWidth = numberOpt(verb, p, "stop-half-width", 0, Number.MIN_VALUE, 1);
  }
  if (p.values.has("stop-threshold")) {
    rule.threshold = numberOpt(verb, p, "stop-threshold", 0, 0, 1);
  }
  if (rule.halfWidth === undefined && rule.threshold === undefined) {
    throw new CliError(`${verb}: --sequential needs --stop-half-width H and/or --stop-threshold C`);
  }
  return rule;
}

/** How a labels file is keyed and which label value means failure (`--failure-label`). */
export type LabelKeys = {
  /** The id of each data row (`--id` or the items of `--from`), for labels keyed by `id`. */
  readonly ids?: readonly string[] | undefined;
  /** The label value that means failure: 1 (default) or 0, then 0/1 labels are flipped on reading. */
  readonly failure?: 0 | 1;
};

/** `--failure-label` and the row ids of the input, for {@link readLabels}. */
export function labelKeys(verb: string, p: Parsed, ids: readonly string[] | undefined): LabelKeys {
  const raw = p.values.get("failure-label") ?? "1";
  if (raw !== "0" && raw !== "1")
    throw new CliError(`${verb}: --failure-label must be 0 or 1 (got ${JSON.stringify(raw)})`);
  if (raw === "0" && p.flags.has("real-labels"))
    throw new CliError(
      `${verb}: --failure-label 0 flips 0/1 labels and cannot be used with --real-labels`,
    );
  return { ids, failure: raw === "0" ? 0 : 1 };
}

/**
 * Labels read from a labels file, by 0-based data row. The file is keyed by
 * a `row` column (the data row) or by an `id` (or `item`) column matched
 * against `keys.ids`. A label must be 0 or 1 unless `real` (then any finite
 * number in the strict decimal grammar); with `keys.failure` 0 a 0/1 label
 * is flipped, so the result always reads 1 = failure.
 */
export function readLabels(
  file: string,
  N: number,
  real: boolean,
  keys: LabelKeys = {},
): Map<number, number> {
  const t = openTable(file, "--labels");
  const key = ["row", "id", "item"].find((c) => t.columns.includes(c));
  if (key === undefined) requireColumn(t, "row");
  const byId = new Map<string, number>();
  if (key !== "row") {
    if (keys.ids === undefined) {
      t.close();
      throw new CliError(
        `${file}: labels keyed by ${key} need row ids: give --id COL (or --from, whose rows are the items)`,
      );
    }
    for (let i = 0; i < keys.ids.length; i++) {
      const id = keys.ids[i] as string;
      const first = byId.get(id);
      if (first !== undefined) {
        t.close();
        throw new CliError(
          `${file}: labels keyed by ${key} need unique ids, but the input's id ${JSON.stringify(id)} is on data rows ${first} and ${i}; make the ids unique or key the labels by row`,
        );
      }
      byId.set(id, i);
    }
  }
  const keyCol = key ?? "row";
  requireColumn(t, "label");
  const c = t.read(
    new Map([
      [keyCol, { kind: "string" }],
      ["label", { kind: "string" }],
    ]),
    { positions: [keyCol, "label"] },
  );
  const rows = c.strings.get(keyCol) ?? [];
  const labels = c.strings.get("label") ?? [];
  const out = new Map<number, number>();
  for (let i = 0; i < c.n; i++) {
    const where = (col: string): string =>
      `${c.file}:${c.lines?.[i] ?? 1}:${c.cols.get(col)?.[i] ?? 1}`;
    const rawRow = rows[i] ?? "";
    const rs = rawRow.trim();
    let row: number;
    if (keyCol === "row") {
      row = Number(rs);
      if (!/^\d+$/.test(rs) || !(row < N)) {
        throw new CliError(
          `${where("row")}: malformed row: row ${JSON.stringify(rawRow)} is not an integer in [0, ${N - 1}]`,
        );
      }
    } else {
      const hit = byId.get(rs);
      if (hit === undefined) {
        throw new CliError(
          `${where(keyCol)}: malformed row: ${keyCol} ${JSON.stringify(rawRow)} is not the id of any input row`,
        );
      }
      row = hit;
    }
    const rawLabel = labels[i] ?? "";
    // true/false (pandas writes True/False) is 1/0
    let label = parseBinary(rawLabel.trim());
    if (!Number.isFinite(label)) {
      throw new CliError(
        `${where("label")}: malformed row: label ${JSON.stringify(rawLabel)} is not a finite number`,
      );
    }
    if (!real && label !== 0 && label !== 1) {
      throw new CliError(
        `${where("label")}: malformed row: label ${JSON.stringify(rawLabel)} is not 0 or 1 (1 failure, 0 pass; give --real-labels for real-valued labels)`,
      );
    }
    if (keys.failure === 0) label = 1 - label;
    const prev = out.get(row);
    if (prev !== undefined && prev !== label) {
      throw new CliError(
        `${where("label")}: malformed row: row ${row} labelled twice (${prev} and ${label})`,
      );
    }
    out.set(row, label);
  }
  return out;
}

/** Where a replay stopped: the rows labelled so far and either the pending pick or the final estimate. */
export type Replay = {
  readonly labelled: readonly number[];
  /** Rows still to label, in pick order (only the next one for adaptive strategies). */
  readonly pending: readonly number[];
  readonly estimate: Estimate | undefined;
  readonly unused: readonly number[];
};

/**
 * Re-creates the strategy with the same seed and replays the recorded labels:
 * the strategy's picks are a deterministic function of (seed, labels), so
 * this resumes the session exactly where it stopped.
 */
export function replay(verb: string, input: TcsInput, labels: ReadonlyMap<number, number>): Replay {
  try {
    return replayLabels(input, labels);
  } catch (e) {
    if (e instanceof RangeError || e instanceof TypeError)
      throw new CliError(cliMessage(verb, input.strategy, e.message));
    throw e;
  }
}

/** The library options the TCS verbs pass through, longest first, with the flag that sets each. */
const OPTION_FLAGS: readonly (readonly [string, string])[] = [
  ["options.sequential.halfWidth", "--stop-half-width"],
  ["options.sequential.threshold", "--stop-threshold"],
  ["options.sequential", "--sequential"],
  ["options.predictions", "--predictions"],
  ["options.interval", "--interval"],
  ["options.level", "--level"],
  ["label sent through next(y)", "a --labels label"],
];

/**
 * A strategy's error in the user's terms: its function (`strategies.srs:`)
 * becomes the verb and `--strategy`, and the options the CLI passes through
 * (`options.interval`) the flags that set them (`--interval`).
 */
export function cliMessage(verb: string, strategy: CliStrategy, message: string): string {
  let m = message.replace(
    /^(?:extraStrategies|strategies)\.\w+: /,
    `${verb}: --strategy ${strategy}: `,
  );
  // an element of a column: its data row
  m = m.replace(/options\.predictions\[(\d+)\]/g, "--predictions (data row $1)");
  for (const [option, flag] of OPTION_FLAGS) m = m.replaceAll(option, flag);
  return m;
}

function replayLabels(input: TcsInput, labels: ReadonlyMap<number, number>): Replay {
  const common = {
    level: input.level,
    ...(input.interval === undefined ? {} : { interval: input.interval }),
  };
  const gen =
    input.strategy === "active"
      ? extraStrategies.active(input.risk, input.budget, createRng(input.seed), {
          ...common,
          ...(input.predictions === undefined ? {} : { predictions: input.predictions }),
        })
      : strategies[input.strategy](input.risk, input.budget, createRng(input.seed), {
          ...common,
          ...(input.sequential === undefined ? {} : { sequential: input.sequential }),
        });
  const labelled: number[] = [];
  const used = new Set<number>();
  // every method but t and wald is for a proportion (the design ones for labels in [0, 1],
  // the SRS ones for 0/1); the strategy would refuse such a label naming its own option
  // ("options.interval")
  // the library's own split: the design proportion methods take labels in [0, 1], the SRS ones 0/1
  const unit = takesUnitLabels(input.interval);
  const binary = needsBinary(input.interval);
  const label = (row: number, y: number): number => {
    if (unit && !(y >= 0 && y <= 1)) {
      throw new CliError(
        `--interval ${input.interval} is for labels in [0, 1], but --labels gives row ${row} the label ${y}; for other real-valued labels use --interval t or wald`,
      );
    }
    if (binary && y !== 0 && y !== 1) {
      throw new CliError(
        `--interval ${input.interval} is for 0/1 labels, but --labels gives row ${row} the label ${y}; for real-valued labels use --interval t or wald (beta for labels in [0, 1])`,
      );
    }
    return y;
  };
  let r = gen.next();
  while (r.done !== true) {
    const y = labels.get(r.value);
    if (y === undefined) break;
    labelled.push(r.value);
    used.add(r.value);
    r = gen.next(label(r.value, y));
  }
  const unusedNow = (): number[] =>
    [...labels.keys()].filter((i) => !used.has(i)).sort((a, b) => a - b);
  if (r.done === true) return { labelled, pending: [], estimate: r.value, unused: unusedNow() };
  const pending = [r.value];
  const listed = new Set<number>(pending);
  // `active` draws its pilot before any label and its active sample once the pilot is
  // labelled: each phase is listed whole, the next one once the last is labelled
  // (the strategy has checked the budget by now, so activePhaseSizes cannot throw; the CLI
  // runs it at its default shares)
  let first = 0;
  if (input.strategy === "active") {
    const sizes = activePhaseSizes(input.budget);
    first = sizes.greedy + sizes.pilot;
  }
  const horizon = labelled.length < first ? first : input.budget;
  // a sequential session may stop after any label: planned one row at a time, like the adaptive ones
  if (
    (input.strategy === "active" || !adaptiveStrategies.has(input.strategy)) &&
    input.sequential === undefined
  ) {
    // Non-adaptive picks do not depend on the labels, so a placeholder label reveals the rest of the plan.
    let s = gen.next(0);
    while (s.done !== true && labelled.length + pending.length < horizon) {
      const y = labels.get(s.value);
      // With-replacement designs (sups, twoUps) may draw a row twice; it is labelled once.
      if (y === undefined) {
        if (!listed.has(s.value)) {
          listed.add(s.value);
          pending.push(s.value);
        }
      } else {
        labelled.push(s.value);
        used.add(s.value);
      }
      s = gen.next(y === undefined ? 0 : label(s.value, y));
    }
  }
  return { labelled, pending, estimate: undefined, unused: unusedNow() };
}

/**
 * The chart of `--plot`: for a sequential SRS session the running estimate
 * over the labels recorded so far (every prefix of its draws is a simple
 * random sample), otherwise the final estimate as a one-row forest (`tcs
 * estimate` only: a plan's picks in index order are no sample until done).
 * Null, with a note on stderr, for a sequential session with fewer than 2
 * labels: its plan is printed, the plot is drawn from the next rounds on.
 */
export function tcsPlot(
  verb: string,
  input: TcsInput,
  labels: ReadonlyMap<number, number>,
  r: Replay,
  real: boolean,
  quiet: boolean,
): VegaLiteSpec | null {
  const title = `${input.strategy}, budget ${input.budget}, seed ${input.seed}`;
  if (input.sequential !== undefined && input.strategy === "srs") {
    // the first rounds of a session have no running estimate yet: the plan still
    // prints (the same command is run every round, --plot and all)
    if (r.labelled.length < 2) {
      note(
        quiet,
        `note: --plot: the running estimate is drawn from 2 labels on (${r.labelled.length} recorded); no plot written this time`,
      );
      return null;
    }
    const y = Float64Array.from(r.labelled, (i) => labels.get(i) ?? 0);
    const inUnit = y.every((v) => v >= 0 && v <= 1);
    const method =
      input.interval ??
      (real ? (inUnit ? intervalDefaults.bounded : intervalDefaults.real) : intervalDefaults.srs);
    return runningSrsPlot(y, input.risk.length, input.level, method, title);
  }
  if (r.estimate === undefined) {
    throw new CliError(
      `${verb}: --plot draws the running estimate of a --sequential --strategy srs session; for ${input.strategy}, run tcs estimate --plot once every planned row is labelled`,
    );
  }
  return estimateForest([{ name: input.strategy, estimate: r.estimate }], !real, {
    title,
    axisTitle: "mean label (failure rate)",
  });
}
