import { describe, expect, it } from "vitest";
import { createRng } from "../../src/core/rng.js";
import { toPlain } from "../../src/core/toPlain.js";
import { evaluateSubset } from "../../src/evaluate/evaluateSubset.js";
import { baselineMethod } from "../../src/subset/baselineMethod.js";
import { consistencyStrata } from "../../src/subset/consistencyStrata.js";
import { difficultyStrata } from "../../src/subset/difficultyStrata.js";
import { fitIrt } from "../../src/subset/irt/fitIrt.js";
import { fitRateRegression } from "../../src/subset/irt/fitRateRegression.js";
import { fitStepwiseRate } from "../../src/subset/irt/fitStepwiseRate.js";
import { stepwiseSubset } from "../../src/subset/irt/stepwiseSubset.js";
import { recommendSubset } from "../../src/subset/recommendSubset.js";
import { table } from "./_make.js";

// 12 runs x 12 items, seeded
const g = createRng("plain-outcomes");
const o = table(
  Array.from({ length: 12 }, (_, r) =>
    Array.from({ length: 12 }, (_, i) => (g() < 0.2 + 0.05 * i + 0.03 * r ? 1 : 0)),
  ),
);
/** The Outcomes as a notebook or a web service sends it back: JSON with `data` as numbers. */
const back = JSON.parse(JSON.stringify(toPlain(o)));
const asBooleans = { ...back, data: back.data.map((v: number) => v === 1) };
const observed = [0, 3, 5, 8];
const plain = (x: unknown) => JSON.stringify(toPlain(x));

describe("an Outcomes read back from JSON (data as numbers or booleans) is taken everywhere", () => {
  const calls: [string, (h: typeof o) => unknown][] = [
    ["consistencyStrata", (h) => consistencyStrata(h)],
    ["difficultyStrata", (h) => difficultyStrata(h)],
    ["fitIrt", (h) => fitIrt(h, { model: "rasch" })],
    ["fitRateRegression", (h) => fitRateRegression(h, observed)],
    ["fitStepwiseRate", (h) => fitStepwiseRate(h, 3)],
    ["stepwiseSubset", (h) => stepwiseSubset(h, 3)],
    ["recommendSubset", (h) => recommendSubset(h, 4, createRng(3))],
    [
      "evaluateSubset",
      (h) =>
        evaluateSubset({
          outcomes: h,
          select: baselineMethod("random"),
          size: 4,
          window: 3,
          seeds: 3,
          seed: 1,
        }),
    ],
  ];
  for (const [name, call] of calls) {
    it(`${name}: same result as with the typed Outcomes; the input is not mutated`, () => {
      const want = plain(call(o));
      const copy = JSON.stringify(back);
      expect(plain(call(back))).toBe(want);
      expect(plain(call(asBooleans))).toBe(want);
      expect(JSON.stringify(back)).toBe(copy);
    });
  }
  it("a value other than 0/1 in the plain data names the function and the field", () => {
    const bad = { ...back, data: back.data.map((v: number, t: number) => (t === 5 ? 2 : v)) };
    expect(() => consistencyStrata(bad)).toThrow(/^consistencyStrata: history\.data/);
    expect(() =>
      evaluateSubset({
        outcomes: bad,
        select: baselineMethod("random"),
        size: 4,
        window: 3,
        seeds: 1,
        seed: 1,
      }),
    ).toThrow(/^evaluateSubset: outcomes\.data/);
  });
});
