import { describe, expect, it } from "vitest";
import { consistencyStrata } from "../../src/subset/consistencyStrata.js";
import { crossStrata } from "../../src/subset/crossStrata.js";
import { difficultyStrata } from "../../src/subset/difficultyStrata.js";
import { repositoryStrata } from "../../src/subset/repositoryStrata.js";
import { table } from "./_make.js";

// 4 runs x 5 items; pass counts by hand: i0 4, i1 0, i2 2, i3 3, i4 1
const h = table([
  [1, 0, 1, 1, 0],
  [1, 0, 0, 1, 1],
  [1, 0, 1, 1, 0],
  [1, 0, 0, 0, 0],
]);

describe("consistencyStrata(history, { runs })", () => {
  it("labels each item by its pass count over all runs or the chosen window", () => {
    expect(Array.from(consistencyStrata(h))).toEqual([4, 0, 2, 3, 1]);
    // runs 1 and 3: i0 2, i1 0, i2 0, i3 1, i4 1
    expect(Array.from(consistencyStrata(h, { runs: [1, 3] }))).toEqual([2, 0, 0, 1, 1]);
    expect(Array.from(consistencyStrata(h, { runs: Int32Array.of(0) }))).toEqual([1, 0, 1, 1, 0]);
  });

  it("rejects bad windows and malformed outcomes", () => {
    expect(() => consistencyStrata(h, { runs: [] })).toThrow(/options.runs is empty/);
    expect(() => consistencyStrata(h, { runs: [4] })).toThrow(
      /options.runs\[0\] must be at most 3/,
    );
    expect(() => consistencyStrata(h, { runs: [1, 1] })).toThrow(/lists run 1 twice/);
    expect(() => consistencyStrata(h, { runs: "0" as never })).toThrow(TypeError);
    const bad = { ...h, data: Uint8Array.from(h.data, (v, t) => (t === 3 ? 2 : v)) };
    expect(() => consistencyStrata(bad)).toThrow(/history.data must hold 0 or 1/);
    const dup = { ...h, items: ["a", "b", "a", "c", "d"] };
    expect(() => consistencyStrata(dup)).toThrow(/duplicate item id "a"/);
    const short = { ...h, data: h.data.subarray(1) };
    expect(() => consistencyStrata(short)).toThrow(/does not equal runs \* items/);
  });

  it("leaves the history unchanged", () => {
    const before = Uint8Array.from(h.data);
    consistencyStrata(h);
    expect(h.data).toEqual(before);
  });
});

describe("difficultyStrata(history, { runs })", () => {
  it("marks strict-majority passes easy (1); an exact half is hard", () => {
    // W = 4: easy when count > 2 -> i0 (4), i3 (3)
    expect(Array.from(difficultyStrata(h))).toEqual([1, 0, 0, 1, 0]);
    // W = 3 (runs 0..2): counts 3, 0, 2, 3, 1 -> easy when >= 2
    expect(Array.from(difficultyStrata(h, { runs: [0, 1, 2] }))).toEqual([1, 0, 1, 1, 0]);
  });

  it("equals consistencyStrata with a single run", () => {
    for (let r = 0; r < 4; r++) {
      expect(difficultyStrata(h, { runs: [r] })).toEqual(consistencyStrata(h, { runs: [r] }));
    }
  });

  it("rejects a bad window", () => {
    expect(() => difficultyStrata(h, { runs: [-1] })).toThrow(
      /difficultyStrata: options.runs\[0\]/,
    );
  });
});

describe("repositoryStrata(itemRepo)", () => {
  it("labels repositories by alphabetical rank", () => {
    expect(Array.from(repositoryStrata(["sympy", "django", "sympy", "astropy"]))).toEqual([
      2, 1, 2, 0,
    ]);
  });

  it("rejects empty or non-string input", () => {
    expect(() => repositoryStrata([])).toThrow(RangeError);
    expect(() => repositoryStrata([1 as never])).toThrow(TypeError);
    expect(() => repositoryStrata("x" as never)).toThrow(TypeError);
  });
});

describe("crossStrata(a, b)", () => {
  it("numbers the non-empty (a, b) cells lexicographically", () => {
    // cells present: (0,0) -> 0, (0,2) -> 1, (1,2) -> 2
    expect(
      Array.from(crossStrata(Int32Array.of(0, 0, 1, 1, 0), Int32Array.of(2, 0, 2, 2, 2))),
    ).toEqual([1, 0, 2, 2, 1]);
  });

  it("rejects different lengths, negative labels and non-Int32Array input", () => {
    expect(() => crossStrata(Int32Array.of(0, 1), Int32Array.of(0))).toThrow(/lengths differ/);
    expect(() => crossStrata(Int32Array.of(-1), Int32Array.of(0))).toThrow(RangeError);
    expect(() => crossStrata("0" as never, Int32Array.of(0))).toThrow(TypeError);
  });
});
