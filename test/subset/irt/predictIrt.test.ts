import { describe, expect, it } from "vitest";
import { createRng } from "../../../src/core/rng.js";
import { predictIrt } from "../../../src/subset/irt/predictIrt.js";
import type { IrtItems } from "../../../src/subset/irt/types.js";
import { normals } from "./_sim.js";

const items4: IrtItems = {
  model: "rasch",
  a: new Float64Array(4).fill(1),
  b: new Float64Array([-1, 0, 0, 1]),
  thetaMean: 0,
  thetaSd: 1,
};

describe("predictIrt(items, observed, responses, options)", () => {
  it("every interval stays in [0, 1] (p-IRT's was [0.62, 1.11] for three hits)", () => {
    const r = predictIrt(items4, Int32Array.of(0, 1, 2), Uint8Array.of(1, 1, 1));
    for (const e of [r.pirt, r.gpirt, r.naive]) {
      expect(e.ci[0]).toBeGreaterThanOrEqual(0);
      expect(e.ci[1]).toBeLessThanOrEqual(1);
      expect(e.ci[0]).toBeLessThanOrEqual(e.estimate);
      expect(e.estimate).toBeLessThanOrEqual(e.ci[1]);
    }
    expect(r.pirt.ci[1]).toBe(1);
  });

  it("MAP worked example: a symmetric pattern gives theta = 0 and P = 1/2 on the unseen b = 0 items", () => {
    const p = predictIrt(items4, Int32Array.of(0, 3), Uint8Array.of(1, 0), { ability: "map" });
    expect(p.pirt.theta).toBeCloseTo(0, 12);
    // (1 observed success + 2 * 0.5 predicted) / 4
    expect(p.pirt.estimate).toBeCloseTo(0.5, 12);
    // Delta method by hand: slope = 2 * 0.25 = 0.5, se_theta^2 = 1 / (2 * 0.19661193 + 1);
    // variance = (0.5^2 * se_theta^2 + 2 * 0.25) / 16.
    const seTheta2 = 1 / (2 * (Math.E / (1 + Math.E) ** 2) + 1);
    expect(p.pirt.variance).toBeCloseTo((0.25 * seTheta2 + 0.5) / 16, 12);
    expect(p.naive.estimate).toBe(0.5);
    // SRS variance (1 - n/N) s^2 / n with s^2 = n/(n-1) * 0.25 = 0.5: 0.5 * 0.5 / 2.
    expect(p.naive.variance).toBeCloseTo(0.125, 12);
    expect(p.lambda).toBe(0);
    expect(p.gpirt.estimate).toBe(p.pirt.estimate);
  });

  it("gp-IRT uses lambda = b^2 / (b^2 + Var(naive)) and the Cauchy-Schwarz variance bound", () => {
    const obs = Int32Array.of(0, 1, 3);
    const y = Uint8Array.of(1, 1, 0);
    const p = predictIrt(items4, obs, y, { bias: 0.2 });
    const lam = 0.04 / (0.04 + p.naive.variance);
    expect(p.lambda).toBeCloseTo(lam, 14);
    expect(p.gpirt.estimate).toBeCloseTo(lam * p.naive.estimate + (1 - lam) * p.pirt.estimate, 14);
    expect(p.gpirt.se).toBeCloseTo(lam * p.naive.se + (1 - lam) * p.pirt.se, 14);
  });

  it("gp-IRT keeps a non-zero-width interval when the observed outcomes all agree (review finding 1)", () => {
    // 8 of 20 items, all failed: the naive sample variance is 0, which used to put lambda at 1
    // and give gp-IRT = 0 with ci [0, 0] and reliable: true
    const N = 20;
    const items: IrtItems = {
      model: "rasch",
      a: new Float64Array(N).fill(1),
      b: Float64Array.from({ length: N }, (_, i) => -2 + (4 * i) / (N - 1)),
      thetaMean: 0,
      thetaSd: 1,
    };
    const obs = Int32Array.of(0, 2, 5, 7, 10, 12, 15, 17);
    for (const hit of [0, 1]) {
      const y = new Uint8Array(8).fill(hit);
      const p = predictIrt(items, obs, y, { bias: 0.05 });
      expect(p.naive.variance).toBe(0);
      // Jeffreys floor: p~ = (s + 1/2) / (n + 1), sigma^2 = (1 - n/N) p~ (1 - p~) / n
      const pt = (8 * hit + 0.5) / 9;
      const v = ((1 - 8 / N) * pt * (1 - pt)) / 8;
      const lam = 0.0025 / (0.0025 + v);
      expect(p.lambda).toBeCloseTo(lam, 14);
      expect(p.lambda).toBeLessThan(1);
      expect(p.gpirt.estimate).toBeCloseTo(lam * hit + (1 - lam) * p.pirt.estimate, 14);
      expect(p.gpirt.se).toBeCloseTo(lam * Math.sqrt(v) + (1 - lam) * p.pirt.se, 14);
      expect(p.gpirt.ci[1] - p.gpirt.ci[0]).toBeGreaterThan(0.1);
      // measured to under-cover when the outcomes agree: flagged, p-IRT is not
      expect(p.gpirt.reliable).toBe(false);
      expect(p.gpirt.warning).toMatch(/all agree.*p-IRT interval/);
      expect(p.pirt.reliable).toBe(true);
      // without bias gp-IRT is p-IRT, reliable as it is
      const g0 = predictIrt(items, obs, y).gpirt;
      expect(g0.estimate).toBe(p.pirt.estimate);
      expect(g0.se).toBe(p.pirt.se);
      expect(g0.reliable).toBe(true);
    }
    // outcomes that disagree: no floor, reliable
    expect(
      predictIrt(items, obs, Uint8Array.of(1, 0, 0, 0, 0, 0, 0, 0), { bias: 0.05 }).gpirt.reliable,
    ).toBe(true);
    // weights: the floor uses Kish's n' = 1 / sum w^2 in place of n
    const w = Float64Array.of(0.3, 0.3, 0.1, 0.1, 0.05, 0.05, 0.05, 0.05);
    const pw = predictIrt(items, obs, new Uint8Array(8), { bias: 0.05, weights: w });
    let w2 = 0;
    for (const x of w) w2 += x * x;
    const ptw = 0.5 / (1 / w2 + 1);
    const vw = (1 - 8 / N) * ptw * (1 - ptw) * w2;
    expect(pw.lambda).toBeCloseTo(0.0025 / (0.0025 + vw), 14);
    // a census stays exact: lambda 1, the observed rate, zero width
    const all = Int32Array.from({ length: N }, (_, i) => i);
    const c = predictIrt(items, all, new Uint8Array(N), { bias: 0.05 });
    expect(c.lambda).toBe(1);
    expect(c.gpirt.ci).toEqual([0, 0]);
    expect(c.gpirt.reliable).toBe(true);
  });

  it("weights give the weighted subset mean", () => {
    const p = predictIrt(items4, Int32Array.of(0, 3), Uint8Array.of(1, 0), {
      weights: Float64Array.of(0.75, 0.25),
    });
    expect(p.naive.estimate).toBe(0.75);
  });

  it("observing every item gives the observed rate with zero variance", () => {
    const p = predictIrt(items4, Int32Array.of(0, 1, 2, 3), Uint8Array.of(1, 0, 1, 1));
    expect(p.pirt.estimate).toBe(0.75);
    expect(p.pirt.variance).toBe(0);
  });

  it("is deterministic and leaves its inputs unchanged", () => {
    const obs = Int32Array.of(3, 0);
    const y = Uint8Array.of(0, 1);
    const a = Float64Array.from(items4.a);
    const p1 = predictIrt(items4, obs, y);
    const p2 = predictIrt(items4, obs, y);
    expect(p1).toEqual(p2);
    expect(Array.from(obs)).toEqual([3, 0]);
    expect(Array.from(y)).toEqual([0, 1]);
    expect(Array.from(items4.a)).toEqual(Array.from(a));
  });
});

