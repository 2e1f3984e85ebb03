import { describe, expect, it } from "vitest";
import { createRng, type Rng } from "../../src/core/rng.js";
import { rowMatrix } from "../../src/core/rowMatrix.js";
import { crowdingDistance as crowd, crowdingDistance } from "../../src/moea/crowdingDistance.js";
import { nonDominatedSort } from "../../src/moea/nonDominatedSort.js";
import { nsga2Init } from "../../src/moea/nsga2Init.js";

const INF = Number.POSITIVE_INFINITY;

describe("crowdingDistance(F)", () => {
  it("fronts of one or two points are all Infinity (as Deb's C NSGA-II)", () => {
    expect(Array.from(crowdingDistance(rowMatrix([[0.3, 0.7]])))).toEqual([INF]);
    expect(
      Array.from(
        crowdingDistance(
          rowMatrix([
            [0, 1],
            [1, 0],
          ]),
        ),
      ),
    ).toEqual([INF, INF]);
  });
  it("boundaries are Infinity; interior points add normalised neighbour gaps divided by M", () => {
    // f1 sorted: rows 0,1,2,3 = 0,1,4,10 (range 10): row1 (4-0)/(2*10) = 0.2, row2 (10-1)/20 = 0.45
    // f2 sorted: rows 3,2,1,0 = 0,4,5,10 (range 10): row2 (5-0)/20 = 0.25, row1 (10-4)/20 = 0.3
    const d = crowdingDistance(
      rowMatrix([
        [0, 10],
        [1, 5],
        [4, 4],
        [10, 0],
      ]),
    );
    expect(d[0]).toBe(INF);
    expect(d[3]).toBe(INF);
    expect(d[1]).toBeCloseTo(0.5, 15);
    expect(d[2]).toBeCloseTo(0.7, 15);
  });
  it("a constant objective adds nothing but still marks its ends (lowest and highest index)", () => {
    // f1: row1 gets (2-0)/(2*2) = 0.5; f2 is constant (range 0).
    expect(
      Array.from(
        crowdingDistance(
          rowMatrix([
            [0, 1],
            [1, 1],
            [2, 1],
          ]),
        ),
      ),
    ).toEqual([INF, 0.5, INF]);
    // All columns constant: only the first and last row (by index) are boundaries.
    expect(
      Array.from(
        crowdingDistance(
          rowMatrix([
            [1, 1],
            [1, 1],
            [1, 1],
            [1, 1],
          ]),
        ),
      ),
    ).toEqual([INF, 0, 0, INF]);
  });
  it("duplicates are not special-cased: each gets one neighbour gap", () => {
    // f1 order rows 0,1,2,3 = 0,1,1,2 (range 2): row1 (1-0)/4, row2 (2-1)/4;
    // f2 order rows 3,1,2,0 = 0,1,1,2: row1 (1-0)/4, row2 (2-1)/4.
    expect(
      Array.from(
        crowdingDistance(
          rowMatrix([
            [0, 2],
            [1, 1],
            [1, 1],
            [2, 0],
          ]),
        ),
      ),
    ).toEqual([INF, 0.5, 0.5, INF]);
  });
  it("three objectives: every objective's minimum and maximum is a boundary", () => {
    // Row 3 is nowhere a minimum but is the maximum of f3; Deb's C code would give it
    // a finite distance, the paper and DEAP give Infinity.
    const F = rowMatrix([
      [0, 2, 1],
      [2, 0, 1],
      [1, 1, 0],
      [1, 1, 2],
      [0.5, 1.5, 1],
    ]);
    const d = crowdingDistance(F);
    expect(Array.from(d.slice(0, 4))).toEqual([INF, INF, INF, INF]);
    // Row 4 (all ranges 2, M = 3): f1 order rows 0,4,2,3,1 -> (1 - 0) / 6;
    // f2 order rows 1,2,3,4,0 -> (2 - 1) / 6; f3 order rows 2,0,1,4,3 -> (2 - 1) / 6. Sum 0.5.
    expect(d[4]).toBeCloseTo(0.5, 15);
  });
  it("computes each front separately when fronts are given", () => {
    const F = rowMatrix([
      [0, 10],
      [5, 5],
      [1, 5],
      [7, 7],
      [4, 4],
      [10, 0],
      [9, 9],
    ]);
    const fronts = nonDominatedSort(F);
    expect(fronts.map((f) => Array.from(f))).toEqual([[0, 2, 4, 5], [1], [3], [6]]);
    const d = crowdingDistance(F, { fronts });
    const alone = crowdingDistance(
      rowMatrix([
        [0, 10],
        [1, 5],
        [4, 4],
        [10, 0],
      ]),
    );
    expect([d[0], d[2], d[4], d[5]]).toEqual(Array.from(alone));
    expect([d[1], d[3], d[6]]).toEqual([INF, INF, INF]);
  });
  it("leaves its inputs unchanged", () => {
    const F = rowMatrix([
      [0, 3],
      [1, 1],
      [3, 0],
    ]);
    const fronts = [new Int32Array([2, 0, 1])];
    crowdingDistance(F, { fronts });
    expect(Array.from(F.data)).toEqual([0, 3, 1, 1, 3, 0]);
    expect(Array.from(fronts[0] as Int32Array)).toEqual([2, 0, 1]);
  });
  it("rejects a non-matrix and NaN objectives", () => {
    expect(() => crowdingDistance({} as never)).toThrow(TypeError);
    expect(() =>
      crowdingDistance({ data: new Float64Array([Number.NaN]), rows: 1, cols: 1 }),
    ).toThrow(/crowdingDistance: F has a non-finite value/);
  });
  it("rejects fronts that are not an array of integer arrays", () => {
    const F = rowMatrix([[0, 1]]);
    expect(() => crowdingDistance(F, { fronts: new Int32Array([0]) as never })).toThrow(TypeError);
    expect(() => crowdingDistance(F, { fronts: [[0.5]] as never })).toThrow(RangeError);
    expect(() => crowdingDistance(F, { fronts: [["0"]] as never })).toThrow(TypeError);
  });
  it("rejects fronts that repeat, miss or exceed rows", () => {
    const F = rowMatrix([
      [0, 1],
      [1, 0],
    ]);
    expect(() => crowdingDistance(F, { fronts: [new Int32Array([0, 0])] })).toThrow(
      /more than once/,
    );
    expect(() => crowdingDistance(F, { fronts: [new Int32Array([0])] })).toThrow(
      /cover 1 of the 2/,
    );
    expect(() => crowdingDistance(F, { fronts: [new Int32Array([0, 2])] })).toThrow(RangeError);
  });
});

