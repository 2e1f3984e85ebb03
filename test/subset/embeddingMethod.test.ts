import { describe, expect, it } from "vitest";
import { createRng } from "../../src/core/rng.js";
import { rowMatrix } from "../../src/core/rowMatrix.js";
import { centroid } from "../../src/select/centroid.js";
import { kennardStone } from "../../src/select/kennardStone.js";
import { embeddingMethod } from "../../src/subset/embeddingMethod.js";
import { table } from "./_make.js";

// 1 run x 8 items: i0..i3 pass, i4..i7 fail. Vectors on a line.
const h = table([[1, 1, 1, 1, 0, 0, 0, 0]]);
const X = rowMatrix([[0], [1], [2], [3], [10], [11], [12], [30]]);
const ctx = (k: number, vectors = X) => ({ history: h, k, vectors });

describe("embeddingMethod(selector, options)", () => {
  it("Embedding-Within-Strata: the selector inside each pass-count group", () => {
    // fails (label 0): mean of 10, 11, 12, 30 = 15.75 -> nearest 12 (i6); passes: mean 1.5 -> i1 (tie i1/i2, lowest)
    const m = embeddingMethod(centroid);
    expect(m.name).toBe("centroid [ES]");
    expect(m.stochastic).toBe(false);
    expect(Array.from(m.select(ctx(2), createRng(1)))).toEqual([6, 1]);
  });

  it("pure embedding ignores the outcomes; calibration restores the pass-count mix", () => {
    // all 8: mean 8.625 -> nearest 10 (i4), 11 (i5), 3 (i3 at 5.625), 12 (i6 at 3.375)...
    // centroid order: i4 (1.375), i5 (2.375), i6 (3.375), i3 (5.625), i2, i1, i0, i7
    const pe = embeddingMethod(centroid, { strata: "none" });
    expect(pe.name).toBe("centroid [PE]");
    expect(Array.from(pe.select(ctx(2), createRng(1)))).toEqual([4, 5]);
    // calibrated: quota 1 fail + 1 pass -> walk the order: i4 (fail, kept), i5 (fail, full), i6, i3 (pass, kept)
    const cal = embeddingMethod(centroid, { strata: "none", calibrate: true });
    expect(cal.name).toBe("centroid [PE+cal]");
    expect(Array.from(cal.select(ctx(2), createRng(1)))).toEqual([4, 3]);
  });

  it("difficulty grouping and k-means grouping", () => {
    expect(
      Array.from(
        embeddingMethod(kennardStone, { strata: "difficulty" }).select(ctx(4), createRng(1)),
      ),
    ).toEqual([4, 7, 0, 3]);
    const cl = embeddingMethod(centroid, { strata: "kmeans" });
    expect(cl.name).toBe("centroid [CL]");
    const S = cl.select(ctx(4), createRng(1));
    expect(new Set(S).size).toBe(4);
  });

  it("shortlist makes the method stochastic, picking from the geometric pool", () => {
    const m = embeddingMethod(centroid, { shortlist: 2 });
    expect(m.stochastic).toBe(true);
    expect(m.name).toBe("centroid [ES] SL2x");
    // per group the pool is the 2 nearest to the centroid for 1 pick
    for (let s = 0; s < 20; s++) {
      const S = Array.from(m.select({ history: h, k: 2, vectors: X }, createRng(s)));
      expect([5, 6]).toContain(S[0]);
      expect([1, 2]).toContain(S[1]);
    }
  });

  it("is deterministic and leaves its inputs unchanged", () => {
    const before = Float64Array.from(X.data);
    const m = embeddingMethod(centroid);
    expect(m.select(ctx(3), createRng(1))).toEqual(m.select(ctx(3), createRng(1)));
    expect(X.data).toEqual(before);
  });

  it("rejects missing vectors, NaN in vectors and a wrong row count", () => {
    const m = embeddingMethod(centroid);
    expect(() => m.select({ history: h, k: 2 }, createRng(1))).toThrow(/ctx.vectors is required/);
    expect(() => m.select(ctx(2, rowMatrix([[0], [1]])), createRng(1))).toThrow(
      /ctx.vectors has 2 rows, expected one per item \(8\)/,
    );
    const nan = { ...X, data: Float64Array.from(X.data, (v, t) => (t === 3 ? Number.NaN : v)) };
    expect(() => m.select(ctx(2, nan), createRng(1))).toThrow(/non-finite value at row 3/);
  });

  it("rejects bad options", () => {
    expect(() => embeddingMethod("x" as never)).toThrow(TypeError);
    expect(() => embeddingMethod(centroid, { strata: "x" as never })).toThrow(TypeError);
    expect(() => embeddingMethod(centroid, { calibrate: true })).toThrow(
      /applies only to strata "none"/,
    );
    expect(() =>
      embeddingMethod(centroid, { strata: "none", calibrate: true, shortlist: 2 }),
    ).toThrow(/cannot combine/);
    expect(() => embeddingMethod(centroid, { shortlist: 0.5 })).toThrow(/at least 1/);
    expect(() => embeddingMethod(centroid, { shortlist: Number.NaN })).toThrow(RangeError);
  });
});

