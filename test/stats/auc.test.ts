import { describe, expect, it } from "vitest";
import { auc } from "../../src/stats/auc.js";
import { expectClose, fixture } from "./_fixture.js";

describe("auc(scores, labels)", () => {
  it("counts positive-over-negative pairs with ties as 1/2", () => {
    // positives 0.35, 0.8 vs negatives 0.1, 0.4: pairs won 0.35>0.1, 0.8>0.1, 0.8>0.4 -> 3/4
    expect(auc(new Float64Array([0.1, 0.4, 0.35, 0.8]), new Uint8Array([0, 0, 1, 1]))).toBe(0.75);
    // one tie: positive 1 vs negatives 1, 0 -> (0.5 + 1) / 2
    expect(auc(new Float64Array([1, 1, 0]), new Uint8Array([1, 0, 0]))).toBe(0.75);
  });

  it("matches sklearn.metrics.roc_auc_score", () => {
    for (const c of fixture.auc as { scores: number[]; labels: number[]; auc: number }[]) {
      expectClose(auc(Float64Array.from(c.scores), Uint8Array.from(c.labels)), c.auc, 1e-13);
    }
  });

  it("leaves inputs unchanged", () => {
    const s = new Float64Array([0.3, 0.1]);
    auc(s, new Uint8Array([1, 0]));
    expect(Array.from(s)).toEqual([0.3, 0.1]);
  });

  it("rejects bad input with typed errors", () => {
    const l = new Uint8Array([1, 0]);
    expect(() => auc("1, 2" as never, l)).toThrow(TypeError);
    expect(() => auc(new Float64Array([1, Number.NaN]), l)).toThrow(
      /auc: scores\[1\] is not finite/,
    );
    expect(() => auc(new Float64Array([1]), l)).toThrow(/auc: scores and labels lengths differ/);
    expect(() => auc(new Float64Array([1, 2]), new Uint8Array([1, 1]))).toThrow(/both classes/);
    expect(() => auc(new Float64Array([1, 2]), new Uint8Array([1, 3]))).toThrow(
      /labels\[1\] must be 0 or 1/,
    );
  });
});
