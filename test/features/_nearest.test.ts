/**
 * The DSA search kernel (`src/features/_nearest.ts`): packing, the tie rule
 * across class ranges, query chunking, and the WebAssembly path against the
 * JavaScript fallback (bit-identical by construction: the same IEEE operations
 * in the same order per lane).
 */
import { readFileSync } from "node:fs";
import { afterEach, describe, expect, it, vi } from "vitest";
import { assembleWat, toHex, watPath } from "../../scripts/wasm/assemble.js";
import { createRng } from "../../src/core/rng.js";
import type { RowMatrix } from "../../src/core/rowMatrix.js";
import { rowMatrix } from "../../src/core/rowMatrix.js";
import { nearestRows, packTrain, wasmAvailable } from "../../src/features/_nearest.js";
import { NEAREST_WASM_HEX } from "../../src/features/_nearestWasm.js";
import { dsaScores, fitNeighbours, prepareTrain } from "../../src/features/_surprise.js";

const KERNELS = ["wasm", "js"] as const;

function norms(x: Float64Array, d: number): Float64Array {
  const out = new Float64Array(x.length / d);
  for (let r = 0; r < out.length; r++) {
    let s = 0;
    for (let k = 0; k < d; k++) s += (x[r * d + k] as number) ** 2;
    out[r] = s;
  }
  return out;
}

function groupsOf(cls: Int32Array): Map<number, Int32Array> {
  const m = new Map<number, number[]>();
  cls.forEach((c, i) => {
    m.set(c, [...(m.get(c) ?? []), i]);
  });
  return new Map([...m].sort((a, b) => a[0] - b[0]).map(([c, l]) => [c, Int32Array.from(l)]));
}

