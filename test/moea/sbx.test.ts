import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createRng } from "../../src/core/rng.js";
import { powIndex } from "../../src/moea/_realCoded.js";
import { polynomialMutation } from "../../src/moea/polynomialMutation.js";
import { sbx } from "../../src/moea/sbx.js";

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
    expect(() => sbx("0.5" as never, f([0.5]), createRng(1))).toThrow(TypeError);
    expect(() => sbx(f([0.5]), f([0.5]), null as never)).toThrow(TypeError);
  });
});

// Deb's bounded SBX written out literally (DEAP's cxSimulatedBinaryBounded),
// with the power and root functions given: sbx's shortcuts (alpha = 2 without
// the power when beta is large, one root for equal alphas) must not change a
// bit when the same primitives are used.
type Power = (x: number, e: number) => number;

function replayDraws(draws: readonly number[]): () => number {
  let i = 0;
  return () => draws[i++] as number;
}
function sbxLiteral(
  a: Float64Array,
  b: Float64Array,
  rng: () => number,
  eta: number,
  probability: number,
  pow: Power,
  root: Power,
): [number[], number[]] {
  const c1 = Array.from(a);
  const c2 = Array.from(b);
  const e = eta + 1;
  for (let i = 0; i < a.length; i++) {
    if (!(rng() <= probability)) continue;
    const ai = a[i] as number;
    const bi = b[i] as number;
    if (!(Math.abs(ai - bi) > 1e-14)) continue;
    const y1 = Math.min(ai, bi);
    const y2 = Math.max(ai, bi);
    const u = rng();
    const q = (alpha: number) => root(u <= 1 / alpha ? u * alpha : 1 / (2 - u * alpha), e);
    const alpha1 = 2 - 1 / pow(1 + (2 * y1) / (y2 - y1), e);
    const alpha2 = 2 - 1 / pow(1 + (2 * (1 - y2)) / (y2 - y1), e);
    const lo = Math.min(Math.max(0.5 * (y1 + y2 - q(alpha1) * (y2 - y1)), 0), 1);
    const hi = Math.min(Math.max(0.5 * (y1 + y2 + q(alpha2) * (y2 - y1)), 0), 1);
    const swap = rng() <= 0.5;
    c1[i] = swap ? hi : lo;
    c2[i] = swap ? lo : hi;
  }
  return [c1, c2];
}

describe("sbx agrees with the literal formulas", () => {
  // Uniform on [0, 1] and on the strips next to each bound (fc.double favours
  // tiny magnitudes, which would leave the moderate betas untested).
  const grid = fc.integer({ min: 0, max: 1e9 }).map((i) => i / 1e9);
  const value = fc.oneof(
    grid,
    grid.map((x) => x * 1e-3),
    grid.map((x) => 1 - x * 1e-3),
    fc.double({ min: 0, max: 1, noNaN: true }),
  );
  const cases = fc.tuple(
    fc.array(fc.tuple(value, value), { minLength: 1, maxLength: 30 }),
    fc.integer({ min: 0, max: 1000 }),
    fc.constantFrom(0, 2, 5, 15, 20, 30, 7.5),
  );
  function compare(pow: Power, root: Power, tol: number): void {
    fc.assert(
      fc.property(cases, ([pairs, seed, eta]) => {
        const a = f(pairs.map((p) => p[0]));
        const b = f(pairs.map((p) => p[1]));
        const ours = createRng(seed);
        let used = 0;
        const [c1, c2] = sbx(
          a,
          b,
          () => {
            used++;
            return ours();
          },
          { eta, probability: 0.7 },
        );
        const ref = createRng(seed);
        let refUsed = 0;
        const next = () => {
          refUsed++;
          return ref();
        };
        const [r1, r2] = sbxLiteral(a, b, next, eta, 0.7, pow, root);
        expect(used).toBe(refUsed);
        for (let i = 0; i < a.length; i++) {
          expect(Math.abs((c1[i] as number) - (r1[i] as number))).toBeLessThanOrEqual(tol);
          expect(Math.abs((c2[i] as number) - (r2[i] as number))).toBeLessThanOrEqual(tol);
        }
      }),
      { numRuns: 300 },
    );
  }
  it("bit for bit with the same power and root primitives", () => {
    compare(powIndex, (x, e) => Math.exp(Math.log(x) * (1 / e)), 0);
  });
  it("bit for bit when u is at, next to, or 2^30 and 2^42 ulps from 1/alpha (where the formulas switch)", () => {
    const view = new DataView(new ArrayBuffer(8));
    const step = (x: number, by: number) => {
      view.setFloat64(0, x);
      view.setBigInt64(0, view.getBigInt64(0) + BigInt(by));
      return view.getFloat64(0);
    };
    const exactRoot: Power = (x, e) => Math.exp(Math.log(x) * (1 / e));
    let checked = 0;
    for (const [y1, y2] of [
      [0.3, 0.31],
      [0.01, 0.02],
      [0.001, 0.9],
      [0.45, 0.55],
      [0.2, 0.2000001],
    ] as const) {
      for (const eta of [2, 5, 20]) {
        const e = eta + 1;
        const alphas = [
          2 - 1 / powIndex(1 + (2 * y1) / (y2 - y1), e),
          2 - 1 / powIndex(1 + (2 * (1 - y2)) / (y2 - y1), e),
        ];
        for (const alpha of alphas) {
          for (const by of [-(2 ** 42), -(2 ** 30), -3, -2, -1, 0, 1, 2, 3, 2 ** 30, 2 ** 42]) {
            const u = step(1 / alpha, by);
            // One variable: the recombination draw, u, the swap coin.
            const draws = [0, u, 0.9];
            const [c1, c2] = sbx(f([y1]), f([y2]), replayDraws(draws), { eta, probability: 1 });
            const [r1, r2] = sbxLiteral(
              f([y1]),
              f([y2]),
              replayDraws(draws),
              eta,
              1,
              powIndex,
              exactRoot,
            );
            expect([c1[0], c2[0]]).toEqual([r1[0], r2[0]]);
            checked++;
          }
        }
      }
    }
    expect(checked).toBe(330);
  });
  it("to 1e-13 with ** for every power and root", () => {
    compare(
      (x, e) => x ** e,
      (x, e) => x ** (1 / e),
      1e-13,
    );
  });
});

describe("sbx and polynomialMutation agree on an empty genome (review F6)", () => {
  it("both refuse it with a RangeError (a genome needs at least one variable)", () => {
    expect(() => sbx([], [], createRng(1))).toThrow(
      new RangeError("sbx: a and b are empty: a genome needs at least one variable"),
    );
    expect(() => sbx(f([]), f([]), createRng(1), { probability: 1 })).toThrow(RangeError);
    expect(() => polynomialMutation([], createRng(1))).toThrow(
      new RangeError("polynomialMutation: x is empty: a genome needs at least one variable"),
    );
    // lengths that differ are still named as such
    expect(() => sbx([], [0.5], createRng(1))).toThrow(/sbx: a and b lengths differ \(0 vs 1\)/);
  });
});
