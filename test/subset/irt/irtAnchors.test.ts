import { describe, expect, it } from "vitest";
import { createRng } from "../../../src/core/rng.js";
import { irtAnchors } from "../../../src/subset/irt/irtAnchors.js";
import type { IrtItems } from "../../../src/subset/irt/types.js";
import { randomItems } from "./_sim.js";

const six: IrtItems = {
  model: "rasch",
  a: new Float64Array(6).fill(1),
  b: new Float64Array([-3, -2.9, 0, 0.1, 3, 3.2]),
  thetaMean: 0,
  thetaSd: 1,
};

describe("irtAnchors(items, k, rng, options)", () => {
  it("three well separated pairs: one anchor per pair, weight 1/3 each", () => {
    const an = irtAnchors(six, 3, createRng(1));
    // Each centroid sits midway in its pair; the tie goes to the lower index.
    expect(Array.from(an.items)).toEqual([0, 2, 4]);
    expect(Array.from(an.weights)).toEqual([1 / 3, 1 / 3, 1 / 3]);
    expect(Array.from(an.clusters)).toEqual([0, 0, 1, 1, 2, 2]);
  });
  it("exact k, distinct ascending anchors, weights = cluster shares, anchors in their own cluster", () => {
    const N = 120;
    const items = randomItems("an", N, 0.3, 1.5);
    for (const k of [1, 7, 30, N]) {
      const an = irtAnchors(items, k, createRng(k));
      expect(an.items.length).toBe(k);
      for (let t = 1; t < k; t++)
        expect(an.items[t] as number).toBeGreaterThan(an.items[t - 1] as number);
      const counts = new Array(k).fill(0);
      for (const c of an.clusters) counts[c]++;
      let sum = 0;
      an.weights.forEach((w, t) => {
        expect(w).toBeCloseTo(counts[t] / N, 14);
        expect(an.clusters[an.items[t] as number]).toBe(t);
        sum += w;
      });
      expect(sum).toBeCloseTo(1, 12);
    }
  });
  it("fewer distinct points than k: still k distinct anchors, zero weight for the extra ones", () => {
    const items: IrtItems = { ...six, b: new Float64Array([0, 0, 0, 1, 1, 1]) };
    const an = irtAnchors(items, 4, createRng(3));
    expect(new Set(an.items).size).toBe(4);
    expect(Array.from(an.weights).filter((w) => w === 0).length).toBe(2);
    expect(Array.from(an.weights).reduce((s, w) => s + w, 0)).toBeCloseTo(1, 14);
  });
  it("is deterministic given the seed and leaves items unchanged", () => {
    const b = Float64Array.from(six.b);
    expect(irtAnchors(six, 2, createRng("s"))).toEqual(irtAnchors(six, 2, createRng("s")));
    expect(Array.from(six.b)).toEqual(Array.from(b));
  });
  it("throws on bad input", () => {
    expect(() => irtAnchors(six, 0, createRng(1))).toThrow(/irtAnchors: k must be at least 1/);
    expect(() => irtAnchors(six, 7, createRng(1))).toThrow(/k must be at most the number of items/);
    expect(() => irtAnchors(six, 2, null as never)).toThrow(TypeError);
    expect(() => irtAnchors(six, 2, () => 1)).toThrow(/rng returned a value outside/);
    expect(() => irtAnchors(six, 2, createRng(1), { restarts: 0 })).toThrow(/options.restarts/);
    expect(() => irtAnchors(six, 2, createRng(1), { maxIter: Number.NaN })).toThrow(
      /options.maxIter/,
    );
    expect(() => irtAnchors({ ...six, a: Float64Array.of(1) }, 1, createRng(1))).toThrow(
      /lengths differ/,
    );
  });
});
