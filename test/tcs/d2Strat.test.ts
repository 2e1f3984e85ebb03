import { describe, expect, it } from "vitest";
import { createRng, type Rng } from "../../src/core/rng.js";
import { neymanAllocation } from "../../src/design/neymanAllocation.js";
import { UNCHECKED_RNG } from "../../src/tcs/_askTell.js";
import { argsortNonNegative, d2SortedStrata, sortRisk } from "../../src/tcs/_sortedD2.js";
import { nearestCentreStrata } from "../../src/tcs/_strata.js";
import { d2StratStrategy, prepareD2Strat } from "../../src/tcs/d2StratStrategy.js";
import { runStrategy } from "../../src/tcs/runStrategy.js";
import { d2Centres } from "../helpers/d2Reference.js";

// The exact law of D2Strat, enumerated from its definition (k-means++ seeding:
// first centre a uniform unit, each next unit i with probability D(i)^p / sum_j D(j)^p,
// p = 2, stopping when every unit sits on a centre; every unit to its nearest
// centre, a tie to the lower one; min(2, N_h) per stratum and the rest
// proportional to N_h; SRS within strata), without calling the seeding or the
// strata code under test. Risks are small integers, so every distance and
// comparison is exact.

/** Stratification key: the strata (by increasing centre) as unit lists. */
type Law = Map<string, number>;

function nearestStrata(risk: readonly number[], centres: readonly number[]): number[][] {
  const c = [...centres].sort((a, b) => a - b);
  const strata: number[][] = c.map(() => []);
  risk.forEach((r, i) => {
    let best = 0;
    for (let h = 1; h < c.length; h++) {
      // strictly nearer: a tie stays with the lower centre
      if (Math.abs((c[h] as number) - r) < Math.abs((c[best] as number) - r)) best = h;
    }
    (strata[best] as number[]).push(i);
  });
  return strata.filter((s) => s.length > 0);
}

const keyOf = (strata: readonly (readonly number[])[]) => strata.map((s) => s.join(",")).join("|");

/** Probability of every stratification under seeding with weights D^power. */
function enumerateLaw(risk: readonly number[], H: number, power = 2): Law {
  const law: Law = new Map();
  const N = risk.length;
  const grow = (centres: number[], p: number): void => {
    const d = risk.map((r) => Math.min(...centres.map((c) => Math.abs(r - c))) ** power);
    const total = d.reduce((s, v) => s + v, 0);
    if (centres.length === H || total === 0) {
      const k = keyOf(nearestStrata(risk, centres));
      law.set(k, (law.get(k) ?? 0) + p);
      return;
    }
    d.forEach((v, i) => {
      if (v > 0) grow([...centres, risk[i] as number], (p * v) / total);
    });
  };
  for (let i = 0; i < N; i++) grow([risk[i] as number], 1 / N);
  return law;
}

/** First-order inclusion probabilities of the whole design. */
function inclusion(risk: readonly number[], law: Law, n: number): number[] {
  const pi = risk.map(() => 0);
  for (const [key, p] of law) {
    const strata = key.split("|").map((s) => s.split(",").map(Number));
    const sizes = Int32Array.from(strata, (s) => s.length);
    const a = neymanAllocation(sizes, new Float64Array(sizes.length), n, { minPerStratum: 2 });
    strata.forEach((s, h) => {
      for (const i of s) pi[i] = (pi[i] as number) + (p * (a[h] as number)) / s.length;
    });
  }
  return pi;
}

/** Frequencies of the stratifications drawn by `strata(rng)` over R seeded runs. */
function frequencies(R: number, strata: (rng: Rng) => number[][]): Law {
  const f: Law = new Map();
  for (let r = 0; r < R; r++) {
    const k = keyOf(strata(createRng(`d2/${r}`)));
    f.set(k, (f.get(k) ?? 0) + 1 / R);
  }
  return f;
}

/** Every frequency within 4 binomial SEs (plus 1e-9) of its exact probability, and no unknown outcome. */
function expectClose(
  freq: ReadonlyMap<string | number, number>,
  exact: ReadonlyMap<string | number, number>,
  R: number,
): void {
  for (const k of freq.keys()) expect(exact.has(k), `outcome ${k} has probability 0`).toBe(true);
  for (const [k, p] of exact) {
    const se = Math.sqrt((p * (1 - p)) / R);
    expect(Math.abs((freq.get(k) ?? 0) - p), `outcome ${k}: exact ${p}`).toBeLessThanOrEqual(
      4 * se + 1e-9,
    );
  }
}

