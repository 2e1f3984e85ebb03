import { describe, expect, it } from "vitest";
import type { RowMatrix } from "../../src/core/rowMatrix.js";
import { rowMatrix } from "../../src/core/rowMatrix.js";
import { lsa } from "../../src/features/lsa.js";

const cls = (...c: number[]) => Int32Array.from(c);

describe("lsa(train, trainClass, test, testClass)", () => {
  it("matches a hand-computed 1-D KDE", () => {
    // Class 0 = {0, 1, 2}: n = 3, d = 1, variance (ddof 1) = 1, Scott factor 3^(-1/5),
    // kernel variance h2 = 3^(-2/5); f(x) = (1/3) sum_i exp(-(x - x_i)^2 / (2 h2)) / sqrt(2 pi h2).
    const h2 = 3 ** (-2 / 5);
    const f = (x: number) =>
      [0, 1, 2].reduce((s, xi) => s + Math.exp(-((x - xi) ** 2) / (2 * h2)), 0) /
      (3 * Math.sqrt(2 * Math.PI * h2));
    const out = lsa(
      rowMatrix([[0], [1], [2]]),
      cls(0, 0, 0),
      rowMatrix([[1], [0.3], [4]]),
      cls(0, 0, 0),
    );
    expect(out[0]).toBeCloseTo(-Math.log(f(1)), 13);
    expect(out[1]).toBeCloseTo(-Math.log(f(0.3)), 13);
    expect(out[2]).toBeCloseTo(-Math.log(f(4)), 13);
  });
  it("uses the KDE of each query's own class", () => {
    const train = rowMatrix([[0], [1], [2], [10], [11], [13]]);
    const tc = cls(0, 0, 0, 1, 1, 1);
    const both = lsa(train, tc, rowMatrix([[1], [1]]), cls(0, 1));
    expect(both[0]).toBe(lsa(train, tc, rowMatrix([[1]]), cls(0))[0]);
    expect(both[1] as number).toBeGreaterThan((both[0] as number) + 10);
  });
  it("stays finite for a query far from every training point", () => {
    // exp(-|w|^2 / 2) underflows to 0 for every kernel; log-sum-exp does not.
    const out = lsa(rowMatrix([[0], [1], [2]]), cls(0, 0, 0), rowMatrix([[1e4]]), cls(0));
    expect(Number.isFinite(out[0])).toBe(true);
    // dominated by the nearest point x = 2: -log f ≈ (1e4 - 2)^2 / (2 h2) + log(3 sqrt(2 pi h2))
    const h2 = 3 ** (-2 / 5);
    expect(out[0]).toBeCloseTo(
      (1e4 - 2) ** 2 / (2 * h2) + Math.log(3 * Math.sqrt(2 * Math.PI * h2)),
      4,
    );
  });
  it("drops a dimension whose variance is below the threshold in any class", () => {
    const base = [
      [0, 0],
      [1, 0.5],
      [0, 1],
      [1.2, 1],
      [2, 2],
      [3, 2.5],
      [2, 3.1],
      [3, 3.5],
    ];
    // third column: constant within class 0, varying in class 1 -> dropped for both
    const third = [7, 7, 7, 7, 1, 2, 3, 5];
    const tc = cls(0, 0, 0, 0, 1, 1, 1, 1);
    const test2 = rowMatrix([
      [0.5, 0.5],
      [2.5, 2.5],
    ]);
    const test3 = rowMatrix([
      [0.5, 0.5, 100],
      [2.5, 2.5, -4],
    ]);
    const withCol = lsa(
      rowMatrix(base.map((r, i) => [...r, third[i] as number])),
      tc,
      test3,
      cls(0, 1),
    );
    expect(Array.from(withCol)).toEqual(Array.from(lsa(rowMatrix(base), tc, test2, cls(0, 1))));
    // with threshold 0 nothing is dropped, so the constant column makes class 0 singular
    expect(() =>
      lsa(rowMatrix(base.map((r, i) => [...r, third[i] as number])), tc, test3, cls(0, 1), {
        varianceThreshold: 0,
      }),
    ).toThrow(/^lsa: class 0 has a singular activation covariance/);
  });
  it("is deterministic and leaves its inputs unchanged", () => {
    const train = rowMatrix([
      [0, 1],
      [1, 0],
      [2, 2],
      [0.5, 1.5],
    ]);
    const tc = cls(3, 3, 3, 3);
    const test = rowMatrix([[1, 1]]);
    const tq = cls(3);
    const copies = [
      Float64Array.from(train.data),
      Int32Array.from(tc),
      Float64Array.from(test.data),
    ];
    expect(lsa(train, tc, test, tq)).toEqual(lsa(train, tc, test, tq));
    expect([train.data, tc, test.data]).toEqual(copies);
    expect(Array.from(tq)).toEqual([3]);
  });

  const train = rowMatrix([
    [0, 0],
    [1, 0],
    [0, 1],
    [1, 1],
  ]);
  const tc = cls(0, 0, 0, 0);
  const test = rowMatrix([[0.5, 0.5]]);
  it("rejects a class with fewer than d + 1 training points", () => {
    const t = rowMatrix([
      [0, 0],
      [1, 0],
      [0, 1],
      [1, 1],
      [5, 5],
      [6, 6.5],
    ]);
    expect(() => lsa(t, cls(0, 0, 0, 0, 1, 1), test, cls(0))).toThrow(
      /^lsa: class 1 has 2 training points, fewer than d \+ 1 = 3/,
    );
  });
  it("names the class that drops every dimension for all (a single training row)", () => {
    const t = rowMatrix([
      [0, 0],
      [1, 0],
      [0, 1],
      [1, 1],
      [5, 5],
    ]);
    expect(() => lsa(t, cls(0, 0, 0, 0, 1), test, cls(0))).toThrow(
      /^lsa: every dimension has a class variance below varianceThreshold 0.00001, .*class 1 \(1 training row\) in 2 of 2 dimensions/,
    );
  });
  it("rejects a class with a singular covariance", () => {
    const t = rowMatrix([
      [0, 0],
      [1, 1],
      [2, 2],
      [3, 3],
    ]);
    expect(() => lsa(t, tc, test, cls(0))).toThrow(
      /^lsa: class 0 has a singular activation covariance/,
    );
  });
  it("rejects a test class never seen in training", () => {
    expect(() => lsa(train, tc, test, cls(2))).toThrow(
      /^lsa: testClass\[0\] is class 2, which has no training points/,
    );
  });
  it("rejects a train/test dimension mismatch", () => {
    expect(() => lsa(train, tc, rowMatrix([[1, 2, 3]]), cls(0))).toThrow(
      /^lsa: test and train dimensions differ \(3 vs 2 columns\)/,
    );
  });
  it("rejects empty inputs", () => {
    const empty: RowMatrix = { data: new Float64Array(0), rows: 0, cols: 2 };
    expect(() => lsa(empty, cls(), test, cls(0))).toThrow(/^lsa: train has no rows/);
    expect(() => lsa(train, tc, empty, cls())).toThrow(/^lsa: test has no rows/);
  });
  it("rejects mismatched class lengths, negative classes and wrong types", () => {
    expect(() => lsa(train, cls(0, 0, 0), test, cls(0))).toThrow(
      /^lsa: train rows and trainClass lengths differ/,
    );
    expect(() => lsa(train, tc, test, cls(0, 0))).toThrow(
      /^lsa: test rows and testClass lengths differ/,
    );
    expect(() => lsa(train, cls(0, 0, -1, 0), test, cls(0))).toThrow(
      /^lsa: trainClass\[2\] must lie in/,
    );
    expect(() => lsa(train, "0, 0, 0, 0" as unknown as Int32Array, test, cls(0))).toThrow(
      TypeError,
    );
  });
  it("rejects NaN activations", () => {
    const bad = { data: new Float64Array([Number.NaN, 0]), rows: 1, cols: 2 };
    expect(() => lsa(train, tc, bad, cls(0))).toThrow(/^lsa: test has a non-finite value at row 0/);
  });
  it("rejects a bad varianceThreshold and a threshold that drops every dimension", () => {
    expect(() => lsa(train, tc, test, cls(0), { varianceThreshold: -1 })).toThrow(
      /^lsa: options.varianceThreshold must be at least 0/,
    );
    expect(() => lsa(train, tc, test, cls(0), { varianceThreshold: Number.NaN })).toThrow(
      RangeError,
    );
    expect(() => lsa(train, tc, test, cls(0), { varianceThreshold: 10 })).toThrow(
      /^lsa: every dimension has a class variance below varianceThreshold 10/,
    );
  });
});
