/**
 * Engines of the surprise-adequacy features (LSA, DSA, MDSA), shared by the
 * one-shot functions and {@link fitSurprise}: training-set preparation,
 * per-class statistics and the scores, whose pairwise kernels live in
 * `_lse.ts` (LSA) and `_nearest.ts` (DSA).
 * Internal module: not re-exported from the package entry point.
 * @internal
 */

import { exponentOf, maxAbs, needsScaling, scaledCopy } from "../core/_scale.js";
import type { RowMatrix } from "../core/rowMatrix.js";
import {
  checkChoice,
  checkInt32Array,
  checkNumber,
  checkOptions,
  checkRowMatrix,
  checkSameLength,
  fail,
} from "../core/validate.js";
import { cholesky, meanCov, whiten } from "./_linalg.js";
import { logSumExpRows } from "./_lse.js";
import { nearestRows, type PackedTrain, packTrain } from "./_nearest.js";

/** A validated private copy of the training activations and their classes. */
export type TrainSet = {
  readonly data: Float64Array;
  readonly rows: number;
  readonly cols: number;
  readonly cls: Int32Array;
  /** Row indices of each class, ascending; classes in ascending order. */
  readonly groups: ReadonlyMap<number, Int32Array>;
};

/** Validates and copies `train` / `trainClass` (never aliased, so later edits by the caller cannot leak in). */
export function prepareTrain(fn: string, train: unknown, trainClass: unknown): TrainSet {
  checkRowMatrix(fn, "train", train, { allowEmpty: false });
  if (train.cols < 1) fail(fn, "train has no columns");
  checkInt32Array(fn, "trainClass", trainClass, { min: 0 });
  checkSameLength(fn, "train rows", { length: train.rows }, "trainClass", trainClass);
  const cls = Int32Array.from(trainClass);
  const counts = new Map<number, number>();
  for (const c of cls) counts.set(c, (counts.get(c) ?? 0) + 1);
  const labels = [...counts.keys()].sort((a, b) => a - b);
  const groups = new Map<number, Int32Array>();
  const fill = new Map<number, number>();
  for (const c of labels) {
    groups.set(c, new Int32Array(counts.get(c) as number));
    fill.set(c, 0);
  }
  for (let i = 0; i < cls.length; i++) {
    const c = cls[i] as number;
    const at = fill.get(c) as number;
    (groups.get(c) as Int32Array)[at] = i;
    fill.set(c, at + 1);
  }
  return {
    data: Float64Array.from(train.data),
    rows: train.rows,
    cols: train.cols,
    cls,
    groups,
  };
}

/** Validates a query set against the training set: same width, known classes, no empty input. */
export function checkTest(
  fn: string,
  ts: TrainSet,
  test: unknown,
  testClass: unknown,
): asserts test is RowMatrix {
  checkRowMatrix(fn, "test", test, { allowEmpty: false });
  if (test.cols !== ts.cols)
    fail(fn, `test and train dimensions differ (${test.cols} vs ${ts.cols} columns)`);
  checkInt32Array(fn, "testClass", testClass, { min: 0 });
  checkSameLength(fn, "test rows", { length: test.rows }, "testClass", testClass);
  for (let i = 0; i < testClass.length; i++) {
    const c = testClass[i] as number;
    if (!ts.groups.has(c)) fail(fn, `testClass[${i}] is class ${c}, which has no training points`);
  }
}

/** Checks an optional finite number option (>= min, or > min when `open`) and returns it or its default. */
export function numberOption(
  fn: string,
  options: unknown,
  name: string,
  fallback: number,
  min: number,
  open = false,
): number {
  checkOptions(fn, options);
  const v = (options as Record<string, unknown> | undefined)?.[name];
  if (v === undefined) return fallback;
  checkNumber(fn, `options.${name}`, v, min, Number.POSITIVE_INFINITY, { lower: open });
  return v;
}

/** Reads and validates the DSA options (`variant`, `eps`). */
export function dsaOptions(
  fn: string,
  options: unknown,
): { variant: "paper" | "kim2019"; eps: number } {
  checkOptions(fn, options);
  const variant: unknown = (options as { variant?: unknown } | undefined)?.variant ?? "paper";
  checkChoice(fn, "options.variant", variant, ["paper", "kim2019"] as const);
  return { variant, eps: numberOption(fn, options, "eps", 1e-12, 0, true) };
}