describe("nearest-neighbour kernel", () => {
  it("embeds exactly the bytes that scripts/wasm/assemble.ts makes of nearest.wat", () => {
    expect(NEAREST_WASM_HEX).toBe(toHex(assembleWat(readFileSync(watPath, "utf8"))));
  });

  it("runs the WebAssembly kernel in Node (so CI exercises both kernels)", () => {
    expect(wasmAvailable()).toBe(true);
  });

  it("packs each class range into quads, padding with +Infinity norms and row -1", () => {
    // class 0 = rows 1, 3, 4, 5, 6 (5 rows -> 2 quads), class 2 = rows 0, 2 (1 quad)
    const cls = Int32Array.of(2, 0, 2, 0, 0, 0, 0);
    const x = Float64Array.from({ length: 14 }, (_, i) => i);
    const n = norms(x, 2);
    const pt = packTrain(x, n, 2, groupsOf(cls));
    expect([...pt.classes]).toEqual([0, 2]);
    expect([...pt.quadStart]).toEqual([0, 2, 3]);
    expect([...pt.rowOf]).toEqual([1, 3, 4, 5, 6, -1, -1, -1, 0, 2, -1, -1]);
    // quad 0, k = 0 then k = 1: rows 1, 3, 4, 5 interleaved
    expect([...pt.quads.subarray(0, 8)]).toEqual([2, 6, 8, 10, 3, 7, 9, 11]);
    // quad 1: row 6 then padding zeros
    expect([...pt.quads.subarray(8, 16)]).toEqual([12, 0, 0, 0, 13, 0, 0, 0]);
    expect(pt.norms[4]).toBe(n[6]);
    expect(pt.norms[5]).toBe(Number.POSITIVE_INFINITY);
  });

  for (const kernel of KERNELS) {
    it(`${kernel}: exact ties go to the lowest training row across and within class ranges`, () => {
      // rows 0 (class 1), 1 (class 0), 3 (class 2) and 4 (class 0) are the same point, all at distance 1
      // from the query; class 0's range is scanned first, yet row 0 must win among classes 0..2
      const x = Float64Array.of(1, 0, 1, 0, 5, 5, 1, 0, 1, 0);
      const cls = Int32Array.of(1, 0, 0, 2, 0);
      const pt = packTrain(x, norms(x, 2), 2, groupsOf(cls));
      const out = new Int32Array(2).fill(-9);
      nearestRows(
        pt,
        Float64Array.of(0, 0, 0, 0),
        [
          { idx: Int32Array.of(0), ranges: Int32Array.of(0, 1, 2) },
          { idx: Int32Array.of(1), ranges: Int32Array.of(0, 2) },
        ],
        out,
        kernel,
      );
      expect([...out]).toEqual([0, 1]);
    });

    it(`${kernel}: more queries than one chunk (4096) give the brute-force rows`, () => {
      const rng = createRng(7);
      const d = 2;
      const n = 37;
      const m = 4096 + 9;
      const x = Float64Array.from({ length: n * d }, () => rng() * 10);
      const cls = Int32Array.from({ length: n }, (_, i) => i % 3);
      const q = Float64Array.from({ length: m * d }, () => rng() * 10);
      const nx = norms(x, d);
      const out = new Int32Array(m);
      nearestRows(
        packTrain(x, nx, d, groupsOf(cls)),
        q,
        [{ idx: Int32Array.from({ length: m }, (_, i) => i), ranges: Int32Array.of(0, 2) }],
        out,
        kernel,
      );
      for (let i = 0; i < m; i++) {
        let best = Number.POSITIVE_INFINITY;
        let row = -1;
        for (let t = 0; t < n; t++) {
          if (cls[t] === 1) continue;
          let dot = 0;
          for (let k = 0; k < d; k++) dot += (q[i * d + k] as number) * (x[t * d + k] as number);
          const e = (nx[t] as number) - (dot + dot);
          if (e < best) {
            best = e;
            row = t;
          }
        }
        expect(out[i]).toBe(row);
      }
    });
  }

  it("dsa scores are bit-identical with the wasm and the JavaScript kernel (both variants)", () => {
    const rng = createRng("kernels");
    const gauss = () => Math.sqrt(-2 * Math.log(1 - rng())) * Math.cos(2 * Math.PI * rng());
    const d = 64;
    const act = (rows: number): RowMatrix => ({
      data: Float64Array.from({ length: rows * d }, gauss),
      rows,
      cols: d,
    });
    const train = act(603);
    const test = act(201);
    const trainClass = Int32Array.from({ length: 603 }, (_, i) => (i * 5) % 7);
    const testClass = Int32Array.from({ length: 201 }, (_, i) => i % 7);
    for (const variant of ["paper", "kim2019"] as const) {
      const [a, b] = KERNELS.map((kernel) =>
        dsaScores(
          fitNeighbours("t", prepareTrain("t", train, trainClass)),
          test,
          testClass,
          variant,
          1e-12,
          kernel,
        ),
      );
      expect(b).toEqual(a);
      expect(Buffer.from((a as Float64Array).buffer)).toEqual(
        Buffer.from((b as Float64Array).buffer),
      );
    }
  });

  it("one-dimensional, single-row classes work with both kernels", () => {
    const train = rowMatrix([[0], [3], [10]]);
    const cls = Int32Array.of(0, 1, 2);
    for (const kernel of KERNELS) {
      const nm = fitNeighbours("t", prepareTrain("t", train, cls));
      // query 4 (class 1): nearest class 1 at 3 (distance 1), nearest other at 0 (distance 4)
      const out = dsaScores(nm, rowMatrix([[4]]), Int32Array.of(1), "paper", 1e-12, kernel);
      expect(out[0]).toBe(1 / (4 + 1e-12));
    }
  });

  describe("without a usable WebAssembly", () => {
    afterEach(() => {
      vi.unstubAllGlobals();
      vi.resetModules();
    });
    const cases = {
      "absent (WebAssembly undefined)": undefined,
      // as under a Content-Security-Policy without 'wasm-unsafe-eval'
      "refusing to compile": {
        Module: class {
          constructor() {
            throw new Error("CompileError: refused by policy");
          }
        },
      },
    };
    for (const [name, api] of Object.entries(cases)) {
      it(`${name}: falls back to the JavaScript kernel with the same rows`, async () => {
        const x = Float64Array.of(0, 0, 3, 1, 1, 4, 2, 2, 5, 5);
        const cls = Int32Array.of(0, 1, 0, 1, 2);
        const q = Float64Array.of(1, 1, 4, 4, 3, 0);
        const groups = [{ idx: Int32Array.of(0, 1, 2), ranges: Int32Array.of(1, 2) }];
        const want = new Int32Array(3);
        nearestRows(packTrain(x, norms(x, 2), 2, groupsOf(cls)), q, groups, want, "wasm");
        vi.stubGlobal("WebAssembly", api);
        vi.resetModules();
        const fresh = await import("../../src/features/_nearest.js");
        expect(fresh.wasmAvailable()).toBe(false);
        const got = new Int32Array(3);
        fresh.nearestRows(
          fresh.packTrain(x, norms(x, 2), 2, groupsOf(cls)),
          q,
          groups,
          got,
          "wasm",
        );
        expect([...got]).toEqual([...want]);
        // by hand, squared distances to rows 1 (3, 1), 3 (2, 2), 4 (5, 5) of classes 1 and 2:
        // (1, 1): 4, 2, 32 -> row 3; (4, 4): 10, 8, 2 -> row 4; (3, 0): 1, 5, 29 -> row 1
        expect([...got]).toEqual([3, 4, 1]);
      });
    }
  });
});
