import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Rng } from "../../src/core/rng.js";
import { createRng } from "../../src/core/rng.js";
import { fsum } from "../../src/core/sum.js";
import { pivotal } from "../../src/design/pivotal.js";
import { ppsWithReplacement } from "../../src/design/ppsWithReplacement.js";
import { rhc } from "../../src/design/rhc.js";
import { srs } from "../../src/design/srs.js";
import { stratifiedSrs } from "../../src/design/stratifiedSrs.js";
import { systematicPps } from "../../src/design/systematicPps.js";
import type { Estimate } from "../../src/estimate/confidenceInterval.js";
import { hajek } from "../../src/estimate/hajek.js";
import { hansenHurwitz } from "../../src/estimate/hansenHurwitz.js";
import { horvitzThompson } from "../../src/estimate/horvitzThompson.js";
import { raoHartleyCochran } from "../../src/estimate/raoHartleyCochran.js";
import { stratifiedMean } from "../../src/estimate/stratifiedMean.js";
import { farthestFirstCentres } from "../../src/tcs/_centres.js";
import { ppsPik } from "../../src/tcs/_pik.js";
import { d2SortedStrata, sortRisk } from "../../src/tcs/_sortedD2.js";
import {
  kmeansStrata,
  nearestCentreStrata,
  quantileStrata,
  type Strata,
} from "../../src/tcs/_strata.js";
import {
  allocateAtLeastTwo,
  flooredStratifiedEstimate,
  STRATUM_PSEUDO_COUNT,
  stratumSds,
} from "../../src/tcs/_stratified.js";
import { d2StratStrategy } from "../../src/tcs/d2StratStrategy.js";
import { kCenterStratStrategy } from "../../src/tcs/kCenterStratStrategy.js";
import { mixtureStrategy } from "../../src/tcs/mixtureStrategy.js";
import { runStrategy } from "../../src/tcs/runStrategy.js";
import { ssrsStrategy } from "../../src/tcs/ssrsStrategy.js";
import { strategies } from "../../src/tcs/strategies.js";
import { twoUpsStrategy } from "../../src/tcs/twoUpsStrategy.js";
import {
  enumeratePivotal,
  enumeratePpsWithReplacement,
  enumerateRhc,
  enumerateSrs,
  enumerateStratifiedSrs,
  enumerateSystematic,
  pick,
  proportionalPik,
} from "../helpers/enumerate.js";

// Every non-adaptive strategy is (deterministic function of risk [and of an
// independent rng draw for D2Strat]) -> one design of src/design -> one estimator.
// Proof in two steps:
//  1. composition: the strategy's picks and estimate equal that design drawn with
//     the same rng stream and that estimator applied to the labels (many seeds);
//  2. exact expectation: enumerating every sample of the design (test/helpers/enumerate,
//     built from the designs' definitions) gives E[estimate] = mean(y) exactly.

/** One possible outcome: its probability, its sample, and the strategy's estimate from it. */
type Weighted = {
  probability: number;
  sample: Int32Array;
  estimate: (y: Float64Array) => Estimate;
};

type Case = {
  name: string;
  strategy: (risk: Float64Array, n: number, rng: Rng) => Generator<number, Estimate, number>;
  /** The composition drawn with rng. */
  compose: (risk: Float64Array, n: number, rng: Rng) => Omit<Weighted, "probability">;
  /** Every outcome with its exact probability (given `rng` for randomised strata). */
  enumerate: (risk: Float64Array, n: number, rng: Rng) => Weighted[];
  /** Exactly unbiased (HT, HH, RHC, stratified) or a ratio estimator (Hájek). */
  unbiased: boolean;
};

const mean = (y: Float64Array): number => y.reduce((s, v) => s + v, 0) / y.length;
const strat = (s: Strata, _N: number) => (sample: Int32Array) => (y: Float64Array) =>
  stratifiedMean(
    pick(y, sample),
    Int32Array.from(sample, (i) => s.strata[i] as number),
    s.sizes,
  );
