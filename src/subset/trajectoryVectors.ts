import type { RowMatrix } from "../core/rowMatrix.js";
import {
  asRowMatrix,
  checkChoice,
  checkInteger,
  checkNoHoles,
  checkOptions,
  checkRowMatrixShape,
  fail,
  failType,
  optionKeys,
} from "../core/validate.js";
import { checkStepNumbers } from "../trajectory/_checkStep.js";
import type { Embedder } from "../trajectory/embedder.js";
import { hashingTfidf } from "../trajectory/hashingTfidf.js";
import { type SanitizeOptions, sanitize } from "../trajectory/sanitize.js";
import type { Trajectory } from "../trajectory/schema.js";
import { stepTexts } from "../trajectory/stepTexts.js";
import type { SanitizeRules } from "../trajectory/types.js";
import { poolInto } from "./_internal.js";

const KEYS = optionKeys<TrajectoryVectorsOptions>()(
  "embedder",
  "pooling",
  "seriesLength",
  "sanitize",
  "missing",
  "batchSize",
  "onProgress",
);

/** How {@link trajectoryVectors} turns a trajectory's step embeddings into one row. */
export type TrajectoryPooling = "stats" | "series";

/** What {@link trajectoryVectors} does with items that have no trajectory. */
export type TrajectoryMissing = "error" | "mean";

/** Options of {@link trajectoryVectors}. */
export type TrajectoryVectorsOptions = {
  /**
   * The step embedder: an {@link Embedder}, or a function returning its rows
   * as an array (`number[][]`, `Float32Array[]`: what most embedding APIs
   * hand back), checked the same way. @defaultValue `hashingTfidf()` (768
   * buckets, unigrams and bigrams)
   */
  readonly embedder?: Embedder | ((texts: readonly string[]) => readonly ArrayLike<number>[]);
  /**
   * `"stats"`: [mean, std, first, middle, last] of the step embeddings
   * ({@link poolSteps}, 5 d columns). `"series"`: the step sequence resampled
   * to `seriesLength` steps and flattened (`seriesLength` x d columns), for
   * {@link dtw} through a selector's distance callback.
   * @defaultValue trajectoryVectorsDefaults.pooling (`"stats"`)
   */
  readonly pooling?: TrajectoryPooling;
  /** Steps per trajectory with `pooling: "series"`, an integer in [1, 4096]. @defaultValue trajectoryVectorsDefaults.seriesLength (16) */
  readonly seriesLength?: number;
  /**
   * `true`: fit {@link sanitize} on the given trajectories and embed the
   * sanitised texts; a {@link SanitizeOptions} object (e.g. `{ rules }` of an
   * earlier calibration): sanitise with it; `false`: embed the raw texts.
   * @defaultValue trajectoryVectorsDefaults.sanitize (true)
   */
  readonly sanitize?: boolean | SanitizeOptions;
  /**
   * Items without a trajectory: `"error"` throws a RangeError listing them;
   * `"mean"` gives them the mean row of the items that have one and lists
   * them in the result's `missing` (so the caller can fall back to an
   * outcome-only method such as `baselineMethod("consistency")` when many
   * are missing).
   * @defaultValue trajectoryVectorsDefaults.missing (`"error"`)
   */
  readonly missing?: TrajectoryMissing;
  /**
   * Texts per embedder call, an integer >= 1; every call must return the same
   * width. The default embeds all steps in one call, so the hashing
   * embedder's IDF is computed over the whole corpus.
   * @defaultValue trajectoryVectorsDefaults.batchSize (Infinity: one call)
   */
  readonly batchSize?: number;
  /** Called after each embedder call with (texts embedded, total texts). */
  readonly onProgress?: (done: number, total: number) => void;
};

/** Result of {@link trajectoryVectors}. */
export type TrajectoryVectorsResult = {
  /** One row per item, in the order of `items`. */
  readonly vectors: RowMatrix;
  /** Items that had no trajectory (filled with the mean row), in item order; empty with `missing: "error"`. */
  readonly missing: readonly string[];
  /** Step texts embedded (a trajectory without steps counts one empty text). */
  readonly steps: number;
  /** Width d of one step embedding. */
  readonly stepWidth: number;
  /** The sanitiser's rules, reusable as `sanitize: { rules }` on new trajectories; absent with `sanitize: false`. */
  readonly rules?: SanitizeRules;
};

/** Defaults of {@link trajectoryVectors}'s options (the embedder default is `hashingTfidf()`). */
export const trajectoryVectorsDefaults = Object.freeze({
  pooling: "stats",
  seriesLength: 16,
  sanitize: true,
  missing: "error",
  batchSize: Number.POSITIVE_INFINITY,
} as const);

