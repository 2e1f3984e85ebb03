import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { toRisk } from "../../src/features/toRisk.js";

const scores = fc
  .array(fc.double({ min: -1e6, max: 1e6, noNaN: true }), { minLength: 1, maxLength: 30 })
  .map((a) => Float64Array.from(a));
const orientation = fc.constantFrom("higher" as const, "lower" as const);
const floor = fc.double({ min: 0, max: 2, noNaN: true });

describe("toRisk(score, orientation, { floor }) properties", () => {
  it("is non-negative (positive when floor > 0) and finite", () => {
    fc.assert(
      fc.property(scores, orientation, floor, (s, o, f) => {
        for (const r of toRisk(s, o, { floor: f })) {
          expect(r).toBeGreaterThanOrEqual(0);
          expect(Number.isFinite(r)).toBe(true);
          const range = Math.max(...s) - Math.min(...s);
          if (f * range > 0 || range === 0) expect(r).toBeGreaterThan(0);
        }
      }),
    );
  });
  it("ranks units as the score does (reversed for 'lower')", () => {
    fc.assert(
      fc.property(scores, orientation, floor, (s, o, f) => {
        const r = toRisk(s, o, { floor: f });
        for (let i = 0; i < s.length; i++)
          for (let j = 0; j < s.length; j++) {
            const si = s[i] as number;
            const sj = s[j] as number;
            const riskier = o === "higher" ? si > sj : si < sj;
            if (riskier) expect(r[i] as number).toBeGreaterThanOrEqual(r[j] as number);
          }
      }),
    );
  });
});
