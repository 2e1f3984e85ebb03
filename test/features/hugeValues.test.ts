import { describe, expect, it } from "vitest";
import { rowMatrix } from "../../src/core/rowMatrix.js";
import { dsa } from "../../src/features/dsa.js";
import { fitSurprise } from "../../src/features/fitSurprise.js";
import { lsa } from "../../src/features/lsa.js";
import { mdsa } from "../../src/features/mdsa.js";

// Finite activations whose squared distances overflow used to come out as
// Infinity or NaN; now a RangeError names the function and the argument.
const lsaTrain = rowMatrix([
  [0, 0],
  [1, 0],
  [0, 1],
  [1, 1],
  [2, 2],
  [3, 2],
  [2, 3],
  [3, 3.5],
]);
const lsaClass = new Int32Array([0, 0, 0, 0, 1, 1, 1, 1]);
const hugeTrain = rowMatrix([
  [0, 0],
  [1, 0],
  [0, 1],
  [1e308, 1],
  [2, 2],
  [3, 2],
  [2, 3],
  [3, 3.5],
]);

describe("surprise features on huge finite activations", () => {
  it("dsa: train or test too large -> RangeError, never NaN", () => {
    const train = rowMatrix([
      [0, 0],
      [4, 0],
    ]);
    const cls = Int32Array.of(0, 1);
    expect(() =>
      dsa(
        rowMatrix([
          [0, 0],
          [1e308, 0],
        ]),
        cls,
        rowMatrix([[1, 0]]),
        Int32Array.of(0),
      ),
    ).toThrow(/^dsa: train row 0 is too large: rescale/);
    for (const variant of ["paper", "kim2019"] as const) {
      expect(() => dsa(train, cls, rowMatrix([[1e300, 0]]), Int32Array.of(0), { variant })).toThrow(
        /^dsa: test row 0 is too large: rescale/,
      );
    }
    expect(() =>
      fitSurprise(train, cls).dsa(
        rowMatrix([
          [1, 0],
          [0, -1e200],
        ]),
        Int32Array.of(0, 0),
      ),
    ).toThrow(/^fitSurprise\.dsa: test row 1 is too large: rescale/);
    // ordinary input unchanged
    expect(Array.from(dsa(train, cls, rowMatrix([[1, 0]]), Int32Array.of(0)))).toEqual([
      0.33333333333322224,
    ]);
  });

  it("lsa: test or train too large -> RangeError", () => {
    expect(() => lsa(lsaTrain, lsaClass, rowMatrix([[0.5e300, 0.5]]), Int32Array.of(0))).toThrow(
      /^lsa: test row 0 is too large: rescale/,
    );
    expect(() => lsa(hugeTrain, lsaClass, rowMatrix([[0.5, 0.5]]), Int32Array.of(0))).toThrow(
      /^lsa: train is too large: rescale/,
    );
    expect(Array.from(lsa(lsaTrain, lsaClass, rowMatrix([[0.5, 0.5]]), Int32Array.of(1)))).toEqual([
      9.109544040579452,
    ]);
  });

  it("mdsa: test or train too large -> RangeError", () => {
    expect(() => mdsa(lsaTrain, lsaClass, rowMatrix([[1e200, 0.5]]), Int32Array.of(0))).toThrow(
      /^mdsa: test row 0 is too large: rescale/,
    );
    expect(() => mdsa(hugeTrain, lsaClass, rowMatrix([[0.5, 0.5]]), Int32Array.of(0))).toThrow(
      /^mdsa: train is too large: rescale/,
    );
    expect(() =>
      fitSurprise(hugeTrain, lsaClass).mdsa(rowMatrix([[0.5, 0.5]]), Int32Array.of(0)),
    ).toThrow(/^fitSurprise\.mdsa: train is too large/);
  });
});
