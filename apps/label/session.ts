/**
 * The labelling page's engine, without the DOM: reading the items file,
 * turning the score column into the risk exactly as `evalsift tcs` does,
 * replaying a session from (settings, labels) through the library's ask/tell
 * strategies, the running confidence sequence, and the exports (the CLI's
 * `--labels` CSV and the command that reproduces the estimate).
 *
 * Built only on the public entries (`evalsift/core`, `evalsift/features`,
 * `evalsift/tcs`); every number the page shows comes from a strategy.
 */

import { jsonTableProblem } from "../../cli/jsonTable.js";
import { createRng } from "../../src/entry/core.js";
import type { Estimate } from "../../src/entry/estimate.js";
import { toRisk } from "../../src/entry/features.js";
import { type StrategyName, strategies } from "../../src/entry/tcs.js";

/** The items file, as text cells. */
export type Table = {
  readonly name: string;
  readonly columns: readonly string[];
  /** One array of cells per data row, aligned with `columns`. */
  readonly cells: readonly (readonly string[])[];
  /** The file line of each data row (1-based), for error messages. */
  readonly lines: readonly number[];
};

/** What the score column means. */
export type ScoreKind = "risk" | "failProb" | "correctProb";

/** What the user wants from the session. */
export type Goal = "estimate" | "find" | "both";

/** Everything that determines the picks (with the labels): saved with the session. */
export type Settings = {
  readonly idColumn: string;
  /** The score column, or "" for none (then only `srs` runs). */
  readonly scoreColumn: string;
  readonly scoreKind: ScoreKind;
  readonly floor: number;
  readonly goal: Goal;
  readonly strategy: StrategyName;
  /** Most labels (the budget); with a stopping rule the session may stop before. */
  readonly budget: number;
  /** Stopping rule of the sequential strategies (srs, sups): target half-width. */
  readonly halfWidth?: number | undefined;
  /** Stopping rule of the sequential strategies: stop once the interval excludes this rate. */
  readonly threshold?: number | undefined;
  /** The seed as typed; converted exactly as the CLI's `--seed` ({@link seedValue}). */
  readonly seed: string;
  readonly level: number;
};

/** The label of one row: 1 failure, 0 pass. */
export type Label = { readonly row: number; readonly label: 0 | 1 };

/** The strategies whose interval can be updated after every label (a confidence sequence). */
export const sequentialStrategies: ReadonlySet<StrategyName> = new Set(["srs", "sups"]);
/** Strategies whose next pick depends on the labels (as in the CLI): no skipping. */
export const adaptiveStrategies: ReadonlySet<StrategyName> = new Set(["gbs", "mcucb", "deepEst"]);

/**
 * The default strategy per goal, from the measured reports
 * (docs/replication/tcs-grid.md, sequential.md, coverage.md):
 * estimate -> `srs` with a confidence sequence (leading RMSE group, and its
 * sequence is the one sequential.md measures: worst miscoverage 4.1%);
 * find failures -> `balanced` (rank 1 of 13 for failures found);
 * both -> `rhc` as a fixed-size plan: in both leading groups of tcs-grid.md
 * (RMSE rank 8, no significant gap to the best; failures found rank 2) with a
 * default interval that covered at least 95.4% in every coverage.md cell.
 * Not `sups` with its confidence sequence: that sequence is not measured in
 * sequential.md, and with `toRisk`'s floor its bound keeps the interval near
 * [0, 1] (after 100 labels of the test fixture [0.043, 1.000], where a
 * fixed-size sups gives [0.247, 0.480]).
 */
export const goalDefaults: Readonly<Record<Goal, StrategyName>> = Object.freeze({
  estimate: "srs",
  find: "balanced",
  both: "rhc",
});

