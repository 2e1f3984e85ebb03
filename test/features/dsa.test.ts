import { describe, expect, it } from "vitest";
import type { RowMatrix } from "../../src/core/rowMatrix.js";
import { rowMatrix } from "../../src/core/rowMatrix.js";
import { dsa } from "../../src/features/dsa.js";

const cls = (...c: number[]) => Int32Array.from(c);
const EPS = 1e-12;

describe("dsa(train, trainClass, test, testClass)", () => {
  it("paper variant: d_same / (d_diff + eps), both measured from the query", () => {
    // query (1, 0): nearest class-0 point (0, 0) at 1; nearest class-1 point (4, 0) at 3
    const out = dsa(
      rowMatrix([
        [0, 0],
        [4, 0],
        [-3, 0],
      ]),
      cls(0, 1, 0),
      rowMatrix([[1, 0]]),
      cls(0),
    );
    expect(out[0]).toBe(1 / (3 + EPS));
  });
  it("kim2019 variant: d_diff from the nearest same-class training point", () => {
    // nearest class-0 point (0, 0); its nearest class-1 point (4, 0) at 4
    const out = dsa(
      rowMatrix([
        [0, 0],
        [4, 0],
        [-3, 0],
      ]),
      cls(0, 1, 0),
      rowMatrix([[1, 0]]),
      cls(0),
      {
        variant: "kim2019",
      },
    );
    expect(out[0]).toBe(1 / (4 + EPS));
  });
  it("breaks nearest-neighbour ties towards the lowest training index", () => {
    // (1, 0) and (-1, 0) are both at distance 1 from the origin; row 0 wins, and
    // its distance to (5, 5) is sqrt(41) (row 1 would give sqrt(61)).
    const train = rowMatrix([
      [1, 0],
      [-1, 0],
      [5, 5],
    ]);
    const out = dsa(train, cls(0, 0, 1), rowMatrix([[0, 0]]), cls(0), { variant: "kim2019" });
    expect(out[0]).toBe(1 / (Math.sqrt(41) + EPS));
  });
  it("uses eps so a query on an other-class training point stays finite", () => {
    const out = dsa(
      rowMatrix([
        [0, 0],
        [4, 0],
      ]),
      cls(0, 1),
      rowMatrix([[4, 0]]),
      cls(0),
      { eps: 0.5 },
    );
    expect(out[0]).toBe(4 / 0.5);
  });
  it("is zero for a query on a same-class training point", () => {
    expect(
      dsa(
        rowMatrix([
          [0, 0],
          [4, 0],
        ]),
        cls(0, 1),
        rowMatrix([[0, 0]]),
        cls(0),
      )[0],
    ).toBe(0);
  });
  it("is deterministic and leaves its inputs unchanged", () => {
    const train = rowMatrix([
      [0, 1],
      [1, 0],
      [2, 2],
      [0.5, 1.5],
    ]);
    const tc = cls(0, 1, 0, 1);
    const test = rowMatrix([
      [1, 1],
      [2, 0],
    ]);
    const tq = cls(1, 0);
    const copies = [
      Float64Array.from(train.data),
      Int32Array.from(tc),
      Float64Array.from(test.data),
      Int32Array.from(tq),
    ];
    expect(dsa(train, tc, test, tq, { variant: "kim2019" })).toEqual(
      dsa(train, tc, test, tq, { variant: "kim2019" }),
    );
    expect([train.data, tc, test.data, tq]).toEqual(copies);
  });

  const train = rowMatrix([
    [0, 0],
    [4, 0],
  ]);
  const tc = cls(0, 1);
  const test = rowMatrix([[1, 0]]);
  it("rejects a training set with a single class", () => {
    expect(() => dsa(train, cls(0, 0), test, cls(0))).toThrow(
      /^dsa: trainClass holds a single class \(0\)/,
    );
  });
  it("rejects a test class never seen in training", () => {
    expect(() => dsa(train, tc, test, cls(7))).toThrow(
      /^dsa: testClass\[0\] is class 7, which has no training points/,
    );
  });
  it("rejects a train/test dimension mismatch", () => {
    expect(() => dsa(train, tc, rowMatrix([[1, 0, 0]]), cls(0))).toThrow(
      /^dsa: test and train dimensions differ/,
    );
  });
  it("rejects empty inputs", () => {
    const empty: RowMatrix = { data: new Float64Array(0), rows: 0, cols: 2 };
    expect(() => dsa(empty, cls(), test, cls(0))).toThrow(/^dsa: train has no rows/);
    expect(() => dsa(train, tc, empty, cls())).toThrow(/^dsa: test has no rows/);
  });
  it("rejects an unknown variant and a bad eps", () => {
    expect(() => dsa(train, tc, test, cls(0), { variant: "kim" as "paper" })).toThrow(
      /^dsa: options.variant must be one of "paper", "kim2019" \(got "kim"\)/,
    );
    expect(() => dsa(train, tc, test, cls(0), { eps: -1 })).toThrow(
      /^dsa: options.eps must be greater than 0/,
    );
    expect(() => dsa(train, tc, test, cls(0), { eps: 0 })).toThrow(RangeError);
  });
  it("rejects mismatched lengths and negative classes", () => {
    expect(() => dsa(train, cls(0), test, cls(0))).toThrow(
      /^dsa: train rows and trainClass lengths differ/,
    );
    expect(() => dsa(train, tc, test, cls(-1))).toThrow(/^dsa: testClass\[0\] must lie in/);
  });
});
