/**
 * Engines of the surprise-adequacy features (LSA, DSA, MDSA), shared by the
 * one-shot functions and {@link fitSurprise}: training-set preparation,
 * per-class statistics and the blocked pairwise kernels.
 * Internal module: not re-exported from the package entry point.
 * @internal
 */

import type { RowMatrix } from "../core/rowMatrix.js";
import {
  checkInt32Array,
  checkNumber,
  checkOptions,
  checkRowMatrix,
  checkSameLength,
  fail,
} from "../core/validate.js";
import { cholesky, meanCov, whiten } from "./_linalg.js";
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
  const variant = (options as { variant?: unknown } | undefined)?.variant ?? "paper";
  if (variant !== "paper" && variant !== "kim2019")
    fail(fn, `options.variant must be "paper" or "kim2019"`, variant);
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
  for (let j = 0; j < cols; j++) {
    let ok = true;
    for (const idx of groups.values()) {
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
        break;
      }
    }
    if (ok) keepList.push(j);
  }
  const keep = Int32Array.from(keepList);
  const d = keep.length;
  if (d === 0)
    fail(fn, `every dimension has a class variance below varianceThreshold ${varianceThreshold}`);
  const classes = new Map<number, KdeClass>();
  for (const [c, idx] of groups) {
    const n = idx.length;
    if (n < d + 1) {
      fail(
        fn,
        `class ${c} has ${n} training points, fewer than d + 1 = ${d + 1} needed for its KDE covariance (d = ${d} dimensions kept)`,
      );
    }
    const { mean, cov } = meanCov(data, cols, idx, keep);
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
    classes.set(c, { mean, l, white, norms: rowNorms(white, d), n, logNorm });
  }
  return { keep, classes };
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

/** LSA of each query: `-log f_c(x)` under the KDE of its class, by a streaming log-sum-exp. */
export function lsaScores(model: KdeModel, test: RowMatrix, testClass: Int32Array): Float64Array {
  const out = new Float64Array(test.rows);
  const d = model.keep.length;
  for (const [c, qIdx] of groupQueries(testClass)) {
    const k = model.classes.get(c) as KdeClass;
    const q = whiten(test.data, test.cols, qIdx, model.keep, k.mean, k.l);
    const qn = rowNorms(q, d);
    const lse = logSumExpKernel(q, qn, k.white, k.norms, d);
    for (let i = 0; i < qIdx.length; i++)
      out[qIdx[i] as number] = -((lse[i] as number) + k.logNorm);
  }
  return out;
}

/** Rows of the training matrix per cache block: about 128 KiB, kept in L2 while every query passes. */
function blockRows(d: number): number {
  return Math.max(16, Math.floor(16384 / Math.max(1, d)));
}

/**
 * Kernel terms exp(e) with e <= NEGLIGIBLE (exp(-37) ≈ 8.5e-17 < 2^-53) are
 * skipped: they are added to a sum that is at least 1, where they round away,
 * so skipping them leaves every result bit-identical.
 */
const NEGLIGIBLE = -37;

/** exp(-j / 64) for j = 0 .. 2560, the table of `expNonPositive`. */
const EXP_TABLE = Float64Array.from({ length: 40 * 64 + 1 }, (_, j) => Math.exp(-j / 64));

/**
 * exp(e) for NEGLIGIBLE < e <= 0 (the only arguments the kernel passes), about
 * twice as fast as Math.exp in the kernel's hot loop and accurate to about
 * 4e-16 relative: a table of exp(-j/64) times a degree-6 Taylor polynomial of
 * the remainder (|r| < 1/64, truncation error below 1e-17). On that range
 * `x * 64` lies in [0, 2368], so `| 0` is its floor and j / 64 is exact as a
 * product; the same values as with Math.floor and a division, fewer instructions.
 */
function expNonPositive(e: number): number {
  const x = -e;
  const j = (x * 64) | 0;
  const r = j * 0.015625 - x;
  const p = 1 + r * (1 + r * (0.5 + r * (1 / 6 + r * (1 / 24 + r * (1 / 120 + r * (1 / 720))))));
  return (EXP_TABLE[j] as number) * p;
}

