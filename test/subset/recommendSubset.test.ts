import { describe, expect, it } from "vitest";
import { createRng } from "../../src/core/rng.js";
import { toPlain } from "../../src/core/toPlain.js";
import { estimateSubset } from "../../src/subset/estimateSubset.js";
import { outcomes } from "../../src/subset/outcomes.js";
import {
  chooseCandidate,
  recommendSubset,
  recommendSubsetCandidates,
  recommendSubsetDefaults,
} from "../../src/subset/recommendSubset.js";

/** Rasch-like synthetic history: run r has ability a_r, item i difficulty b_i, outcome ~ Bernoulli(sigmoid(a_r - b_i)). */
function synthetic(R: number, N: number, seed: string, shift = 0) {
  const rb = createRng("difficulties");
  const b = Array.from({ length: N }, () => 3 * (rb() - 0.5) * 2);
  const rng = createRng(seed);
  const recs = [];
  for (let r = 0; r < R; r++) {
    const a = -1 + (2.5 * r) / R + shift;
    for (let i = 0; i < N; i++) {
      const p = 1 / (1 + Math.exp(-(a - (b[i] as number))));
      recs.push({
        run: `r${String(r).padStart(3, "0")}`,
        item: `i${i}`,
        resolved: rng() < p ? 1 : 0,
      });
    }
  }
  return outcomes(recs);
}
const rate = (o: ReturnType<typeof outcomes>, r: number) => {
  const N = o.items.length;
  let s = 0;
  for (let i = 0; i < N; i++) s += o.data[r * N + i] as number;
  return s / N;
};

