import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { fitRateRegression } from "../../../src/subset/irt/fitRateRegression.js";
import { predictRateRegression } from "../../../src/subset/irt/predictRateRegression.js";
import { stepwiseSubset } from "../../../src/subset/irt/stepwiseSubset.js";

type Case = {
  runs: number;
  items: number;
  data: number[];
  k: number;
  penalty: number;
  ridge: number;
  subset: number[];
  coef: number[];
  intercept: number;
  looMse: number;
  patterns: number[][];
  predictions: number[];
};
const here = dirname(fileURLToPath(import.meta.url));
const fx = JSON.parse(readFileSync(join(here, "../../fixtures/irtStepwise.json"), "utf8")) as {
  versions: Record<string, string>;
  cases: Case[];
};

describe("stepwiseSubset / fitRateRegression / predictRateRegression match numpy lstsq and scikit-learn Ridge (scripts/fixtures/irtStepwise.py)", () => {
  it("records the generator's versions", () => {
    expect(fx.versions.sklearn).toBeTypeOf("string");
  });
  for (const c of fx.cases) {
    it(`${c.runs} runs x ${c.items} items, k = ${c.k}, penalty ${c.penalty}, ridge ${c.ridge}`, () => {
      const o = {
        runs: Array.from({ length: c.runs }, (_, r) => `r${r}`),
        items: Array.from({ length: c.items }, (_, i) => `i${i}`),
        data: Uint8Array.from(c.data),
      };
      const S = stepwiseSubset(o, c.k, { penalty: c.penalty });
      expect(Array.from(S)).toEqual(c.subset);
      const m = fitRateRegression(o, S, { ridge: c.ridge });
      for (const [j, w] of c.coef.entries()) expect(m.weights[j]).toBeCloseTo(w, 10);
      // sklearn's intercept is rateMean - itemMean . beta.
      let icpt = m.rateMean;
      for (let j = 0; j < c.k; j++) icpt -= (m.itemMean[j] as number) * (m.weights[j] as number);
      expect(icpt).toBeCloseTo(c.intercept, 10);
      // Hat-matrix identity vs explicit refits without each run.
      expect(m.looMse).toBeCloseTo(c.looMse, 10);
      c.patterns.forEach((p, t) => {
        expect(predictRateRegression(m, Uint8Array.from(p)).estimate).toBeCloseTo(
          c.predictions[t] as number,
          10,
        );
      });
    });
  }
});
