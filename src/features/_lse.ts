/**
 * The LSA log-sum-exp: for each whitened query row q_i, `log sum_t exp(-|q_i - w_t|^2 / 2)`
 * over the whitened training rows w_t, by a WebAssembly SIMD kernel
 * (`_lseWasm.ts`, built from `scripts/wasm/lse.wat`) or, where WebAssembly is
 * unavailable, by a JavaScript kernel. Both stream a running maximum and a
 * sum of `exp(v - max)`, skip terms below exp(-37) and agree to about 1e-15
 * (their exponentials and summation orders differ; tests bound the difference).
 * Internal module: not re-exported from the package entry point.
 * @internal
 */

import { instantiate, lazyModule } from "../core/_wasm.js";
import { LSE_WASM_HEX } from "./_lseWasm.js";

/**
 * The kernel's signature (byte offsets into one memory): for each tile of four
 * query rows and each quad of training rows in [g0, g1), updates the queries'
 * running maxima and pairs of partial sums; see `scripts/wasm/lse.wat`.
 */
type Lse = (
  q: number,
  nqt: number,
  t: number,
  g0: number,
  g1: number,
  half: number,
  hq: number,
  mx: number,
  sm: number,
  d: number,
) => void;

/** The compiled module, or null when WebAssembly (or its SIMD) is unavailable; compiled once, on first use. */
const wasmModule = lazyModule(LSE_WASM_HEX);

/** Whether the WebAssembly kernel can run here (false means the JavaScript kernel is used). */
export function lseWasmAvailable(): boolean {
  return wasmModule() !== null;
}

/** Query rows per chunk: bounds the memory of the query block and its state. */
const CHUNK = 4096;

/** Quads of training rows per call of the kernel: about 64 KiB, reused by every query tile from cache. */
function blockQuads(d: number): number {
  return Math.max(1, Math.floor(2048 / d));
}

/**
 * For each query row i (row-major `q`, width d, squared norms `qn`): the log
 * of sum_t exp(q_i.w_t - |q_i|^2/2 - |w_t|^2/2) over the rows of `w` (squared
 * norms `wn`), i.e. `log sum_t exp(-|q_i - w_t|^2 / 2)`. `kernel` selects the
 * WebAssembly kernel (the default; the JavaScript one where WebAssembly is
 * unavailable or out of memory) or the JavaScript kernel.
 */
export function logSumExpRows(
  q: Float64Array,
  qn: Float64Array,
  w: Float64Array,
  wn: Float64Array,
  d: number,
  kernel: "wasm" | "js" = "wasm",
): Float64Array {
  const mod = kernel === "wasm" ? wasmModule() : null;
  const m = qn.length;
  const n = wn.length;
  const quads = Math.ceil(n / 4);
  const chunk = Math.min(CHUNK, 4 * Math.ceil(m / 4));
  // byte offsets: packed rows, their half norms, one query chunk, its half norms, maxima, sums
  const t = 0;
  const half = t + quads * 32 * d;
  const qo = half + quads * 32;
  const hq = qo + chunk * d * 8;
  const mx = hq + chunk * 8;
  const sm = mx + chunk * 8;
  const bytes = sm + chunk * 16;
  const inst = mod === null ? undefined : instantiate(mod, { m: { exp: Math.exp } }, bytes);
  if (inst === undefined) return logSumExpKernel(q, qn, w, wn, d);
  const lse = inst.exports["lse"] as Lse;
  const f = new Float64Array(inst.buffer);
  // quad g holds w[4g + l][k] at f64 index 4 d g + 4 k + l; padding rows are zeros with half norm +Infinity
  for (let r = 0; r < n; r++) {
    const base = (r >> 2) * 4 * d + (r & 3);
    for (let k = 0; k < d; k++) f[base + 4 * k] = w[r * d + k] as number;
    f[half / 8 + r] = 0.5 * (wn[r] as number);
  }
  for (let r = n; r < 4 * quads; r++) f[half / 8 + r] = Number.POSITIVE_INFINITY;
  const bq = blockQuads(d);
  const out = new Float64Array(m);
  for (let c0 = 0; c0 < m; c0 += chunk) {
    const cnt = Math.min(chunk, m - c0);
    const padded = 4 * Math.ceil(cnt / 4);
    // a short last tile repeats the chunk's last query; its lanes are ignored
    for (let i = 0; i < padded; i++) {
      const r = c0 + Math.min(i, cnt - 1);
      f.set(q.subarray(r * d, (r + 1) * d), qo / 8 + i * d);
      f[hq / 8 + i] = 0.5 * (qn[r] as number);
    }
    f.fill(Number.NEGATIVE_INFINITY, mx / 8, mx / 8 + padded);
    f.fill(0, sm / 8, sm / 8 + 2 * padded);
    for (let g0 = 0; g0 < quads; g0 += bq)
      lse(qo, padded / 4, t, g0, Math.min(quads, g0 + bq), half, hq, mx, sm, d);
    for (let i = 0; i < cnt; i++) {
      const s = (f[sm / 8 + 2 * i] as number) + (f[sm / 8 + 2 * i + 1] as number);
      out[c0 + i] = (f[mx / 8 + i] as number) + Math.log(s);
    }
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
 * uses Math.exp. Its time therefore depends on the data: each computed term
 * costs about as much as its 10-term dot product, and in `npm run bench --
 * features` 63% of the terms are computed for isotropic queries drawn like the
 * training rows against 4% for the shifted correlated ones (1.4x the time);
 * the WebAssembly kernel, two lanes wide in both parts, is the default.
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
