import { describe, expect, it } from "vitest";
import { rowMatrix } from "../../src/core/rowMatrix.js";
import { toPlain, toPlainDefaults } from "../../src/core/toPlain.js";

describe("toPlain(value, options)", () => {
  it("turns typed arrays at any depth into number[] and copies arrays and objects", () => {
    const input = {
      a: new Float64Array([0.5, 0.25]),
      b: [new Int32Array([1, 2]), { c: new Uint8Array([1, 0]) }],
      m: rowMatrix([[1, 2]]),
      s: "x",
      t: true,
      u: null,
    };
    const out = toPlain(input);
    expect(out).toEqual({
      a: [0.5, 0.25],
      b: [[1, 2], { c: [1, 0] }],
      m: { data: [1, 2], rows: 1, cols: 2 },
      s: "x",
      t: true,
      u: null,
    });
    expect(Array.isArray(out.a)).toBe(true);
    expect(JSON.parse(JSON.stringify(out))).toEqual(out);
    expect(out.b).not.toBe(input.b);
  });

  it('keeps an own "__proto__" key as a key (it became the copy\'s prototype and left the JSON)', () => {
    const v = JSON.parse('{"__proto__": {"polluted": 1}, "a": 1}');
    const p = toPlain(v) as Record<string, unknown>;
    expect(JSON.stringify(p)).toBe('{"__proto__":{"polluted":1},"a":1}');
    expect(Object.getPrototypeOf(p)).toBe(Object.prototype);
    expect((p as { polluted?: unknown }).polluted).toBeUndefined();
  });

  it("does not mutate its input", () => {
    const y = new Float64Array([1, Number.NaN]);
    const input = { y, list: [1, 2] };
    toPlain(input, { nonFinite: "null" });
    expect(input.y).toBe(y);
    expect(Array.from(y)).toEqual([1, Number.NaN]);
    expect(input.list).toEqual([1, 2]);
  });

  it("throws on NaN / Infinity by default, naming the path, and maps them under the other modes", () => {
    expect(toPlainDefaults.nonFinite).toBe("throw");
    expect(() => toPlain({ est: { ci: [0, Number.POSITIVE_INFINITY] } })).toThrow(
      new RangeError("toPlain: value.est.ci[1] is not finite (got Infinity)"),
    );
    expect(() => toPlain({ "a b": new Float64Array([Number.NaN]) })).toThrow(
      new RangeError('toPlain: value["a b"][0] is not finite (got NaN)'),
    );
    expect(toPlain([Number.NaN, -Infinity], { nonFinite: "null" })).toEqual([null, null]);
    expect(toPlain(new Float64Array([Number.NaN, -Infinity, 1]), { nonFinite: "string" })).toEqual([
      "NaN",
      "-Infinity",
      1,
    ]);
  });

  it("rejects what JSON cannot hold faithfully instead of dropping it", () => {
    expect(() => toPlain({ f: () => 1 })).toThrow(/^toPlain: value\.f is a function/);
    expect(() => toPlain({ n: 1n })).toThrow(TypeError);
    expect(() => toPlain({ m: new Map() })).toThrow(/^toPlain: value\.m is a Map/);
    expect(() => toPlain([new Set([1])])).toThrow(/^toPlain: value\[0\] is a Set/);
    expect(() => toPlain(new BigInt64Array(1))).toThrow(/BigInt64Array/);
    const cyclic: { self?: unknown } = {};
    cyclic.self = cyclic;
    expect(() => toPlain(cyclic)).toThrow(/^toPlain: value\.self refers back/);
  });

  it("keeps a value shared by two branches (not a cycle)", () => {
    const shared = new Float64Array([1]);
    expect(toPlain({ a: shared, b: shared })).toEqual({ a: [1], b: [1] });
  });

  it("checks its options", () => {
    expect(() => toPlain(1, { nonFinit: "null" } as never)).toThrow(/did you mean "nonFinite"/);
    expect(() => toPlain(1, { nonFinite: "zero" as never })).toThrow(RangeError);
  });
});