/** Why a strategy is the default, shown in the page. */
export const goalReasons: Readonly<Record<Goal, string>> = Object.freeze({
  estimate:
    "srs: in the leading RMSE group of the 13-strategy replication, and its confidence sequence stays valid whenever you stop (worst miscoverage 4.1% at 95%).",
  find: "balanced: ranked 1 of 13 for failures found in the replication (then rhc, pivotal, systematicPps, sups).",
  both: "rhc, a fixed plan of “budget” items: in both leading groups of the replication (RMSE, with no significant gap to the best, and failures found, rank 2 of 13), and its interval covered at least 95.4% in every measured cell. Not sups with a running interval: with a risk score that interval stays very wide (on a 300-item test file [0.04, 1.00] after 100 draws, where a fixed-size sups gives [0.25, 0.48]), and its width was never measured.",
});

/** Shown when a with-replacement strategy with a risk score is chosen with a stopping rule. */
export const supsSequenceNote =
  "sups's running interval is valid at every label, but with a risk score it stays very wide (on a 300-item test file [0.04, 1.00] after 100 draws, where a fixed-size sups gives [0.25, 0.48]): leave both stopping fields empty for a fixed-size sups plan, or use srs for a running interval.";

/** An error in the input, with the file line it comes from. */
export class InputError extends Error {}

const STRICT_DECIMAL = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

/** A cell as a number with the CLI's strict decimal grammar (NaN if it is not one). */
export function cellNumber(s: string): number {
  const t = s.trim();
  return STRICT_DECIMAL.test(t) ? Number(t) : Number.NaN;
}

/**
 * Parses CSV text (RFC 4180 quotes, CRLF or LF) or JSON Lines, choosing by the
 * name's extension as `evalsift tcs --input` does: `.jsonl`/`.ndjson` are JSON
 * Lines, a `.json` file is read as JSON Lines when its first line is a JSON
 * object (else refused, as the CLI refuses it), anything else is CSV.
 */
export function parseTable(name: string, text: string): Table {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  if (/\.json$/i.test(name)) {
    // the CLI's own rule (cli/jsonTable.ts): one JSON object per line, or a usage error
    const problem = jsonTableProblem(name, body, "the page (like the CLI's --input)");
    if (problem !== undefined) throw new InputError(problem);
    return parseJsonl(name, body);
  }
  return /\.(jsonl|ndjson)$/i.test(name) ? parseJsonl(name, body) : parseCsv(name, body);
}

function parseCsv(name: string, text: string): Table {
  const records: { cells: string[]; line: number }[] = [];
  let cells: string[] = [];
  let cell = "";
  let line = 1;
  let start = 1;
  let quoted = false;
  // a closing quote must end its field, as the CLI's reader requires
  let closed = false;
  let i = 0;
  const endRecord = (): void => {
    cells.push(cell);
    if (!(cells.length === 1 && cells[0] === "")) records.push({ cells, line: start });
    cells = [];
    cell = "";
  };
  while (i < text.length) {
    const c = text[i] as string;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 2;
        continue;
      }
      if (c === '"') {
        quoted = false;
        closed = true;
      } else {
        if (c === "\n") line++;
        cell += c;
      }
      i++;
      continue;
    }
    const ends = c === "," || c === "\n" || c === "\r";
    if (closed && !ends) {
      throw new InputError(
        `${name}:${line}: text after a closing quote (a field is "..." or has no quotes)`,
      );
    }
    closed = false;
    if (c === '"' && cell === "") quoted = true;
    else if (c === '"') {
      throw new InputError(
        `${name}:${line}: a quote inside an unquoted field (quote the whole field and double its quotes)`,
      );
    } else if (c === ",") {
      cells.push(cell);
      cell = "";
    } else if (c === "\n" || c === "\r") {
      if (c === "\r" && text[i + 1] === "\n") i++;
      endRecord();
      line++;
      start = line;
    } else cell += c;
    i++;
  }
  if (quoted) throw new InputError(`${name}:${start}: a quoted field is not closed`);
  if (cell !== "" || cells.length > 0) endRecord();
  const head = records.shift();
  if (head === undefined) throw new InputError(`${name}: the file is empty`);
  // as the CLI reads them (no trimming): an exported command names the same columns
  const columns = head.cells;
  // cli/io.ts checkHeader: the CLI refuses a repeated column name
  const seen = new Set<string>();
  columns.forEach((h, j) => {
    if (seen.has(h))
      throw new InputError(`${name}:${head.line}:${j + 1}: duplicate column ${JSON.stringify(h)}`);
    seen.add(h);
  });
  for (const r of records) {
    if (r.cells.length !== columns.length) {
      throw new InputError(
        `${name}:${r.line}: ${r.cells.length} fields, the header has ${columns.length}`,
      );
    }
  }
  return { name, columns, cells: records.map((r) => r.cells), lines: records.map((r) => r.line) };
}

