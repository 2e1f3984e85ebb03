import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createRng } from "../../src/core/rng.js";
import {
  polynomialMutation as mutate,
  polynomialMutation,
} from "../../src/moea/polynomialMutation.js";
import { sbx } from "../../src/moea/sbx.js";

const f = (xs: number[]) => Float64Array.from(xs);

describe("polynomialMutation(x, rng)", () => {
  it("probability 0 returns an unchanged copy", () => {
    const x = f([0.2, 0.4]);
    const y = polynomialMutation(x, createRng(1), { probability: 0 });
    expect(Array.from(y)).toEqual([0.2, 0.4]);
    expect(y).not.toBe(x);
  });
  it("mutants stay within the bounds, from interior and boundary values; x unchanged", () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.double({ min: -2, max: 3, noNaN: true }), fc.constantFrom(-2, 3)), {
          minLength: 1,
          maxLength: 10,
        }),
        fc.integer({ min: 0, max: 1000 }),
        fc.double({ min: 0, max: 100, noNaN: true }),
        (xs, seed, eta) => {
          const x = f(xs);
          const y = polynomialMutation(x, createRng(seed), {
            low: -2,
            high: 3,
            eta,
            probability: 1,
          });
          for (const v of y) {
            expect(v).toBeGreaterThanOrEqual(-2);
            expect(v).toBeLessThanOrEqual(3);
          }
          expect(Array.from(x)).toEqual(xs);
        },
      ),
      { numRuns: 200 },
    );
  });
  it("mutates each variable with the given probability (default 1/n)", () => {
    // n = 10, default probability 0.1: over M mutants the share of changed
    // variables has SE sqrt(0.1 * 0.9 / (10 M)).
    const x = f(new Array(10).fill(0.5));
    const rng = createRng("pm rate");
    const M = 5000;
    let changed = 0;
    for (let t = 0; t < M; t++) {
      const y = polynomialMutation(x, rng);
      for (const v of y) if (v !== 0.5) changed++;
    }
    const share = changed / (10 * M);
    expect(Math.abs(share - 0.1)).toBeLessThan(5 * Math.sqrt((0.1 * 0.9) / (10 * M)));
  });
  it("the perturbation is symmetric around x in the middle of the range", () => {
    // At x = 0.5 in [0, 1], delta_q(u) = -delta_q(1 - u): the mean step is 0.
    const x = f([0.5]);
    const rng = createRng("sym");
    const M = 20000;
    let s = 0;
    let s2 = 0;
    for (let t = 0; t < M; t++) {
      const d = (polynomialMutation(x, rng, { probability: 1 })[0] as number) - 0.5;
      s += d;
      s2 += d * d;
    }
    const sd = Math.sqrt(s2 / M - (s / M) ** 2);
    expect(Math.abs(s / M)).toBeLessThan((5 * sd) / Math.sqrt(M));
  });
  it("is deterministic given the seed", () => {
    const x = f([0.1, 0.5, 0.9]);
    expect(polynomialMutation(x, createRng(3), { probability: 1 })).toEqual(
      polynomialMutation(x, createRng(3), { probability: 1 }),
    );
  });
  it("rejects an empty genome", () => {
    expect(() => polynomialMutation(f([]), createRng(1))).toThrow(/polynomialMutation: x is empty/);
  });
  it("rejects values outside the bounds, NaN included", () => {
    expect(() => polynomialMutation(f([1.5]), createRng(1))).toThrow(/x\[0\] lies outside/);
    expect(() => polynomialMutation(f([Number.NaN]), createRng(1))).toThrow(RangeError);
  });
  it("rejects bad bounds, eta and probability", () => {
    expect(() => polynomialMutation(f([0.5]), createRng(1), { low: 1, high: 1 })).toThrow(
      /low and high must be finite with low < high/,
    );
    expect(() => polynomialMutation(f([0.5]), createRng(1), { eta: Number.NaN })).toThrow(/eta/);
    expect(() => polynomialMutation(f([0.5]), createRng(1), { probability: -0.1 })).toThrow(
      /probability/,
    );
  });
  it("rejects a non-Float64Array genome and a missing rng", () => {
    expect(() => polynomialMutation("0.5" as never, createRng(1))).toThrow(TypeError);
    expect(() => polynomialMutation(f([0.5]), 5 as never)).toThrow(TypeError);
  });
});

describe("polynomialMutation / sbx with bounds whose width overflows", () => {
  it("throw a RangeError instead of returning NaN children", () => {
    const wide = { low: -1e308, high: 1e308, probability: 1 };
    expect(() => mutate(new Float64Array(3), createRng(1), wide)).toThrow(
      /^polynomialMutation: high - low overflows \(-1e\+308 vs 1e\+308\); rescale the variables$/,
    );
    expect(() =>
      sbx(Float64Array.of(0), Float64Array.of(1), createRng(1), {
        low: Float64Array.of(-1e308),
        high: Float64Array.of(1e308),
      }),
    ).toThrow(/^sbx: high - low overflows at variable 0/);
  });
});