/**
 * For each query row i: log sum_t exp(-0.5 |q_i - w_t|^2), as a streaming
 * log-sum-exp (running maximum m, sum s of exp(v - m)) fused with the dot
 * products `v = q.w - |q|^2/2 - |w|^2/2`. Training rows are visited in cache
 * blocks; queries four at a time against two training rows at a time, the
 * state of the four queries in registers. Terms with v - m <= NEGLIGIBLE are
 * skipped (bit-identical to adding them: s >= 1, the maximum's own term, and
 * they are below half an ulp of 1), which saves about a third of the
 * exponentials on typical data. Terms use `expNonPositive`; rescaling (rare)
 * uses Math.exp.
 */
function logSumExpKernel(
  q: Float64Array,
  qn: Float64Array,
  w: Float64Array,
  wn: Float64Array,
  d: number,
): Float64Array {
  const m = qn.length;
  const n = wn.length;
  const half = new Float64Array(n);
  for (let t = 0; t < n; t++) half[t] = 0.5 * (wn[t] as number);
  const mx = new Float64Array(m).fill(Number.NEGATIVE_INFINITY);
  const sm = new Float64Array(m);
  const tb = blockRows(d);
  for (let t0 = 0; t0 < n; t0 += tb) {
    const t1 = Math.min(n, t0 + tb);
    for (let i = 0; i < m; i += 4) {
      const cnt = Math.min(4, m - i);
      // A short last block repeats query i in the missing lanes; they compute
      // exactly what lane 0 computes, so storing them is harmless.
      const i1 = cnt > 1 ? i + 1 : i;
      const i2 = cnt > 2 ? i + 2 : i;
      const i3 = cnt > 3 ? i + 3 : i;
      const o0 = i * d;
      const o1 = i1 * d;
      const o2 = i2 * d;
      const o3 = i3 * d;
      const h0 = 0.5 * (qn[i] as number);
      const h1 = 0.5 * (qn[i1] as number);
      const h2 = 0.5 * (qn[i2] as number);
      const h3 = 0.5 * (qn[i3] as number);
      let m0 = mx[i] as number;
      let m1 = mx[i1] as number;
      let m2 = mx[i2] as number;
      let m3 = mx[i3] as number;
      let s0 = sm[i] as number;
      let s1 = sm[i1] as number;
      let s2 = sm[i2] as number;
      let s3 = sm[i3] as number;
      for (let t = t0; t < t1; t += 2) {
        const ot = t * d;
        const last = t + 1 >= t1;
        // An odd last row is paired with itself; the copy gets v = -Infinity, adding exp(-Infinity) = 0.
        const ou = last ? ot : ot + d;
        let a0 = 0;
        let a1 = 0;
        let a2 = 0;
        let a3 = 0;
        let b0 = 0;
        let b1 = 0;
        let b2 = 0;
        let b3 = 0;
        for (let k = 0; k < d; k++) {
          const wa = w[ot + k] as number;
          const wb = w[ou + k] as number;
          const x0 = q[o0 + k] as number;
          const x1 = q[o1 + k] as number;
          const x2 = q[o2 + k] as number;
          const x3 = q[o3 + k] as number;
          a0 += x0 * wa;
          a1 += x1 * wa;
          a2 += x2 * wa;
          a3 += x3 * wa;
          b0 += x0 * wb;
          b1 += x1 * wb;
          b2 += x2 * wb;
          b3 += x3 * wb;
        }
        const ha = half[t] as number;
        let v = 0;
        let e = 0;
        // an odd last row's copy gets v = -Infinity, adding nothing
        const hb = last ? Number.POSITIVE_INFINITY : (half[t + 1] as number);
        v = a0 - h0 - ha;
        e = v - m0;
        if (e > 0) {
          s0 = s0 * Math.exp(-e) + 1;
          m0 = v;
        } else if (e > NEGLIGIBLE) s0 += expNonPositive(e);
        v = b0 - h0 - hb;
        e = v - m0;
        if (e > 0) {
          s0 = s0 * Math.exp(-e) + 1;
          m0 = v;
        } else if (e > NEGLIGIBLE) s0 += expNonPositive(e);
        v = a1 - h1 - ha;
        e = v - m1;
        if (e > 0) {
          s1 = s1 * Math.exp(-e) + 1;
          m1 = v;
        } else if (e > NEGLIGIBLE) s1 += expNonPositive(e);
        v = b1 - h1 - hb;
        e = v - m1;
        if (e > 0) {
          s1 = s1 * Math.exp(-e) + 1;
          m1 = v;
        } else if (e > NEGLIGIBLE) s1 += expNonPositive(e);
        v = a2 - h2 - ha;
        e = v - m2;
        if (e > 0) {
          s2 = s2 * Math.exp(-e) + 1;
          m2 = v;
        } else if (e > NEGLIGIBLE) s2 += expNonPositive(e);
        v = b2 - h2 - hb;
        e = v - m2;
        if (e > 0) {
          s2 = s2 * Math.exp(-e) + 1;
          m2 = v;
        } else if (e > NEGLIGIBLE) s2 += expNonPositive(e);
        v = a3 - h3 - ha;
        e = v - m3;
        if (e > 0) {
          s3 = s3 * Math.exp(-e) + 1;
          m3 = v;
        } else if (e > NEGLIGIBLE) s3 += expNonPositive(e);
        v = b3 - h3 - hb;
        e = v - m3;
        if (e > 0) {
          s3 = s3 * Math.exp(-e) + 1;
          m3 = v;
        } else if (e > NEGLIGIBLE) s3 += expNonPositive(e);
      }
      mx[i3] = m3;
      sm[i3] = s3;
      mx[i2] = m2;
      sm[i2] = s2;
      mx[i1] = m1;
      sm[i1] = s1;
      mx[i] = m0;
      sm[i] = s0;
    }
  }
  const out = new Float64Array(m);
  for (let i = 0; i < m; i++) out[i] = (mx[i] as number) + Math.log(sm[i] as number);
  return out;
}