const sortedStrataOf = (risk: Float64Array, H: number) => {
  const sr = sortRisk(risk);
  return (rng: Rng): number[][] => {
    const { bounds } = d2SortedStrata("test", sr, H, rng);
    const out: number[][] = [];
    for (let h = 0; h + 1 < bounds.length; h++) {
      out.push(Array.from(sr.order.subarray(bounds[h], bounds[h + 1])).sort((a, b) => a - b));
    }
    return out;
  };
};

const referenceStrataOf =
  (risk: Float64Array, H: number) =>
  (rng: Rng): number[][] => {
    const s = nearestCentreStrata(risk, d2Centres("test", risk, H, rng));
    return Array.from(s.sizes, (_, h) => Array.from(risk.keys()).filter((i) => s.strata[i] === h));
  };

// tiny populations: ties, a cluster, an offset (v - min exact), H = 2..3
const tiny: { risk: number[]; H: number; n: number }[] = [
  { risk: [0, 1, 3, 7, 8], H: 2, n: 4 },
  { risk: [2, 0, 2, 5, 9, 9], H: 3, n: 6 },
  { risk: [1, 1, 4, 2, 6, 1, 3], H: 3, n: 6 },
  { risk: [1003, 1000, 1001, 1007, 1003, 1010], H: 3, n: 6 },
  { risk: [0, 4, 2, 2, 8, 6], H: 2, n: 5 },
];

describe("d2Strat: the exact law of D² seeding, strata and stratified SRS", () => {
  it("the D² and D¹ laws differ, so the checks below can fail", () => {
    for (const { risk, H } of tiny) {
      const d2 = enumerateLaw(risk, H);
      const d1 = enumerateLaw(risk, H, 1);
      const gap = Math.max(...Array.from(d2, ([k, p]) => Math.abs(p - (d1.get(k) ?? 0))));
      expect(gap).toBeGreaterThan(0.02);
      expect(Array.from(d2.values()).reduce((s, p) => s + p, 0)).toBeCloseTo(1, 12);
    }
  });

  it.each(tiny)(
    "sorted seeding: stratification frequencies of $risk (H = $H) match the exact law",
    ({ risk, H }) => {
      const R = 8000;
      const r = Float64Array.from(risk);
      expectClose(frequencies(R, sortedStrataOf(r, H)), enumerateLaw(risk, H), R);
    },
  );

  it.each(tiny.slice(0, 3))(
    "the index-order seeding it replaced has the same law on $risk",
    ({ risk, H }) => {
      const R = 5000;
      const r = Float64Array.from(risk);
      expectClose(frequencies(R, referenceStrataOf(r, H)), enumerateLaw(risk, H), R);
    },
  );

  it.each(tiny)(
    "strategies.d2Strat: inclusion frequencies on $risk (n = $n) match the exact design",
    ({ risk, H, n }) => {
      const R = 3000;
      const r = Float64Array.from(risk);
      const pi = inclusion(risk, enumerateLaw(risk, H), n);
      const count = risk.map(() => 0);
      const prepared = prepareD2Strat(r, n, UNCHECKED_RNG, { strata: H });
      let unordered = 0;
      for (let k = 0; k < R; k++) {
        const gen = prepared.start(createRng(`pi/${k}`));
        let run: { indices: ArrayLike<number> };
        const next = (y?: number) => {
          const r = y === undefined ? gen.next() : gen.next(y);
          if (r.done === true) throw new Error("the run ended before its budget");
          return r.value;
        };
        if (k < 20) {
          // a direct call runs the same prepared code: the same picks and estimate
          run = runStrategy(gen, (i) => risk[i] as number);
          const direct = d2StratStrategy(r, n, createRng(`pi/${k}`), { strata: H });
          expect(runStrategy(direct, (i) => risk[i] as number)).toEqual(run);
        } else {
          // the picks only (the estimate is computed after the last label, never sent here)
          const indices = [next()];
          for (let j = 1; j < n; j++) indices.push(next(0));
          run = { indices };
        }
        // yielded in increasing index order, no repeats
        for (let j = 1; j < n; j++)
          if (!((run.indices[j] as number) > (run.indices[j - 1] as number))) unordered++;
        for (const i of Array.from(run.indices)) count[i] = (count[i] as number) + 1;
      }
      expect(unordered).toBe(0);
      expectClose(new Map(count.map((c, i) => [i, c / R])), new Map(pi.map((p, i) => [i, p])), R);
      expect(pi.reduce((s, p) => s + p, 0)).toBeCloseTo(n, 12);
    },
  );

  it("stops when every unit sits on a centre, and never takes a unit at distance 0", () => {
    const sr = sortRisk(Float64Array.from([2, 2, 5, 5]));
    for (let k = 0; k < 200; k++) {
      const { centres, bounds } = d2SortedStrata("test", sr, 4, createRng(k));
      expect(centres.length).toBe(2);
      expect(new Set(centres).size).toBe(2);
      expect(Array.from(bounds)).toEqual([0, 2, 4]);
    }
  });

  it("draws the tiny-distance units of tight clusters by exact scans, with their D² law", () => {
    // once both clusters hold a centre the D² masses are ~1e-18 against a range of 1
    // (scaled by 1/2): 4 parts x the prefix-sum bound 32 N (N + 1) 2^-106 exceed 2^-60 of
    // the total, so the parts are rescanned; every difference here is exact (Sterbenz)
    const risk = [0, 0, 1e-9, 1, 1, 1 + 1e-9];
    const R = 6000;
    const law = enumerateLaw(risk, 3);
    // the third centre at 1e-9 or on the upper cluster's side, about as likely
    expect(law.size).toBeGreaterThanOrEqual(2);
    for (const p of law.values()) if (p > 1e-6) expect(p > 0.2 && p < 0.8).toBe(true);
    expectClose(frequencies(R, sortedStrataOf(Float64Array.from(risk), 3)), law, R);
  });

  it("handles risks whose squares overflow (the index-order seeding threw)", () => {
    const risk = Float64Array.from([0, 1e200, 3e200, 1, 2e300]);
    const sr = sortRisk(risk);
    for (let k = 0; k < 50; k++) {
      const { centres, bounds } = d2SortedStrata("test", sr, 3, createRng(k));
      const s = nearestCentreStrata(risk, centres);
      expect(
        Array.from(bounds)
          .slice(1)
          .map((b, h) => b - (bounds[h] as number)),
      ).toEqual(Array.from(s.sizes));
    }
  });
});

