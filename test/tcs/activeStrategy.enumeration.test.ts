import { describe, expect, it } from "vitest";
import { createRng } from "../../src/core/rng.js";
import { inclusionProbabilities } from "../../src/design/inclusionProbabilities.js";
import { fitCalibration } from "../../src/features/fitCalibration.js";
import { predictCalibration } from "../../src/features/predictCalibration.js";
import { type ActiveOptions, activeStrategy } from "../../src/tcs/activeStrategy.js";
import { runStrategy } from "../../src/tcs/runStrategy.js";
import { enumeratePivotal } from "../helpers/enumerate.js";

/**
 * The estimator of `active` written out from its TSDoc (not calling the
 * strategy): greedy units exact, the pilot's and the active sample's
 * difference estimators (Horvitz–Thompson on the residuals) combined with
 * weights n_pilot / n and n_active / n.
 */
type Setup = {
  risk: Float64Array;
  y: Float64Array;
  o: Required<Pick<ActiveOptions, "tau" | "calibration">> & {
    predictions?: Float64Array;
    nGreedy: number;
    nPilot: number;
    nActive: number;
    size: "sd" | "min";
    weights?: "labels" | "active";
    /** options.failureWeight (0 when absent). */
    tilt?: number;
    /** options.pilotDraw (default: "equal"). */
    pilotDraw?: "equal" | "sized";
  };
};

// pivotal with eps 0 decides 0 and 1 exactly (src/design/pivotal.ts: 1 - 2^-53); nothing here falls between
const EPS = 2 ** -53;

/** The unit's size: the residual SD measure over sqrt(1 - tilt f) (its limit sqrt(f) for sd at tilt 1). */
const sd = (f: number, size: "sd" | "min", tilt = 0): number => {
  const base = size === "sd" ? Math.sqrt(f * (1 - f)) : Math.min(f, 1 - f);
  if (tilt === 0) return base;
  if (tilt === 1 && size === "sd") return Math.sqrt(f);
  return 1 - tilt * f > 0 ? base / Math.sqrt(1 - tilt * f) : 0;
};

function byScore(score: Float64Array, units: number[]): number[] {
  return units.slice().sort((a, b) => (score[a] as number) - (score[b] as number) || a - b);
}

function mixture(units: number[], v: ArrayLike<number>, tau: number, m: number): Float64Array {
  let total = 0;
  for (const u of units) total += v[u] as number;
  const size = Float64Array.from(units, (u) =>
    total > 0 ? tau / units.length + ((1 - tau) * (v[u] as number)) / total : 1 / units.length,
  );
  // the TSDoc's rule for tau 0 and fewer positive sizes than draws: those certain, the rest even
  const positive = size.filter((x) => x > 0).length;
  if (positive < m) {
    if (m - positive === 1 && units.length > m)
      return new Float64Array(units.length).fill(m / units.length);
    return size.map((x) => (x > 0 ? 1 : (m - positive) / (units.length - positive)));
  }
  const pik = inclusionProbabilities(size, m);
  // the TSDoc's rule: a phase whose capped pik leave one uncertain draw is drawn with equal probabilities
  let certain = 0;
  for (let k = 0; k < pik.length; k++) {
    if ((pik[k] as number) >= 1 - 1e-12) {
      pik[k] = 1;
      certain++;
    }
  }
  if (m - certain === 1 && units.length > m)
    return new Float64Array(units.length).fill(m / units.length);
  return pik;
}

/** Difference estimate of the mean over `units` with predictions f, sample positions `pos`, their pik. */
function diff(
  units: number[],
  f: ArrayLike<number>,
  pos: ArrayLike<number>,
  pik: Float64Array,
  y: Float64Array,
): number {
  let m = 0;
  for (const u of units) m += f[u] as number;
  m /= units.length;
  let r = 0;
  for (const k of Array.from(pos)) {
    const u = units[k] as number;
    r += ((y[u] as number) - (f[u] as number)) / (pik[k] as number);
  }
  return m + r / units.length;
}

