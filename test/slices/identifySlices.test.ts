import { describe, expect, it } from "vitest";
import { createRng } from "../../src/core/rng.js";
import type { RowMatrix } from "../../src/core/rowMatrix.js";
import { type IdentifySlicesOptions, identifySlices } from "../../src/slices/identifySlices.js";
import { sliceObjectives } from "../../src/slices/sliceObjectives.js";

function twoGroups(n: number, seed: number): { signals: RowMatrix; outcome: Uint8Array } {
  const rng = createRng(seed);
  const data = new Float64Array(n * 2);
  const outcome = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    const g = i % 3;
    data[i * 2] = g * 5 + rng();
    data[i * 2 + 1] = rng();
    outcome[i] = g === 1 ? 0 : 1;
  }
  return { signals: { data, rows: n, cols: 2 }, outcome };
}

/** The positional call from one object: the tests vary data, rng and options alike. */
function call(
  input: IdentifySlicesOptions & { signals: RowMatrix; outcome: Uint8Array; rng: () => number },
) {
  const { signals, outcome, rng, ...options } = input;
  return identifySlices(signals, outcome, rng, options);
}

describe("identifySlices(signals, outcome, rng, options)", () => {
  const base = { ...twoGroups(30, 1), minSize: 3, maxSize: 8, populationSize: 16, generations: 40 };
  it("returns a valid partition from its front, knee-picked", () => {
    const r = call({ ...base, rng: createRng(7) });
    const sizes = new Map<number, number>();
    for (const s of r.sliceOf) sizes.set(s, (sizes.get(s) ?? 0) + 1);
    for (const z of sizes.values()) expect(z >= 3 && z <= 8).toBe(true);
    expect(r.front[r.chosen]?.sliceOf).toBe(r.sliceOf);
    const exact = sliceObjectives(r.sliceOf, base.signals, base.outcome);
    for (const [k, v] of exact.entries())
      expect(r.front[r.chosen]?.objectives[k]).toBeCloseTo(v, 10);
    expect(r.evaluations.full).toBe(16);
    expect(r.evaluations.incremental).toBeGreaterThan(0);
  });
  it("improves output consistency over random initial partitions", () => {
    const best = (generations: number): number =>
      Math.min(
        ...call({ ...base, rng: createRng(3), generations }).front.map(
          (s) => s.objectives[0] as number,
        ),
      );
    const early = best(1);
    const late = best(150);
    expect(late).toBeLessThan(early / 2);
  });
  it("reports front objectives equal to evaluation from scratch after many pooled generations", () => {
    // 300 generations recycle every statistics array many times over; a shared
    // or stale array would show up as a front member whose objectives differ.
    const data = twoGroups(60, 5);
    const r = call({
      ...data,
      rng: createRng(11),
      minSize: 3,
      maxSize: 7,
      populationSize: 24,
      generations: 300,
      mutationRate: 0.5,
    });
    // Offspring copied from a parent unchanged (no crossover, no mutation) are not re-evaluated.
    expect(r.evaluations.full).toBe(24);
    expect(r.evaluations.incremental).toBeGreaterThan(24 * 250);
    for (const s of r.front) {
      const exact = sliceObjectives(s.sliceOf, data.signals, data.outcome);
      for (const [k, v] of exact.entries()) {
        expect(Math.abs((s.objectives[k] as number) - v)).toBeLessThanOrEqual(
          1e-9 * (1 + Math.abs(v)),
        );
      }
    }
  });
  it.each([4, 5])(
    "keeps the nearest centroids exact with d = %i signals (the unrolled d = 4 kernel and the general one)",
    (d) => {
      const n = 60;
      const rng = createRng(d);
      const X = new Float64Array(n * d);
      const outcome = new Uint8Array(n);
      for (let i = 0; i < n; i++) {
        for (let k = 0; k < d; k++) X[i * d + k] = (i % 4) * (k + 1) + rng();
        outcome[i] = rng() < 0.5 ? 1 : 0;
      }
      const signals = { data: X, rows: n, cols: d };
      const r = identifySlices(signals, outcome, createRng(2), {
        minSize: 3,
        maxSize: 7,
        populationSize: 24,
        generations: 200,
        mutationRate: 0.5,
      });
      expect(r.evaluations.incremental).toBeGreaterThan(24 * 150);
      // Inter_SD by brute force, independent of the evaluator: mean over
      // slices of the distance from the centroid to the nearest other one.
      const interSd = (sliceOf: Int32Array): number => {
        const ids = [...new Set(sliceOf)];
        const cs = ids.map((id) => {
          const m = new Array<number>(d).fill(0);
          let z = 0;
          sliceOf.forEach((s, i) => {
            if (s !== id) return;
            z++;
            for (let k = 0; k < d; k++) m[k] = (m[k] as number) + (X[i * d + k] as number);
          });
          return m.map((v) => v / z);
        });
        const nearest = cs.map((a, p) =>
          Math.min(
            ...cs
              .filter((_, q) => q !== p)
              .map((b) => Math.hypot(...a.map((v, k) => v - (b[k] as number)))),
          ),
        );
        return nearest.reduce((t, v) => t + v, 0) / nearest.length;
      };
      for (const s of r.front) {
        const exact = sliceObjectives(s.sliceOf, signals, outcome);
        for (const [k, v] of exact.entries()) {
          expect(Math.abs((s.objectives[k] as number) - v)).toBeLessThanOrEqual(
            1e-9 * (1 + Math.abs(v)),
          );
        }
        const inter = interSd(s.sliceOf);
        expect(Math.abs(-(s.objectives[2] as number) - inter)).toBeLessThanOrEqual(
          1e-9 * (1 + inter),
        );
      }
    },
  );
  it("its front holds each partition once, whatever the slice ids (relabelled copies survived)", () => {
    const X = Array.from({ length: 12 }, (_, i) => [i < 6 ? i * 0.01 : 5 + i * 0.01]);
    const y = new Uint8Array(12).map((_, i) => (i < 6 ? 1 : 0));
    for (const seed of [1, 2, 3]) {
      const r = identifySlices(X, y, createRng(seed), {
        minSize: 3,
        maxSize: 6,
        populationSize: 20,
        generations: 60,
      });
      const canonical = r.front.map((f) => {
        const first = new Map<number, number>();
        return Array.from(f.sliceOf, (id) => {
          if (!first.has(id)) first.set(id, first.size);
          return first.get(id);
        }).join(",");
      });
      expect(new Set(canonical).size).toBe(canonical.length);
    }
  });

  it("is deterministic for a seed and reports progress", () => {
    const seen: number[] = [];
    const a = call({ ...base, rng: createRng("d"), onProgress: (g) => seen.push(g) });
    const b = call({ ...base, rng: createRng("d") });
    expect(a.sliceOf).toEqual(b.sliceOf);
    expect(seen.length).toBe(41);
    expect(seen[40]).toBe(40);
  });
  it("leaves its inputs unchanged", () => {
    const { signals, outcome } = twoGroups(30, 1);
    const d0 = signals.data.slice();
    const o0 = outcome.slice();
    call({ ...base, signals, outcome, rng: createRng(1), generations: 5 });
    expect(signals.data).toEqual(d0);
    expect(outcome).toEqual(o0);
  });
  it("rejects NaN signals", () => {
    const { signals, outcome } = twoGroups(30, 1);
    signals.data[5] = Number.NaN;
    expect(() => call({ ...base, signals, outcome, rng: createRng(1) })).toThrow(RangeError);
  });
  it("rejects outcome/signal length mismatch", () => {
    expect(() => call({ ...base, outcome: new Uint8Array(29), rng: createRng(1) })).toThrow(
      /identifySlices: outcome and signals lengths differ \(29 vs 30\)/,
    );
  });
  it("rejects minSize > maxSize, minSize < 2, maxSize > N, N < 2 minSize", () => {
    const rng = createRng(1);
    expect(() => call({ ...base, rng, minSize: 9, maxSize: 8 })).toThrow(/minSize exceeds maxSize/);
    expect(() => call({ ...base, rng, minSize: 1 })).toThrow(/minSize must be at least 2/);
    expect(() => call({ ...base, rng, maxSize: 31 })).toThrow(/maxSize exceeds the number/);
    expect(() => call({ ...base, rng, minSize: 16, maxSize: 30 })).toThrow(
      /fewer instances than two minimum slices/,
    );
  });
  it("rejects an odd or too small population and zero generations", () => {
    const rng = createRng(1);
    expect(() => call({ ...base, rng, populationSize: 15 })).toThrow(/populationSize must be even/);
    expect(() => call({ ...base, rng, populationSize: 2 })).toThrow(
      /populationSize must be at least 4/,
    );
    expect(() => call({ ...base, rng, generations: 0 })).toThrow(/generations must be at least 1/);
  });
  it("rejects a missing rng and a non-function onProgress", () => {
    expect(() => call({ ...base, rng: undefined as never })).toThrow(TypeError);
    expect(() => call({ ...base, rng: createRng(1), onProgress: 3 as never })).toThrow(TypeError);
  });
});

describe("identifySlices errors name identifySlices", () => {
  const base = { ...twoGroups(30, 1), minSize: 3, maxSize: 8, populationSize: 16, generations: 3 };
  it("checks rng and populationSize itself instead of letting nsga2 report them", () => {
    expect(() => call({ ...base, rng: "x" as never })).toThrow(
      /^identifySlices: rng must be a function/,
    );
    expect(() => call({ ...base, populationSize: 2 ** 27, rng: createRng(1) })).toThrow(
      /^identifySlices: populationSize must be at most 67108864/,
    );
  });
  it("reports an rng that goes bad mid-run under its own name", () => {
    const good = createRng(3);
    let calls = 0;
    const flaky = () => (++calls > 500 ? 1 : good());
    expect(() => call({ ...base, rng: flaky })).toThrow(
      /^identifySlices: rng returned a value outside \[0, 1\) \(got 1\)$/,
    );
  });
  it("rejects an unknown option", () => {
    expect(() => call({ ...base, rng: createRng(1), generation: 3 } as never)).toThrow(
      /^identifySlices: unknown option "generation" \(did you mean "generations"\?\)/,
    );
  });
});