/**
 * JSON Lines as the CLI reads them (cli/io.ts openJsonl): blank lines skipped,
 * an array value flattened to `key.0`, `key.1`, ..., the columns are the first
 * object's keys and a later key outside them is refused; other objects are
 * shown as JSON. Messages are the CLI's.
 */
function parseJsonl(name: string, text: string): Table {
  const rows: { o: Map<string, unknown>; line: number }[] = [];
  text.split(/\r?\n/).forEach((raw, k) => {
    if (raw.trim() === "") return;
    let o: unknown;
    try {
      o = JSON.parse(raw);
    } catch (e) {
      const m = /position (\d+)/.exec(String(e));
      const at = m ? Number(m[1]) + 1 : 1;
      throw new InputError(`${name}:${k + 1}:${at}: malformed JSON (${(e as Error).message})`);
    }
    if (typeof o !== "object" || o === null || Array.isArray(o)) {
      throw new InputError(`${name}:${k + 1}:1: malformed row: each line must be a JSON object`);
    }
    const flat = new Map<string, unknown>();
    for (const [key, v] of Object.entries(o)) {
      if (Array.isArray(v)) {
        v.forEach((x, j) => {
          flat.set(`${key}.${j}`, x);
        });
      } else flat.set(key, v);
    }
    rows.push({ o: flat, line: k + 1 });
  });
  if (rows.length === 0) throw new InputError(`${name}:1:1: empty file (no JSON objects)`);
  const columns = [...(rows[0]?.o.keys() ?? [])];
  const known = new Set(columns);
  for (const { o, line } of rows) {
    for (const key of o.keys()) {
      if (!known.has(key)) {
        throw new InputError(
          `${name}:${line}:1: malformed row: key ${JSON.stringify(key)} is not in the first row`,
        );
      }
    }
  }
  const show = (v: unknown): string =>
    v === undefined || v === null ? "" : typeof v === "object" ? JSON.stringify(v) : String(v);
  return {
    name,
    columns,
    cells: rows.map(({ o }) => columns.map((c) => show(o.get(c)))),
    lines: rows.map((r) => r.line),
  };
}

/** The column that holds the ids: `id`, else `item`, else one named like `*_id`. */
export function guessIdColumn(t: Table): string | undefined {
  const lower = t.columns.map((c) => c.toLowerCase());
  const k = ["id", "item", "item_id", "uid", "key"]
    .map((c) => lower.indexOf(c))
    .find((j) => j >= 0);
  if (k !== undefined) return t.columns[k];
  return t.columns.find((c) => /(^|_)id$/i.test(c));
}

/** The columns whose every cell is a number (candidates for the score). */
export function numericColumns(t: Table): string[] {
  return t.columns.filter((_, j) => t.cells.every((r) => Number.isFinite(cellNumber(r[j] ?? ""))));
}

/** Reads the id column; throws on a missing column, an empty id or a duplicate, naming the line. */
export function readIds(t: Table, idColumn: string): string[] {
  const j = t.columns.indexOf(idColumn);
  if (idColumn === "" || j < 0) {
    throw new InputError(
      `${t.name}: no id column (columns: ${t.columns.join(", ")}); the page needs one column of unique item ids, e.g. "id"`,
    );
  }
  const seen = new Map<string, number>();
  return t.cells.map((r, i) => {
    const id = (r[j] ?? "").trim();
    const line = t.lines[i];
    if (id === "") throw new InputError(`${t.name}:${line}: empty id in column ${idColumn}`);
    const first = seen.get(id);
    if (first !== undefined) {
      throw new InputError(
        `${t.name}:${line}: duplicate id ${JSON.stringify(id)} (first on line ${first}); every item needs its own id`,
      );
    }
    seen.set(id, line as number);
    return id;
  });
}

