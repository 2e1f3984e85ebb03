/** Monte Carlo and bad-input helpers shared by the design tests (not part of the library). */
import fc from "fast-check";
import { expect } from "vitest";
import { createRng } from "../../src/core/rng.js";
import { inclusionProbabilities } from "../../src/design/inclusionProbabilities.js";

/** Runs `sampleOnce` R times and returns how often each of the N units was drawn, divided by R. */
export function inclusionFrequencies(
  N: number,
  R: number,
  sampleOnce: () => ArrayLike<number>,
): Float64Array {
  const count = new Float64Array(N);
  for (let r = 0; r < R; r++) {
    const s = sampleOnce();
    for (let k = 0; k < s.length; k++)
      count[s[k] as number] = (count[s[k] as number] as number) + 1;
  }
  return count.map((c) => c / R);
}

/**
 * Asserts every frequency is within z Monte Carlo standard errors
 * sqrt(pik (1 - pik) / R) of pik; units with pik 0 or 1 must match exactly.
 */
export function expectFrequenciesMatch(
  freq: Float64Array,
  pik: ArrayLike<number>,
  R: number,
  z = 5,
): void {
  expect(freq.length).toBe(pik.length);
  for (let i = 0; i < freq.length; i++) {
    const p = pik[i] as number;
    const se = Math.sqrt((p * (1 - p)) / R);
    const gap = Math.abs((freq[i] as number) - p);
    if (!(gap <= z * se + 1e-12)) {
      expect.fail(
        `unit ${i}: frequency ${freq[i]} vs pik ${p} (${(gap / se).toFixed(2)} SE, limit ${z})`,
      );
    }
  }
}

/** Asserts `s` is strictly increasing (sorted, no repeats) with values in [0, N). */
export function expectSortedUnique(s: Int32Array, N: number): void {
  for (let k = 0; k < s.length; k++) {
    const v = s[k] as number;
    expect(v >= 0 && v < N).toBe(true);
    if (k > 0) expect(v).toBeGreaterThan(s[k - 1] as number);
  }
}

/** An Rng stub that returns the given values in turn (then repeats the last one). */
export function fixedRng(...values: number[]): () => number {
  let i = 0;
  return () => values[Math.min(i++, values.length - 1)] as number;
}

/**
 * The invalid pik vectors every design that takes pik must reject with a
 * RangeError, as `[label, pik, message]` rows for `it.each`.
 */
export function badPikCases(fn: string): [string, Float64Array, RegExp][] {
  return [
    ["NaN", Float64Array.of(0.5, Number.NaN), new RegExp(`${fn}: pik\\[1\\] is not finite`)],
    [
      "Infinity",
      Float64Array.of(0.5, Number.POSITIVE_INFINITY),
      new RegExp(`${fn}: pik\\[1\\] is not finite`),
    ],
    [
      "-Infinity",
      Float64Array.of(Number.NEGATIVE_INFINITY, 0.5),
      new RegExp(`${fn}: pik\\[0\\] is not finite`),
    ],
    ["negative pik", Float64Array.of(0.5, -0.5, 1), new RegExp(`${fn}: pik\\[1\\] is below 0`)],
    ["pik > 1", Float64Array.of(1.5, 0.5), new RegExp(`${fn}: pik\\[0\\] is above 1`)],
    ["empty population", new Float64Array(0), new RegExp(`${fn}: pik is empty`)],
  ];
}

/**
 * fast-check arbitrary of a size vector (N in [1, maxN], some zeros) with a
 * feasible fixed sample size n in [0, number of positive sizes].
 */
export function sizesAndN(maxN = 60): fc.Arbitrary<{ size: Float64Array; n: number }> {
  return fc
    .array(fc.oneof(fc.constant(0), fc.double({ min: 1e-3, max: 100, noNaN: true })), {
      minLength: 1,
      maxLength: maxN,
    })
    .chain((v) => {
      const positive = v.filter((x) => x > 0).length;
      return fc.record({
        size: fc.constant(Float64Array.from(v)),
        n: fc.integer({ min: 0, max: positive }),
      });
    });
}

/**
 * Property shared by the pik-driven designs: sorted distinct indices, every
 * pik = 1 unit in, every pik = 0 unit out, exact size n when `fixedSize`,
 * input unchanged and the same sample for the same seed.
 */
export function assertPikDesignProperties(
  design: (pik: Float64Array, rng: () => number) => Int32Array,
  fixedSize: boolean,
): void {
  fc.assert(
    fc.property(sizesAndN(), fc.integer(), ({ size, n }, seed) => {
      const pik = inclusionProbabilities(size, n);
      const copy = pik.slice();
      const s = design(pik, createRng(seed));
      expectSortedUnique(s, pik.length);
      if (fixedSize) expect(s.length).toBe(n);
      const inS = new Set(s);
      pik.forEach((p, i) => {
        if (p === 1) expect(inS.has(i)).toBe(true);
        if (p === 0) expect(inS.has(i)).toBe(false);
      });
      expect(pik).toEqual(copy);
      expect(design(pik, createRng(seed))).toEqual(s);
    }),
  );
}