const FN = "trajectoryVectors";

/** The checked options of {@link trajectoryVectors}. */
type Checked = {
  readonly pooling: TrajectoryPooling;
  readonly L: number;
  readonly missingMode: TrajectoryMissing;
  readonly batch: number;
  readonly san: boolean | SanitizeOptions;
  readonly embedder: NonNullable<TrajectoryVectorsOptions["embedder"]>;
  readonly onProgress: TrajectoryVectorsOptions["onProgress"];
};

/** Phase 1: reads and checks the options (every check before any work). */
function readOptions(options: TrajectoryVectorsOptions): Checked {
  const fn = FN;
  checkOptions(fn, options, KEYS);
  const d0 = trajectoryVectorsDefaults;
  const pooling = options.pooling ?? d0.pooling;
  checkChoice(fn, "options.pooling", pooling, ["stats", "series"] as const);
  const L = options.seriesLength ?? d0.seriesLength;
  checkInteger(fn, "options.seriesLength", L, 1, 4096);
  const missingMode = options.missing ?? d0.missing;
  checkChoice(fn, "options.missing", missingMode, ["error", "mean"] as const);
  const batch = options.batchSize ?? d0.batchSize;
  if (batch !== Number.POSITIVE_INFINITY) checkInteger(fn, "options.batchSize", batch, 1);
  const san = options.sanitize ?? d0.sanitize;
  if (typeof san !== "boolean" && (typeof san !== "object" || san === null)) {
    failType(fn, "options.sanitize must be a boolean or sanitize options");
  }
  const embedder = options.embedder ?? hashingTfidf();
  if (typeof embedder !== "function") failType(fn, "options.embedder must be a function");
  const onProgress = options.onProgress;
  if (onProgress !== undefined && typeof onProgress !== "function") {
    failType(fn, "options.onProgress must be a function");
  }
  return { pooling, L, missingMode, batch, san, embedder, onProgress };
}

/**
 * Phase 2: matches trajectories to items. `rowOf[j]` is the row of trajectory
 * j, `owner[i]` the trajectory of item i (-1: none), `missing` the items
 * without one.
 */
function matchItems(
  trajectories: readonly Trajectory[],
  items: readonly string[],
  missingMode: TrajectoryMissing,
): { rowOf: Int32Array; owner: Int32Array; missing: string[] } {
  const fn = FN;
  if (items.length === 0) fail(fn, "items is empty");
  const itemIx = new Map<string, number>();
  // index loops, not forEach: a hole in a sparse array must fail as `undefined` does
  for (let i = 0; i < items.length; i++) {
    const id = items[i];
    if (typeof id !== "string") failType(fn, `items[${i}] must be a string`);
    if (itemIx.has(id)) fail(fn, `items holds ${JSON.stringify(id)} twice`);
    itemIx.set(id, i);
  }
  const rowOf = new Int32Array(trajectories.length);
  const owner = new Int32Array(items.length).fill(-1);
  for (let j = 0; j < trajectories.length; j++) {
    const t = trajectories[j] as Trajectory;
    if (typeof t !== "object" || t === null || typeof t.instanceId !== "string") {
      failType(fn, `trajectories[${j}] must be a Trajectory with a string instanceId`);
    }
    if (Array.isArray(t.steps)) {
      checkNoHoles(fn, `trajectories[${j}].steps`, t.steps);
      // checked here, before sanitize and stepTexts read the steps, so that the error names this function
      t.steps.forEach((s, q) => {
        if (typeof s === "object" && s !== null)
          checkStepNumbers(fn, `trajectories[${j}].steps[${q}]`, s);
      });
    }
    const i = itemIx.get(t.instanceId);
    if (i === undefined) {
      fail(
        fn,
        `trajectories[${j}] is for instance ${JSON.stringify(t.instanceId)}, which is not in items`,
      );
    }
    if ((owner[i] as number) >= 0) {
      fail(
        fn,
        `trajectories[${owner[i]}] and trajectories[${j}] are both for instance ${JSON.stringify(t.instanceId)}`,
      );
    }
    owner[i] = j;
    rowOf[j] = i;
  }
  const missing = items.filter((_, i) => (owner[i] as number) < 0);
  // every trajectory matched an item above, so this is an empty trajectories
  if (missing.length === items.length) fail(fn, "trajectories is empty: no item has a trajectory");
  if (missing.length > 0 && missingMode === "error") {
    const shown = missing
      .slice(0, 10)
      .map((m) => JSON.stringify(m))
      .join(", ");
    fail(
      fn,
      `${missing.length} of ${items.length} items have no trajectory: ${shown}${missing.length > 10 ? ", ..." : ""} (options.missing: "mean" fills them and lists them; or choose the subset from past outcomes alone: baselineMethod("consistency") or recommendSubset)`,
    );
  }
  return { rowOf, owner, missing };
}

