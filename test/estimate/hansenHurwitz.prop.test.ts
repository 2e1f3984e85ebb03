import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { hansenHurwitz } from "../../src/estimate/hansenHurwitz.js";
import {
  enumeratePpsWithReplacement,
  expectation,
  pick,
  populationArb,
} from "../helpers/enumerate.js";

// Exact proof by enumeration over all N^n ordered draws (merged by sorted sample):
// E[estimate] = population mean and E[variance estimate] = true variance.
const popArb = populationArb(1, 7, () => [2, 4]);

describe("hansenHurwitz(y, p, N): exact unbiasedness by enumeration of ppsWithReplacement", () => {
  it("E[estimate] = mean and E[variance] = true variance", () => {
    let nontrivial = 0;
    fc.assert(
      fc.property(popArb, ({ y, size, n }) => {
        const N = y.length;
        const Z = size.reduce((s, v) => s + v, 0);
        const p = Float64Array.from(size, (s) => s / Z);
        const yv = Float64Array.from(y);
        const mu = y.reduce((s, v) => s + v, 0) / N;
        const outcomes = enumeratePpsWithReplacement(p, n);
        const est = (o: (typeof outcomes)[number]) =>
          hansenHurwitz(pick(yv, o.sample), pick(p, o.sample), N);
        const e = expectation(outcomes, (o) => est(o).estimate);
        const trueVar = expectation(outcomes, (o) => (est(o).estimate - mu) ** 2);
        const eVar = expectation(outcomes, (o) => est(o).variance);
        const scale = Math.max(1, ...y.map(Math.abs)) / Math.min(...p);
        expect(Math.abs(e - mu)).toBeLessThanOrEqual(1e-12 * scale);
        expect(Math.abs(eVar - trueVar)).toBeLessThanOrEqual(1e-10 * scale ** 2);
        if (trueVar > 1e-6) nontrivial++;
      }),
      { numRuns: 60 },
    );
    expect(nontrivial).toBeGreaterThan(20);
  });
});