/** Row indices of `testClass` grouped by class. */
function groupQueries(testClass: Int32Array): Map<number, Int32Array> {
  const lists = new Map<number, number[]>();
  for (let i = 0; i < testClass.length; i++) {
    const c = testClass[i] as number;
    let l = lists.get(c);
    if (l === undefined) {
      l = [];
      lists.set(c, l);
    }
    l.push(i);
  }
  const out = new Map<number, Int32Array>();
  for (const [c, l] of lists) out.set(c, Int32Array.from(l));
  return out;
}

/**
 * Largest squared norm of a centred (DSA) or whitened (LSA) row the kernels
 * take: with |q|^2, |t|^2 <= MAX / 8, the search key |t|^2 - 2 q.t and the
 * exact distances |q - t|^2 <= (|q| + |t|)^2 stay finite. Only activations near
 * 1e153 and beyond (or their whitened images) exceed it.
 */
const NORM_LIMIT = Number.MAX_VALUE / 8;

/** Throws `fn: arg row r is too large: rescale ...` at the first squared norm above {@link NORM_LIMIT} (or NaN from an overflowed mean). */
function checkNorms(
  fn: string,
  arg: string,
  norms: Float64Array,
  rowOf: (i: number) => number,
  what: string,
): void {
  for (let i = 0; i < norms.length; i++) {
    if (!((norms[i] as number) <= NORM_LIMIT))
      fail(fn, `${arg} row ${rowOf(i)} is too large: rescale the activations (${what} overflows)`);
  }
}

/** Throws `fn: train ... too large` unless the class statistics (mean, covariance) are finite. */
function checkFiniteStats(fn: string, c: number, ...arrays: Float64Array[]): void {
  for (const a of arrays) {
    for (let i = 0; i < a.length; i++) {
      if (!Number.isFinite(a[i] as number))
        fail(
          fn,
          `train is too large: rescale the activations (the mean or covariance of class ${c} overflows)`,
        );
    }
  }
}

/** Throws `fn: test row r is too large` at the first non-finite score (a backstop: never a silent Infinity or NaN). */
function checkScores(fn: string, out: Float64Array, what: string): Float64Array {
  for (let i = 0; i < out.length; i++) {
    if (!Number.isFinite(out[i] as number))
      fail(fn, `test row ${i} is too large: rescale the activations (${what} overflows)`);
  }
  return out;
}

// ---------------------------------------------------------------- LSA (KDE)

type KdeClass = {
  readonly mean: Float64Array;
  readonly l: Float64Array;
  readonly white: Float64Array;
  readonly norms: Float64Array;
  readonly n: number;
  readonly logNorm: number;
};

/** Per-class Gaussian KDEs over the kept dimensions. */
export type KdeModel = {
  /** The public function that fitted it, named by the errors of its scores. */
  readonly fn: string;
  readonly keep: Int32Array;
  readonly classes: ReadonlyMap<number, KdeClass>;
};

const LOG_2PI = Math.log(2 * Math.PI);

/**
 * Fits one Gaussian KDE per class, as `scipy.stats.gaussian_kde` with Scott's
 * factor: kernel covariance `n^(-2/(d+4)) * cov(ddof = 1)`. Dimensions whose
 * variance (ddof = 0) is below `varianceThreshold` in any class are dropped
 * for every class first, as Kim et al.'s reference code does.
 */
