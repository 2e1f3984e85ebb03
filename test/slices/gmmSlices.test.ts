import { describe, expect, it } from "vitest";
import { createRng } from "../../src/core/rng.js";
import { gmmSlices } from "../../src/slices/gmmSlices.js";

/** Three seeded 3-d blobs of 40 points. */
function blobs(): number[][] {
  const rng = createRng("gmm-blobs");
  const g = () => Math.sqrt(-2 * Math.log(1 - rng())) * Math.cos(2 * Math.PI * rng());
  const centres = [
    [0, 0, 0],
    [6, 0, 2],
    [0, 7, -3],
  ];
  return Array.from({ length: 120 }, (_, i) => (centres[i % 3] as number[]).map((c) => c + g()));
}

describe("gmmSlices", () => {
  const x = blobs();
  it("recovers well-separated blobs, is seeded and leaves its input alone", () => {
    const copy = x.map((r) => [...r]);
    const a = gmmSlices(x, 3, createRng(5));
    expect(x).toEqual(copy);
    const b = gmmSlices(x, 3, createRng(5));
    expect(Array.from(a.sliceOf)).toEqual(Array.from(b.sliceOf));
    // each blob in its own component but for one borderline point (seed 5 starts k-means well)
    let agree = 0;
    const majority = new Set<number>();
    for (let c = 0; c < 3; c++) {
      const count = new Map<number, number>();
      for (let i = c; i < 120; i += 3)
        count.set(a.sliceOf[i] as number, (count.get(a.sliceOf[i] as number) ?? 0) + 1);
      const [id, top] = [...count].sort((p, q) => q[1] - p[1])[0] as [number, number];
      majority.add(id);
      agree += top;
    }
    expect(majority.size).toBe(3);
    expect(agree).toBeGreaterThanOrEqual(119);
    expect(a.converged).toBe(true);
    const w = Array.from(a.weights).reduce((s, v) => s + v, 0);
    expect(Math.abs(w - 1)).toBeLessThan(1e-12);
    expect(a.probability.filter((p) => p > 0.99).length).toBeGreaterThanOrEqual(115);
  });

  it("gives the same fit from a typed RowMatrix and from number[][]", () => {
    const X = { data: Float64Array.from(x.flat()), rows: 120, cols: 3 };
    const a = gmmSlices(X, 4, createRng(2), { covariance: "diag" });
    const b = gmmSlices(x, 4, createRng(2), { covariance: "diag" });
    expect(a).toEqual(b);
  });

  it("keeps equal points positive definite through regCovar", () => {
    const same = Array.from({ length: 10 }, (_, i) => (i < 5 ? [1, 1] : [3, 2]));
    const g = gmmSlices(same, 2, createRng(1));
    expect(new Set(g.sliceOf.subarray(0, 5)).size).toBe(1);
    expect(g.sliceOf[0]).not.toBe(g.sliceOf[9]);
  });

  it("rejects bad input, naming the function and the argument", () => {
    expect(() => gmmSlices([], 1, createRng(1))).toThrow(/^gmmSlices: signals/);
    expect(() => gmmSlices(x, 0, createRng(1))).toThrow(/^gmmSlices: k must be at least 1/);
    expect(() => gmmSlices(x, 121, createRng(1))).toThrow(/^gmmSlices: k must be at most 120/);
    expect(() => gmmSlices([[0], [Number.NaN]], 1, createRng(1))).toThrow(RangeError);
    expect(() => gmmSlices(x, 2, undefined as never)).toThrow(TypeError);
    expect(() => gmmSlices(x, 2, () => 1)).toThrow(
      /^gmmSlices: rng returned a value outside \[0, 1\)/,
    );
    expect(() => gmmSlices(x, 2, createRng(1), { covariance: "tied" as never })).toThrow(
      /^gmmSlices: options\.covariance/,
    );
    expect(() => gmmSlices(x, 2, createRng(1), { regCovar: 0 })).toThrow(
      /^gmmSlices: options\.regCovar must be greater than 0/,
    );
    expect(() => gmmSlices(x, 2, createRng(1), { tolerance: -1 })).toThrow(
      /^gmmSlices: options\.tolerance must be at least 0/,
    );
    expect(() => gmmSlices(x, 2, createRng(1), { maxIterations: 0.5 })).toThrow(
      /^gmmSlices: options\.maxIterations must be an integer/,
    );
    const big = { data: new Float64Array(2 ** 20), rows: 2 ** 20, cols: 1 };
    expect(() => gmmSlices(big, 256, createRng(1))).toThrow(
      /^gmmSlices: signals rows x k is too large \(at most 134217728\)/,
    );
    expect(() => gmmSlices(x, 2, createRng(1), { initLabels: [0, 1] })).toThrow(
      "gmmSlices: options.initLabels has 2 labels, signals 120 rows",
    );
    expect(() => gmmSlices(x, 2, createRng(1), { initLabels: new Array(120).fill(2) })).toThrow(
      /^gmmSlices: options\.initLabels\[0\] must lie in \[0, 1\]/,
    );
  });
});
