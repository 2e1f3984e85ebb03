import { describe, expect, it } from "vitest";
import type { RowMatrix } from "../../src/core/rowMatrix.js";
import { rowMatrix } from "../../src/core/rowMatrix.js";
import { mdsa } from "../../src/features/mdsa.js";

const cls = (...c: number[]) => Int32Array.from(c);

describe("mdsa(train, trainClass, test, testClass)", () => {
  it("is the squared Mahalanobis distance to the class mean (hand-computed)", () => {
    // Square corners: mean (1, 1), covariance (ddof 1) = diag(4/3, 4/3), so
    // MDSA(z) = |z - (1, 1)|^2 * 3 / 4.
    const train = rowMatrix([
      [0, 0],
      [2, 0],
      [0, 2],
      [2, 2],
    ]);
    const out = mdsa(
      train,
      cls(0, 0, 0, 0),
      rowMatrix([
        [3, 1],
        [1, 1],
        [3, 3],
      ]),
      cls(0, 0, 0),
    );
    expect(out[0]).toBeCloseTo(3, 13); // |(2, 0)|^2 * 3/4
    expect(out[1]).toBe(0);
    expect(out[2]).toBeCloseTo(6, 13); // |(2, 2)|^2 * 3/4
  });
  it("is scale-free at 1e-162 and 1e150 too (the covariance underflowed: 6e-318 for 18.87)", () => {
    const X = [
      [0, 0],
      [1, 0],
      [0, 1],
      [1, 1.5],
    ];
    const at = (c: number) =>
      mdsa(
        X.map((r) => r.map((v) => v * c)),
        [0, 0, 0, 0],
        [[3 * c, 1 * c]],
        [0],
      )[0] as number;
    const one = at(1);
    for (const c of [1e-162, 1e150]) expect(at(c)).toBeCloseTo(one, 10);
  });

  it("accounts for correlation", () => {
    // Class {(0,0), (1,1), (2,2), (1,0), (1,2)}: mean (1, 1); covariance (ddof 1)
    // [[0.5, 0.5], [0.5, 1]]... computed: sum of outer products of deviations
    // (-1,-1), (0,0), (1,1), (0,-1), (0,1) = [[2, 2], [2, 4]] / 4 = [[0.5, 0.5], [0.5, 1]];
    // inverse = [[4, -2], [-2, 2]]; z - mu = (1, 0) -> 4; (0, 1) -> 2; (1, 1) -> 2.
    const train = rowMatrix([
      [0, 0],
      [1, 1],
      [2, 2],
      [1, 0],
      [1, 2],
    ]);
    const out = mdsa(
      train,
      cls(0, 0, 0, 0, 0),
      rowMatrix([
        [2, 1],
        [1, 2],
        [2, 2],
      ]),
      cls(0, 0, 0),
    );
    expect(out[0]).toBeCloseTo(4, 13);
    expect(out[1]).toBeCloseTo(2, 13);
    expect(out[2]).toBeCloseTo(2, 13);
  });
  it("regularises a singular class covariance with the documented ridge", () => {
    // Class {(0,0), (2,2)}: covariance [[2,2],[2,2]] (rank 1), trace / d = 2,
    // ridge 1e-6 -> lambda = 2e-6. Eigenvectors (1,-1)/sqrt2 (eigenvalue lambda) and
    // (1,1)/sqrt2 (4 + lambda). z - mu = (1,-1): 2 / lambda = 1e6; (1,1): 2 / (4 + lambda).
    const train = rowMatrix([
      [0, 0],
      [2, 2],
      [9, 9],
      [9, 10],
      [10, 9],
    ]);
    const tc = cls(0, 0, 1, 1, 1);
    const out = mdsa(
      train,
      tc,
      rowMatrix([
        [2, 0],
        [2, 2],
      ]),
      cls(0, 0),
    );
    expect(out[0] as number).toBeCloseTo(1e6, 3);
    expect(out[1]).toBeCloseTo(2 / (4 + 2e-6), 12);
    const bigger = mdsa(train, tc, rowMatrix([[2, 0]]), cls(0), { ridge: 1e-3 });
    expect(bigger[0] as number).toBeCloseTo(2 / 2e-3, 6);
  });
  it("regularises a class of identical rows with all rows' trace, so its scores do not depend on the units", () => {
    // Class 0: (1, 1) twice (covariance 0); all five rows: column variances 8 and 8.3 (ddof 1),
    // trace / d = 8.15, lambda = 8.15e-6: MDSA((2, 1)) = 1 / lambda. An absolute 1e-6 gave
    // 1e6 in these units and 1e12 in units 1000 times smaller.
    const X = [
      [1, 1],
      [1, 1],
      [5, 5],
      [5, 6],
      [6, 5],
    ];
    const at = (u: number) =>
      mdsa(
        rowMatrix(X.map((r) => r.map((v) => v * u))),
        cls(0, 0, 1, 1, 1),
        rowMatrix([[2 * u, 1 * u]]),
        cls(0),
      )[0] as number;
    const col = (j: number) => {
      const v = X.map((r) => r[j] as number);
      const m = v.reduce((a, b) => a + b) / v.length;
      return v.reduce((a, b) => a + (b - m) ** 2, 0) / (v.length - 1);
    };
    expect(at(1)).toBeCloseTo(1 / (1e-6 * ((col(0) + col(1)) / 2)), 3);
    expect(at(1000) / at(1)).toBeCloseTo(1, 9);
    expect(at(0.001) / at(1)).toBeCloseTo(1, 9);
    expect(() =>
      mdsa(
        rowMatrix([
          [1, 1],
          [1, 1],
        ]),
        cls(0, 0),
        rowMatrix([[2, 1]]),
        cls(0),
      ),
    ).toThrow(/^mdsa: train: every training row is identical/);
  });
  it("is deterministic and leaves its inputs unchanged", () => {
    const train = rowMatrix([
      [0, 1],
      [1, 0],
      [2, 2],
      [0.5, 1.5],
    ]);
    const tc = cls(0, 0, 0, 0);
    const test = rowMatrix([[1, 1]]);
    const copies = [
      Float64Array.from(train.data),
      Int32Array.from(tc),
      Float64Array.from(test.data),
    ];
    expect(mdsa(train, tc, test, cls(0))).toEqual(mdsa(train, tc, test, cls(0)));
    expect([train.data, tc, test.data]).toEqual(copies);
  });

  const train = rowMatrix([
    [0, 0],
    [2, 0],
    [0, 2],
    [2, 2],
  ]);
  const tc = cls(0, 0, 0, 0);
  const test = rowMatrix([[1, 1]]);
  it("rejects a class with a single training point", () => {
    const t = rowMatrix([
      [0, 0],
      [2, 0],
      [0, 2],
      [5, 5],
    ]);
    expect(() => mdsa(t, cls(0, 0, 0, 1), test, cls(0))).toThrow(
      // names the argument (was "class 1 has 1 training point")
      /^mdsa: class 1 of trainClass has 1 training point; its covariance needs at least 2/,
    );
  });
  it("rejects a test class never seen in training", () => {
    expect(() => mdsa(train, tc, test, cls(1))).toThrow(
      /^mdsa: testClass\[0\] is class 1, which has no training points/,
    );
  });
  it("rejects a train/test dimension mismatch", () => {
    expect(() => mdsa(train, tc, rowMatrix([[1]]), cls(0))).toThrow(
      /^mdsa: test and train dimensions differ/,
    );
  });
  it("rejects empty inputs", () => {
    const empty: RowMatrix = { data: new Float64Array(0), rows: 0, cols: 2 };
    expect(() => mdsa(empty, cls(), test, cls(0))).toThrow(/^mdsa: train has no rows/);
    expect(() => mdsa(train, tc, empty, cls())).toThrow(/^mdsa: test has no rows/);
  });
  it("rejects a negative or NaN ridge", () => {
    expect(() => mdsa(train, tc, test, cls(0), { ridge: -1 })).toThrow(
      /^mdsa: options.ridge must be at least 0/,
    );
    expect(() => mdsa(train, tc, test, cls(0), { ridge: Number.NaN })).toThrow(RangeError);
  });
  it("rejects mismatched class lengths and wrong types", () => {
    expect(() => mdsa(train, cls(0, 0), test, cls(0))).toThrow(
      /^mdsa: train rows and trainClass lengths differ/,
    );
    expect(() => mdsa(train, tc, test, "0" as unknown as Int32Array)).toThrow(TypeError);
  });
});