/** Where row i of the table is, for a library error naming `risk[i]` or `score[i]`. */
function withRow(t: Table, e: unknown): InputError {
  const msg = e instanceof Error ? e.message : String(e);
  const m = /\b(?:risk|score)\[(\d+)\]/.exec(msg);
  const i = m === null ? -1 : Number(m[1]);
  const where = i >= 0 ? ` (data row ${i}, ${t.name} line ${t.lines[i]})` : "";
  return new InputError(`${msg}${where}`);
}

/**
 * The risk of every row: the score column read as numbers, checked, then
 * `toRisk(score, orientation, { floor })` exactly as `evalsift tcs --feature
 * COL --orientation O --floor F` does. A risk column is first given to the
 * strategy as it is, so a negative or missing value gets the library's own
 * error (with the row); probabilities must lie in [0, 1].
 */
export function riskOf(t: Table, s: Settings): Float64Array {
  if (s.scoreColumn === "") return new Float64Array(t.cells.length).fill(1);
  const j = t.columns.indexOf(s.scoreColumn);
  if (j < 0) throw new InputError(`${t.name}: no column ${JSON.stringify(s.scoreColumn)}`);
  const raw = Float64Array.from(t.cells, (r) => cellNumber(r[j] ?? ""));
  try {
    if (s.scoreKind === "risk") {
      // the strategy's own check of a risk vector: non-negative and finite
      strategies[s.strategy](raw, Math.min(2, raw.length), createRng(1));
    } else {
      raw.forEach((p, i) => {
        if (!(p >= 0 && p <= 1)) {
          throw new RangeError(`score[${i}] must be a probability in [0, 1] (got ${p})`);
        }
      });
    }
    return toRisk(raw, orientationOf(s.scoreKind), { floor: s.floor });
  } catch (e) {
    throw withRow(t, e);
  }
}

/** `--orientation` of a score kind: a failure probability or risk is higher = riskier. */
export function orientationOf(kind: ScoreKind): "higher" | "lower" {
  return kind === "correctProb" ? "lower" : "higher";
}

/** The seed exactly as the CLI's `--seed` reads it: a plain safe integer is a number, else the text. */
export function seedValue(seed: string): string | number {
  if (/^-?(?:0|[1-9]\d*)$/.test(seed) && seed !== "-0") {
    const v = Number(seed);
    if (Number.isSafeInteger(v)) return v;
  }
  return seed;
}

/** Whether the settings label one item at a time with a confidence sequence. */
export function isSequential(s: Settings): boolean {
  return (
    sequentialStrategies.has(s.strategy) && (s.halfWidth !== undefined || s.threshold !== undefined)
  );
}

function ruleOf(s: Settings): { halfWidth?: number; threshold?: number } {
  return {
    ...(s.halfWidth === undefined ? {} : { halfWidth: s.halfWidth }),
    ...(s.threshold === undefined ? {} : { threshold: s.threshold }),
  };
}

/** The strategy generator of the settings (budget overridable for the running sequence). */
export function generator(
  risk: Float64Array,
  s: Settings,
  budget = s.budget,
): Generator<number, Estimate, number> {
  return strategies[s.strategy](risk, budget, createRng(seedValue(s.seed)), {
    level: s.level,
    ...(isSequential(s) ? { sequential: ruleOf(s) } : {}),
  });
}

/** One point of the running estimate. */
export type RunningPoint = {
  readonly t: number;
  readonly estimate: number;
  readonly lower: number;
  readonly upper: number;
};

/** Where a replay of the labels leaves the session. */
export type Replayed = {
  /** Rows labelled, in pick order (repeats for with-replacement draws). */
  readonly picks: readonly number[];
  /** Rows still to label, in plan order (one row for adaptive and sequential runs). */
  readonly pending: readonly number[];
  /** The strategy's estimate once it has all its labels. */
  readonly estimate: Estimate | undefined;
  /** Failures among the distinct rows labelled. */
  readonly failures: number;
  /**
   * Draws of the plan whose row is labelled, skipped rows' later draws included
   * (`picks` stops at the first unlabelled draw); with-replacement designs count
   * a row once per draw.
   */
  readonly labelledDraws: number;
};

