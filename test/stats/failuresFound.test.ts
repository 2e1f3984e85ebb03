import { describe, expect, it } from "vitest";
import { failuresFound } from "../../src/stats/failuresFound.js";

describe("failuresFound(selected, y)", () => {
  const y = new Uint8Array([0, 1, 1, 0, 1]);
  it("counts distinct selected failures", () => {
    // selected 1 (fail), 3 (pass), 4 (fail), 1 again (already counted) -> 2
    expect(failuresFound(new Int32Array([1, 3, 4, 1]), y)).toBe(2);
    expect(failuresFound(new Int32Array([]), y)).toBe(0);
    expect(failuresFound(new Int32Array([0, 1, 2, 3, 4]), y)).toBe(3);
  });

  it("leaves inputs unchanged", () => {
    const s = new Int32Array([4, 1]);
    failuresFound(s, y);
    expect(Array.from(s)).toEqual([4, 1]);
    expect(Array.from(y)).toEqual([0, 1, 1, 0, 1]);
  });

  it("rejects bad input with typed errors", () => {
    expect(() => failuresFound("1" as never, y)).toThrow(TypeError);
    expect(() => failuresFound(new Int32Array([1]), "1" as never)).toThrow(TypeError);
    expect(() => failuresFound(new Int32Array([5]), y)).toThrow(
      /failuresFound: selected\[0\] must lie in \[0, 4\]/,
    );
    expect(() => failuresFound(new Int32Array([-1]), y)).toThrow(RangeError);
    expect(() => failuresFound(new Int32Array([0]), new Uint8Array([2]))).toThrow(
      /failuresFound: y\[0\] must be 0 or 1/,
    );
  });

  it("says that y is empty rather than naming an empty range [0, -1]", () => {
    expect(failuresFound([], [])).toBe(0);
    expect(() => failuresFound([0], [])).toThrow(
      /^failuresFound: y is empty, so selected must be empty too \(no index is valid; got 1 index\)$/,
    );
    expect(() => failuresFound(new Int32Array([-1, 3]), new Uint8Array(0))).toThrow(
      /^failuresFound: y is empty, so selected must be empty too .*got 2 indices/,
    );
    expect(() => failuresFound([0.5], [])).toThrow(
      /failuresFound: selected\[0\] must be an integer/,
    );
  });
});