describe("predictIrt under the model: unbiased and calibrated (simulation)", () => {
  // Abilities drawn from the prior, every item simulated, a random subset of n observed:
  // the EAP posterior predictive mean is then unbiased for the full rate and its normal
  // interval should cover about 95 % of the time.
  const N = 200;
  const n = 20;
  const reps = 1500;
  const a = normals("sim-a", N, 0.3).map(Math.exp);
  const b = normals("sim-b", N, 1.5);
  const items: IrtItems = { model: "2pl", a, b, thetaMean: 0, thetaSd: 1 };
  const thetas = normals("sim-theta", reps);
  const rng = createRng("sim-y");
  let sumErr = 0;
  let sumSq = 0;
  let naiveSq = 0;
  let covered = 0;
  for (let t = 0; t < reps; t++) {
    const th = thetas[t] as number;
    const y = new Uint8Array(N);
    let total = 0;
    for (let i = 0; i < N; i++) {
      const p = 1 / (1 + Math.exp(-(a[i] as number) * (th - (b[i] as number))));
      y[i] = rng() < p ? 1 : 0;
      total += y[i] as number;
    }
    const perm = Int32Array.from({ length: N }, (_, i) => i);
    for (let i = 0; i < n; i++) {
      const j = i + Math.floor(rng() * (N - i));
      const v = perm[j] as number;
      perm[j] = perm[i] as number;
      perm[i] = v;
    }
    const obs = perm.slice(0, n);
    const resp = Uint8Array.from(obs, (i) => y[i] as number);
    const pr = predictIrt(items, obs, resp);
    const e = pr.pirt.estimate - total / N;
    sumErr += e;
    sumSq += e * e;
    naiveSq += (pr.naive.estimate - total / N) ** 2;
    if (pr.pirt.ci[0] <= total / N && total / N <= pr.pirt.ci[1]) covered++;
  }
  it("mean error is within 4 Monte Carlo SE of 0", () => {
    const mean = sumErr / reps;
    const sd = Math.sqrt(sumSq / reps - mean * mean);
    expect(Math.abs(mean)).toBeLessThan((4 * sd) / Math.sqrt(reps));
  });
  it("95 % interval coverage within 4 Monte Carlo SE of 0.95", () => {
    const cov = covered / reps;
    expect(Math.abs(cov - 0.95)).toBeLessThan(4 * Math.sqrt((0.95 * 0.05) / reps));
  });
  it("p-IRT beats the subset mean in mean squared error", () => {
    expect(sumSq).toBeLessThan(naiveSq);
  });
});