/**
 * Replays the labels through the strategy, as `evalsift tcs estimate` does
 * (cli/commands/tcsCommon.ts `replay`): the picks are a deterministic
 * function of (seed, labels), so this resumes a session exactly. For a
 * non-adaptive fixed plan a placeholder label reveals the rest of the plan,
 * so its rows can be labelled in any order (skipping).
 */
export function replay(
  risk: Float64Array,
  s: Settings,
  labels: ReadonlyMap<number, number>,
): Replayed {
  const gen = generator(risk, s);
  const picks: number[] = [];
  let r = gen.next();
  while (r.done !== true) {
    const y = labels.get(r.value);
    if (y === undefined) break;
    picks.push(r.value);
    r = gen.next(y);
  }
  let failures = 0;
  for (const y of labels.values()) failures += y;
  if (r.done === true)
    return { picks, pending: [], estimate: r.value, failures, labelledDraws: picks.length };
  const pending = [r.value];
  let labelledDraws = picks.length;
  if (!adaptiveStrategies.has(s.strategy) && !isSequential(s)) {
    const listed = new Set(pending);
    let step = gen.next(0);
    while (step.done !== true) {
      const y = labels.get(step.value);
      if (y !== undefined) labelledDraws++;
      if (y === undefined && !listed.has(step.value)) {
        listed.add(step.value);
        pending.push(step.value);
      }
      step = gen.next(y ?? 0);
    }
  }
  return { picks, pending, estimate: undefined, failures, labelledDraws };
}

/**
 * The running estimate after t labels of a sequential session: the strategy
 * re-run with budget t on the first t picks. Its draws do not depend on the
 * budget, so this is the estimate and confidence-sequence interval the
 * session would return if it stopped at t (t >= 2: two labels give the variance).
 */
export function runningPoint(
  risk: Float64Array,
  s: Settings,
  picks: readonly number[],
  labels: ReadonlyMap<number, number>,
  t: number,
): RunningPoint {
  const gen = generator(risk, s, t);
  let r = gen.next();
  let k = 0;
  while (r.done !== true) {
    const row = picks[k];
    if (row !== r.value) throw new Error(`replay diverged at label ${k + 1}`);
    r = gen.next(labels.get(row) as number);
    k++;
  }
  const e = r.value;
  return { t, estimate: e.estimate, lower: e.ci[0], upper: e.ci[1] };
}

/** 53-bit string hash (cyrb53) as hex: for telling files and settings apart, not for security. */
export function hash(text: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(16).padStart(14, "0");
}

/** The saved form of a session. */
export type SavedSession = {
  readonly format: "evalsift-label-session";
  /** 1: the first page, which recorded only the ids; 2 adds `contentHash` and `started`. */
  readonly version: 1 | 2;
  readonly file: string;
  /** `hash` of the ids, one a line: the items the session labels. */
  readonly idsHash: string;
  /**
   * {@link contentHash} of the file the labels were given on (version 2): two
   * files with the same ids but other contents (another model's outputs on the
   * same test set, re-scored items) have different content hashes.
   */
  readonly contentHash?: string;
  /** When the session was started (ms since 1970, version 2): with the file content, its storage slot. */
  readonly started?: number;
  /** `hash` of the ids, the content hash and the settings: the session's identity. */
  readonly sessionHash: string;
  readonly items: number;
  readonly settings: Settings;
  readonly labels: readonly (Label & { readonly id: string })[];
  readonly skipped: readonly number[];
};

/** The hash of the ids (which items a session labels). */
export function idsHash(ids: readonly string[]): string {
  return hash(ids.join("\n"));
}

/**
 * The hash of the file's content as read: every column name and every cell
 * (the ids, the score column and the fields shown while labelling), so any
 * change in what the labels judged, or in the risk that drew the items, gives
 * another hash; line endings, quoting and a BOM do not count.
 */
export function contentHash(t: Table): string {
  // a table is never changed once read, and this is asked after every label: hashed once
  let h = contentHashes.get(t);
  if (h === undefined) {
    h = hash(JSON.stringify([t.columns, t.cells]));
    contentHashes.set(t, h);
  }
  return h;
}

