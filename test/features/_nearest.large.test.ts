/**
 * The DSA search above the WebAssembly memory limit: a workspace larger than
 * 2 GiB runs the JavaScript kernel on a plain buffer, whose byte offsets then
 * pass 2^31 (they were converted with `>> 3`, negative there, and no row was
 * ever found: `dsa` threw "rescale the activations"). Needs about 2.2 GB and
 * 5 s, so `npm test` skips it; `.ci/run` runs it with EVALSIFT_LARGE=1.
 */
import { describe, expect, it } from "vitest";
import { nearestRows, type PackedTrain } from "../../src/features/_nearest.js";

describe.runIf(process.env["EVALSIFT_LARGE"] === "1")("nearest-neighbour kernel, large", () => {
  it("finds the nearest row in a workspace above 2 GiB", () => {
    const d = 256;
    const N = 2 ** 20 + 4; // N * d * 8 bytes of packed rows plus norms: just over 2^31
    const quads = new Float64Array(N * d);
    const norms = new Float64Array(N);
    // every row 0 but row 5, which equals the query (1, 0, ..., 0) and so is the unique nearest
    const r = 5;
    quads[(r >> 2) * 4 * d + (r & 3)] = 1;
    norms[r] = 1;
    const pt: PackedTrain = {
      d,
      quads,
      norms,
      rowOf: Int32Array.from({ length: N }, (_, i) => i),
      classes: Int32Array.of(0),
      quadStart: Int32Array.of(0, N / 4),
    };
    expect((quads.length + norms.length) * 8).toBeGreaterThan(2 ** 31);
    const q = new Float64Array(d);
    q[0] = 1;
    const out = Int32Array.of(-9);
    nearestRows(pt, q, [{ idx: Int32Array.of(0), ranges: Int32Array.of(0) }], out, "wasm");
    expect(out[0]).toBe(5);
  });
});
