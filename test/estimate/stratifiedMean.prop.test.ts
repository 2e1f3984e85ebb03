import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { stratifiedMean } from "../../src/estimate/stratifiedMean.js";
import { enumerateStratifiedSrs, expectation, pick } from "../helpers/enumerate.js";

// Exact proof by enumeration of stratified SRS (product of SRS per stratum), which also
// covers plain SRS with fpc (one stratum): E[estimate] = mean, E[variance] = true variance.
const stratumArb = fc.integer({ min: 1, max: 5 }).chain((Nh) =>
  fc.record({
    Nh: fc.constant(Nh),
    nh: Nh === 1 ? fc.constant(1) : fc.integer({ min: 2, max: Nh }),
  }),
);
const popArb = fc.array(stratumArb, { minLength: 1, maxLength: 3 }).chain((strata) => {
  const N = strata.reduce((s, h) => s + h.Nh, 0);
  return fc.record({
    strata: fc.constant(strata),
    y: fc.array(
      fc.integer({ min: -500, max: 500 }).map((v) => v / 10),
      { minLength: N, maxLength: N },
    ),
  });
});

describe("stratifiedMean(y, strata, stratumSizes): exact unbiasedness by enumeration of stratifiedSrs", () => {
  it("E[estimate] = mean and E[variance] = true variance (fpc, census strata included)", () => {
    let nontrivial = 0;
    fc.assert(
      fc.property(popArb, ({ strata, y }) => {
        const N = y.length;
        const label: number[] = [];
        strata.forEach((h, i) => {
          for (let k = 0; k < h.Nh; k++) label.push(i);
        });
        const stratumSizes = Int32Array.from(strata, (h) => h.Nh);
        const allocation = Int32Array.from(strata, (h) => h.nh);
        const yv = Float64Array.from(y);
        const lv = Float64Array.from(label);
        const mu = y.reduce((s, v) => s + v, 0) / N;
        const outcomes = enumerateStratifiedSrs(label, allocation);
        const est = (o: (typeof outcomes)[number]) =>
          stratifiedMean(pick(yv, o.sample), Int32Array.from(pick(lv, o.sample)), stratumSizes);
        const e = expectation(outcomes, (o) => est(o).estimate);
        const trueVar = expectation(outcomes, (o) => (est(o).estimate - mu) ** 2);
        const eVar = expectation(outcomes, (o) => est(o).variance);
        const scale = Math.max(1, ...y.map(Math.abs));
        expect(Math.abs(e - mu)).toBeLessThanOrEqual(1e-12 * scale);
        expect(Math.abs(eVar - trueVar)).toBeLessThanOrEqual(1e-10 * scale ** 2);
        if (trueVar > 1e-6) nontrivial++;
      }),
      { numRuns: 100 },
    );
    expect(nontrivial).toBeGreaterThan(30);
  });
});