describe("crowdingDistance when an objective's range overflows", () => {
  it("computes the ratios from halved values instead of giving NaN", () => {
    const F = rowMatrix([
      [-1e308, 1e308],
      [0, 0],
      [1e308, -1e308],
    ]);
    // each objective: gap 2e308 over range 2e308 -> 1 / 2 per objective
    expect(Array.from(crowd(F))).toEqual([Number.POSITIVE_INFINITY, 1, Number.POSITIVE_INFINITY]);
  });

  it("divides in two steps when the objectives times the range overflow (a finite range near 1e308)", () => {
    const F = rowMatrix([
      [0, 1e308],
      [0.5e308, 0.5e308],
      [1e308, 0],
    ]);
    // as the unscaled [[0, 1], [0.5, 0.5], [1, 0]]; 2 * 1e308 gave every interior point 0
    expect(Array.from(crowd(F))).toEqual([Number.POSITIVE_INFINITY, 1, Number.POSITIVE_INFINITY]);
    const s = nsga2Init(
      {
        init: (rng: Rng) => rng(),
        evaluate: (x: number) => [x * 1e308, (1 - x) * 1e308],
        crossover: (a: number, b: number) => [a, b] as const,
        mutate: (x: number) => x,
      },
      createRng(2),
      { populationSize: 8 },
    );
    expect(
      Array.from(s.crowding).filter((c) => c > 0 && c < Number.POSITIVE_INFINITY),
    ).toHaveLength(6);
  });
});
