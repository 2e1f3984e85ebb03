/**
 * Exact nearest-neighbour search of the DSA kernel: training rows sorted by
 * class and packed four at a time, scanned per class range by a WebAssembly
 * SIMD kernel (`_nearestWasm.ts`, built from `scripts/wasm/nearest.wat`) or,
 * where WebAssembly is unavailable, by a JavaScript kernel with the same
 * arithmetic, so both give bit-identical results.
 * Internal module: not re-exported from the package entry point.
 * @internal
 */

import { instantiate, lazyModule } from "../core/_wasm.js";
import { NEAREST_WASM_HEX } from "./_nearestWasm.js";

/**
 * Training rows in class order (original order within a class), packed for
 * the scan: each class range is padded to a multiple of four rows; quad g
 * holds `x[4g + l][k]` at `quads[4 d g + 4 k + l]`; padding rows are zeros
 * with squared norm +Infinity, so they are never a nearest row.
 */
export type PackedTrain = {
  readonly d: number;
  readonly quads: Float64Array;
  /** Squared norm per packed position (+Infinity for padding). */
  readonly norms: Float64Array;
  /** Original training row of each packed position (-1 for padding). */
  readonly rowOf: Int32Array;
  /** Classes, ascending. */
  readonly classes: Int32Array;
  /** Class index -> first quad of its range; `classes.length + 1` entries. */
  readonly quadStart: Int32Array;
};

/** Packs the (centred) training rows `x` (row-major, width d) by class for {@link nearestRows}. */
export function packTrain(
  x: Float64Array,
  norms: Float64Array,
  d: number,
  groups: ReadonlyMap<number, Int32Array>,
): PackedTrain {
  const classes = Int32Array.from(groups.keys());
  const quadStart = new Int32Array(classes.length + 1);
  let q = 0;
  for (let c = 0; c < classes.length; c++) {
    quadStart[c] = q;
    q += Math.ceil((groups.get(classes[c] as number) as Int32Array).length / 4);
  }
  quadStart[classes.length] = q;
  const quads = new Float64Array(q * 4 * d);
  const packedNorms = new Float64Array(q * 4).fill(Number.POSITIVE_INFINITY);
  const rowOf = new Int32Array(q * 4).fill(-1);
  for (let c = 0; c < classes.length; c++) {
    const rows = groups.get(classes[c] as number) as Int32Array;
    const p0 = 4 * (quadStart[c] as number);
    for (let j = 0; j < rows.length; j++) {
      const r = rows[j] as number;
      const p = p0 + j;
      rowOf[p] = r;
      packedNorms[p] = norms[r] as number;
      const base = (p >> 2) * 4 * d + (p & 3);
      for (let k = 0; k < d; k++) quads[base + 4 * k] = x[r * d + k] as number;
    }
  }
  return { d, quads, norms: packedNorms, rowOf, classes, quadStart };
}

/**
 * The scan kernel's signature (byte offsets into one memory): for each tile of
 * four query rows and each quad in [g0, g1), keeps per query the smallest
 * `norm - (dot + dot)` and its packed position; see `scripts/wasm/nearest.wat`.
 */
type Scan = (
  q: number,
  nqt: number,
  t: number,
  g0: number,
  g1: number,
  nrm: number,
  best: number,
  arg: number,
  d: number,
) => void;

/** The compiled module, or null when WebAssembly (or its SIMD) is unavailable; compiled once, on first use. */
const wasmModule = lazyModule(NEAREST_WASM_HEX);

/** Whether the WebAssembly kernel can run here (false means the JavaScript kernel is used). */
export function wasmAvailable(): boolean {
  return wasmModule() !== null;
}

/** Query rows per chunk: bounds the memory of the query block and its results. */
const CHUNK = 4096;

/** Quads of training rows per call of the scan: about 64 KiB, reused by every query tile from cache. */
function blockQuads(d: number): number {
  return Math.max(1, Math.floor(2048 / d));
}