describe("recommendSubset + estimateSubset", () => {
  const h = synthetic(24, 200, "h");

  it("a stepwise subset with no error in cross-validation is flagged: its zero-width interval bounds nothing", () => {
    // every run resolves exactly items 0..7 of 20: the history never varies
    const recs = [];
    for (let r = 0; r < 8; r++)
      for (let i = 0; i < 20; i++)
        recs.push({ run: `r${r}`, item: `i${i}`, resolved: i < 8 ? 1 : 0 });
    const rec = recommendSubset(outcomes(recs), 5, createRng(1), {
      folds: 2,
      cvSeeds: 1,
      candidates: [{ method: "stepwise", estimator: "ridge", recent: false }],
    });
    const e = estimateSubset(rec, [0, 0, 0, 0, 0]);
    expect(e.ci[1] - e.ci[0]).toBeLessThan(1e-12);
    expect(e.reliable).toBe(false);
    expect(e.warning).toContain("does not bound the error");
    // a stratified candidate on the same history keeps its design part and stays reliable
    const st = recommendSubset(outcomes(recs), 5, createRng(1), {
      folds: 2,
      cvSeeds: 1,
      candidates: [{ method: "consistency", estimator: "mean", recent: false }],
    });
    expect(estimateSubset(st, [1, 1, 0, 0, 0]).reliable).toBe(true);
  });
  it("se, variance and interval describe ci: estimate +- z se contains it; se = 0 not reliable short of a census (review finding 3)", () => {
    // 4 runs x 30 items: consistency strata + ridge with cv mse 0 gave se 0, reliable true, ci [0.16, 1], "wald"
    const R = 4;
    const N = 30;
    const data = new Uint8Array(R * N);
    for (let r = 0; r < R; r++)
      for (let i = 0; i < N; i++) data[r * N + i] = (i + r) % 3 === 0 ? 1 : 0;
    const o = {
      runs: ["r0", "r1", "r2", "r3"],
      items: Array.from({ length: N }, (_, i) => `i${i}`),
      data,
    };
    const r = recommendSubset(o, 5, createRng(1), { folds: 1, minTrain: 3 });
    expect(r.estimator.mse).toBe(0);
    expect(r.estimator.designInterval).toBe(true);
    const e = estimateSubset(
      r,
      Uint8Array.from(r.items, (i) => i % 2),
    );
    const z = 1.959963984540054;
    expect(e.ci[0]).toBeCloseTo(0.16173872971170927, 12);
    expect(e.ci[1]).toBe(1);
    expect(e.se).toBeGreaterThan(0);
    expect(e.variance).toBeCloseTo(e.se * e.se, 15);
    expect(e.estimate - z * e.se).toBeLessThanOrEqual(e.ci[0] + 1e-12);
    expect(e.estimate + z * e.se).toBeGreaterThanOrEqual(e.ci[1] - 1e-12);
    // the farther end of the unclipped interval: here the upper one, clipped at 1
    expect(e.estimate + z * e.se).toBeGreaterThan(1);
    expect(e.interval).toBe("cv-calibrated+design");
    expect(e.reliable).toBe(true);
    // the model's interval alone is named so, and is centred: estimate +- z se is ci before the clip
    const plain = JSON.parse(JSON.stringify(toPlain(rec)));
    const m = estimateSubset(
      { ...plain, estimator: { ...plain.estimator, designInterval: false } },
      Uint8Array.from(rec.items, (i) => (i < 100 ? 1 : 0)),
    );
    expect(m.interval).toBe("cv-calibrated");
    expect(m.ci[0]).toBeGreaterThan(0);
    expect(m.ci[1]).toBeLessThan(1);
    expect(m.ci[0]).toBeCloseTo(m.estimate - z * m.se, 12);
    expect(m.ci[1]).toBeCloseTo(m.estimate + z * m.se, 12);
    expect(m.se).toBeGreaterThanOrEqual(
      rec.estimator.inflate * Math.sqrt(rec.estimator.mse) * (1 - 1e-12),
    );
    // a census of a stratified subset: exact, zero width, reliable
    const all = recommendSubset(o, N, createRng(1), {
      folds: 1,
      minTrain: 3,
      candidates: [{ method: "consistency", estimator: "mean", recent: false }],
    });
    const c = estimateSubset(
      all,
      Uint8Array.from(all.items, (i) => (i < 10 ? 1 : 0)),
    );
    expect(c.estimate).toBeCloseTo(10 / N, 12);
    expect(c.se).toBe(0);
    expect(c.reliable).toBe(true);
  });

  const rec = recommendSubset(h, 20, createRng(1));

  it("returns k distinct items, the chosen method and every candidate's CV, best first", () => {
    expect(rec.items.length).toBe(20);
    expect(new Set(rec.items).size).toBe(20);
    expect(rec.itemIds).toEqual(Array.from(rec.items, (i) => h.items[i]));
    expect(rec.cv.length).toBe(recommendSubsetCandidates.length);
    for (let t = 1; t < rec.cv.length; t++) {
      expect((rec.cv[t] as { rmse: number }).rmse).toBeGreaterThanOrEqual(
        (rec.cv[t - 1] as { rmse: number }).rmse,
      );
    }
    const best = rec.cv[0] as (typeof rec.cv)[number];
    // on this Rasch history the lowest-RMSE candidate is not the stepwise subset, so it is the choice
    expect(best.method).not.toBe("stepwise");
    expect(rec.selection).toEqual({ rule: "robust", lowest: rec.method });
    expect(rec.choice).toEqual({
      method: best.method,
      estimator: best.estimator,
      recent: best.recent,
    });
    expect(rec.method).toBe(`${best.method} + ${best.estimator}${best.recent ? " (recent)" : ""}`);
    expect(best.coverage).toBeGreaterThanOrEqual(recommendSubsetDefaults.level - 1e-12);
    expect(rec.estimator.inflate).toBeGreaterThanOrEqual(1);
  });

  it("is reproducible from the seed and does not mutate the history", () => {
    const copy = Uint8Array.from(h.data);
    const again = recommendSubset(h, 20, createRng(1));
    expect(again.items).toEqual(rec.items);
    expect(again.cv).toEqual(rec.cv);
    expect(h.data).toEqual(copy);
  });

  it("tracks later, stronger runs of the same generator within its interval most of the time", () => {
    const later = synthetic(12, 200, "h-later", 1);
    // the same items (difficulties), abilities shifted up by 1 logit
    let cov = 0;
    let se = 0;
    for (let r = 0; r < later.runs.length; r++) {
      const f = rate(later, r);
      const e = estimateSubset(
        rec,
        Uint8Array.from(rec.items, (i) => later.data[r * 200 + i] as number),
      );
      expect(e.ci[0]).toBeLessThanOrEqual(e.estimate);
      expect(e.estimate).toBeLessThanOrEqual(e.ci[1]);
      if (e.ci[0] <= f && f <= e.ci[1]) cov++;
      se += (e.estimate - f) ** 2;
    }
    expect(cov).toBeGreaterThanOrEqual(9);
    // better than the standard error of a simple random subset of 20 at p = 1/2 (0.107)
    expect(Math.sqrt(se / 12)).toBeLessThan(Math.sqrt((0.25 / 20) * (180 / 199)));
  });

  it("each estimator gives an estimate in [0, 1] with a finite interval", () => {
    for (const c of recommendSubsetCandidates) {
      const r = recommendSubset(h, 15, createRng(2), { candidates: [c], folds: 2, cvSeeds: 1 });
      expect(r.choice).toEqual(c);
      const e = estimateSubset(
        r,
        Uint8Array.from(r.items, (i) => h.data[23 * 200 + i] as number),
      );
      expect(e.estimate).toBeGreaterThanOrEqual(0);
      expect(e.estimate).toBeLessThanOrEqual(1);
      expect(Number.isFinite(e.ci[1] - e.ci[0])).toBe(true);
      expect(Math.abs(e.estimate - rate(h, 23))).toBeLessThan(0.3);
    }
  });

  it("rejects bad input, naming the function and the argument", () => {
    expect(() => recommendSubset(h, 0, createRng(1))).toThrow(/^recommendSubset: k/);
    expect(() => recommendSubset(h, 201, createRng(1))).toThrow(RangeError);
    expect(() => recommendSubset(h, 5, undefined as never)).toThrow(TypeError);
    expect(() => recommendSubset(h, 5, () => Number.NaN)).toThrow(
      /^recommendSubset: rng returned a value outside \[0, 1\)/,
    );
    expect(() => recommendSubset(h, 5, createRng(1), { cvSeeds: 101 })).toThrow(
      "recommendSubset: options.cvSeeds must be at most 100 (got 101)",
    );
    expect(() => recommendSubset(h, 5, createRng(1), { folds: 30 })).toThrow(
      /^recommendSubset: history needs at least minTrain \+ folds/,
    );
    expect(() => recommendSubset(h, 5, createRng(1), { candidates: [] })).toThrow(
      "recommendSubset: options.candidates is empty",
    );
    expect(() =>
      recommendSubset(h, 5, createRng(1), {
        candidates: [{ method: "stepwise", estimator: "mean", recent: false }],
      }),
    ).toThrow(/not representative/);
    // a candidate's keys and types are checked: a misspelt key was ignored, "no" read as true
    expect(() =>
      recommendSubset(h, 5, createRng(1), {
        candidates: [{ method: "consistency", estimator: "mean", recnt: true } as never],
      }),
    ).toThrow(TypeError);
    expect(() =>
      recommendSubset(h, 5, createRng(1), {
        candidates: [
          { method: "consistency", estimator: "mean", recent: false, recnt: true } as never,
        ],
      }),
    ).toThrow(/unknown key "options.candidates\[0\].recnt" \(did you mean "recent"\?\)/);
    expect(() =>
      recommendSubset(h, 5, createRng(1), {
        candidates: [{ method: "consistency", estimator: "mean", recent: "no" } as never],
      }),
    ).toThrow("recommendSubset: options.candidates[0].recent must be a boolean (got no)");
    expect(() => recommendSubset(h, 5, createRng(1), { fold: 2 } as never)).toThrow(
      /unknown option "fold"/,
    );
    expect(() => recommendSubset(h, 5, createRng(1), { selection: "rsme" as never })).toThrow(
      /^recommendSubset: options.selection .*did you mean "rmse"/,
    );
    const pirt = recommendSubset(h, 20, createRng(4), {
      candidates: [{ method: "consistency", estimator: "pirt", recent: false }],
      cvSeeds: 1,
      folds: 2,
    });
    const plainPirt = JSON.parse(JSON.stringify(toPlain(pirt)));
    plainPirt.estimator.observed.pop();
    expect(() => estimateSubset(plainPirt, new Uint8Array(20))).toThrow(
      "estimateSubset: recommendation.estimator.observed has 19 items, the subset 20",
    );
    plainPirt.estimator.items2pl = null;
    expect(() => estimateSubset(plainPirt, new Uint8Array(20))).toThrow(
      /items2pl must be the 2PL items/,
    );
    expect(() => estimateSubset(rec, new Uint8Array(3))).toThrow(
      "estimateSubset: responses has 3 outcomes, the subset 20 items",
    );
    expect(() => estimateSubset(rec, new Uint8Array(20).fill(2))).toThrow(
      /^estimateSubset: responses\[0\] must be 0 or 1/,
    );
    expect(() => estimateSubset({} as never, new Uint8Array(20))).toThrow(TypeError);
    expect(() => estimateSubset(rec, "1" as never)).toThrow(TypeError);
  });
  it("accepts the recommendation read back from JSON (toPlain) and gives the same estimate for every estimator", () => {
    const y = Uint8Array.from(rec.items, (i) => h.data[23 * h.items.length + i] as number);
    const names = ["mean", "ridge", "shrink", "irt", "pirt"] as const;
    for (const estimator of names) {
      const method = estimator === "irt" ? "stepwise" : "consistency";
      const r = recommendSubset(h, 20, createRng(4), {
        candidates: [{ method, estimator, recent: false }],
        cvSeeds: 1,
        folds: 2,
      });
      const back = JSON.parse(JSON.stringify(toPlain(r)));
      expect(Array.isArray(back.items)).toBe(true);
      const yr = Uint8Array.from(r.items, (i) => h.data[23 * h.items.length + i] as number);
      expect(estimateSubset(back, Array.from(yr))).toEqual(estimateSubset(r, yr));
    }
    expect(estimateSubset(JSON.parse(JSON.stringify(toPlain(rec))), y)).toEqual(
      estimateSubset(rec, y),
    );
  });

  it("rejects a malformed plain recommendation, naming the field", () => {
    const y = new Uint8Array(20);
    const plain = JSON.parse(JSON.stringify(toPlain(rec)));
    const bad = (patch: (p: typeof plain) => void) => {
      const p = JSON.parse(JSON.stringify(plain));
      patch(p);
      return () => estimateSubset(p, y);
    };
    expect(bad((p) => (p.items[0] = "x"))).toThrow(
      /^estimateSubset: recommendation\.items must hold numbers/,
    );
    expect(bad((p) => (p.estimator.name = "median"))).toThrow(
      /recommendation\.estimator\.name must be one of/,
    );
    expect(bad((p) => (p.estimator.rateRange = [0.5]))).toThrow(TypeError);
    expect(bad((p) => (p.level = 2))).toThrow(
      "estimateSubset: recommendation.level must lie in (0, 1) (got 2)",
    );
    expect(bad((p) => (p.estimator.mse = -1))).toThrow(
      /recommendation\.estimator\.mse must be finite/,
    );
    expect(bad((p) => (p.estimator.inflate = null))).toThrow(
      /recommendation\.estimator\.inflate must be finite/,
    );
    // an inflation below 1 would narrow the cross-validated interval (it was accepted)
    expect(bad((p) => (p.estimator.inflate = 0.5))).toThrow(
      "estimateSubset: recommendation.estimator.inflate must be finite and at least 1 (got 0.5)",
    );
    expect(bad((p) => (p.estimator.rateRange = [0.6, 0.5]))).toThrow(
      /rateRange\[1\] must be at least 0\.6/,
    );
    // a post-stratified recommendation: its strata are checked
    const mean = recommendSubset(h, 20, createRng(4), {
      candidates: [{ method: "consistency", estimator: "mean", recent: false }],
      cvSeeds: 1,
      folds: 2,
    });
    const plainMean = JSON.parse(JSON.stringify(toPlain(mean)));
    const badMean = (patch: (p: typeof plainMean) => void) => {
      const p = JSON.parse(JSON.stringify(plainMean));
      patch(p);
      return () => estimateSubset(p, y);
    };
    expect(badMean(() => {})).not.toThrow();
    const h0 = plainMean.estimator.strata[0];
    expect(badMean((p) => (p.estimator.strata[0] = 99))).toThrow(
      /recommendation\.estimator\.strata\[0\] must be a non-empty stratum/,
    );
    expect(badMean((p) => (p.estimator.stratumSizes[h0] = 0))).toThrow(
      /recommendation\.estimator\.strata\[0\] must be a non-empty stratum/,
    );
    expect(badMean((p) => (p.estimator.stratumSizes[0] = -1))).toThrow(
      /stratumSizes\[0\] must be at least 0/,
    );
    expect(badMean((p) => p.estimator.strata.pop())).toThrow(
      /strata has 19 entries, the subset 20 items/,
    );
  });

  it("joins the design-based interval of the post-stratified mean for a random-strata subset, not for the stepwise one", () => {
    // a history of weaker runs and a new run far stronger than any of them
    const weak = synthetic(24, 200, "h", -1);
    const strong = synthetic(24, 200, "h", 2.5);
    const N = weak.items.length;
    const z = 1.959963984540054;
    for (const method of ["consistency", "passRate", "stepwise"] as const) {
      const r = recommendSubset(weak, 20, createRng(6), {
        candidates: [{ method, estimator: "irt", recent: false }],
        cvSeeds: 1,
        folds: 2,
      });
      expect(r.estimator.designInterval).toBe(method !== "stepwise");
      const plain = JSON.parse(JSON.stringify(toPlain(r)));
      for (const run of [0, 12, 23]) {
        const y = Uint8Array.from(r.items, (i) => strong.data[run * N + i] as number);
        const e = estimateSubset(r, y);
        const model = estimateSubset(
          { ...plain, estimator: { ...plain.estimator, designInterval: false } },
          y,
        );
        expect(model.estimate).toBe(e.estimate);
        expect(model.ci[0]).toBeCloseTo(
          Math.max(0, e.estimate - r.estimator.inflate * z * Math.sqrt(r.estimator.mse)),
          12,
        );
        if (method === "stepwise") {
          expect(e.ci).toEqual(model.ci);
          continue;
        }
        // the design part: the post-stratified mean +- z sqrt(v), as the "mean" estimator without mse gives it
        const design = estimateSubset(
          {
            ...plain,
            estimator: {
              ...plain.estimator,
              name: "mean",
              mse: 0,
              inflate: 1,
              designInterval: false,
            },
          },
          y,
        );
        expect(e.ci[0]).toBe(Math.min(model.ci[0], design.ci[0]));
        expect(e.ci[1]).toBe(Math.max(model.ci[1], design.ci[1]));
      }
    }
    const plain = JSON.parse(JSON.stringify(toPlain(rec)));
    plain.estimator.designInterval = "yes";
    expect(() => estimateSubset(plain, new Uint8Array(20))).toThrow(
      "estimateSubset: recommendation.estimator.designInterval must be a boolean",
    );
  });

  it("selection: the stepwise subset gives way to the best stratified one (robust), not with rmse", () => {
    const h40 = synthetic(40, 200, "h40");
    const candidates = [
      { method: "stepwise", estimator: "irt", recent: false },
      { method: "consistency", estimator: "irt", recent: false },
    ] as const;
    for (const seed of [1, 2, 3]) {
      const robust = recommendSubset(h40, 40, createRng(seed), { candidates });
      const plainRmse = recommendSubset(h40, 40, createRng(seed), {
        candidates,
        selection: "rmse",
      });
      // the same cross-validation either way
      expect(robust.cv).toEqual(plainRmse.cv);
      const [low, alt] = robust.cv as [(typeof robust.cv)[number], (typeof robust.cv)[number]];
      expect(low.method).toBe("stepwise");
      expect(plainRmse.method).toBe("stepwise + irt");
      expect(plainRmse.estimator.designInterval).toBe(false);
      expect(plainRmse.selection).toEqual({ rule: "rmse", lowest: "stepwise + irt" });
      const c = robust.selection.compared as { name: string; excess: number; se: number };
      expect(c.name).toBe("consistency + irt");
      // the paired MSE excess is the difference of the two cross-validated MSEs
      expect(c.excess).toBeCloseTo(alt.rmse ** 2 - low.rmse ** 2, 14);
      expect(c.excess).toBeGreaterThan(0);
      expect(c.se).toBeGreaterThan(0);
      expect(robust.method).toBe("consistency + irt");
      expect(robust.estimator.designInterval).toBe(true);
    }
  });

  it("chooseCandidate: the best stratified candidate, with the paired MSE excess and its SE", () => {
    const row = (method: "stepwise" | "consistency", perRun: number[]) => ({
      cand: { method, estimator: "irt" as const, recent: false },
      perRun: Float64Array.from(perRun),
    });
    const step = row("stepwise", [0.001, 0.002, 0.003, 0.004]);
    const close = row("consistency", [0.0005, 0.003, 0.002, 0.005]);
    const far = row("consistency", [0.0012, 0.0021, 0.0035, 0.0041]);
    const se = (a: number[], b: number[]) => {
      const d = a.map((x, j) => x - (b[j] as number));
      const m = d.reduce((s, x) => s + x, 0) / d.length;
      const v = d.reduce((s, x) => s + (x - m) ** 2, 0) / (d.length - 1);
      return { m, se: Math.sqrt(v / d.length) };
    };
    for (const alt of [close, far]) {
      const c = se(Array.from(alt.perRun), Array.from(step.perRun));
      const r = chooseCandidate([step, alt], "robust");
      expect(r.best).toBe(alt);
      expect(r.record.lowest).toBe("stepwise + irt");
      expect(r.record.compared?.name).toBe("consistency + irt");
      expect(r.record.compared?.excess).toBeCloseTo(c.m, 15);
      expect(r.record.compared?.se).toBeCloseTo(c.se, 15);
    }
    // far is worse by more than one SE and still chosen: the rule no longer weighs the excess
    const cf = se(Array.from(far.perRun), Array.from(step.perRun));
    expect(cf.m).toBeGreaterThan(cf.se);
    expect(chooseCandidate([step, close], "rmse")).toEqual({
      best: step,
      record: { rule: "rmse", lowest: "stepwise + irt" },
    });
    // nothing to compare: a stratified candidate first, or stepwise only
    expect(chooseCandidate([close, step], "robust")).toEqual({
      best: close,
      record: { rule: "robust", lowest: "consistency + irt" },
    });
    expect(chooseCandidate([step], "robust")).toEqual({
      best: step,
      record: { rule: "robust", lowest: "stepwise + irt" },
    });
    // one held-out run: no spread (SE 0), the stratified candidate all the same
    const one = chooseCandidate([row("stepwise", [0.001]), row("consistency", [0.0011])], "robust");
    expect(one.best.cand.method).toBe("consistency");
    expect(one.record.compared?.se).toBe(0);
  });
});
