import { describe, expect, it } from "vitest";
import { cliffsDelta } from "../../src/stats/cliffsDelta.js";

const f = (v: number[]) => Float64Array.from(v);

describe("cliffsDelta(x, y)", () => {
  it("counts wins minus losses over all pairs", () => {
    // x = [3,4,5] vs y = [1,2,3]: 3 beats 1,2 and ties 3; 4, 5 beat all -> 8 wins, 0 losses of 9
    expect(cliffsDelta(f([3, 4, 5]), f([1, 2, 3]))).toEqual({ delta: 8 / 9, magnitude: "large" });
    expect(cliffsDelta(f([1, 2]), f([1, 2])).delta).toBe(0);
  });

  it("labels magnitudes at 0.147 / 0.33 / 0.474", () => {
    // x = [1] vs y of length 1000 with w values below 1 and 1000 - w above: delta = (2w - 1000) / 1000
    const mk = (w: number) => f(Array.from({ length: 1000 }, (_, i) => (i < w ? 0 : 2)));
    expect(cliffsDelta(f([1]), mk(573)).magnitude).toBe("negligible"); // 0.146
    expect(cliffsDelta(f([1]), mk(574)).magnitude).toBe("small"); // 0.148
    expect(cliffsDelta(f([1]), mk(664)).magnitude).toBe("small"); // 0.328
    expect(cliffsDelta(f([1]), mk(665)).magnitude).toBe("medium"); // 0.33
    expect(cliffsDelta(f([1]), mk(736)).magnitude).toBe("medium"); // 0.472
    expect(cliffsDelta(f([1]), mk(737)).magnitude).toBe("large"); // 0.474
    expect(cliffsDelta(f([1]), mk(0)).magnitude).toBe("large"); // -1
  });

  it("takes booleans on either side, so swapping the arguments never throws", () => {
    expect(cliffsDelta([1, 0], [true, false]).delta).toBe(0);
    expect(cliffsDelta([true, true], [1, 0]).delta).toBe(-cliffsDelta([1, 0], [true, true]).delta);
  });

  it("leaves its inputs unchanged (y is sorted on a copy)", () => {
    const x = f([5, 1, 3]);
    const y = f([4, 2, 0]);
    cliffsDelta(x, y);
    expect(Array.from(x)).toEqual([5, 1, 3]);
    expect(Array.from(y)).toEqual([4, 2, 0]);
  });

  it("rejects bad input with typed errors", () => {
    expect(() => cliffsDelta("1" as never, f([1]))).toThrow(TypeError);
    expect(() => cliffsDelta(f([]), f([1]))).toThrow(/cliffsDelta: x is empty/);
    expect(() => cliffsDelta(f([1]), f([]))).toThrow(/cliffsDelta: y is empty/);
    expect(() => cliffsDelta(f([Number.NaN]), f([1]))).toThrow(/cliffsDelta: x\[0\] is not finite/);
    expect(() => cliffsDelta(f([1]), f([Number.POSITIVE_INFINITY]))).toThrow(RangeError);
  });
});