type Workspace = {
  readonly scan: Scan;
  readonly f64: Float64Array;
  readonly i32: Int32Array;
  /** Byte offsets of the regions. */
  readonly t: number;
  readonly nrm: number;
  readonly q: number;
  readonly best: number;
  readonly arg: number;
};

/** Lays out packed training rows, norms, one query chunk and its results in one buffer (wasm memory when possible). */
function workspace(pt: PackedTrain, maxQueries: number, kernel: "wasm" | "js"): Workspace {
  const d = pt.d;
  const chunk = Math.min(CHUNK, 4 * Math.ceil(maxQueries / 4));
  const t = 0;
  const nrm = t + pt.quads.length * 8;
  const q = nrm + pt.norms.length * 8;
  const best = q + chunk * d * 8;
  const arg = best + chunk * 8;
  const bytes = arg + chunk * 4;
  const mod = kernel === "wasm" ? wasmModule() : null;
  // without wasm memory (no WebAssembly, or out of memory) the JavaScript kernel needs only a plain buffer
  const inst = mod === null ? undefined : instantiate(mod, {}, bytes);
  let scan = inst?.exports["scan"] as Scan | undefined;
  let buffer = inst?.buffer;
  if (scan === undefined || buffer === undefined) {
    buffer = new ArrayBuffer(bytes);
    const f = new Float64Array(buffer);
    const a = new Int32Array(buffer);
    // byte offsets to element offsets by division: this buffer is the one above 2 GiB (too large
    // for wasm memory), where `>> 3` would turn an offset >= 2^31 negative
    scan = (qq, nqt, tt, g0, g1, nn, bb, aa, dd) =>
      scanJs(f, a, qq / 8, nqt, tt / 8, g0, g1, nn / 8, bb / 8, aa / 4, dd);
  }
  const f64 = new Float64Array(buffer);
  f64.set(pt.quads, t / 8);
  f64.set(pt.norms, nrm / 8);
  return { scan, f64, i32: new Int32Array(buffer), t, nrm, q, best, arg };
}

/**
 * The JavaScript kernel: the wasm scan's arithmetic lane by lane (each dot
 * product summed with k ascending, `e = norm - (dot + dot)`, strict `<` with
 * positions ascending), two queries at a time against a quad. Offsets are in
 * elements of `f` (f64) and `a` (i32).
 */
function scanJs(
  f: Float64Array,
  a: Int32Array,
  q: number,
  nqt: number,
  t: number,
  g0: number,
  g1: number,
  nrm: number,
  best: number,
  arg: number,
  d: number,
): void {
  const d4 = 4 * d;
  for (let i = 0; i < 4 * nqt; i += 2) {
    const o0 = q + i * d;
    const o1 = o0 + d;
    let b0 = f[best + i] as number;
    let b1 = f[best + i + 1] as number;
    let j0 = a[arg + i] as number;
    let j1 = a[arg + i + 1] as number;
    for (let g = g0; g < g1; g++) {
      const tp = t + g * d4;
      let a0 = 0;
      let a1 = 0;
      let a2 = 0;
      let a3 = 0;
      let c0 = 0;
      let c1 = 0;
      let c2 = 0;
      let c3 = 0;
      for (let k = 0; k < d; k++) {
        const p = tp + 4 * k;
        const w0 = f[p] as number;
        const w1 = f[p + 1] as number;
        const w2 = f[p + 2] as number;
        const w3 = f[p + 3] as number;
        const x0 = f[o0 + k] as number;
        const x1 = f[o1 + k] as number;
        a0 += x0 * w0;
        a1 += x0 * w1;
        a2 += x0 * w2;
        a3 += x0 * w3;
        c0 += x1 * w0;
        c1 += x1 * w1;
        c2 += x1 * w2;
        c3 += x1 * w3;
      }
      const n = nrm + 4 * g;
      const n0 = f[n] as number;
      const n1 = f[n + 1] as number;
      const n2 = f[n + 2] as number;
      const n3 = f[n + 3] as number;
      const p0 = 4 * g;
      let e = 0;
      e = n0 - (a0 + a0);
      if (e < b0) {
        b0 = e;
        j0 = p0;
      }
      e = n1 - (a1 + a1);
      if (e < b0) {
        b0 = e;
        j0 = p0 + 1;
      }
      e = n2 - (a2 + a2);
      if (e < b0) {
        b0 = e;
        j0 = p0 + 2;
      }
      e = n3 - (a3 + a3);
      if (e < b0) {
        b0 = e;
        j0 = p0 + 3;
      }
      e = n0 - (c0 + c0);
      if (e < b1) {
        b1 = e;
        j1 = p0;
      }
      e = n1 - (c1 + c1);
      if (e < b1) {
        b1 = e;
        j1 = p0 + 1;
      }
      e = n2 - (c2 + c2);
      if (e < b1) {
        b1 = e;
        j1 = p0 + 2;
      }
      e = n3 - (c3 + c3);
      if (e < b1) {
        b1 = e;
        j1 = p0 + 3;
      }
    }
    f[best + i] = b0;
    f[best + i + 1] = b1;
    a[arg + i] = j0;
    a[arg + i + 1] = j1;
  }
}

