/**
 * 0/1 labels that all agree (no failure labelled): the model-assisted and
 * prediction-powered intervals must contain the labels-alone Clopper-Pearson
 * bound, because the residuals then show only the predictions' spread. Found
 * by a stress test of judge-like scores with rare failures, where these
 * intervals covered 10-70 %.
 */
import { describe, expect, it } from "vitest";
import { createRng } from "../../src/core/rng.js";
import { rowMatrix } from "../../src/core/rowMatrix.js";
import { srs } from "../../src/design/srs.js";
import { agreeingLabelsHull } from "../../src/estimate/_interval.js";
import { crossPpiMean } from "../../src/estimate/crossPpiMean.js";
import { modelAssisted } from "../../src/estimate/modelAssisted.js";
import { ppiMean } from "../../src/estimate/ppiMean.js";
import { stratifiedPpiMean } from "../../src/estimate/stratifiedPpiMean.js";
import { extraStrategies } from "../../src/tcs/index.js";
import { runStrategy } from "../../src/tcs/runStrategy.js";

const cp0 = (n: number, tail = 0.025): number => 1 - tail ** (1 / n);

/** N units, `failures` of them failing (y = 1) at seeded places; yhat a weak, small predictor. */
function rare(N: number, failures: number, seed: string) {
  const rng = createRng(seed);
  const y = new Float64Array(N);
  let placed = 0;
  while (placed < failures) {
    const i = Math.floor(rng() * N);
    if (y[i] === 0) {
      y[i] = 1;
      placed++;
    }
  }
  const yhat = Float64Array.from(y, (v) => (v === 1 ? 0.004 : 0.001) * (0.5 + rng()));
  return { y, yhat, mu: failures / N };
}

describe("agreeingLabelsHull", () => {
  it("widens to the Clopper-Pearson bound of 0 (or n) in n', one side for one-sided intervals", () => {
    const close = (got: [number, number] | undefined, want: [number, number]) => {
      expect(got).toBeDefined();
      expect(got?.[0]).toBeCloseTo(want[0], 14);
      expect(got?.[1]).toBeCloseTo(want[1], 14);
    };
    close(agreeingLabelsHull([-1e-4, 1e-4], [0, 0, 0], 3, 0.95), [-1e-4, cp0(3)]);
    close(agreeingLabelsHull([0.99, 1.01], [1, 1], 2, 0.95), [0.025 ** 0.5, 1.01]);
    close(agreeingLabelsHull([-1, 2], [0, 0], 2, 0.95), [-1, 2]);
    close(agreeingLabelsHull([0, 1e-4], [0, 0], 10, 0.9, "smaller"), [0, cp0(10, 0.1)]);
    close(agreeingLabelsHull([0.9, 0.95], [1, 1], 10, 0.9, "larger"), [0.1 ** 0.1, 0.95]);
    close(agreeingLabelsHull([0.5, 0.6], [1, 1], 10, 0.9, "larger"), [0.5, 0.6]);
    // labels of both values, real values, none: unchanged (undefined)
    expect(agreeingLabelsHull([0, 1], [0, 1], 2, 0.95)).toBeUndefined();
    expect(agreeingLabelsHull([0, 1], [0.5, 0.5], 2, 0.95)).toBeUndefined();
    expect(agreeingLabelsHull([0, 1], [], 2, 0.95)).toBeUndefined();
  });
});

