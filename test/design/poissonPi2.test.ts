import { describe, expect, it } from "vitest";
import { poissonPi2 } from "../../src/design/poissonPi2.js";

import { badPikCases } from "./_helpers.js";

const f64 = (...v: number[]) => Float64Array.from(v);

describe("poissonPi2(pik)", () => {
  it("is pik_i pik_j off the diagonal and pik_i on it", () => {
    // [0.5, 0.25, 1]: off-diagonal products 0.125, 0.5, 0.25
    expect(Array.from(poissonPi2(f64(0.5, 0.25, 1)).data)).toEqual([
      0.5, 0.125, 0.5, 0.125, 0.25, 0.25, 0.5, 0.25, 1,
    ]);
  });

  it("leaves its input unchanged", () => {
    const pik = f64(0.5, 0.25);
    const copy = pik.slice();
    poissonPi2(pik);
    expect(pik).toEqual(copy);
  });

  describe("bad input", () => {
    it.each([
      ...badPikCases("poissonPi2"),
      [
        "too large for a dense matrix",
        new Float64Array(12000),
        /poissonPi2: pik.length is too large/,
      ],
    ])("%s", (_, pik, message) => {
      expect(() => poissonPi2(pik)).toThrow(RangeError);
      expect(() => poissonPi2(pik)).toThrow(message);
    });
    it("rejects a pik that is not a Float64Array", () => {
      expect(() => poissonPi2("0.5" as unknown as Float64Array)).toThrow(TypeError);
    });
  });
});