/**
 * Phase 3: embeds every step text in batches (every call must agree on the
 * width). `start[j]..start[j + 1]` are the rows of trajectory j in `E`
 * (total x d); a trajectory without steps has one empty text.
 */
function embedSteps(
  clean: readonly Trajectory[],
  o: Checked,
): { E: Float64Array; d: number; start: Int32Array; total: number } {
  const fn = FN;
  const { batch, embedder, onProgress } = o;
  const texts: string[] = [];
  const start = new Int32Array(clean.length + 1);
  clean.forEach((t, j) => {
    const s = stepTexts(t);
    if (s.length === 0) texts.push("");
    else for (const x of s) texts.push(x);
    start[j + 1] = texts.length;
  });
  const total = texts.length;
  let d = -1;
  let E = new Float64Array(0);
  const size = Math.min(batch, total);
  for (let lo = 0; lo < total; lo += size) {
    const part = texts.slice(lo, Math.min(total, lo + size));
    // an array of rows is converted (ragged rows fail here); non-finite values are caught below, by text
    const m = asRowMatrix(fn, "the embedder's result", embedder(part));
    checkRowMatrixShape(fn, "the embedder's result", m);
    if (m.rows !== part.length) {
      fail(fn, `the embedder returned ${m.rows} rows for ${part.length} texts`);
    }
    if (d < 0) {
      if (m.cols === 0) fail(fn, "the embedder returned rows without columns");
      d = m.cols;
      E = new Float64Array(total * d);
    } else if (m.cols !== d) {
      fail(fn, `the embedder returned rows of width ${m.cols} after rows of width ${d}`);
    }
    for (let t = 0; t < m.data.length; t++) {
      if (!Number.isFinite(m.data[t] as number)) {
        fail(
          fn,
          `the embedder returned a non-finite value for text ${lo + Math.floor(t / d)}`,
          m.data[t],
        );
      }
    }
    E.set(m.data, lo * d);
    onProgress?.(lo + part.length, total);
  }
  return { E, d, start, total };
}

/**
 * Phase 4: pools each trajectory's step rows into its item's row (`"stats"`
 * or nearest-step `"series"` resampling); items without a trajectory get the
 * mean row of the others.
 */
function poolRows(
  emb: { E: Float64Array; d: number; start: Int32Array },
  match: { rowOf: Int32Array; owner: Int32Array; missing: readonly string[] },
  nItems: number,
  o: Checked,
): { out: Float64Array; cols: number } {
  const { E, d, start } = emb;
  const { rowOf, owner, missing } = match;
  const { pooling, L } = o;
  const cols = pooling === "stats" ? 5 * d : L * d;
  const out = new Float64Array(nItems * cols);
  for (let j = 0; j < rowOf.length; j++) {
    const a = start[j] as number;
    const T = (start[j + 1] as number) - a;
    const off = (rowOf[j] as number) * cols;
    if (pooling === "stats") {
      poolInto(
        FN,
        `the embeddings of trajectories[${j}]`,
        { data: E.subarray(a * d, (a + T) * d), rows: T, cols: d },
        out,
        off,
      );
    } else {
      for (let t = 0; t < L; t++) {
        const s = a + Math.floor(((t + 0.5) * T) / L);
        out.set(E.subarray(s * d, (s + 1) * d), off + t * d);
      }
    }
  }
  if (missing.length > 0) {
    const mean = new Float64Array(cols);
    const have = nItems - missing.length;
    for (let i = 0; i < nItems; i++) {
      if ((owner[i] as number) < 0) continue;
      for (let c = 0; c < cols; c++) mean[c] = (mean[c] as number) + (out[i * cols + c] as number);
    }
    for (let c = 0; c < cols; c++) {
      mean[c] = (mean[c] as number) / have;
      // a sum past the double range (pooled values near 1e308): the same sum
      // on values scaled by a power of two (exact), so the mean stays finite
      if (!Number.isFinite(mean[c] as number)) {
        const scale = 2 ** -60;
        let s = 0;
        for (let i = 0; i < nItems; i++)
          if ((owner[i] as number) >= 0) s += (out[i * cols + c] as number) * scale;
        mean[c] = s / have / scale;
      }
    }
    for (let i = 0; i < nItems; i++) if ((owner[i] as number) < 0) out.set(mean, i * cols);
  }
  return { out, cols };
}