// ssrs and kCenterStrat floor each stratum's variance (flooredStratifiedEstimate); ssrs's
// strata are ordered by risk (`ordered`: the neighbour floor)
const floored =
  (s: Strata, _N: number, ordered = false) =>
  (sample: Int32Array) =>
  (y: Float64Array) =>
    flooredStratifiedEstimate(
      sample,
      pick(y, sample),
      s,
      { level: 0.95, interval: undefined },
      "stratifiedMean",
      STRATUM_PSEUDO_COUNT,
      false,
      ordered,
    );
const single = (N: number): Strata => ({ strata: new Int32Array(N), sizes: Int32Array.of(N) });
// sums by fsum, as the strategies do: pivotal duels at a + b = 1 are decided by the last bit
const ppsP = (risk: Float64Array) => {
  const t = fsum(risk);
  return risk.map((r) => r / t);
};
const twoUpsP = (risk: Float64Array) => {
  const s = quantileStrata(risk, 2);
  const R = new Float64Array(s.sizes.length);
  risk.forEach((r, i) => {
    R[s.strata[i] as number] += r;
  });
  const t = fsum(risk);
  return Float64Array.from(s.strata, (h) => (R[h] as number) / t / (s.sizes[h] as number));
};
const hh = (p: Float64Array, N: number) => (sample: Int32Array) => (y: Float64Array) =>
  hansenHurwitz(pick(y, sample), pick(p, sample), N);
const ht = (pik: Float64Array, N: number) => (sample: Int32Array) => (y: Float64Array) =>
  horvitzThompson(pick(y, sample), pick(pik, sample), N, { variance: "deville" });
const hj = (pik: Float64Array) => (sample: Int32Array) => (y: Float64Array) =>
  hajek(pick(y, sample), pick(pik, sample), { variance: "deville" });
const mixSize = (risk: Float64Array, lambda: number) => {
  const t = fsum(risk);
  return risk.map((r) => (1 - lambda) / risk.length + (lambda * r) / t);
};
const ssrsPlan = (risk: Float64Array, n: number) => {
  const s = quantileStrata(risk, 2);
  return { s, allocation: allocateAtLeastTwo(s, stratumSds(risk, s), n) };
};
const ssrsKmeansPlan = (risk: Float64Array, n: number) => {
  const s = kmeansStrata(risk, 2);
  return { s, allocation: allocateAtLeastTwo(s, stratumSds(risk, s), n) };
};
const propPlan = (s: Strata, n: number) => ({
  s,
  allocation: allocateAtLeastTwo(s, new Float64Array(s.sizes.length), n),
});
// D2Strat's seeding on the sorted risk, its strata by nearestCentreStrata for the same centres
const d2Strata = (risk: Float64Array, rng: Rng) => {
  const sorted = sortRisk(risk);
  const { centres } = d2SortedStrata("test", sorted, 2, rng);
  return { sorted, s: nearestCentreStrata(risk, centres) };
};
const kcStrata = (risk: Float64Array) => nearestCentreStrata(risk, farthestFirstCentres(risk, 2));
const wrap = <T extends { probability: number; sample: Int32Array }>(
  outcomes: T[],
  est: (o: T) => (y: Float64Array) => Estimate,
): Weighted[] =>
  outcomes.map((o) => ({ probability: o.probability, sample: o.sample, estimate: est(o) }));