/** Every (pilot, active) outcome of the design with its probability and the estimate. */
function outcomes(s: Setup): { p: number; theta: number; pilot: number[]; active: number[] }[] {
  const { risk, y, o } = s;
  const N = risk.length;
  const score = o.predictions ?? risk;
  const greedy = Array.from({ length: N }, (_, i) => i)
    .sort((a, b) => (score[b] as number) - (score[a] as number) || a - b)
    .slice(0, o.nGreedy);
  let fixed = 0;
  for (const u of greedy) fixed += y[u] as number;
  const M1 = byScore(
    score,
    Array.from({ length: N }, (_, i) => i).filter((i) => !greedy.includes(i)),
  );
  const prior = o.predictions ?? new Float64Array(N);
  const equal = (o.pilotDraw ?? "equal") === "equal";
  const v1 = equal
    ? new Float64Array(N).fill(1)
    : o.predictions === undefined
      ? score
      : o.predictions.map((p) => sd(p, o.size, o.tilt));
  const pilotOutcomes =
    o.nPilot > 0
      ? enumeratePivotal(mixture(M1, v1, o.tau, o.nPilot), EPS)
      : [{ sample: new Int32Array(0), probability: 1 }];
  const pik1 = o.nPilot > 0 ? mixture(M1, v1, o.tau, o.nPilot) : new Float64Array(0);
  const out: { p: number; theta: number; pilot: number[]; active: number[] }[] = [];
  for (const po of pilotOutcomes) {
    const pilot = Array.from(po.sample, (k) => M1[k] as number).sort((a, b) => a - b);
    let pilotSum = 0;
    for (const u of pilot) pilotSum += y[u] as number;
    const theta1 = (fixed + M1.length * diff(M1, prior, po.sample, pik1, y)) / N;
    const cal = [...greedy, ...pilot];
    const f =
      o.calibration === "none"
        ? prior
        : predictCalibration(
            fitCalibration(
              Float64Array.from(cal, (u) => score[u] as number),
              Float64Array.from(cal, (u) => y[u] as number),
              { method: o.calibration },
            ),
            score,
          );
    const R = byScore(
      score,
      Array.from({ length: N }, (_, i) => i).filter((i) => !cal.includes(i)),
    );
    const pik2 = mixture(
      R,
      f.map((p) => sd(p, o.size, o.tilt)),
      o.tau,
      o.nActive,
    );
    for (const ao of enumeratePivotal(pik2, EPS)) {
      const theta2 = (fixed + pilotSum + R.length * diff(R, f, ao.sample, pik2, y)) / N;
      const w = o.weights === "active" ? 0 : o.nPilot / (o.nPilot + o.nActive);
      out.push({
        p: po.probability * ao.probability,
        theta: w * theta1 + (1 - w) * theta2,
        pilot,
        active: Array.from(ao.sample, (k) => R[k] as number).sort((a, b) => a - b),
      });
    }
  }
  return out;
}

const risk = Float64Array.from([0.9, 0.15, 0.7, 0.35, 0.6, 0.2, 0.5, 0.45, 0.3]);
const y = Float64Array.from([1, 0, 1, 0, 0, 1, 1, 0, 0]);
const mu = y.reduce((a, v) => a + v, 0) / y.length;
const predictions = Float64Array.from([0.8, 0.1, 0.6, 0.3, 0.5, 0.2, 0.55, 0.4, 0.25]);
const verdicts = Float64Array.from([1, 0, 1, 0, 0, 0, 1, 0, 0]);