export function fitKde(fn: string, ts: TrainSet, varianceThreshold: number): KdeModel {
  const { data, cols, groups } = ts;
  const keepList: number[] = [];
  // per class, how many dimensions it dropped for every class (named when none is left)
  const dropped = new Map<number, number>();
  for (let j = 0; j < cols; j++) {
    let ok = true;
    for (const [c, idx] of groups) {
      let m = 0;
      for (const r of idx) m += data[r * cols + j] as number;
      m /= idx.length;
      let v = 0;
      for (const r of idx) {
        const z = (data[r * cols + j] as number) - m;
        v += z * z;
      }
      if (!(v / idx.length >= varianceThreshold)) {
        ok = false;
        dropped.set(c, (dropped.get(c) ?? 0) + 1);
        break;
      }
    }
    if (ok) keepList.push(j);
  }
  const keep = Int32Array.from(keepList);
  const d = keep.length;
  if (d === 0) {
    const rows = (c: number): string => plural(groups.get(c)?.length ?? 0, "training row");
    const who = [...dropped].map(([c, k]) => `class ${c} (${rows(c)}) in ${k}`).join(", ");
    fail(
      fn,
      `every dimension has a class variance below varianceThreshold ${varianceThreshold}, and a dimension below it in one class is dropped for all: below it first ${who} of ${cols} dimensions (one training row, or identical rows, have no variance)`,
    );
  }
  const classes = new Map<number, KdeClass>();
  for (const [c, idx] of groups) {
    const n = idx.length;
    if (n < d + 1) {
      fail(
        fn,
        `class ${c} has ${plural(n, "training point")}, fewer than d + 1 = ${d + 1} needed for its KDE covariance (d = ${d} dimensions kept)`,
      );
    }
    const { mean, cov } = meanCov(data, cols, idx, keep);
    checkFiniteStats(fn, c, mean, cov);
    const factor = n ** (-1 / (d + 4));
    const f2 = factor * factor;
    for (let k = 0; k < cov.length; k++) cov[k] = (cov[k] as number) * f2;
    const l = cholesky(cov, d);
    if (l === undefined)
      fail(
        fn,
        `class ${c} has a singular activation covariance (collinear dimensions); cannot fit its KDE`,
      );
    let logDiag = 0;
    for (let j = 0; j < d; j++) logDiag += Math.log(l[j * d + j] as number);
    // log of the normalising constant 1 / (n sqrt(det(2 pi K))) of the kernel mixture
    const logNorm = -Math.log(n) - logDiag - 0.5 * d * LOG_2PI;
    const white = whiten(data, cols, idx, keep, mean, l);
    const norms = rowNorms(white, d);
    checkNorms(fn, "train", norms, (i) => idx[i] as number, "its whitened squared norm");
    classes.set(c, { mean, l, white, norms, n, logNorm });
  }
  return { fn, keep, classes };
}