/** {@link contentHash} of each table read so far (a serialisation of a large file per label was slow). */
const contentHashes = new WeakMap<Table, string>();

function sessionHashOf(ids: string, content: string | undefined, s: Settings): string {
  return content === undefined
    ? hash(`${ids}\n${JSON.stringify(s)}`)
    : hash(`${ids}\n${content}\n${JSON.stringify(s)}`);
}

/** Builds the saved form. */
export function saveSession(
  table: Table,
  ids: readonly string[],
  s: Settings,
  labels: readonly Label[],
  skipped: readonly number[],
  started: number,
): SavedSession {
  const h = idsHash(ids);
  const c = contentHash(table);
  return {
    format: "evalsift-label-session",
    version: 2,
    file: table.name,
    idsHash: h,
    contentHash: c,
    started,
    sessionHash: sessionHashOf(h, c, s),
    items: ids.length,
    settings: s,
    labels: labels.map((l) => ({ ...l, id: ids[l.row] as string })),
    skipped,
  };
}

/**
 * A session saved for the same items (same ids) but not for this content:
 * another file with the same items, or (version 1) a file whose content was
 * not recorded. Its labels judged that file's items; resuming needs the
 * user's explicit choice.
 */
export class OtherContentError extends InputError {
  constructor(
    message: string,
    readonly session: SavedSession,
  ) {
    super(message);
  }
}

/** When a session was started, for the page (local time, to the minute), or "" if not recorded. */
export function startedText(started: number | undefined): string {
  if (started === undefined || !Number.isFinite(started)) return "";
  const d = new Date(started);
  const two = (x: number): string => String(x).padStart(2, "0");
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())} ${two(d.getHours())}:${two(d.getMinutes())}`;
}

/** "1 label", "2 labels". */
export function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

/** Why a session saved for the same ids does not fit this content, in words. */
export function otherContentText(s: SavedSession, items: number): string {
  const when = startedText(s.started);
  return s.contentHash === undefined
    ? `A session saved by an earlier version of this page for a file with the same ${plural(items, "item")} (${s.file}); it did not record the file's content, so its labels may judge other answers or scores than this file's.`
    : `A session saved for another file with the same ${plural(items, "item")} (${s.file}${when === "" ? "" : `, started ${when}`}): its contents differ from this file's (another model's outputs, or other scores), so its labels judged other answers.`;
}

/**
 * Checks a saved session against the open file. Throws an {@link InputError}
 * if it was saved for other items or edited, and an {@link OtherContentError}
 * if it was saved for the same ids but another content, unless
 * `otherContent` is true (the user chose to use its labels on this file).
 */
export function checkSession(
  raw: unknown,
  table: Table,
  ids: readonly string[],
  otherContent = false,
): SavedSession {
  const s = raw as Partial<SavedSession> | null;
  if (s === null || typeof s !== "object" || s.format !== "evalsift-label-session") {
    throw new InputError("not an evalsift labelling session");
  }
  const h = idsHash(ids);
  if (s.idsHash !== h) {
    throw new InputError(
      `this session was saved for another file (${s.file}, ${s.items} items, ids hash ${s.idsHash}); the open file ${table.name} has ${ids.length} items, ids hash ${h}`,
    );
  }
  const content = s.version === 1 ? undefined : s.contentHash;
  if (
    (s.version !== 1 && s.version !== 2) ||
    (s.version === 2 && typeof content !== "string") ||
    s.settings === undefined ||
    s.sessionHash !== sessionHashOf(h, content, s.settings)
  ) {
    throw new InputError("the session's settings do not match its hash (was it edited?)");
  }
  for (const l of s.labels ?? []) {
    if (ids[l.row] !== l.id || (l.label !== 0 && l.label !== 1)) {
      throw new InputError(`the session's label of row ${l.row} (${l.id}) does not fit this file`);
    }
  }
  const saved = s as SavedSession;
  if (content !== contentHash(table) && !otherContent) {
    throw new OtherContentError(otherContentText(saved, ids.length), saved);
  }
  return saved;
}