describe("no failure labelled: widened intervals", () => {
  const { y, yhat, mu } = rare(2000, 4, "agree-pop");
  const N = y.length;
  const n = 100;

  it("modelAssisted under SRS takes the bound at n, under unequal probabilities at Kish's size", () => {
    const s = srs(N, n, createRng("agree-srs"));
    const ys = Float64Array.from(s, (i) => 0 * (y[i] as number));
    const e = modelAssisted(
      ys,
      Float64Array.from(s, (i) => yhat[i] as number),
      new Float64Array(n).fill(n / N),
      yhat,
    );
    expect(e.reliable).toBe(true);
    expect(e.ci[1]).toBeCloseTo(cp0(n), 12);
    expect(e.method).toContain("every label 0: interval widened");
    const pik = new Float64Array(n).map((_, k) => (k < 50 ? 0.1 : 0.02));
    const w = modelAssisted(
      ys,
      Float64Array.from(s, (i) => yhat[i] as number),
      pik,
      yhat,
    );
    // Kish: (50 * 10 + 50 * 50)^2 / (50 * 100 + 50 * 2500) = 69.2...
    const kish = (50 * 10 + 50 * 50) ** 2 / (50 * 100 + 50 * 2500);
    expect(w.ci[1]).toBeCloseTo(cp0(kish), 12);
  });

  it("modelAssisted (lambda 1) and ppiMean (lambda 1) cover a rare rate under SRS (were about 20 %)", () => {
    const rng = createRng("agree-coverage");
    const R = 400;
    let ma = 0;
    let ppi = 0;
    for (let r = 0; r < R; r++) {
      const s = srs(N, n, rng);
      const ys = Float64Array.from(s, (i) => y[i] as number);
      const fs = Float64Array.from(s, (i) => yhat[i] as number);
      const e = modelAssisted(ys, fs, new Float64Array(n).fill(n / N), yhat);
      if (e.ci[0] <= mu && mu <= e.ci[1]) ma++;
      const p = ppiMean(ys, fs, yhat, { lambda: 1 });
      if (p.ci[0] <= mu && mu <= p.ci[1]) ppi++;
    }
    // P(no failure in 100 of 2,000 with 4 failures) = 0.81: every such run used to miss
    expect(ma / R).toBeGreaterThan(0.93);
    expect(ppi / R).toBeGreaterThan(0.93);
  });

  it("stratifiedPpiMean and crossPpiMean widen too", () => {
    const zeros = new Float64Array(40);
    const f = Float64Array.from({ length: 40 }, (_, k) => 0.001 * (1 + (k % 5)));
    const u = Float64Array.from({ length: 400 }, (_, k) => 0.001 * (1 + (k % 7)));
    const st = stratifiedPpiMean(
      zeros,
      f,
      Int32Array.from({ length: 40 }, (_, k) => k % 2),
      u,
      Int32Array.from({ length: 400 }, (_, k) => k % 2),
      { lambda: 1 },
    );
    expect(st.ci[1]).toBeCloseTo(cp0(40), 12);
    const cross = crossPpiMean(zeros, f, rowMatrix(Array.from(u, (v) => [v, v / 2])));
    expect(cross.ci[1]).toBeCloseTo(cp0(40), 12);
    expect(cross.method).toContain("widened");
  });

  it("active with predictions: a run with no failure labelled holds the labels-alone bound", () => {
    // the stress test's case: a tiny residue (about 1e-6) with a tiny variance gave an interval
    // ending near 5e-4 against a true 0.002, reliable in half the runs
    let zeroRuns = 0;
    for (let seed = 0; seed < 40; seed++) {
      const run = runStrategy(
        extraStrategies.active(yhat, n, createRng(`agree-active-${seed}`), { predictions: yhat }),
        (i) => y[i] as number,
      );
      if (run.labels.some((v) => v !== 0)) continue;
      zeroRuns++;
      expect(run.estimate.ci[1]).toBeGreaterThanOrEqual(cp0(n));
      expect(run.estimate.ci[0]).toBeLessThanOrEqual(mu);
      expect(run.estimate.method).toContain("every label 0: interval widened");
    }
    expect(zeroRuns).toBeGreaterThan(10);
  });
});

describe("one or two labels of the rarer value: flagged", () => {
  const f = Float64Array.from({ length: 100 }, (_, k) => 0.01 + 0.0001 * k);
  const u = Float64Array.from({ length: 1000 }, (_, k) => 0.01 + 0.00001 * k);
  const withFailures = (x: number): Float64Array =>
    Float64Array.from({ length: 100 }, (_, k) => (k < x ? 1 : 0));
  it("ppiMean and modelAssisted's normal intervals flag 1 or 2 failures among 100 labels, not 3 (the default beta intervals: none)", () => {
    for (const x of [1, 2, 3]) {
      const y = withFailures(x);
      const p = ppiMean(y, f, u, { interval: "wald" });
      const m = modelAssisted(y, f, new Float64Array(100).fill(0.1), u, { interval: "t" });
      expect(p.reliable).toBe(x >= 3);
      expect(m.reliable).toBe(x >= 3);
      expect(ppiMean(y, f, u).reliable).toBe(true);
      expect(modelAssisted(y, f, new Float64Array(100).fill(0.1), u).reliable).toBe(true);
      if (x < 3) {
        expect(p.warning).toContain(`only ${x} of the 100 labels`);
        expect(m.warning).toContain("the normal interval is not reliable");
      }
    }
    // the rarer value may be 0: 98 failures and 2 passes
    const y = Float64Array.from(withFailures(98));
    expect(ppiMean(y, f, u, { interval: "wald" }).warning).toContain(
      "only 2 of the 100 labels are 0",
    );
  });
});