// ---------------------------------------------------------------- MDSA

type GaussClass = { readonly mean: Float64Array; readonly l: Float64Array };

/** Per-class mean and Cholesky factor of the (possibly ridge-regularised) covariance. */
export type GaussModel = {
  readonly keep: Int32Array;
  readonly classes: ReadonlyMap<number, GaussClass>;
};

/**
 * Fits each class's mean and sample covariance (ddof = 1). A covariance that
 * is singular (always so with fewer than d + 1 points) is replaced by
 * `cov + ridge * (trace(cov) / d) * I` — the ridge is relative to the mean
 * variance so it does not depend on the activations' units.
 */
export function fitGauss(fn: string, ts: TrainSet, ridge: number): GaussModel {
  const { data, cols, groups } = ts;
  const keep = new Int32Array(cols);
  for (let j = 0; j < cols; j++) keep[j] = j;
  const d = cols;
  const classes = new Map<number, GaussClass>();
  for (const [c, idx] of groups) {
    if (idx.length < 2)
      fail(fn, `class ${c} has ${idx.length} training point; its covariance needs at least 2`);
    const { mean, cov } = meanCov(data, cols, idx, keep);
    let l = cholesky(cov, d);
    if (l === undefined) {
      let tr = 0;
      for (let j = 0; j < d; j++) tr += cov[j * d + j] as number;
      const lambda = ridge * (tr > 0 ? tr / d : 1);
      for (let j = 0; j < d; j++) cov[j * d + j] = (cov[j * d + j] as number) + lambda;
      l = cholesky(cov, d);
      if (l === undefined)
        fail(
          fn,
          `class ${c} has a singular activation covariance that ridge ${ridge} does not regularise; raise options.ridge`,
        );
    }
    classes.set(c, { mean, l });
  }
  return { keep, classes };
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
    const z = whiten(test.data, test.cols, qIdx, model.keep, g.mean, g.l);
    const zn = rowNorms(z, d);
    for (let i = 0; i < qIdx.length; i++) out[qIdx[i] as number] = zn[i] as number;
  }
  return out;
}

// ---------------------------------------------------------------- DSA

/** Training activations centred on their mean, with squared norms, for nearest-neighbour search. */
export type NeighbourModel = {
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
  return {
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
    return out;
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
  return out;
}
