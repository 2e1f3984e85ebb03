import { describe, expect, it } from "vitest";
import { stepwiseSubset } from "../../../src/subset/irt/stepwiseSubset.js";
import { type Outcomes, outcomes } from "../../../src/subset/outcomes.js";
import { normals, simulate } from "./_sim.js";

// Runs a, b, c resolve {x, y, z}, {x, y}, {x}: rates 1, 2/3, 1/3.
const h3 = outcomes([
  { run: "a", item: "x", resolved: 1 },
  { run: "a", item: "y", resolved: 1 },
  { run: "a", item: "z", resolved: 1 },
  { run: "b", item: "x", resolved: 1 },
  { run: "b", item: "y", resolved: 1 },
  { run: "b", item: "z", resolved: 0 },
  { run: "c", item: "x", resolved: 1 },
  { run: "c", item: "y", resolved: 0 },
  { run: "c", item: "z", resolved: 0 },
]);

function sim(seed: string, R = 40, N = 30): Outcomes {
  return simulate(
    seed,
    normals(`${seed}t`, R, 1.5),
    normals(`${seed}a`, N, 0.3, 1).map(Math.abs),
    normals(`${seed}b`, N, 1.5),
  );
}

describe("stepwiseSubset(history, k, options)", () => {
  it("an item and its complement tie whatever the order of options.runs: the lower index wins", () => {
    const cols = [
      [1, 1, 0],
      [0, 0, 1],
      [0, 1, 1],
      [0, 0, 1],
      [1, 0, 0],
      [0, 0, 0],
    ];
    const recs = [];
    for (let r = 0; r < 3; r++)
      for (let i = 0; i < cols.length; i++)
        recs.push({ run: `r${r}`, item: `i${i}`, resolved: (cols[i] as number[])[r] as number });
    const h = outcomes(recs);
    // item 1 won with runs [0, 1, 2] by the last bit of a rounding
    expect(Array.from(stepwiseSubset(h, 1, { runs: [0, 1, 2] }))).toEqual([0]);
    expect(Array.from(stepwiseSubset(h, 1, { runs: [2, 1, 0] }))).toEqual([0]);
    for (const seed of ["order-1", "order-2", "order-3"]) {
      const o = sim(seed, 12, 40);
      const runs = [0, 1, 2, 3, 4, 5, 6, 7];
      expect(Array.from(stepwiseSubset(o, 6, { runs: [...runs].reverse() }))).toEqual(
        Array.from(stepwiseSubset(o, 6, { runs })),
      );
    }
  });

  it("worked example: y and z tie, the lower index wins, then z; x never varies", () => {
    // Centred rates e = (1/3, 0, -1/3); centred y = (1/3, 1/3, -2/3), z = (2/3, -1/3, -1/3):
    // y.e = z.e = 1/3 and |y|^2 = |z|^2 = 2/3, so both score (1/3)^2 / (2/3) = 1/6.
    expect(Array.from(stepwiseSubset(h3, 2, { penalty: 0 }))).toEqual([1, 2]);
    expect(Array.from(stepwiseSubset(h3, 3, { penalty: 0 }))).toEqual([1, 2, 0]);
  });

  it("the penalty favours the column with more variance left", () => {
    // Items 0, 1, 2 over 5 runs; rates f = (1/3, 2/3, 1/3, 1, 0), centred e = (-2, 3, -2, 8, -7) / 15.
    const rows = [
      [1, 0, 0],
      [1, 0, 1],
      [0, 0, 1],
      [1, 1, 1],
      [0, 0, 0],
    ];
    const h = outcomes(
      rows.flatMap((row, r) => row.map((y, i) => ({ run: `r${r}`, item: `i${i}`, resolved: y }))),
    );
    // Item 1 centred (-.2, -.2, -.2, .8, -.2): |q|^2 = 0.8, q.e = 8/15.
    // Items 0 and 2: |q|^2 = 1.2, q.e = 9/15.
    // kappa = 0: (8/15)^2 / 0.8 = 0.356 > (9/15)^2 / 1.2 = 0.3, item 1 first;
    // kappa = 10: 0.284 / 10.8 = 0.0263 < 0.36 / 11.2 = 0.0321, item 0 first (tie with 2, lower index).
    expect(stepwiseSubset(h, 1, { penalty: 0 })[0]).toBe(1);
    expect(stepwiseSubset(h, 1, { penalty: 10 })[0]).toBe(0);
  });

  it("only the chosen runs count", () => {
    const o = sim("runs");
    const runs = [0, 3, 5, 8, 13, 21, 34, 2, 7];
    const sub: Outcomes = {
      runs: runs.map((r) => o.runs[r] as string),
      items: o.items,
      data: Uint8Array.from(runs.flatMap((r) => Array.from(o.data.subarray(r * 30, (r + 1) * 30)))),
    };
    expect(stepwiseSubset(o, 5, { runs })).toEqual(stepwiseSubset(sub, 5));
  });

  it("returns k distinct items, deterministically, and leaves the history unchanged", () => {
    const o = sim("det");
    const copy = Uint8Array.from(o.data);
    const s1 = stepwiseSubset(o, 12);
    const s2 = stepwiseSubset(o, 12);
    expect(s1).toEqual(s2);
    expect(new Set(s1).size).toBe(12);
    expect(o.data).toEqual(copy);
    // k = items returns a permutation of all items.
    expect(Array.from(stepwiseSubset(o, 30)).sort((u, v) => u - v)).toEqual(
      Array.from({ length: 30 }, (_, i) => i),
    );
  });

  it("throws on bad input", () => {
    expect(() => stepwiseSubset({} as Outcomes, 1)).toThrow(TypeError);
    expect(() =>
      stepwiseSubset({ ...h3, data: Uint8Array.of(1, 2, 0, 1, 1, 0, 1, 0, 0) }, 1),
    ).toThrow(/stepwiseSubset: history.data must hold 0 or 1/);
    expect(() => stepwiseSubset(h3, 0)).toThrow(/stepwiseSubset: k must be at least 1/);
    expect(() => stepwiseSubset(h3, 4)).toThrow(
      /stepwiseSubset: k must be at most the number of items \(3\)/,
    );
    expect(() => stepwiseSubset(h3, 1.5)).toThrow(RangeError);
    expect(() => stepwiseSubset(h3, Number.NaN)).toThrow(RangeError);
    expect(() => stepwiseSubset(h3, "2" as unknown as number)).toThrow(TypeError);
    expect(() => stepwiseSubset(h3, 1, { penalty: -1 })).toThrow(
      /stepwiseSubset: options.penalty must be at least 0/,
    );
    expect(() => stepwiseSubset(h3, 1, { penalty: Number.NaN })).toThrow(
      /options.penalty must be finite/,
    );
    expect(() => stepwiseSubset(h3, 1, { runs: [] })).toThrow(
      /stepwiseSubset: options.runs is empty/,
    );
    expect(() => stepwiseSubset(h3, 1, { runs: [0, 0] })).toThrow(/lists run 0 twice/);
    expect(() => stepwiseSubset(h3, 1, { runs: [3] })).toThrow(RangeError);
    expect(() => stepwiseSubset(h3, 1, null as unknown as object)).toThrow(TypeError);
  });
});
