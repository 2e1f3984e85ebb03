import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { predictIrt } from "../../../src/subset/irt/predictIrt.js";
import type { IrtItems } from "../../../src/subset/irt/types.js";

const itemsArb = fc
  .array(
    fc.record({
      a: fc.double({ min: 0.2, max: 4, noNaN: true }),
      b: fc.double({ min: -4, max: 4, noNaN: true }),
    }),
    { minLength: 2, maxLength: 30 },
  )
  .map(
    (xs): IrtItems => ({
      model: "2pl",
      a: Float64Array.from(xs, (x) => x.a),
      b: Float64Array.from(xs, (x) => x.b),
      thetaMean: 0,
      thetaSd: 1.5,
    }),
  );

const caseArb = itemsArb.chain((items) =>
  fc
    .subarray(
      Array.from({ length: items.a.length }, (_, i) => i),
      { minLength: 1 },
    )
    .chain((obs) =>
      fc.tuple(
        fc.constant(items),
        fc.constant(Int32Array.from(obs)),
        fc.uint8Array({ min: 0, max: 1, minLength: obs.length, maxLength: obs.length }),
      ),
    ),
);

describe("predictIrt properties", () => {
  it("estimates lie in [0, 1] and between observed-only bounds; the interval contains them", () => {
    fc.assert(
      fc.property(caseArb, ([items, obs, y]) => {
        const N = items.a.length;
        const p = predictIrt(items, obs, y);
        const hits = y.reduce((s, v) => s + v, 0);
        for (const e of [p.pirt, p.gpirt, p.naive]) {
          expect(e.estimate).toBeGreaterThanOrEqual(-1e-12);
          expect(e.estimate).toBeLessThanOrEqual(1 + 1e-12);
          expect(e.ci[0]).toBeLessThanOrEqual(e.estimate);
          expect(e.ci[1]).toBeGreaterThanOrEqual(e.estimate);
        }
        // The observed successes are counted exactly; the unseen items add at most N - n.
        expect(p.pirt.estimate).toBeGreaterThanOrEqual(hits / N - 1e-12);
        expect(p.pirt.estimate).toBeLessThanOrEqual((hits + N - obs.length) / N + 1e-12);
      }),
      { numRuns: 200 },
    );
  });

  it("turning one failure into a success never lowers p-IRT or the ability", () => {
    fc.assert(
      fc.property(caseArb, fc.nat(), ([items, obs, y], pick) => {
        const zeros = Array.from(y.keys()).filter((t) => y[t] === 0);
        if (zeros.length === 0) return;
        const t = zeros[pick % zeros.length] as number;
        const y2 = Uint8Array.from(y);
        y2[t] = 1;
        for (const ability of ["eap", "map"] as const) {
          const p1 = predictIrt(items, obs, y, { ability });
          const p2 = predictIrt(items, obs, y2, { ability });
          expect(p2.pirt.theta).toBeGreaterThanOrEqual(p1.pirt.theta - 1e-9);
          expect(p2.pirt.estimate).toBeGreaterThanOrEqual(p1.pirt.estimate - 1e-9);
        }
      }),
      { numRuns: 200 },
    );
  });
});