const cases: Case[] = [
  {
    name: "srs",
    strategy: (r, n, g) => strategies.srs(r, n, g),
    compose: (r, n, g) => {
      const sample = srs(r.length, n, g);
      return { sample, estimate: strat(single(r.length), r.length)(sample) };
    },
    enumerate: (r, n) =>
      wrap(enumerateSrs(r.length, n), (o) => strat(single(r.length), r.length)(o.sample)),
    unbiased: true,
  },
  {
    name: "sups",
    strategy: (r, n, g) => strategies.sups(r, n, g),
    compose: (r, n, g) => {
      const sample = ppsWithReplacement(ppsP(r), n, g);
      return { sample, estimate: hh(ppsP(r), r.length)(sample) };
    },
    enumerate: (r, n) =>
      wrap(enumeratePpsWithReplacement(ppsP(r), n), (o) => hh(ppsP(r), r.length)(o.sample)),
    unbiased: true,
  },
  {
    name: "rhc",
    strategy: (r, n, g) => strategies.rhc(r, n, g),
    compose: (r, n, g) => {
      const s = rhc(r, n, g);
      return {
        sample: s.indices,
        estimate: (y) =>
          raoHartleyCochran(pick(y, s.indices), s.groupShare, s.groupTotal, r.length),
      };
    },
    enumerate: (r, n) =>
      wrap(
        enumerateRhc(r, n),
        (o) => (y) => raoHartleyCochran(pick(y, o.sample), o.groupShare, o.groupTotal, r.length),
      ),
    unbiased: true,
  },
  {
    name: "ssrs",
    strategy: (r, n, g) => ssrsStrategy(r, n, g, { strata: 2 }),
    compose: (r, n, g) => {
      const { s, allocation } = ssrsPlan(r, n);
      const sample = stratifiedSrs(s.strata, allocation, g);
      return { sample, estimate: floored(s, r.length, true)(sample) };
    },
    enumerate: (r, n) => {
      const { s, allocation } = ssrsPlan(r, n);
      return wrap(enumerateStratifiedSrs(s.strata, allocation), (o) =>
        floored(s, r.length, true)(o.sample),
      );
    },
    unbiased: true,
  },
  {
    name: "ssrs (kmeans strata)",
    strategy: (r, n, g) => ssrsStrategy(r, n, g, { strata: 2, partition: "kmeans" }),
    compose: (r, n, g) => {
      const { s, allocation } = ssrsKmeansPlan(r, n);
      const sample = stratifiedSrs(s.strata, allocation, g);
      return { sample, estimate: floored(s, r.length, true)(sample) };
    },
    enumerate: (r, n) => {
      const { s, allocation } = ssrsKmeansPlan(r, n);
      return wrap(enumerateStratifiedSrs(s.strata, allocation), (o) =>
        floored(s, r.length, true)(o.sample),
      );
    },
    unbiased: true,
  },
  {
    name: "twoUps",
    strategy: (r, n, g) => twoUpsStrategy(r, n, g, { strata: 2 }),
    compose: (r, n, g) => {
      const sample = ppsWithReplacement(twoUpsP(r), n, g);
      return { sample, estimate: hh(twoUpsP(r), r.length)(sample) };
    },
    enumerate: (r, n) =>
      wrap(enumeratePpsWithReplacement(twoUpsP(r), n), (o) => hh(twoUpsP(r), r.length)(o.sample)),
    unbiased: true,
  },
  {
    name: "systematicPps",
    strategy: (r, n, g) => strategies.systematicPps(r, n, g),
    compose: (r, n, g) => {
      const pik = ppsPik("test", r, n);
      const sample = randomOrderSystematic(pik, g);
      return { sample, estimate: ht(pik, r.length)(sample) };
    },
    // Horvitz–Thompson is unbiased given every order of the units, so over the
    // random order too; the given-order samples are enumerated here, the
    // random-order design's inclusion probabilities in the test below
    enumerate: (r, n) => {
      const pik = proportionalPik(r, n);
      return wrap(enumerateSystematic(pik), (o) => ht(pik, r.length)(o.sample));
    },
    unbiased: true,
  },
  {
    name: "balanced",
    strategy: (r, n, g) => strategies.balanced(r, n, g),
    compose: (r, n, g) => {
      const pik = ppsPik("test", r, n);
      const sample = randomOrderSystematic(pik, g);
      return { sample, estimate: hj(pik)(sample) };
    },
    enumerate: (r, n) => {
      const pik = proportionalPik(r, n);
      return wrap(enumerateSystematic(pik), (o) => hj(pik)(o.sample));
    },
    unbiased: false,
  },
  {
    name: "pivotal",
    strategy: (r, n, g) => strategies.pivotal(r, n, g),
    compose: (r, n, g) => {
      const pik = ppsPik("test", r, n);
      const sample = pivotal(pik, g);
      return { sample, estimate: hj(pik)(sample) };
    },
    enumerate: (r, n) => {
      const pik = proportionalPik(r, n);
      return wrap(enumeratePivotal(pik), (o) => hj(pik)(o.sample));
    },
    unbiased: false,
  },
  {
    name: "d2Strat",
    strategy: (r, n, g) => d2StratStrategy(r, n, g, { strata: 2 }),
    compose: (r, n, g) => {
      const d2 = d2Strata(r, g);
      const { s, allocation } = propPlan(d2.s, n);
      // stratified SRS with each stratum's units listed in sorted-risk order
      const order = d2.sorted.order;
      const positions = stratifiedSrs(
        Int32Array.from(order, (i) => s.strata[i] as number),
        allocation,
        g,
      );
      const sample = Int32Array.from(positions, (k) => order[k] as number).sort();
      return { sample, estimate: strat(s, r.length)(sample) };
    },
    // conditional on the seeding (drawn from rng, independently of y)
    enumerate: (r, n, g) => {
      const { s, allocation } = propPlan(d2Strata(r, g).s, n);
      return wrap(enumerateStratifiedSrs(s.strata, allocation), (o) =>
        strat(s, r.length)(o.sample),
      );
    },
    unbiased: true,
  },
  {
    name: "kCenterStrat",
    strategy: (r, n, g) => kCenterStratStrategy(r, n, g, { strata: 2 }),
    compose: (r, n, g) => {
      const { s, allocation } = propPlan(kcStrata(r), n);
      const sample = stratifiedSrs(s.strata, allocation, g);
      return { sample, estimate: floored(s, r.length)(sample) };
    },
    enumerate: (r, n) => {
      const { s, allocation } = propPlan(kcStrata(r), n);
      return wrap(enumerateStratifiedSrs(s.strata, allocation), (o) =>
        floored(s, r.length)(o.sample),
      );
    },
    unbiased: true,
  },
  {
    name: "mixture (ht)",
    strategy: (r, n, g) => mixtureStrategy(r, n, g, { lambda: 0.6, estimator: "ht" }),
    compose: (r, n, g) => {
      const pik = ppsPik("test", mixSize(r, 0.6), n);
      const sample = pivotal(pik, g);
      return { sample, estimate: ht(pik, r.length)(sample) };
    },
    enumerate: (r, n) => {
      const pik = proportionalPik(mixSize(r, 0.6), n);
      return wrap(enumeratePivotal(pik), (o) => ht(pik, r.length)(o.sample));
    },
    unbiased: true,
  },
  {
    name: "mixture (hajek)",
    strategy: (r, n, g) => mixtureStrategy(r, n, g, { lambda: 0.6 }),
    compose: (r, n, g) => {
      const pik = ppsPik("test", mixSize(r, 0.6), n);
      const sample = pivotal(pik, g);
      return { sample, estimate: hj(pik)(sample) };
    },
    enumerate: (r, n) => {
      const pik = proportionalPik(mixSize(r, 0.6), n);
      return wrap(enumeratePivotal(pik), (o) => hj(pik)(o.sample));
    },
    unbiased: false,
  },
];