/** One query set for {@link nearestRows}: rows `idx` of the row-major matrix `q`, searched in the class ranges `ranges`. */
export type QueryGroup = {
  readonly idx: Int32Array;
  /** Class indices (into `PackedTrain.classes`) whose training rows are searched. */
  readonly ranges: Int32Array;
};

/**
 * For each query row: the original index of its nearest training row among
 * the group's class ranges (smallest `|t|^2 - 2 q.t`, ties to the lowest
 * training index), written to `out[idx[i]]`. `q` has the packed width d.
 */
export function nearestRows(
  pt: PackedTrain,
  q: Float64Array,
  groups: readonly QueryGroup[],
  out: Int32Array,
  kernel: "wasm" | "js" = "wasm",
): void {
  let most = 0;
  for (const g of groups) most = Math.max(most, g.idx.length);
  if (most === 0) return;
  const ws = workspace(pt, most, kernel);
  const { f64, i32, scan } = ws;
  const d = pt.d;
  const bq = blockQuads(d);
  const qBase = ws.q / 8;
  const bBase = ws.best / 8;
  const aBase = ws.arg / 4;
  const bestVal = new Float64Array(CHUNK);
  const bestRow = new Int32Array(CHUNK);
  for (const grp of groups) {
    const idx = grp.idx;
    for (let c0 = 0; c0 < idx.length; c0 += CHUNK) {
      const cnt = Math.min(CHUNK, idx.length - c0);
      const padded = 4 * Math.ceil(cnt / 4);
      // a short last tile repeats the chunk's last query; its lanes are ignored
      for (let i = 0; i < padded; i++) {
        const r = idx[c0 + Math.min(i, cnt - 1)] as number;
        f64.set(q.subarray(r * d, (r + 1) * d), qBase + i * d);
      }
      bestVal.fill(Number.POSITIVE_INFINITY);
      bestRow.fill(-1);
      for (const cl of grp.ranges) {
        const gs = pt.quadStart[cl] as number;
        const ge = pt.quadStart[cl + 1] as number;
        f64.fill(Number.POSITIVE_INFINITY, bBase, bBase + padded);
        i32.fill(-1, aBase, aBase + padded);
        for (let g0 = gs; g0 < ge; g0 += bq)
          scan(ws.q, padded / 4, ws.t, g0, Math.min(ge, g0 + bq), ws.nrm, ws.best, ws.arg, d);
        for (let i = 0; i < cnt; i++) {
          const e = f64[bBase + i] as number;
          const pos = i32[aBase + i] as number;
          if (pos < 0) continue;
          const row = pt.rowOf[pos] as number;
          const b = bestVal[i] as number;
          if (e < b || (e === b && row < (bestRow[i] as number))) {
            bestVal[i] = e;
            bestRow[i] = row;
          }
        }
      }
      for (let i = 0; i < cnt; i++) out[idx[c0 + i] as number] = bestRow[i] as number;
    }
  }
}