describe("predictIrt bad input", () => {
  const obs = Int32Array.of(0, 3);
  const y = Uint8Array.of(1, 0);
  it("throws TypeError for malformed items", () => {
    expect(() => predictIrt(null as never, obs, y)).toThrow(TypeError);
    expect(() => predictIrt({ ...items4, a: "1111" } as never, obs, y)).toThrow(
      /items.a must be a Float64Array/,
    );
  });
  it("throws RangeError for a non-positive or NaN discrimination or NaN difficulty", () => {
    expect(() => predictIrt({ ...items4, a: Float64Array.of(1, 0, 1, 1) }, obs, y)).toThrow(
      /items.a\[1\]/,
    );
    expect(() =>
      predictIrt({ ...items4, b: Float64Array.of(0, Number.NaN, 0, 0) }, obs, y),
    ).toThrow(/items.b\[1\]/);
  });
  it("throws RangeError for a/b length mismatch, unknown model or bad prior", () => {
    expect(() => predictIrt({ ...items4, b: Float64Array.of(0, 0) }, obs, y)).toThrow(
      /lengths differ/,
    );
    expect(() => predictIrt({ ...items4, model: "3pl" as never }, obs, y)).toThrow(/items.model/);
    expect(() => predictIrt({ ...items4, thetaSd: 0 }, obs, y)).toThrow(/items.thetaSd/);
  });
  it("throws TypeError for observed / responses of the wrong type", () => {
    expect(() => predictIrt(items4, "0, 3" as never, y)).toThrow(TypeError);
    expect(() => predictIrt(items4, obs, "1, 0" as never)).toThrow(TypeError);
  });
  it("throws RangeError for empty, out-of-range, duplicate or misaligned observed items", () => {
    expect(() => predictIrt(items4, new Int32Array(0), new Uint8Array(0))).toThrow(
      /observed is empty/,
    );
    expect(() => predictIrt(items4, Int32Array.of(0, 4), y)).toThrow(/observed\[1\]/);
    expect(() => predictIrt(items4, Int32Array.of(2, 2), y)).toThrow(/twice/);
    expect(() => predictIrt(items4, obs, Uint8Array.of(1))).toThrow(/lengths differ/);
  });
  it("throws RangeError for responses other than 0/1", () => {
    expect(() => predictIrt(items4, obs, Uint8Array.of(1, 2))).toThrow(
      /responses\[1\] must be 0 or 1/,
    );
  });
  it("throws RangeError for bad weights", () => {
    expect(() => predictIrt(items4, obs, y, { weights: Float64Array.of(0.5, 0.6) })).toThrow(
      /sum to 1/,
    );
    expect(() => predictIrt(items4, obs, y, { weights: Float64Array.of(1) })).toThrow(
      /lengths differ/,
    );
    expect(() => predictIrt(items4, obs, y, { weights: Float64Array.of(1.5, -0.5) })).toThrow(
      /below 0/,
    );
    expect(() => predictIrt(items4, obs, y, { weights: Float64Array.of(Number.NaN, 1) })).toThrow(
      /not finite/,
    );
  });
  it("throws RangeError for a negative or NaN bias", () => {
    expect(() => predictIrt(items4, obs, y, { bias: -0.1 })).toThrow(/options.bias/);
    expect(() => predictIrt(items4, obs, y, { bias: Number.NaN })).toThrow(/options.bias/);
  });
  it("throws RangeError for an unknown ability method, bad level or grid", () => {
    expect(() => predictIrt(items4, obs, y, { ability: "ml" as never })).toThrow(/options.ability/);
    expect(() => predictIrt(items4, obs, y, { level: 1 })).toThrow(/level/);
    expect(() => predictIrt(items4, obs, y, { grid: 2 })).toThrow(/options.grid/);
  });
  it("throws TypeError for options that are not an object", () => {
    expect(() => predictIrt(items4, obs, y, "eap" as never)).toThrow(TypeError);
  });
});

