import { describe, expect, it } from "vitest";
import { createRng } from "../../src/core/rng.js";
import { leakageProbe } from "../../src/trajectory/leakageProbe.js";
import { sanitize } from "../../src/trajectory/sanitize.js";
import { stepTexts } from "../../src/trajectory/stepTexts.js";
import { hasShared } from "../helpers/sharedData.js";
import { realCorpus } from "./_real.js";

describe("leakageProbe(texts, outcomes, rng, options)", () => {
  const texts = [
    "all tests passed",
    "tests passed fine",
    "passed again",
    "tests failed",
    "failed badly",
    "it failed",
  ];
  const y = new Uint8Array([1, 1, 1, 0, 0, 0]);

  it("reproduces its documented example", () => {
    const r = leakageProbe(texts, y, createRng(1), { folds: 3, minDf: 1 });
    expect(r.accuracy).toBe(1);
    expect(r.topWords[0]?.word).toBe("failed");
    expect(r.topWords[0]?.weight).toBeLessThan(0);
    expect(r.topWords[1]?.word).toBe("passed");
    expect(r.topWords[1]?.weight).toBeGreaterThan(0);
    expect(r.baseline).toBe(0.5);
    expect(r.se).toBe(0);
    expect(Array.from(r.foldAccuracies)).toEqual([1, 1, 1]);
  });

  it("finds nothing to learn when the leaking words are gone", () => {
    // every word occurs equally often in both classes: the model cannot beat chance
    const flat = [
      "alpha beta",
      "beta gamma",
      "gamma alpha",
      "alpha beta",
      "beta gamma",
      "gamma alpha",
    ];
    const r = leakageProbe(flat, y, createRng(2), { folds: 3, minDf: 1 });
    expect(r.accuracy).toBeLessThanOrEqual(0.5);
    for (const w of r.topWords) expect(Math.abs(w.weight)).toBeLessThan(0.5);
  });

  it("is deterministic for a seed and does not mutate its inputs", () => {
    const copy = texts.slice();
    const a = leakageProbe(texts, y, createRng(3), { folds: 3, minDf: 1 });
    const b = leakageProbe(texts, y, createRng(3), { folds: 3, minDf: 1 });
    expect(a).toEqual(b);
    expect(texts).toEqual(copy);
    expect(Array.from(y)).toEqual([1, 1, 1, 0, 0, 0]);
  });

  it("rejects bad input", () => {
    const rng = createRng(1);
    expect(() => leakageProbe(texts, new Uint8Array(5), rng)).toThrow(
      /leakageProbe: texts and outcomes lengths differ \(6 vs 5\)/,
    );
    expect(() => leakageProbe(texts, new Uint8Array([1, 1, 1, 0, 0, 2]), rng)).toThrow(RangeError);
    expect(() => leakageProbe(texts, y, 1 as unknown as () => number)).toThrow(TypeError);
    expect(() => leakageProbe(texts, y, rng)).toThrow(
      /each outcome needs at least 5 texts \(one per fold\) \(got 3\)/,
    );
    expect(() => leakageProbe(texts, y, rng, { folds: 1 })).toThrow(RangeError);
    expect(() => leakageProbe(texts, y, rng, { folds: 3, eta0: 0 })).toThrow(RangeError);
    expect(() => leakageProbe(texts, y, rng, { folds: 3, alpha: Number.NaN })).toThrow(RangeError);
    expect(() => leakageProbe(["a", 1 as unknown as string], new Uint8Array(2), rng)).toThrow(
      TypeError,
    );
    expect(() => leakageProbe(texts, y, () => 1, { folds: 3 })).toThrow(
      /rng returned a value outside/,
    );
  });
});

describe.skipIf(!hasShared)("leakageProbe on the 40 real trajectories, raw vs sanitised", () => {
  it("repository identities lead the raw top words and leave the sanitised ones", () => {
    const corpus = realCorpus();
    const y = new Uint8Array(corpus.map((t) => (t.outcome === true ? 1 : 0)));
    const raw = corpus.map((t) => stepTexts(t).join("\n"));
    const clean = sanitize(corpus);
    const pr = leakageProbe(raw, y, createRng(6));
    const ps = leakageProbe(clean.texts, y, createRng(6));
    const repo = /astropy|django/;
    expect(pr.topWords.some((w) => repo.test(w.word))).toBe(true);
    expect(ps.topWords.some((w) => repo.test(w.word))).toBe(false);
    const removed = new Set(clean.rules.removeWords);
    for (const w of ps.topWords) expect(removed.has(w.word)).toBe(false);
    for (const r of [pr, ps]) {
      expect(r.accuracy).toBeGreaterThanOrEqual(0);
      expect(r.accuracy).toBeLessThanOrEqual(1);
    }
    const ones = y.reduce((a, b) => a + b, 0);
    expect(pr.baseline).toBe(Math.max(ones, 40 - ones) / 40);
  });
});