const cases: { name: string; s: Setup; options: ActiveOptions; budget: number }[] = [
  {
    name: 'isotonic on the risk, pilot drawn on the risk ("sized"), pilot 2 + active 3',
    budget: 5,
    options: { pilot: 0.4, tau: 0.3, pilotDraw: "sized" },
    s: {
      risk,
      y,
      o: {
        tau: 0.3,
        calibration: "isotonic",
        nGreedy: 0,
        nPilot: 2,
        nActive: 3,
        size: "sd",
        pilotDraw: "sized",
      },
    },
  },
  {
    name: "isotonic on the risk, pilot 2 + active 3",
    budget: 5,
    options: { pilot: 0.4, tau: 0.3 },
    s: {
      risk,
      y,
      o: { tau: 0.3, calibration: "isotonic", nGreedy: 0, nPilot: 2, nActive: 3, size: "sd" },
    },
  },
  {
    name: "logistic, min(f, 1 - f), greedy 1 + pilot 2 + active 2",
    budget: 5,
    options: { pilot: 0.4, greedy: 0.2, tau: 0.5, calibration: "logistic", size: "min" },
    s: {
      risk,
      y,
      o: { tau: 0.5, calibration: "logistic", nGreedy: 1, nPilot: 2, nActive: 2, size: "min" },
    },
  },
  ...([undefined, "sized"] as const).map((pilotDraw) => ({
    name: `predictions calibrated (isotonic)${pilotDraw === undefined ? "" : ', pilot drawn on the predictions ("sized")'}, pilot 2 + active 2`,
    budget: 4,
    options: { predictions, pilot: 0.5, tau: 0.2, ...(pilotDraw ? { pilotDraw } : {}) },
    s: {
      risk,
      y,
      o: {
        predictions,
        tau: 0.2,
        calibration: "isotonic" as const,
        nGreedy: 0,
        nPilot: 2,
        nActive: 2,
        size: "sd" as const,
        ...(pilotDraw ? { pilotDraw } : {}),
      },
    },
  })),
  {
    name: 'weights "active", tau 0.6, pilot 3 + active 2',
    budget: 5,
    options: { pilot: 0.6, tau: 0.6, weights: "active" },
    s: {
      risk,
      y,
      o: {
        tau: 0.6,
        calibration: "isotonic",
        nGreedy: 0,
        nPilot: 3,
        nActive: 2,
        size: "sd",
        weights: "active",
      },
    },
  },
  {
    name: "predictions as they are (calibration none), greedy 1 + active 3",
    budget: 4,
    options: { predictions, calibration: "none", greedy: 0.25, tau: 0.4 },
    s: {
      risk,
      y,
      o: {
        predictions,
        tau: 0.4,
        calibration: "none",
        nGreedy: 1,
        nPilot: 0,
        nActive: 3,
        size: "sd",
      },
    },
  },
  {
    name: "failure weight 0.9, predictions as they are, active 4",
    budget: 4,
    options: { predictions, calibration: "none", tau: 0.3, failureWeight: 0.9 },
    s: {
      risk,
      y,
      o: {
        predictions,
        tau: 0.3,
        calibration: "none",
        nGreedy: 0,
        nPilot: 0,
        nActive: 4,
        size: "sd",
        tilt: 0.9,
      },
    },
  },
  {
    name: "failure weight 1 (pik ~ sqrt(f)), isotonic, pilot 2 + active 2",
    budget: 4,
    options: { predictions, pilot: 0.5, tau: 0.2, failureWeight: 1 },
    s: {
      risk,
      y,
      o: {
        predictions,
        tau: 0.2,
        calibration: "isotonic",
        nGreedy: 0,
        nPilot: 2,
        nActive: 2,
        size: "sd",
        tilt: 1,
      },
    },
  },
  {
    name: 'failure weight 0.5 with size "min", logistic, pilot 2 + active 3',
    budget: 5,
    options: { pilot: 0.4, tau: 0.4, calibration: "logistic", size: "min", failureWeight: 0.5 },
    s: {
      risk,
      y,
      o: {
        tau: 0.4,
        calibration: "logistic",
        nGreedy: 0,
        nPilot: 2,
        nActive: 3,
        size: "min",
        tilt: 0.5,
      },
    },
  },
  {
    // 3 units of positive size (sqrt(f) of hard verdicts) for 5 draws: inclusionProbabilities
    // used to throw here, mid-session; now those 3 are certain and 2 draws spread over the other 6
    name: "tau 0, failure weight 1, hard verdicts as they are: fewer positive sizes than draws, active 5",
    budget: 5,
    options: { predictions: verdicts, calibration: "none", tau: 0, failureWeight: 1 },
    s: {
      risk,
      y,
      o: {
        predictions: verdicts,
        tau: 0,
        calibration: "none",
        nGreedy: 0,
        nPilot: 0,
        nActive: 5,
        size: "sd",
        tilt: 1,
      },
    },
  },
];

describe("extraStrategies.active: exact unbiasedness by enumerating every pilot and active sample", () => {
  for (const c of cases) {
    it(`${c.name}: E[estimate] = mu to 1e-12`, () => {
      const all = outcomes(c.s);
      let total = 0;
      let e = 0;
      for (const a of all) {
        total += a.p;
        e += a.p * a.theta;
      }
      expect(total).toBeCloseTo(1, 12);
      expect(Math.abs(e - mu)).toBeLessThan(1e-12);
    });
    it(`${c.name}: the strategy's estimate is the enumerated formula on its own sample`, () => {
      const all = outcomes(c.s);
      const nFirst = c.s.o.nGreedy + c.s.o.nPilot;
      for (let seed = 0; seed < 20; seed++) {
        const run = runStrategy(
          activeStrategy(c.s.risk, c.budget, createRng(`enum-${seed}`), c.options),
          (i) => y[i] as number,
        );
        const idx = Array.from(run.indices);
        const pilot = idx.slice(c.s.o.nGreedy, nFirst).sort((a, b) => a - b);
        const active = idx.slice(nFirst).sort((a, b) => a - b);
        const match = all.find(
          (a) => a.pilot.join() === pilot.join() && a.active.join() === active.join(),
        );
        expect(match).toBeDefined();
        expect(Math.abs(run.estimate.estimate - (match?.theta ?? Number.NaN))).toBeLessThan(1e-12);
      }
    });
  }
});
