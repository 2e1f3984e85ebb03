import { describe, expect, it } from "vitest";
import { toRisk } from "../../src/features/toRisk.js";
import { hasShared, parseSimpleCsv, readShared } from "../helpers/sharedData.js";
import { rankAuc } from "./_auc.js";

// Real data: DeepSample's per-input CIFAR-10 outcomes and softmax confidence
// (../shared/data/deepsample/per_input, 33,500 inputs per model).
describe.skipIf(!hasShared)(
  "toRisk(confidence, 'lower') on DeepSample CIFAR-10 models D, E, F",
  () => {
    it("rank AUC of the helper is 1 for a perfect ranking, 0.5 for ties (sanity)", () => {
      expect(rankAuc(new Float64Array([0.1, 0.2, 0.9]), Uint8Array.from([0, 0, 1]))).toBe(1);
      expect(rankAuc(new Float64Array([1, 1, 1, 1]), Uint8Array.from([0, 1, 0, 1]))).toBe(0.5);
      expect(rankAuc(new Float64Array([0.9, 0.1]), Uint8Array.from([0, 1]))).toBe(0);
    });
    for (const model of ["D", "E", "F"]) {
      it(`model ${model}: failures rank above passes (AUC > 0.5)`, () => {
        const text = readShared(`deepsample/per_input/model${model}_final.csv`);
        if (text === undefined) return;
        const rows = parseSimpleCsv(text);
        const conf = Float64Array.from(rows, (r) => Number(r.confidence));
        const failed = Uint8Array.from(rows, (r) => (r.outcome === "Fail" ? 1 : 0));
        expect(rows.length).toBe(33_500);
        const auc = rankAuc(toRisk(conf, "lower"), failed);
        const aucRaw = rankAuc(
          conf.map((c) => 1 - c),
          failed,
        );
        console.log(
          `[features] model${model}: n = ${rows.length}, failures = ${failed.reduce((s, v) => s + v, 0)}, AUC(toRisk(confidence, "lower")) = ${auc.toFixed(4)}`,
        );
        // toRisk is a monotone transform: the ranking (hence AUC) equals that of 1 - confidence
        expect(auc).toBeCloseTo(aucRaw, 12);
        expect(auc).toBeGreaterThan(0.5);
      });
    }
  },
);