describe("predictIrt with extreme item parameters", () => {
  const extreme = (a0: number, b0: number): IrtItems => ({
    model: "2pl",
    a: Float64Array.of(a0, 1e100, 2, 0.5),
    b: Float64Array.of(b0, -b0, -1, 0.3),
    thetaMean: 0,
    thetaSd: 1,
  });
  it("stays finite at the bounds (a = 1e100, |b| = 1e100), where a = 1e155 used to give all NaN", () => {
    for (const ability of ["eap", "map"] as const) {
      for (const r of [Uint8Array.of(0, 1), Uint8Array.of(1, 0), Uint8Array.of(1, 1)]) {
        const p = predictIrt(extreme(1e100, 1e100), Int32Array.of(0, 1), r, { ability, bias: 0.1 });
        for (const v of [p.pirt.estimate, p.pirt.se, p.gpirt.estimate, ...p.gpirt.ci]) {
          expect(Number.isFinite(v)).toBe(true);
        }
      }
    }
  });
  it("rejects parameters beyond the bounds with a RangeError", () => {
    const obs = Int32Array.of(0, 1);
    const r = Uint8Array.of(1, 0);
    expect(() => predictIrt(extreme(1e155, 0), obs, r)).toThrow(
      /^predictIrt: items\.a\[0\] must be at most 1e\+100 \(got 1e\+155\)$/,
    );
    expect(() => predictIrt(extreme(1, 1e200), obs, r)).toThrow(/items\.b\[0\] must lie in/);
    expect(() => predictIrt({ ...extreme(1, 0), thetaSd: 1e-200 }, obs, r)).toThrow(
      /items\.thetaSd must be at least 1e-100/,
    );
    expect(() => predictIrt({ ...extreme(1, 0), thetaMean: -1e101 }, obs, r)).toThrow(
      /items\.thetaMean must be at least -1e\+100/,
    );
  });
});
