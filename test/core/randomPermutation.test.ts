import { describe, expect, it } from "vitest";
import { randomPermutation } from "../../src/core/randomPermutation.js";
import { createRng } from "../../src/core/rng.js";

describe("randomPermutation(fn, n, rng)", () => {
  it("uses one draw per position from the end: u = 0.9, 0.1 on n = 3 gives [1, 0, 2]", () => {
    // i = 2: j = floor(0.9 * 3) = 2, no change; i = 1: j = floor(0.1 * 2) = 0, swap positions 1 and 0
    const us = [0.9, 0.1];
    let k = 0;
    expect(Array.from(randomPermutation("t", 3, () => us[k++] as number))).toEqual([1, 0, 2]);
  });
  it("is uniform over the 6 permutations of 3 (frequencies within 5 SE over 60,000 draws)", () => {
    const rng = createRng("perm");
    const counts = new Map<string, number>();
    const R = 60_000;
    for (let r = 0; r < R; r++) {
      const key = Array.from(randomPermutation("t", 3, rng)).join("");
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    expect(counts.size).toBe(6);
    const se = Math.sqrt(R * (1 / 6) * (5 / 6));
    for (const c of counts.values()) expect(Math.abs(c - R / 6)).toBeLessThan(5 * se);
  });
  it("names the caller when the rng is broken", () => {
    expect(() => randomPermutation("rhc", 3, () => 1)).toThrow(/rhc: rng returned a value outside/);
    // null and "0.5" compare as numbers; they were taken as draws
    expect(() => randomPermutation("rhc", 3, () => null as unknown as number)).toThrow(
      new TypeError("rhc: rng must return a number in [0, 1) (got null)"),
    );
    expect(() => randomPermutation("rhc", 3, () => "0.5" as unknown as number)).toThrow(TypeError);
  });
});