describe("embeddingMethod's k-means strata errors name the method", () => {
  it("reports too few rows under the method's name, not kmeansStrata's", () => {
    const m = embeddingMethod(centroid, { strata: "kmeans" });
    const history = table([[1, 0]]);
    expect(() => m.select({ history, k: 1, vectors: rowMatrix([[1], [1]]) }, createRng(1))).toThrow(
      /^centroid \[CL\]: ctx\.vectors needs at least 3 rows \(got 2\)$/,
    );
  });

  it("select rejects history data other than 0/1 (review finding 4)", () => {
    const bad = table([[1, 1, 1, 1, 0, 0, 0, 0]]);
    bad.data[0] = 2;
    for (const strata of ["consistency", "difficulty", "none", "kmeans"] as const) {
      const m = embeddingMethod(centroid, { strata });
      expect(() => m.select({ history: bad, k: 2, vectors: X }, createRng(1))).toThrow(
        /ctx\.history\.data must hold 0 or 1 \(run "r0", item "i0"\) \(got 2\)$/,
      );
    }
  });

  it("k-means strata follow vectors changed in place (review finding 5)", () => {
    const V = rowMatrix([[0], [1], [2], [3], [10], [11], [12], [13]]);
    const m = embeddingMethod(centroid, { strata: "kmeans" });
    const first = m.select({ history: h, k: 2, vectors: V }, createRng(1));
    V.data.set([0, 10, 0, 10, 0, 10, 0, 10]);
    const again = m.select({ history: h, k: 2, vectors: V }, createRng(1));
    const fresh = embeddingMethod(centroid, { strata: "kmeans" }).select(
      { history: h, k: 2, vectors: V },
      createRng(1),
    );
    expect(Array.from(again)).toEqual(Array.from(fresh));
    expect(Array.from(again)).not.toEqual(Array.from(first));
  });

  it("refuses a selector that returns a NaN or bad indices, naming the method and the selector", () => {
    const nan = Object.defineProperty(() => Number.NaN as never, "name", { value: "nan" });
    // strata "none" gave the NaN back as the subset; inside strata the error named withinStrata
    for (const strata of ["none", "consistency", "kmeans"] as const) {
      const m = embeddingMethod(nan, { strata });
      expect(() => m.select(ctx(2), createRng(1)), strata).toThrow(
        new TypeError(
          `${m.name}: selector (nan) must return an Int32Array of row indices (got NaN)`,
        ),
      );
    }
    const cal = embeddingMethod(nan, { strata: "none", calibrate: true });
    expect(() => cal.select(ctx(2), createRng(1))).toThrow(
      /^nan \[PE\+cal\]: selector \(nan\) must return/,
    );
    const floats = embeddingMethod((_X, k) => new Float64Array(k) as never, { strata: "none" });
    expect(() => floats.select(ctx(2), createRng(1))).toThrow(
      /must return an Int32Array of row indices \(got Float64Array\)$/,
    );
    const out = embeddingMethod((_X, k) => new Int32Array(k).fill(99), {
      strata: "none",
      label: "far",
    });
    expect(() => out.select(ctx(2), createRng(1))).toThrow(
      new RangeError("far [PE]: selector returned an index outside [0, 8) (got 99)"),
    );
    const twice = embeddingMethod((_X, k) => new Int32Array(k), { strata: "none", label: "twice" });
    expect(() => twice.select(ctx(2), createRng(1))).toThrow(
      new RangeError("twice [PE]: selector returned index 0 twice"),
    );
  });
});