/**
 * Item vectors from agent trajectories in one call: sanitise, per-step text,
 * embed, pool, one row per item.
 *
 * Pipeline (trajectory-aware subset selection paper, sections 4.2-4.3):
 * 1. {@link sanitize} the corpus (fitted on it, or with given rules);
 * 2. {@link stepTexts} of each step (action + observation);
 * 3. embed every step text with the `embedder` (in `batchSize` calls);
 * 4. pool each trajectory's T x d step rows: `"stats"` = {@link poolSteps}
 *    ([mean, std, first, middle, last], 5 d numbers); `"series"` = steps
 *    s_t = floor((t + 0.5) T / L) for t = 0..L-1 (L = `seriesLength`:
 *    nearest-step resampling to a fixed length, which repeats steps of short
 *    trajectories), flattened to L d numbers;
 * 5. row i of the result is the trajectory whose `instanceId` is `items[i]`.
 * A trajectory without steps is embedded as one empty text.
 *
 * @param trajectories - Parsed trajectories, at most one per item (`instanceId` in `items`).
 * @param items - Item ids in the order the rows should have (e.g. `Outcomes.items`), distinct.
 * @param options - `embedder`, `pooling`, `seriesLength`, `sanitize`, `missing`, `batchSize`, `onProgress` (see {@link TrajectoryVectorsOptions}).
 * @returns The vectors, the missing items, the step count and width, and the sanitiser's rules (see {@link TrajectoryVectorsResult}).
 * @throws {TypeError} If `trajectories` or `items` is not an array, an item is not a string, a trajectory has
 *   no string `instanceId` or malformed steps, an option has the wrong type, or the embedder does not return
 *   a RowMatrix.
 * @throws {RangeError} If `items` is empty or holds a duplicate, a step's `index` is not an integer >= 0 or
 *   its `editSize` not finite, two trajectories share an `instanceId`, a
 *   trajectory's instance is not in `items`, items have no trajectory (with `missing: "error"`; the message
 *   lists them) or none has one, `seriesLength`/`batchSize` is out of range, or the embedder returns the
 *   wrong number of rows, widths that differ between calls, no columns, or a non-finite value.
 * @see Ayyad et al. (2026), Trajectory-Aware Benchmark Subset Selection, sections 4.2-4.3.
 * @example
 * ```ts
 * const step = (action: string, observation: string, index = 0) =>
 *   ({ index, thought: "", action, observation, filesTouched: [], testsRun: [], editSize: 0 });
 * const trajs = [
 *   { id: "b", framework: "mini-swe-agent", instanceId: "b", steps: [step("ls", "a.py"), step("cat a.py", "x = 1", 1)] },
 *   { id: "a", framework: "mini-swe-agent", instanceId: "a", steps: [step("pytest", "1 passed")] },
 * ] as const;
 * const r = trajectoryVectors(trajs, ["a", "b"], { embedder: hashingTfidf({ dims: 4 }), sanitize: false });
 * r.vectors.rows; // 2
 * r.vectors.cols; // 20  (5 x 4: mean, std, first, middle, last)
 * r.steps; // 3
 * trajectoryVectors(trajs, ["a"], { sanitize: false }); // throws RangeError: trajectoryVectors: trajectories[0] is for instance "b", which is not in items
 * trajectoryVectors(trajs, ["a", "b", "c"], { sanitize: false }); // throws RangeError: trajectoryVectors: 1 of 3 items have no trajectory: "c"
 * ```
 */
export function trajectoryVectors(
  trajectories: readonly Trajectory[],
  items: readonly string[],
  options: TrajectoryVectorsOptions = {},
): TrajectoryVectorsResult {
  if (!Array.isArray(trajectories)) failType(FN, "trajectories must be an array of Trajectory");
  if (!Array.isArray(items)) failType(FN, "items must be an array of item ids");
  const o = readOptions(options);
  const match = matchItems(trajectories, items, o.missingMode);
  let clean: readonly Trajectory[] = trajectories;
  let rules: SanitizeRules | undefined;
  if (o.san !== false) {
    const res = sanitize(trajectories, o.san === true ? undefined : o.san);
    clean = res.trajectories;
    rules = res.rules;
  }
  const emb = embedSteps(clean, o);
  const { out, cols } = poolRows(emb, match, items.length, o);
  return {
    vectors: { data: out, rows: items.length, cols },
    missing: match.missing,
    steps: emb.total,
    stepWidth: emb.d,
    ...(rules === undefined ? {} : { rules }),
  };
}
