import { describe, expect, it } from "vitest";
import { createRng } from "../../src/core/rng.js";
import { systematicPps } from "../../src/design/systematicPps.js";
import { ppsPik } from "../../src/tcs/_pik.js";
import { balancedStrategy } from "../../src/tcs/balancedStrategy.js";
import { runStrategy } from "../../src/tcs/runStrategy.js";
import { systematicPpsStrategy } from "../../src/tcs/systematicPpsStrategy.js";
import { enumerateSystematic } from "../helpers/enumerate.js";

const risk = new Float64Array([0.9, 0.2, 0.5, 0.1, 0.7, 0.3]);
const n = 3;
const N = risk.length;

/** Every order of `xs` (Heap's algorithm is not needed at this size). */
function permutations(xs: number[]): number[][] {
  if (xs.length <= 1) return [xs.slice()];
  return xs.flatMap((x, i) =>
    permutations([...xs.slice(0, i), ...xs.slice(i + 1)]).map((rest) => [x, ...rest]),
  );
}

/** Exact first- and second-order inclusion probabilities of randomised systematic PPS. */
function exactRandomOrder(pik: Float64Array): { pi: number[]; pi2: number[][] } {
  const open: number[] = [];
  const certain: number[] = [];
  pik.forEach((p, i) => {
    if (p === 1) certain.push(i);
    else if (p > 0) open.push(i);
  });
  const orders = permutations(open);
  const pi = Array(N).fill(0);
  const pi2 = Array.from({ length: N }, () => Array(N).fill(0));
  for (const order of orders) {
    for (const o of enumerateSystematic(Float64Array.from(order, (i) => pik[i] as number))) {
      const s = [...certain, ...Array.from(o.sample, (k) => order[k] as number)];
      const w = o.probability / orders.length;
      for (const a of s) {
        pi[a] += w;
        for (const b of s) (pi2[a] as number[])[b] += w;
      }
    }
  }
  return { pi, pi2 };
}

describe("strategies.systematicPps: the order of the systematic step", () => {
  const pik = ppsPik("test", risk, n);
  const exact = exactRandomOrder(pik);

  it("random order (the default) keeps pik and gives every pair a positive joint probability", () => {
    for (let i = 0; i < N; i++) expect(exact.pi[i]).toBeCloseTo(pik[i] as number, 12);
    for (let i = 0; i < N; i++)
      for (let j = 0; j < N; j++) expect((exact.pi2[i] as number[])[j]).toBeGreaterThan(0);
    // the fixed order leaves some pairs impossible: the reason the default changed
    const fixed = enumerateSystematic(pik);
    const together = (i: number, j: number) =>
      fixed.some((o) => o.sample.includes(i) && o.sample.includes(j));
    let impossible = 0;
    for (let i = 0; i < N; i++) for (let j = i + 1; j < N; j++) if (!together(i, j)) impossible++;
    expect(impossible).toBeGreaterThan(0);
  });

  it("draws each unit and each pair as often as the exact law says (4 SE, 5,000 seeded runs)", () => {
    const R = 5_000;
    const count = Array(N).fill(0);
    const pair = Array.from({ length: N }, () => Array(N).fill(0));
    for (let r = 0; r < R; r++) {
      const run = runStrategy(systematicPpsStrategy(risk, n, createRng(`order/${r}`)), () => 0);
      for (const a of run.indices) {
        count[a]++;
        for (const b of run.indices) (pair[a] as number[])[b]++;
      }
    }
    const within = (hits: number, p: number) =>
      expect(Math.abs(hits / R - p)).toBeLessThanOrEqual(4 * Math.sqrt((p * (1 - p)) / R) + 1e-12);
    for (let i = 0; i < N; i++) {
      within(count[i], exact.pi[i] as number);
      for (let j = 0; j < N; j++)
        within((pair[i] as number[])[j], (exact.pi2[i] as number[])[j] as number);
    }
  });

  it('order "given" is Madow\'s design in index order, drawn from the same rng stream', () => {
    for (let seed = 0; seed < 50; seed++) {
      const run = runStrategy(
        systematicPpsStrategy(risk, n, createRng(seed), { order: "given" }),
        () => 0,
      );
      expect(Array.from(run.indices)).toEqual(Array.from(systematicPps(pik, createRng(seed))));
    }
  });

  it("balanced draws the same samples as systematicPps in either order (same design, Hájek estimator)", () => {
    for (const order of ["random", "given"] as const) {
      for (let seed = 0; seed < 30; seed++) {
        const a = runStrategy(systematicPpsStrategy(risk, n, createRng(seed), { order }), () => 0);
        const b = runStrategy(balancedStrategy(risk, n, createRng(seed), { order }), () => 0);
        expect(Array.from(b.indices)).toEqual(Array.from(a.indices));
      }
    }
    expect(() => balancedStrategy(risk, n, createRng(1), { order: "givn" } as never)).toThrow(
      /^strategies\.balanced: options\.order must be one of "random", "given" \(got "givn"\); did you mean "given"\?/,
    );
  });

  it("names the option and the choices on a bad order, with a hint for a typo", () => {
    const bad = (order: unknown) => () =>
      systematicPpsStrategy(risk, n, createRng(1), { order } as never);
    expect(bad("randm")).toThrow(
      /^strategies\.systematicPps: options\.order must be one of "random", "given" \(got "randm"\); did you mean "random"\?/,
    );
    expect(bad(1)).toThrow(RangeError);
  });
});