/**
 * The default `systematicPps` design written from its definition: the units
 * with 0 < pik < 1 shuffled (Fisher–Yates from the top, one rng value per
 * step), then Madow's design on them in that order; certain units always in.
 */
function randomOrderSystematic(pik: Float64Array, g: () => number): Int32Array {
  const open: number[] = [];
  const out: number[] = [];
  pik.forEach((p, i) => {
    if (p === 1) out.push(i);
    else if (p > 0) open.push(i);
  });
  for (let k = open.length - 1; k > 0; k--) {
    const j = Math.floor(g() * (k + 1));
    [open[k], open[j]] = [open[j] as number, open[k] as number];
  }
  if (open.length === 0) return Int32Array.from(out).sort();
  const picked = systematicPps(
    Float64Array.from(open, (i) => pik[i] as number),
    g,
  );
  for (const k of picked) out.push(open[k] as number);
  return Int32Array.from(out).sort();
}

// N in [5, 8] units, risk in [0.1, 10] on a 0.1 grid, y either real in [-50, 50] or 0/1, n in [4, N].
const popArb = fc
  .integer({ min: 5, max: 8 })
  .chain((N) =>
    fc.record({
      risk: fc.array(fc.integer({ min: 1, max: 100 }), { minLength: N, maxLength: N }),
      y: fc.oneof(
        fc.array(fc.integer({ min: -500, max: 500 }), { minLength: N, maxLength: N }),
        fc.array(
          fc.integer({ min: 0, max: 1 }).map((v) => v * 10),
          { minLength: N, maxLength: N },
        ),
      ),
      n: fc.integer({ min: 4, max: Math.min(N, 5) }),
      seed: fc.integer({ min: 0, max: 1_000_000 }),
    }),
  )
  .map(({ risk, y, n, seed }) => ({
    risk: Float64Array.from(risk, (v) => v / 10),
    y: Float64Array.from(y, (v) => v / 10),
    n,
    seed,
  }));

