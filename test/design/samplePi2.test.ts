import { describe, expect, it } from "vitest";
import { rowMatrix } from "../../src/core/rowMatrix.js";
import { samplePi2 } from "../../src/design/samplePi2.js";
import { srsPi2 } from "../../src/design/srsPi2.js";

const i32 = (...v: number[]) => Int32Array.from(v);

describe("samplePi2(pi2, sample)", () => {
  it("extracts the rows and columns of the sampled units, in sample order", () => {
    const pi2 = rowMatrix([
      [0.1, 0.2, 0.3],
      [0.2, 0.4, 0.5],
      [0.3, 0.5, 0.6],
    ]);
    expect(samplePi2(pi2, i32(0, 2))).toEqual({
      data: Float64Array.of(0.1, 0.3, 0.3, 0.6),
      rows: 2,
      cols: 2,
    });
    expect(Array.from(samplePi2(pi2, i32(2, 1)).data)).toEqual([0.6, 0.5, 0.5, 0.4]);
    // srs of 2 out of 4: diagonal 1/2, pair 2 * 1 / (4 * 3) = 1/6
    expect(Array.from(samplePi2(srsPi2(4, 2), i32(1, 3)).data)).toEqual([0.5, 1 / 6, 1 / 6, 0.5]);
  });

  it("returns a 0 x 0 matrix for an empty sample", () => {
    expect(samplePi2(srsPi2(3, 1), i32())).toEqual({ data: new Float64Array(0), rows: 0, cols: 0 });
  });

  it("leaves its inputs unchanged", () => {
    const pi2 = srsPi2(5, 2);
    const data = pi2.data.slice();
    const s = i32(4, 1);
    samplePi2(pi2, s);
    expect(pi2.data).toEqual(data);
    expect(Array.from(s)).toEqual([4, 1]);
  });

  describe("bad input", () => {
    const pi2 = srsPi2(3, 2);
    it.each([
      [
        "a non-square pi2",
        { data: new Float64Array(6), rows: 2, cols: 3 },
        i32(0),
        /samplePi2: pi2 must be square \(got 2 x 3\)/,
      ],
      [
        "a NaN in pi2",
        { data: Float64Array.of(1, Number.NaN, 0, 1), rows: 2, cols: 2 },
        i32(0),
        /samplePi2: pi2 has a non-finite value at row 0, column 1/,
      ],
      [
        "an Infinity in pi2",
        { data: Float64Array.of(1, 0, Number.POSITIVE_INFINITY, 1), rows: 2, cols: 2 },
        i32(0),
        /pi2 has a non-finite value/,
      ],
      [
        "a shape that does not match the data",
        { data: new Float64Array(3), rows: 2, cols: 2 },
        i32(0),
        /samplePi2: pi2.data length 3/,
      ],
      ["an index above N - 1", pi2, i32(0, 3), /samplePi2: sample\[1\] must lie in \[0, 2\]/],
      ["a negative index", pi2, i32(-1), /samplePi2: sample\[0\] must lie in \[0, 2\]/],
      ["a repeated index", pi2, i32(1, 2, 1), /samplePi2: sample\[2\] repeats unit 1/],
    ])("rejects %s", (_, m, s, message) => {
      expect(() => samplePi2(m, s)).toThrow(RangeError);
      expect(() => samplePi2(m, s)).toThrow(message);
    });
    it("rejects bad types", () => {
      expect(() => samplePi2(null as unknown as typeof pi2, i32(0))).toThrow(TypeError);
      expect(() => samplePi2(pi2, "0" as unknown as Int32Array)).toThrow(TypeError);
    });
  });
});