/** `1 training row`, `2 training rows`. */
function plural(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? "" : "s"}`;
}

function rowNorms(x: Float64Array, d: number): Float64Array {
  const n = x.length / d;
  const out = new Float64Array(n);
  for (let r = 0; r < n; r++) {
    let s = 0;
    const o = r * d;
    for (let k = 0; k < d; k++) {
      const v = x[o + k] as number;
      s += v * v;
    }
    out[r] = s;
  }
  return out;
}

/** LSA of each query: `-log f_c(x)` under the KDE of its class, by a streaming log-sum-exp. `kernel` selects the log-sum-exp kernel (tests run both). */
export function lsaScores(
  model: KdeModel,
  test: RowMatrix,
  testClass: Int32Array,
  kernel: "wasm" | "js" = "wasm",
): Float64Array {
  const out = new Float64Array(test.rows);
  const d = model.keep.length;
  for (const [c, qIdx] of groupQueries(testClass)) {
    const k = model.classes.get(c) as KdeClass;
    const q = whiten(test.data, test.cols, qIdx, model.keep, k.mean, k.l);
    const qn = rowNorms(q, d);
    checkNorms(model.fn, "test", qn, (i) => qIdx[i] as number, "its whitened squared norm");
    const lse = logSumExpRows(q, qn, k.white, k.norms, d, kernel);
    for (let i = 0; i < qIdx.length; i++)
      out[qIdx[i] as number] = -((lse[i] as number) + k.logNorm);
  }
  return checkScores(model.fn, out, "its log-density");
}

// ---------------------------------------------------------------- MDSA

type GaussClass = { readonly mean: Float64Array; readonly l: Float64Array };

/** Per-class mean and Cholesky factor of the (possibly ridge-regularised) covariance. */
export type GaussModel = {
  /** The public function that fitted it, named by the errors of its scores. */
  readonly fn: string;
  readonly keep: Int32Array;
  readonly classes: ReadonlyMap<number, GaussClass>;
  /** The activations were fitted times 2^-exponent (0: as given); queries are scaled alike. */
  readonly exponent: number;
};

/**
 * Fits each class's mean and sample covariance (ddof = 1). A covariance that
 * is singular (always so with fewer than d + 1 points) is replaced by
 * `cov + ridge * (trace(cov) / d) * I` — the ridge is relative to the mean
 * variance so it does not depend on the activations' units; a class whose
 * rows are identical (trace 0) takes the trace of all training rows'
 * covariance instead.
 */
export function fitGauss(fn: string, ts: TrainSet, ridge: number): GaussModel {
  const { cols, groups } = ts;
  // beyond 2^+-400 the covariance's products over- or underflow (at 1e-162 MDSA came out
  // 6e-318 for 18.9): a power of two brings the activations into range, exactly, and the
  // Mahalanobis distance does not change with a common scale
  const big = maxAbs(ts.data);
  let small = Number.POSITIVE_INFINITY;
  for (const v of ts.data) if (v !== 0 && Math.abs(v) < small) small = Math.abs(v);
  // not when the values span so many magnitudes that the smallest would turn subnormal
  // (their squares then overflow either way, and the overflow errors below say so)
  const exponent =
    needsScaling(big) && small * 2 ** -exponentOf(big) > 2 ** -1000 ? exponentOf(big) : 0;
  const data = exponent === 0 ? ts.data : scaledCopy(ts.data, -exponent);
  const keep = new Int32Array(cols);
  for (let j = 0; j < cols; j++) keep[j] = j;
  const d = cols;
  const classes = new Map<number, GaussClass>();
  let pooled: number | undefined;
  for (const [c, idx] of groups) {
    if (idx.length < 2)
      fail(
        fn,
        `class ${c} of trainClass has ${idx.length} training point; its covariance needs at least 2`,
      );
    const { mean, cov } = meanCov(data, cols, idx, keep);
    checkFiniteStats(fn, c, mean, cov);
    let l = cholesky(cov, d);
    if (l === undefined) {
      let tr = 0;
      for (let j = 0; j < d; j++) tr += cov[j * d + j] as number;
      // a class whose training rows are all identical has trace 0: its ridge takes the scale of
      // every training row's covariance instead (an absolute 1e-6 made its scores depend on
      // the activations' units); with no spread anywhere there is no scale to take
      if (tr === 0) {
        pooled ??= totalVarianceSum(data, ts.rows, cols);
        if (!(pooled > 0))
          fail(
            fn,
            "train: every training row is identical, so the covariances have no scale to regularise",
          );
      }
      const lambda = ridge * ((tr > 0 ? tr : (pooled as number)) / d);
      for (let j = 0; j < d; j++) cov[j * d + j] = (cov[j * d + j] as number) + lambda;
      l = cholesky(cov, d);
      if (l === undefined)
        fail(
          fn,
          `class ${c} has a singular activation covariance that ridge ${ridge} does not regularise; raise options.ridge`,
        );
    }
    // the ridge adds trace / d, whose sum can overflow although every entry is finite
    checkFiniteStats(fn, c, l);
    classes.set(c, { mean, l });
  }
  return { fn, keep, classes, exponent };
}

/** The trace of the covariance (ddof = 1) of all `rows` rows taken as one sample. */
function totalVarianceSum(data: Float64Array, rows: number, cols: number): number {
  let tr = 0;
  for (let j = 0; j < cols; j++) {
    let m = 0;
    for (let r = 0; r < rows; r++) m += data[r * cols + j] as number;
    m /= rows;
    let ss = 0;
    for (let r = 0; r < rows; r++) ss += ((data[r * cols + j] as number) - m) ** 2;
    tr += ss / (rows - 1);
  }
  return tr;
}

/** Squared Mahalanobis distance of each query to its class mean. */
export function mdsaScores(
  model: GaussModel,
  test: RowMatrix,
  testClass: Int32Array,
): Float64Array {
  const out = new Float64Array(test.rows);
  const d = model.keep.length;
  for (const [c, qIdx] of groupQueries(testClass)) {
    const g = model.classes.get(c) as GaussClass;
    const q = model.exponent === 0 ? test.data : scaledCopy(test.data, -model.exponent);
    const z = whiten(q, test.cols, qIdx, model.keep, g.mean, g.l);
    const zn = rowNorms(z, d);
    for (let i = 0; i < qIdx.length; i++) out[qIdx[i] as number] = zn[i] as number;
  }
  return checkScores(model.fn, out, "its squared Mahalanobis distance");
}

// ---------------------------------------------------------------- DSA

/** Training activations centred on their mean, with squared norms, for nearest-neighbour search. */
export type NeighbourModel = {
  /** The public function that fitted it, named by the errors of its scores. */
  readonly fn: string;
  readonly centre: Float64Array;
  readonly x: Float64Array;
  readonly norms: Float64Array;
  readonly cls: Int32Array;
  readonly d: number;
  /** Per training row: distance to its nearest other-class training row (filled lazily, NaN = unknown). */
  readonly otherDist: Float64Array;
  /** The rows sorted by class and packed for the search kernel. */
  readonly packed: PackedTrain;
};

/** Prepares the brute-force neighbour search; needs at least two classes. */
export function fitNeighbours(fn: string, ts: TrainSet): NeighbourModel {
  if (ts.groups.size < 2)
    fail(
      fn,
      `trainClass holds a single class (${[...ts.groups.keys()][0]}); d_diff needs another class`,
    );
  const { data, rows, cols } = ts;
  const centre = new Float64Array(cols);
  for (let r = 0; r < rows; r++)
    for (let j = 0; j < cols; j++)
      centre[j] = (centre[j] as number) + (data[r * cols + j] as number);
  for (let j = 0; j < cols; j++) centre[j] = (centre[j] as number) / rows;
  const x = centred(data, rows, cols, centre);
  const norms = rowNorms(x, cols);
  checkNorms(fn, "train", norms, (i) => i, "its squared distance from the training mean");
  return {
    fn,
    centre,
    x,
    norms,
    cls: ts.cls,
    d: cols,
    otherDist: new Float64Array(rows).fill(Number.NaN),
    packed: packTrain(x, norms, cols, ts.groups),
  };
}

function centred(
  data: Float64Array,
  rows: number,
  cols: number,
  centre: Float64Array,
): Float64Array {
  const x = new Float64Array(rows * cols);
  for (let r = 0; r < rows; r++)
    for (let j = 0; j < cols; j++)
      x[r * cols + j] = (data[r * cols + j] as number) - (centre[j] as number);
  return x;
}

function exactDist(a: Float64Array, ao: number, b: Float64Array, bo: number, d: number): number {
  let s = 0;
  for (let k = 0; k < d; k++) {
    const v = (a[ao + k] as number) - (b[bo + k] as number);
    s += v * v;
  }
  return Math.sqrt(s);
}

/** DSA of each query: `d_same / (d_diff + eps)`, with `d_diff` measured from the query (`"paper"`) or from its nearest same-class training point (`"kim2019"`). `kernel` selects the search kernel (tests run both). */
export function dsaScores(
  nm: NeighbourModel,
  test: RowMatrix,
  testClass: Int32Array,
  variant: "paper" | "kim2019",
  eps: number,
  kernel: "wasm" | "js" = "wasm",
): Float64Array {
  const { x, d, cls, otherDist, packed } = nm;
  const q = centred(test.data, test.rows, test.cols, nm.centre);
  checkNorms(
    nm.fn,
    "test",
    rowNorms(q, d),
    (i) => i,
    "its squared distance from the training mean",
  );
  const classIndex = new Map<number, number>();
  for (let c = 0; c < packed.classes.length; c++) classIndex.set(packed.classes[c] as number, c);
  const all = packed.classes.length;
  /** Ranges of every class but the c-th. */
  const others = (c: number) => Int32Array.from({ length: all - 1 }, (_, j) => (j < c ? j : j + 1));
  const byClass = [...groupQueries(testClass)].map(([c, idx]) => ({
    idx,
    c: classIndex.get(c) as number,
  }));
  const same = new Int32Array(test.rows);
  nearestRows(
    packed,
    q,
    byClass.map(({ idx, c }) => ({ idx, ranges: Int32Array.of(c) })),
    same,
    kernel,
  );
  const out = new Float64Array(test.rows);
  if (variant === "paper") {
    const diff = new Int32Array(test.rows);
    nearestRows(
      packed,
      q,
      byClass.map(({ idx, c }) => ({ idx, ranges: others(c) })),
      diff,
      kernel,
    );
    for (let i = 0; i < test.rows; i++) {
      const dSame = exactDist(q, i * d, x, (same[i] as number) * d, d);
      const dDiff = exactDist(q, i * d, x, (diff[i] as number) * d, d);
      out[i] = dSame / (dDiff + eps);
    }
    return checkScores(nm.fn, out, "its distance ratio");
  }
  // kim2019: one other-class search per distinct nearest same-class row not already known
  const need = new Map<number, number[]>();
  const seen = new Uint8Array(otherDist.length);
  for (let i = 0; i < test.rows; i++) {
    const a = same[i] as number;
    if (Number.isNaN(otherDist[a] as number) && seen[a] === 0) {
      seen[a] = 1;
      const c = classIndex.get(cls[a] as number) as number;
      let l = need.get(c);
      if (l === undefined) {
        l = [];
        need.set(c, l);
      }
      l.push(a);
    }
  }
  if (need.size > 0) {
    const nb = new Int32Array(otherDist.length);
    const groups = [...need].map(([c, rows]) => ({
      idx: Int32Array.from(rows),
      ranges: others(c),
    }));
    nearestRows(packed, x, groups, nb, kernel);
    for (const g of groups)
      for (const t of g.idx) otherDist[t] = exactDist(x, t * d, x, (nb[t] as number) * d, d);
  }
  for (let i = 0; i < test.rows; i++) {
    const a = same[i] as number;
    const dSame = exactDist(q, i * d, x, a * d, d);
    out[i] = dSame / ((otherDist[a] as number) + eps);
  }
  return checkScores(nm.fn, out, "its distance ratio");
}