/** Whether the strategy accepts this population (PPS designs need >= 2 uncertain units, etc.). */
function accepts(c: Case, risk: Float64Array, n: number): boolean {
  try {
    c.strategy(risk, n, createRng(0));
    return true;
  } catch {
    return false;
  }
}

describe.each(cases)("$name: a fixed design composed with its estimator", (c) => {
  it("picks and estimates exactly as its design drawn from the same rng stream plus its estimator", () => {
    fc.assert(
      fc.property(popArb, ({ risk, y, n, seed }) => {
        fc.pre(accepts(c, risk, n));
        const run = runStrategy(c.strategy(risk, n, createRng(seed)), (i) => y[i] as number);
        const ref = c.compose(risk, n, createRng(seed));
        expect(Array.from(run.indices)).toEqual(Array.from(ref.sample));
        const e = ref.estimate(y);
        const close = (a: number, b: number) =>
          expect(Math.abs(a - b)).toBeLessThanOrEqual(1e-12 * Math.max(1, Math.abs(b)));
        close(run.estimate.estimate, e.estimate);
        // 0/1 labels holding both values may get the risk-band floor on top
        // (src/tcs/_riskBands.ts, tested in riskBands.test.ts): never below
        const labels = Array.from(run.labels);
        const mixed =
          labels.every((v) => v === 0 || v === 1) && labels.includes(0) && labels.includes(1);
        if (mixed) expect(run.estimate.variance).toBeGreaterThanOrEqual(e.variance * (1 - 1e-12));
        else close(run.estimate.variance, e.variance);
      }),
      { numRuns: 40 },
    );
  });

  it(
    c.unbiased
      ? "is exactly unbiased: E[estimate] = mean(y) over every possible sample"
      : "is a ratio estimator: exact for constant y, bias well below its standard error",
    () => {
      fc.assert(
        fc.property(popArb, ({ risk, y, n, seed }) => {
          fc.pre(accepts(c, risk, n));
          const outcomes = c.enumerate(risk, n, createRng(seed));
          const mu = mean(y);
          let e = 0;
          let mse = 0;
          for (const o of outcomes) {
            const v = o.estimate(y).estimate;
            e += o.probability * v;
            mse += o.probability * (v - mu) ** 2;
          }
          const scale = Math.max(1, ...Array.from(y, Math.abs));
          if (c.unbiased) {
            expect(Math.abs(e - mu)).toBeLessThanOrEqual(1e-9 * scale * risk.length);
          } else {
            // bias^2 <= mse always; a ratio estimator's bias is of order 1/n of its SD
            expect(Math.abs(e - mu)).toBeLessThanOrEqual(Math.sqrt(mse) + 1e-12 * scale);
            const constant = new Float64Array(y.length).fill(y[0] as number);
            let ec = 0;
            for (const o of outcomes) ec += o.probability * o.estimate(constant).estimate;
            expect(Math.abs(ec - (y[0] as number))).toBeLessThanOrEqual(1e-12 * scale);
          }
        }),
        { numRuns: 40 },
      );
    },
  );
});

