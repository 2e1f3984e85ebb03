import { describe, expect, it } from "vitest";
import { createRng } from "../../src/core/rng.js";
import { fsum } from "../../src/core/sum.js";
import { constrainedDominates } from "../../src/moea/constrainedDominates.js";
import { crowdingDistance } from "../../src/moea/crowdingDistance.js";
import { igd } from "../../src/moea/igd.js";
import { kneePoint } from "../../src/moea/kneePoint.js";
import { nonDominatedSort } from "../../src/moea/nonDominatedSort.js";
import { nsga2 } from "../../src/moea/nsga2.js";
import { stratifiedSubset } from "../../src/subset/stratifiedSubset.js";

// Regression tests for fuzz findings: calls that hung or let NaN through.
describe("fuzz regressions", () => {
  it("nsga2 refuses more than 1e6 generations instead of running for days", () => {
    const problem = {
      nVar: 1,
      nObj: 2,
      bounds: { low: new Float64Array([0]), high: new Float64Array([1]) },
      evaluate: (x: Float64Array) => new Float64Array([x[0] as number, 1 - (x[0] as number)]),
    };
    expect(() => nsga2(problem as never, createRng(1), { generations: 1e9 })).toThrow(
      /nsga2: generations must be at most 1000000/,
    );
  });

  it("stratifiedSubset refuses a stratum label that would size a 2^31 array", () => {
    const strata = Int32Array.from([0, 0, 1, 1, 2, 2 ** 31 - 1]);
    expect(() => stratifiedSubset(strata, 2, createRng(1))).toThrow(
      /stratifiedSubset: max\(strata\) \+ 1 is too large/,
    );
  });

  it("fsum refuses NaN and infinite values", () => {
    expect(() => fsum([1, Number.NaN, 2])).toThrow(/fsum: x\[1\] must be finite/);
    expect(() => fsum(new Float64Array([1, Number.POSITIVE_INFINITY]))).toThrow(RangeError);
  });
});

describe("objective matrices without columns", () => {
  it("are refused by every function that reads objectives (they came back as if computed)", () => {
    const none = [[], [], []];
    const msg = (fn: string, name: string) =>
      `${fn}: ${name} has no columns: each row needs at least one objective`;
    expect(() => nonDominatedSort(none)).toThrow(msg("nonDominatedSort", "F"));
    expect(() => crowdingDistance(none)).toThrow(msg("crowdingDistance", "F"));
    expect(() => constrainedDominates(none, 0, 1)).toThrow(msg("constrainedDominates", "F"));
    expect(() => kneePoint(none)).toThrow(msg("kneePoint", "front"));
    expect(() => igd([[]], [[]])).toThrow(msg("igd", "front"));
    expect(() => igd([[1]], [[]])).toThrow(msg("igd", "reference"));
    // no rows is still an empty problem, not a missing objective
    expect(nonDominatedSort([])).toEqual([]);
  });
});