/** The part of localStorage the page uses. */
export type SessionStore = {
  readonly length: number;
  key(index: number): string | null;
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
};

const KEY_PREFIX = "evalsift-label:";

/**
 * The storage key of a session: its ids, its file content and its start
 * time, so a new session (same file or another with the same ids) never
 * takes the slot of a saved one. (Version 1 pages kept one slot per set of
 * ids, `evalsift-label:<ids hash>`; such a slot is listed and never written.)
 */
export function storageKey(s: SavedSession): string {
  return `${KEY_PREFIX}${s.idsHash}:${s.contentHash ?? "v1"}:${(s.started ?? 0).toString(36)}`;
}

/** A start time whose slot is free for these ids and content (`now`, or a little later). */
export function freeStart(
  store: SessionStore,
  ids: readonly string[],
  t: Table,
  now: number,
): number {
  const prefix = `${KEY_PREFIX}${idsHash(ids)}:${contentHash(t)}:`;
  let started = now;
  while (store.getItem(`${prefix}${started.toString(36)}`) !== null) started++;
  return started;
}

/** A saved session as the resume list shows it. */
export type SavedEntry = {
  readonly key: string;
  readonly session: SavedSession;
  /** Saved for this file's content (else: same ids, other or unrecorded content). */
  readonly sameContent: boolean;
};

/** The sessions saved in `store` for these ids: this content's first, newest first within each. */
export function savedSessions(store: SessionStore, ids: readonly string[], t: Table): SavedEntry[] {
  const h = idsHash(ids);
  const c = contentHash(t);
  const out: SavedEntry[] = [];
  const keys: string[] = [];
  for (let k = 0; k < store.length; k++) {
    const key = store.key(k);
    if (key !== null && (key === `${KEY_PREFIX}${h}` || key.startsWith(`${KEY_PREFIX}${h}:`)))
      keys.push(key);
  }
  for (const key of keys) {
    let s: SavedSession;
    try {
      s = JSON.parse(store.getItem(key) ?? "null") as SavedSession;
    } catch {
      continue;
    }
    if (s === null || typeof s !== "object" || s.idsHash !== h) continue;
    out.push({ key, session: s, sameContent: s.version === 2 && s.contentHash === c });
  }
  return out.sort(
    (a, b) =>
      Number(b.sameContent) - Number(a.sameContent) ||
      (b.session.started ?? 0) - (a.session.started ?? 0),
  );
}

const csvCell = (v: string): string => (/[",\r\n]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v);

/** The labels as the CSV `evalsift tcs estimate --labels` reads: `row,id,label` (the CLI keys on row). */
export function labelsCsv(ids: readonly string[], labels: readonly Label[]): string {
  const lines = labels.map((l) => `${l.row},${csvCell(ids[l.row] as string)},${l.label}`);
  return `row,id,label\n${lines.map((x) => `${x}\n`).join("")}`;
}

/** The CLI arguments that replay the session (the items file and the labels file by name). */
export function cliArgs(s: Settings, input: string, labelsFile: string): string[] {
  const args = [
    "tcs",
    "estimate",
    "--input",
    input,
    "--feature",
    s.scoreColumn,
    "--orientation",
    orientationOf(s.scoreKind),
    "--floor",
    String(s.floor),
    "--strategy",
    s.strategy,
    "--budget",
    String(s.budget),
    "--seed",
    s.seed,
    "--level",
    String(s.level),
    "--id",
    s.idColumn,
  ];
  if (isSequential(s)) {
    args.push("--sequential");
    if (s.halfWidth !== undefined) args.push("--stop-half-width", String(s.halfWidth));
    if (s.threshold !== undefined) args.push("--stop-threshold", String(s.threshold));
  }
  args.push("--labels", labelsFile);
  return args;
}

/** A shell-quoted command line. */
export function shellLine(args: readonly string[]): string {
  return ["evalsift", ...args]
    .map((a) => (/^[\w./:=@+-]+$/.test(a) ? a : `'${a.replaceAll("'", "'\\''")}'`))
    .join(" ");
}