describe("ppsPik(fn, size, n)", () => {
  it("refuses a budget that leaves one sampled unit with pik < 1 (no variance estimate)", () => {
    // pik = [0.5, 0.5, 1, 1, 1]: the sample holds 3 certain units and one of the two halves
    expect(() => ppsPik("f", new Float64Array([0.1, 0.1, 0.2, 0.2, 0.2]), 4)).toThrow(
      /^f: budget 4 leaves a single unit with pik < 1/,
    );
  });

  it("equals the capped-proportional definition (within rounding)", () => {
    expect((cases[6] as Case).name).toBe("systematicPps");
    fc.assert(
      fc.property(popArb, ({ risk, n }) => {
        fc.pre(accepts(cases[6] as Case, risk, n));
        const a = ppsPik("test", risk, n);
        const b = proportionalPik(risk, n);
        for (let i = 0; i < risk.length; i++) {
          expect(Math.abs((a[i] as number) - (b[i] as number))).toBeLessThanOrEqual(1e-12);
        }
      }),
      { numRuns: 100 },
    );
  });
});

describe("risk strata", () => {
  it("quantileStrata cuts sorted risks into equal counts and never splits ties", () => {
    const s = quantileStrata(new Float64Array([5, 1, 4, 2, 3, 6]), 3);
    expect(Array.from(s.strata)).toEqual([2, 0, 1, 0, 1, 2]);
    const t = quantileStrata(new Float64Array([1, 1, 1, 1, 2, 3]), 3);
    // positions 0..3 share risk 1 and stay in stratum 0; stratum 1 (positions 2, 3) is empty
    expect(Array.from(t.strata)).toEqual([0, 0, 0, 0, 1, 1]);
    expect(Array.from(t.sizes)).toEqual([4, 2]);
  });

  it("farthest-first centres start at the minimum and spread over the range", () => {
    // 0 first; farthest from 0 is 10; then farthest from {0, 10} is 4 (distance 4 beats 7 -> 3)
    expect(farthestFirstCentres(new Float64Array([0, 1, 4, 7, 10]), 3)).toEqual([0, 10, 4]);
    const s = nearestCentreStrata(new Float64Array([0, 1, 4, 7, 10]), [0, 10, 4]);
    // 7 is 3 from both 4 and 10: the tie goes to the lower centre
    expect(Array.from(s.strata)).toEqual([0, 0, 1, 1, 2]);
  });

  it("kmeansStrata runs Lloyd from the quantile strata's means until no unit moves", () => {
    // start {0, 0.1}, {0.2, 5}, {5.1, 9}: means 0.05, 2.6, 7.05; 0.2 joins the first, 5 and 5.1 the
    // last (2.05 < 2.4), the middle stratum empties and is dropped; then means 0.1 and 6.37: stable
    const s = kmeansStrata(new Float64Array([0, 0.1, 0.2, 5, 5.1, 9]), 3);
    expect(Array.from(s.strata)).toEqual([0, 0, 0, 1, 1, 1]);
    const t = kmeansStrata(new Float64Array([1, 2, 3, 10, 11, 12, 30]), 3);
    expect(Array.from(t.strata)).toEqual([0, 0, 0, 1, 1, 1, 2]);
  });

  it("D2 seeding stops when every unit sits on a centre", () => {
    const sorted = sortRisk(new Float64Array([2, 2, 5, 5]));
    expect(d2SortedStrata("test", sorted, 4, createRng(1)).centres.length).toBe(2);
  });
});
