import { describe, expect, it } from "vitest";
import { temporalSplits } from "../../src/evaluate/temporalSplits.js";

const show = (R: number, W: number) =>
  temporalSplits(R, W).map((s) => [Array.from(s.train), Array.from(s.test)]);

describe("temporalSplits(R, W)", () => {
  it("gives the paper's 10 usable splits for R = 6, W = 2 (Table 2, same order)", () => {
    expect(show(6, 2)).toEqual([
      [
        [0, 1],
        [2, 3, 4, 5],
      ],
      [
        [0, 2],
        [3, 4, 5],
      ],
      [
        [0, 3],
        [4, 5],
      ],
      [[0, 4], [5]],
      [
        [1, 2],
        [3, 4, 5],
      ],
      [
        [1, 3],
        [4, 5],
      ],
      [[1, 4], [5]],
      [
        [2, 3],
        [4, 5],
      ],
      [[2, 4], [5]],
      [[3, 4], [5]],
    ]);
  });

  it("gives C(R - 1, W) splits: 2,024 for 25 runs and W = 3", () => {
    expect(temporalSplits(25, 3)).toHaveLength(2024); // C(24, 3) = 24 * 23 * 22 / 6
    expect(temporalSplits(2, 1)).toHaveLength(1);
    expect(show(4, 3)).toEqual([[[0, 1, 2], [3]]]);
  });

  it("never tests on a run at or before the last training run", () => {
    for (const s of temporalSplits(9, 4)) {
      const last = s.train[3] as number;
      expect(Array.from(s.test)).toEqual(Array.from({ length: 8 - last }, (_, t) => last + 1 + t));
    }
  });

  it("rejects a window larger than R - 1 and other bad sizes", () => {
    expect(() => temporalSplits(6, 6)).toThrow(/temporalSplits: W must be at most R - 1 = 5/);
    expect(() => temporalSplits(6, 0)).toThrow(/W must be at least 1/);
    expect(() => temporalSplits(1, 1)).toThrow(/R must be at least 2/);
    expect(() => temporalSplits(6.5, 2)).toThrow(/R must be an integer/);
    expect(() => temporalSplits(6, Number.NaN)).toThrow(RangeError);
    expect(() => temporalSplits("6" as never, 2)).toThrow(TypeError);
  });
});
