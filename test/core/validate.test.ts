import { describe, expect, it } from "vitest";
import {
  asBinary,
  asFloat64Array,
  asInt32Array,
  asRowMatrix,
  checkLength,
  checkNestedKeys,
  checkOptions,
  checkRowMatrix,
  checkRowMatrixShape,
  maxLength,
  toBinary,
  toFloat64Array,
  toInt32Array,
  toRowMatrix,
} from "../../src/core/validate.js";

describe("array-likes", () => {
  it("a negative length is not an array-like (V8 threw its own unnamed error)", () => {
    expect(() => toFloat64Array("f", "x", { length: -1 } as never)).toThrow(/^f: x must be /);
    expect(() => toFloat64Array("f", "x", { length: -1 } as never)).toThrow(TypeError);
  });
});

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

describe("checkNestedKeys(fn, path, obj, known)", () => {
  it("names the key by its path, suggests the nearest known one and lists the valid keys", () => {
    expect(() =>
      checkNestedKeys("f", "options.sequential", { minLabls: 1 }, ["halfWidth", "minLabels"]),
    ).toThrow(
      new TypeError(
        'f: unknown key "options.sequential.minLabls" (did you mean "minLabels"?); valid keys of options.sequential: halfWidth, minLabels',
      ),
    );
    expect(() => checkNestedKeys("f", "problem", { zzzzzz: 1 }, ["repair"])).toThrow(
      /^f: unknown key "problem.zzzzzz"; valid keys of problem: repair$/,
    );
    expect(() => checkNestedKeys("f", "prior", { a: 1 }, [])).toThrow(/valid keys of prior: none/);
    expect(() => checkNestedKeys("f", "prior", { a: 1, b: 2 }, ["a", "b"])).not.toThrow();
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

describe("the entry-point converters (toFloat64Array, toInt32Array, toBinary, toRowMatrix)", () => {
  it("return a typed input itself, without a copy", () => {
    const f = new Float64Array([1, 2]);
    const i = new Int32Array([1, 2]);
    const b = new Uint8Array([1, 0]);
    const m = { data: new Float64Array([1, 2]), rows: 1, cols: 2 };
    expect(toFloat64Array("f", "x", f)).toBe(f);
    expect(asFloat64Array("f", "x", f)).toBe(f);
    expect(toInt32Array("f", "x", i)).toBe(i);
    expect(asInt32Array("f", "x", i)).toBe(i);
    expect(toBinary("f", "x", b)).toBe(b);
    expect(asBinary("f", "x", b)).toBe(b);
    expect(toRowMatrix("f", "x", m)).toBe(m);
    expect(asRowMatrix("f", "x", m)).toBe(m);
  });

  it("copy plain arrays and other typed arrays without touching them", () => {
    const x = [1, 2.5];
    const out = toFloat64Array("f", "x", x);
    expect(out).toBeInstanceOf(Float64Array);
    expect(Array.from(out)).toEqual([1, 2.5]);
    out[0] = 9;
    expect(x).toEqual([1, 2.5]);
    expect(Array.from(toFloat64Array("f", "x", Float32Array.of(0.5)))).toEqual([0.5]);
    expect(Array.from(toInt32Array("f", "x", [3, -1]))).toEqual([3, -1]);
    expect(Array.from(toFloat64Array("f", "y", [true, false], { booleans: true }))).toEqual([1, 0]);
    expect(Array.from(toBinary("f", "y", [true, 0, 1, false]))).toEqual([1, 0, 1, 0]);
    const rows = [
      [1, 2],
      [3, 4],
    ];
    expect(toRowMatrix("f", "X", rows)).toEqual({
      data: new Float64Array([1, 2, 3, 4]),
      rows: 2,
      cols: 2,
    });
    expect(toRowMatrix("f", "X", [Float64Array.of(1), Float64Array.of(2)]).rows).toBe(2);
    expect(toRowMatrix("f", "X", []).rows).toBe(0);
  });

  it("check values as the typed checks do, on either path", () => {
    expect(() => toFloat64Array("f", "x", [1, Number.NaN])).toThrow(
      new RangeError("f: x[1] is not finite (got NaN)"),
    );
    expect(() => toFloat64Array("f", "x", new Float64Array([1, -1]), { min: 0 })).toThrow(
      new RangeError("f: x[1] is below 0 (got -1)"),
    );
    expect(() => toFloat64Array("f", "x", [1, -1], { min: 0 })).toThrow(
      new RangeError("f: x[1] is below 0 (got -1)"),
    );
    expect(() => toFloat64Array("f", "x", [true])).toThrow(
      new TypeError("f: x must hold numbers: pass numbers or a Float64Array; got a boolean at [0]"),
    );
    expect(() => toInt32Array("f", "x", [2 ** 31])).toThrow(RangeError);
    expect(() => toInt32Array("f", "x", [1], { max: 0 })).toThrow(
      new RangeError("f: x[0] must lie in [-2147483648, 0] (got 1)"),
    );
    expect(() => toBinary("f", "y", [0.5])).toThrow(
      new RangeError("f: y[0] must be 0 or 1 (got 0.5)"),
    );
    expect(() => toRowMatrix("f", "X", [[Number.NaN]])).toThrow(
      new RangeError("f: X has a non-finite value at row 0, column 0 (got NaN)"),
    );
    expect(toRowMatrix("f", "X", [[Number.NaN]], { finite: false }).rows).toBe(1);
    expect(() => toRowMatrix("f", "X", [], { allowEmpty: false })).toThrow(/X has no rows/);
  });

  it("reject what is not an array with the message of the typed check", () => {
    expect(() => toFloat64Array("f", "x", "12")).toThrow(
      new TypeError('f: x must be a Float64Array or an array of numbers (got "12")'),
    );
    expect(() => toInt32Array("f", "x", 3)).toThrow(/^f: x must be an Int32Array or an array/);
    expect(() => toBinary("f", "x", null)).toThrow(/^f: x must be a Uint8Array or an array/);
    expect(() => toRowMatrix("f", "X", 3)).toThrow(/^f: X must be a RowMatrix/);
  });
});
