import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createRng, sbx } from "../../src/index.js";

const f = (xs: number[]) => Float64Array.from(xs);

describe("sbx(a, b, rng)", () => {
  it("probability 0 copies the parents into new arrays", () => {
    const a = f([0.1, 0.2]);
    const b = f([0.9, 0.8]);
    const [c1, c2] = sbx(a, b, createRng(1), { probability: 0 });
    expect(Array.from(c1)).toEqual([0.1, 0.2]);
    expect(Array.from(c2)).toEqual([0.9, 0.8]);
    expect(c1).not.toBe(a);
  });
  it("identical parents give identical children", () => {
    const a = f([0.3, 0.7, 0.5]);
    const [c1, c2] = sbx(a, Float64Array.from(a), createRng(2), { probability: 1 });
    expect(Array.from(c1)).toEqual([0.3, 0.7, 0.5]);
    expect(Array.from(c2)).toEqual([0.3, 0.7, 0.5]);
  });
  it("children stay within per-variable bounds and parents are unchanged", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(
            fc.double({ min: 0, max: 1, noNaN: true }),
            fc.double({ min: 0, max: 1, noNaN: true }),
          ),
          {
            minLength: 1,
            maxLength: 12,
          },
        ),
        fc.integer({ min: 0, max: 1000 }),
        fc.double({ min: 0, max: 50, noNaN: true }),
        (pairs, seed, eta) => {
          const low = f(pairs.map((_, i) => -i));
          const high = f(pairs.map((_, i) => 1 + i));
          const a = f(pairs.map((p) => p[0]));
          const b = f(pairs.map((p) => p[1]));
          const a0 = Array.from(a);
          const b0 = Array.from(b);
          const [c1, c2] = sbx(a, b, createRng(seed), { low, high, eta, probability: 1 });
          for (let i = 0; i < a.length; i++) {
            for (const c of [c1, c2]) {
              expect(c[i]).toBeGreaterThanOrEqual(low[i] as number);
              expect(c[i]).toBeLessThanOrEqual(high[i] as number);
            }
          }
          expect(Array.from(a)).toEqual(a0);
          expect(Array.from(b)).toEqual(b0);
        },
      ),
      { numRuns: 200 },
    );
  });
  it("a large eta keeps children near their parents", () => {
    // The spread factor beta_q concentrates at 1 as eta grows, so |c - parent| is small.
    const a = f([0.4]);
    const b = f([0.6]);
    const rng = createRng("eta");
    let maxDev = 0;
    for (let t = 0; t < 2000; t++) {
      const [c1, c2] = sbx(a, b, rng, { eta: 500, probability: 1 });
      const lo = Math.min(c1[0] as number, c2[0] as number);
      const hi = Math.max(c1[0] as number, c2[0] as number);
      maxDev = Math.max(maxDev, Math.abs(lo - 0.4), Math.abs(hi - 0.6));
    }
    expect(maxDev).toBeLessThan(0.01);
  });
  it("is deterministic given the seed", () => {
    const a = f([0.1, 0.5, 0.9]);
    const b = f([0.6, 0.2, 0.4]);
    expect(sbx(a, b, createRng(5))).toEqual(sbx(a, b, createRng(5)));
  });
  it("rejects parents of different lengths", () => {
    expect(() => sbx(f([0.1]), f([0.1, 0.2]), createRng(1))).toThrow(/sbx: a and b lengths differ/);
  });
  it("rejects values outside the bounds, NaN included", () => {
    expect(() => sbx(f([1.5]), f([0.2]), createRng(1))).toThrow(/sbx: a\[0\] lies outside/);
    expect(() => sbx(f([0.5]), f([Number.NaN]), createRng(1))).toThrow(RangeError);
  });
  it("rejects bad bounds", () => {
    expect(() => sbx(f([0.5]), f([0.5]), createRng(1), { low: 1, high: 0 })).toThrow(
      /low and high must be finite with low < high/,
    );
    expect(() => sbx(f([0.5]), f([0.5]), createRng(1), { low: f([0, 0]) })).toThrow(
      /low and a lengths differ/,
    );
    expect(() => sbx(f([0.5]), f([0.5]), createRng(1), { high: Number.NaN })).toThrow(RangeError);
  });
  it("rejects a bad eta or probability", () => {
    expect(() => sbx(f([0.5]), f([0.5]), createRng(1), { eta: -1 })).toThrow(/sbx: eta/);
    expect(() => sbx(f([0.5]), f([0.5]), createRng(1), { probability: 2 })).toThrow(/probability/);
  });
  it("rejects non-Float64Array parents and a missing rng", () => {
    expect(() => sbx([0.5] as never, f([0.5]), createRng(1))).toThrow(TypeError);
    expect(() => sbx(f([0.5]), f([0.5]), null as never)).toThrow(TypeError);
  });
});
