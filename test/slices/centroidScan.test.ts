/**
 * The CASPER-SI nearest-centroid kernel (`src/slices/_objectives.ts`): the
 * embedded WebAssembly bytes are what the assembler makes of
 * `scripts/wasm/centroids.wat`, and an evaluator on the wasm kernel gives
 * bitwise the statistics of one on the JavaScript scans, from scratch and
 * through chains of incremental evaluations (d = 8..11 use the kernel; other
 * d the JavaScript scans either way).
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { assembleWat, centroidsWatPath, toHex } from "../../scripts/wasm/assemble.js";
import { createRng } from "../../src/core/rng.js";
import { CENTROID_SCAN_WASM_HEX } from "../../src/slices/_centroidScanWasm.js";
import { makeEvaluator } from "../../src/slices/_objectives.js";
import { huxCrossover } from "../../src/slices/huxCrossover.js";
import { mutateSlices } from "../../src/slices/mutateSlices.js";
import { randomSlices } from "../../src/slices/randomSlices.js";
import { repairSlices } from "../../src/slices/repairSlices.js";
import { sliceObjectives } from "../../src/slices/sliceObjectives.js";

/** The bits of a statistics array's records (1 + k (5 + d) numbers). */
const bits = (x: Float64Array, d: number): number[] =>
  Array.from(new Uint32Array(x.slice(0, 1 + (x[0] as number) * (5 + d)).buffer));

describe("nearest-centroid kernel", () => {
  it("reads every signal column at d = 12 too (it dropped the 12th: Inter_SD -0 for -10.06)", () => {
    for (const d of [11, 12, 13]) {
      // two groups apart only in the last column
      const X = Array.from({ length: 12 }, (_, i) =>
        Array.from({ length: d }, (_, k) => (k === d - 1 ? (i < 6 ? 0 : 10) + i * 0.01 : 0)),
      );
      const o = sliceObjectives(
        Int32Array.from({ length: 12 }, (_, i) => (i < 6 ? 0 : 1)),
        X,
        new Uint8Array(12).fill(1),
      );
      expect(o[2]).toBeCloseTo(-10.06, 10);
    }
  });

  it("embeds exactly the bytes that scripts/wasm/assemble.ts makes of centroids.wat", () => {
    expect(CENTROID_SCAN_WASM_HEX).toBe(toHex(assembleWat(readFileSync(centroidsWatPath, "utf8"))));
  });

  it("gives the JavaScript scans' statistics bit for bit (d = 4, 7..12, chains of 60 children)", () => {
    let children = 0;
    for (const d of [4, 7, 8, 9, 10, 11, 12]) {
      for (let rep = 0; rep < 3; rep++) {
        const rng = createRng(`scan-${d}-${rep}`);
        const n = 120 + 40 * rep;
        const b = { minSize: 3, maxSize: 9 };
        // clustered signals with repeated rows, so that equal centroids and ties occur
        const data = new Float64Array(n * d);
        for (let i = 0; i < n; i++) {
          const src = i > 10 && rng() < 0.1 ? Math.floor(rng() * i) : -1;
          for (let k = 0; k < d; k++) {
            data[i * d + k] = src >= 0 ? (data[src * d + k] as number) : Math.round(rng() * 8) / 4;
          }
        }
        const outcome = Uint8Array.from({ length: n }, () => (rng() < 0.5 ? 1 : 0));
        const X = { data, rows: n, cols: d };
        const wasm = makeEvaluator(X, outcome, "wasm");
        const js = makeEvaluator(X, outcome, "js");
        let g = randomSlices(n, rng, b);
        let other = randomSlices(n, rng, b);
        let sw = wasm.full(g);
        let sj = js.full(g);
        expect(bits(sw, d)).toEqual(bits(sj, d));
        for (let t = 0; t < 60; t++) {
          const c =
            t % 3 === 0
              ? repairSlices(huxCrossover(g, other, rng)[0], rng, b)
              : mutateSlices(g, rng, { ...b, maxMutations: 1 + (t % 5) });
          sw = wasm.derive(g, sw, c);
          sj = js.derive(g, sj, c);
          expect(bits(sw, d)).toEqual(bits(sj, d));
          children++;
          other = g;
          g = c;
        }
        // from scratch on the last child too (incremental sums differ from these by rounding only)
        expect(bits(wasm.full(g), d)).toEqual(bits(js.full(g), d));
      }
    }
    expect(children).toBe(7 * 3 * 60);
  });
});
