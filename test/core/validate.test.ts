import { describe, expect, it } from "vitest";
import {
  checkLength,
  checkOptions,
  checkRowMatrix,
  checkRowMatrixShape,
  maxLength,
} from "../../src/core/validate.js";

describe("checkOptions(fn, options, known)", () => {
  const known = ["level", "eps", "maxIterations"];
  it("accepts undefined, an empty object and known keys", () => {
    expect(() => checkOptions("f", undefined, known)).not.toThrow();
    expect(() => checkOptions("f", {}, known)).not.toThrow();
    expect(() => checkOptions("f", { level: 0.9, eps: undefined }, known)).not.toThrow();
  });
  it("keeps the two-argument form: type check only", () => {
    expect(() => checkOptions("f", { anything: 1 })).not.toThrow();
    expect(() => checkOptions("f", 3)).toThrow(/^f: options must be an object \(got 3\)$/);
    expect(() => checkOptions("f", null)).toThrow(TypeError);
    expect(() => checkOptions("f", [1])).toThrow(TypeError);
  });
  it("rejects an unknown key with a suggestion within edit distance 2", () => {
    expect(() => checkOptions("f", { levl: 0.9 }, known)).toThrow(
      new TypeError(
        'f: unknown option "levl" (did you mean "level"?); valid options: level, eps, maxIterations',
      ),
    );
    // a transposition counts as one edit
    expect(() => checkOptions("f", { pes: 1 }, known)).toThrow(/did you mean "eps"\?/);
    expect(() => checkOptions("f", { maxiteration: 1 }, known)).toThrow(
      /did you mean "maxIterations"\?/,
    );
  });
  it("gives no suggestion when nothing is close", () => {
    expect(() => checkOptions("f", { seed: 1 }, known)).toThrow(
      new TypeError('f: unknown option "seed"; valid options: level, eps, maxIterations'),
    );
    expect(() => checkOptions("f", { x: 1 }, [])).toThrow(/valid options: none$/);
  });
  it("names input fields when asked", () => {
    expect(() => checkOptions("g", { sise: 1 }, ["size"], "input field")).toThrow(
      new TypeError(
        'g: unknown input field "sise" (did you mean "size"?); valid input fields: size',
      ),
    );
  });
});

describe("checkLength(fn, arg, length)", () => {
  it("passes up to maxLength = 2^27 and fails above, before allocating", () => {
    expect(maxLength).toBe(2 ** 27);
    expect(() => checkLength("f", "n", maxLength)).not.toThrow();
    expect(() => checkLength("f", "n", 1e9)).toThrow(
      new RangeError("f: n is too large (at most 134217728) (got 1000000000)"),
    );
    expect(() => checkLength("f", "n", Number.NaN)).toThrow(RangeError);
    expect(() => checkLength("f", "n", 11, 10)).toThrow(/at most 10/);
  });
});

describe("checkRowMatrix / checkRowMatrixShape", () => {
  it("rejects absurd or unsafe row and column counts even when rows * cols = data.length", () => {
    const empty = new Float64Array(0);
    expect(() => checkRowMatrix("f", "X", { data: empty, rows: 1e9, cols: 0 })).toThrow(
      /^f: X\.rows must be at most 134217728 \(got 1000000000\)$/,
    );
    expect(() => checkRowMatrixShape("f", "X", { data: empty, rows: 0, cols: 2 ** 60 })).toThrow(
      /X\.cols must be at most/,
    );
    expect(() => checkRowMatrixShape("f", "X", { data: empty, rows: -1, cols: 0 })).toThrow(
      /X\.rows must be at least 0/,
    );
    expect(() => checkRowMatrixShape("f", "X", { data: empty, rows: 0.5, cols: 0 })).toThrow(
      /X\.rows must be an integer/,
    );
    expect(() =>
      checkRowMatrixShape("f", "X", { data: new Float64Array(3), rows: 2, cols: 2 }),
    ).toThrow(/X\.data length 3 does not equal rows \* cols \(2 \* 2\)/);
    expect(() => checkRowMatrixShape("f", "X", { data: [1], rows: 1, cols: 1 })).toThrow(TypeError);
  });
});

describe("checkOptions on array-likes and very short keys", () => {
  it("rejects a typed array as options and suggests nothing for a key it would rewrite entirely", () => {
    expect(() => checkOptions("f", new Float64Array(2), ["id"])).toThrow(
      /^f: options must be an object \(got Float64Array\(2\)\)$/,
    );
    expect(() => checkOptions("f", { x: 1 }, ["id"])).toThrow(/^f: unknown option "x"; valid/);
    expect(() => checkOptions("f", { ix: 1 }, ["id"])).toThrow(/did you mean "id"\?/);
  });
});