describe("argsortNonNegative", () => {
  it("orders by risk, ties by index, as a comparator sort does", () => {
    const g = createRng("argsort");
    const special = [
      0,
      -0,
      5e-324,
      2.2250738585072014e-308,
      1e-300,
      0.5,
      1,
      1e300,
      Number.MAX_VALUE,
    ];
    for (const N of [0, 1, 7, 1000, 20_000]) {
      const risk = Float64Array.from({ length: N }, (_, i) =>
        i % 5 === 0
          ? (special[Math.floor(g() * special.length)] as number)
          : i % 3 === 0
            ? Math.round(g() * 20) / 4
            : g() * 2 ** Math.floor(g() * 60 - 30),
      );
      const want = Array.from(risk.keys()).sort(
        (a, b) => (risk[a] as number) - (risk[b] as number) || a - b,
      );
      expect(Array.from(argsortNonNegative(risk))).toEqual(want);
    }
  });
});

describe("d2Strat at N = 50,000: sorted ranges are the nearest-centre strata", () => {
  it("matches a brute-force nearest-centre assignment for the same centres", () => {
    const N = 50_000;
    const g = createRng("large");
    // half continuous, half on a 0.001 grid (ties), plus a block of equal risks
    const risk = Float64Array.from({ length: N }, (_, i) =>
      i % 2 === 0 ? g() : i % 7 === 0 ? 0.5 : Math.round(g() * 1000) / 1000,
    );
    const sr = sortRisk(risk);
    for (const [H, seed] of [
      [2, 1],
      [10, 2],
      [10, 3],
      [50, 4],
    ] as const) {
      const { centres, bounds } = d2SortedStrata("test", sr, H, createRng(seed));
      expect(centres.length).toBe(H);
      expect(new Set(centres).size).toBe(H);
      for (const c of centres) expect(risk.includes(c)).toBe(true);
      const s = nearestCentreStrata(risk, centres);
      expect(s.sizes.length).toBe(H);
      for (let h = 0; h < H; h++) {
        expect((bounds[h + 1] as number) - (bounds[h] as number)).toBe(s.sizes[h]);
        for (let k = bounds[h] as number; k < (bounds[h + 1] as number); k++) {
          if (s.strata[sr.order[k] as number] !== h)
            expect.fail(`position ${k} not in stratum ${h}`);
        }
      }
      // the centres sorted are increasing with the strata
      const sortedC = [...centres].sort((a, b) => a - b);
      for (let h = 0; h < H; h++) {
        const c = sortedC[h] as number;
        const first = sr.value[bounds[h] as number] as number;
        const last = sr.value[(bounds[h + 1] as number) - 1] as number;
        expect(first <= c && c <= last).toBe(true);
      }
    }
  });
});
