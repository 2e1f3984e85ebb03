/**
 * The LSA log-sum-exp kernels (`src/features/_lse.ts`): the embedded
 * WebAssembly bytes, the WebAssembly kernel against the JavaScript one (the
 * implementation before the WebAssembly kernel, unchanged) to 1e-12 relative
 * on random data, the scipy fixtures with both kernels, query chunking,
 * running-maximum rescaling on every quad, and the fallback without
 * WebAssembly.
 */
import { readFileSync } from "node:fs";
import fc from "fast-check";
import { afterEach, describe, expect, it, vi } from "vitest";
import { assembleWat, lseWatPath, toHex } from "../../scripts/wasm/assemble.js";
import { createRng } from "../../src/core/rng.js";
import type { RowMatrix } from "../../src/core/rowMatrix.js";
import { logSumExpRows, lseWasmAvailable } from "../../src/features/_lse.js";
import { LSE_WASM_HEX } from "../../src/features/_lseWasm.js";
import { fitKde, lsaScores, prepareTrain } from "../../src/features/_surprise.js";
import { expectRelClose, fixture, surpriseInputs } from "./_fixture.js";

function gaussRows(seed: number, n: number, d: number, scale: number, shift: number): RowMatrix {
  const rng = createRng(seed);
  const data = new Float64Array(n * d);
  for (let i = 0; i < data.length; i++)
    data[i] = shift + scale * Math.sqrt(-2 * Math.log(1 - rng())) * Math.cos(2 * Math.PI * rng());
  return { data, rows: n, cols: d };
}

function norms(x: Float64Array, d: number): Float64Array {
  const out = new Float64Array(x.length / d);
  for (let r = 0; r < out.length; r++) {
    let s = 0;
    for (let k = 0; k < d; k++) s += (x[r * d + k] as number) ** 2;
    out[r] = s;
  }
  return out;
}

function maxRel(a: Float64Array, b: Float64Array): number {
  let w = 0;
  for (let i = 0; i < a.length; i++)
    w = Math.max(w, Math.abs((a[i] as number) - (b[i] as number)) / Math.abs(b[i] as number));
  return w;
}

describe("LSA log-sum-exp kernels", () => {
  it("embeds exactly the bytes that scripts/wasm/assemble.ts makes of lse.wat", () => {
    expect(LSE_WASM_HEX).toBe(toHex(assembleWat(readFileSync(lseWatPath, "utf8"))));
  });

  it("runs the WebAssembly kernel in Node (so CI exercises both kernels)", () => {
    expect(lseWasmAvailable()).toBe(true);
  });

  it("both kernels match scipy's gaussian_kde.logpdf fixtures to 1e-9 relative", () => {
    for (const c of fixture.surprise) {
      const { train, trainClass, test, testClass } = surpriseInputs(c);
      const model = fitKde("t", prepareTrain("t", train, trainClass), 1e-5);
      for (const kernel of ["wasm", "js"] as const)
        expectRelClose(lsaScores(model, test, testClass, kernel), c.lsa);
    }
  });

  it("WebAssembly equals the JavaScript kernel to 1e-12 relative on random data", () => {
    // isotropic and scaled classes, shifted queries (few terms above exp(-37)) and
    // in-distribution ones (most terms), sizes off the multiples of 4 and of the
    // cache block (floor(2048 / d) quads), several blocks for d >= 10
    fc.assert(
      fc.property(
        fc.record({
          seed: fc.integer({ min: 0, max: 1_000_000 }),
          d: fc.constantFrom(1, 2, 3, 10, 33, 64),
          extra: fc.integer({ min: 0, max: 900 }),
          m: fc.integer({ min: 1, max: 23 }),
          scale: fc.constantFrom(0.01, 1, 100),
          shift: fc.constantFrom(0, 0.5, 3, 1e3),
        }),
        ({ seed, d, extra, m, scale, shift }) => {
          const n = d + 1 + extra;
          const train = gaussRows(seed, n, d, scale, 0);
          const test = gaussRows(seed + 1, m, d, scale, shift * scale);
          const model = fitKde("t", prepareTrain("t", train, new Int32Array(n)), 0);
          const cls = new Int32Array(m);
          const js = lsaScores(model, test, cls, "js");
          const wasm = lsaScores(model, test, cls, "wasm");
          expect(wasm.every(Number.isFinite)).toBe(true);
          expect(maxRel(wasm, js)).toBeLessThanOrEqual(1e-12);
        },
      ),
      { numRuns: 60 },
    );
  });

  it("chunks of 4096 queries and a new maximum on every quad give the JavaScript kernel's values", () => {
    const d = 3;
    // training rows ever closer to the origin, so each quad raises every query's maximum
    const n = 203;
    const w = new Float64Array(n * d);
    for (let r = 0; r < n; r++) for (let k = 0; k < d; k++) w[r * d + k] = (n - r) * 0.37 + k;
    const q = gaussRows(7, 4099, d, 0.5, 0).data;
    const a = logSumExpRows(q, norms(q, d), w, norms(w, d), d, "wasm");
    const b = logSumExpRows(q, norms(q, d), w, norms(w, d), d, "js");
    expect(maxRel(a, b)).toBeLessThanOrEqual(1e-12);
  });

  it("a single training row: log exp(-|q - w|^2 / 2) exactly as the JavaScript kernel", () => {
    const w = Float64Array.of(1, 2);
    const q = Float64Array.of(0, 0, 1, 2, 40, -3);
    const a = logSumExpRows(q, norms(q, 2), w, norms(w, 2), 2, "wasm");
    const b = logSumExpRows(q, norms(q, 2), w, norms(w, 2), 2, "js");
    // the maximum's own term is exp(0) = 1 in both, so the log is the maximum
    expect([...a]).toEqual([...b]);
    expect([...a]).toEqual([-2.5, 0, -(39 * 39 + 25) / 2]);
  });

  describe("without a usable WebAssembly", () => {
    afterEach(() => {
      vi.unstubAllGlobals();
      vi.resetModules();
    });
    it("falls back to the JavaScript kernel with the same values", async () => {
      const train = gaussRows(3, 40, 2, 1, 0);
      const test = gaussRows(4, 9, 2, 1, 0.3);
      const model = fitKde("t", prepareTrain("t", train, new Int32Array(40)), 0);
      const want = lsaScores(model, test, new Int32Array(9), "js");
      vi.stubGlobal("WebAssembly", undefined);
      vi.resetModules();
      const fresh = await import("../../src/features/_lse.js");
      expect(fresh.lseWasmAvailable()).toBe(false);
      const surprise = await import("../../src/features/_surprise.js");
      const got = surprise.lsaScores(model, test, new Int32Array(9), "wasm");
      expect([...got]).toEqual([...want]);
    });
  });
});
