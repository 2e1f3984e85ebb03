import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { raoHartleyCochran } from "../../src/estimate/raoHartleyCochran.js";
import {
  enumerateRhc,
  expectation,
  pick,
  populationArb,
  type RhcOutcome,
} from "../helpers/enumerate.js";

// Exact proof by enumeration over every random grouping (group sizes floor/ceil of N/n)
// and every one-per-group draw: E[estimate] = population mean, E[variance] = true variance.
const popArb = populationArb(2, 8, (N) => [2, N]);

describe("raoHartleyCochran(y, groupShare, groupTotal, N): exact unbiasedness by enumeration of rhc", () => {
  it("E[estimate] = mean and E[variance] = true variance, for equal and unequal group sizes", () => {
    let unequalGroups = 0;
    fc.assert(
      fc.property(popArb, ({ y, size, n }) => {
        const N = y.length;
        const yv = Float64Array.from(y);
        const mu = y.reduce((s, v) => s + v, 0) / N;
        const outcomes = enumerateRhc(size, n);
        const est = (o: RhcOutcome) =>
          raoHartleyCochran(pick(yv, o.sample), o.groupShare, o.groupTotal, N);
        const e = expectation(outcomes, (o) => est(o).estimate);
        const trueVar = expectation(outcomes, (o) => (est(o).estimate - mu) ** 2);
        const eVar = expectation(outcomes, (o) => est(o).variance);
        const Z = size.reduce((s, v) => s + v, 0);
        const scale = (Math.max(1, ...y.map(Math.abs)) * Z) / Math.min(...size);
        expect(Math.abs(e - mu)).toBeLessThanOrEqual(1e-12 * scale);
        expect(Math.abs(eVar - trueVar)).toBeLessThanOrEqual(1e-10 * scale ** 2);
        if (N % n !== 0) unequalGroups++;
      }),
      { numRuns: 60 },
    );
    expect(unequalGroups).toBeGreaterThan(10);
  });
});
