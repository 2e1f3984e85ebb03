import { describe, expect, it } from "vitest";
import { recallAtK } from "../../src/stats/recallAtK.js";
import { expectClose, fixture } from "./_fixture.js";

describe("recallAtK(ranking, relevant, k)", () => {
  const ranking = new Int32Array([3, 1, 0, 2, 4]);
  const relevant = new Uint8Array([1, 0, 0, 1, 1]);
  it("divides relevant items in the top K by all relevant items", () => {
    // top 2 = {3, 1}: one of the 3 relevant; top 3 adds item 0 -> 2 of 3
    expect(recallAtK(ranking, relevant, 2)).toBe(1 / 3);
    expect(recallAtK(ranking, new Set([0, 3, 4]), 3)).toBe(2 / 3);
    expect(recallAtK(ranking, relevant, 0)).toBe(0);
    expect(recallAtK(ranking, relevant, 5)).toBe(1);
  });

  it("counts relevant items missing from a partial ranking in the denominator", () => {
    expect(recallAtK(new Int32Array([3]), relevant, 1)).toBe(1 / 3);
  });

  it("matches the numpy curve (test/fixtures/stats.json)", () => {
    for (const c of fixture.recall as {
      ranking: number[];
      relevant: number[];
      recall: number[];
    }[]) {
      const r = Int32Array.from(c.ranking);
      const rel = Uint8Array.from(c.relevant);
      for (let k = 0; k <= r.length; k++)
        expectClose(recallAtK(r, rel, k), c.recall[k] as number, 1e-14);
    }
  });

  it("leaves inputs unchanged", () => {
    recallAtK(ranking, relevant, 3);
    expect(Array.from(ranking)).toEqual([3, 1, 0, 2, 4]);
    expect(Array.from(relevant)).toEqual([1, 0, 0, 1, 1]);
  });

  it("rejects bad input with typed errors", () => {
    expect(() => recallAtK("0" as never, relevant, 1)).toThrow(TypeError);
    expect(() => recallAtK(ranking, "1, 0" as never, 1)).toThrow(
      /recallAtK: relevant must be a Uint8Array/,
    );
    expect(() => recallAtK(new Int32Array([]), relevant, 0)).toThrow(/recallAtK: ranking is empty/);
    expect(() => recallAtK(new Int32Array([0, 0]), relevant, 1)).toThrow(
      /ranking lists item 0 twice/,
    );
    expect(() => recallAtK(new Int32Array([-1]), relevant, 1)).toThrow(RangeError);
    expect(() => recallAtK(new Int32Array([7]), relevant, 1)).toThrow(
      /ranking\[0\] is not an index of relevant/,
    );
    expect(() => recallAtK(ranking, new Uint8Array(5), 1)).toThrow(/no relevant item/);
    expect(() => recallAtK(ranking, new Set<number>(), 1)).toThrow(/no relevant item/);
    expect(() => recallAtK(ranking, new Set([0.5]), 1)).toThrow(/non-negative integer/);
    expect(() => recallAtK(ranking, new Uint8Array([2, 0, 0, 0, 0]), 1)).toThrow(
      /relevant\[0\] must be 0 or 1/,
    );
    expect(() => recallAtK(ranking, relevant, 6)).toThrow(/recallAtK: k must be at most 5/);
    expect(() => recallAtK(ranking, relevant, -1)).toThrow(/recallAtK: k must be at least 0/);
    expect(() => recallAtK(ranking, relevant, Number.NaN)).toThrow(RangeError);
  });
});
