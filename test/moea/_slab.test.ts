import { describe, expect, it } from "vitest";
import { copyF64, newF64 } from "../../src/moea/_slab.js";

describe("newF64 / copyF64 (internal genome buffers)", () => {
  // first in this file (its own module instance): the slab is still the empty placeholder
  it("an empty array on the very first call (a view at the placeholder's end threw)", () => {
    expect(newF64(0).length).toBe(0);
    expect(copyF64(new Float64Array(0)).length).toBe(0);
    expect(newF64(3).length).toBe(3);
  });
  it("gives zero-filled arrays of the asked length that never overlap", () => {
    const arrays = Array.from({ length: 300 }, (_, i) => newF64(1 + (i % 37)));
    arrays.forEach((x, i) => {
      expect(x.length).toBe(1 + (i % 37));
      expect(x.every((v) => v === 0)).toBe(true);
      x.fill(i + 1);
    });
    // Writing every array with its own value left every other array intact.
    arrays.forEach((x, i) => {
      expect(x.every((v) => v === i + 1)).toBe(true);
    });
  });
  it("copies values into a new array; the source is untouched and not shared", () => {
    const x = Float64Array.from([0.25, -1, 3.5]);
    const y = copyF64(x);
    expect(Array.from(y)).toEqual([0.25, -1, 3.5]);
    y[0] = 9;
    expect(x[0]).toBe(0.25);
    expect(y).not.toBe(x);
  });
  it("long and empty arrays work too", () => {
    const long = newF64(5000);
    expect(long.length).toBe(5000);
    expect(long.byteOffset).toBe(0);
    expect(newF64(0).length).toBe(0);
    expect(Array.from(copyF64(Float64Array.from({ length: 4000 }, (_, i) => i))).at(-1)).toBe(3999);
  });
});
