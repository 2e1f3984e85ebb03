/**
 * Exact sampling distributions of the designs of `src/design`, built from each
 * design's DEFINITION (never by calling `src/design`): every possible sample
 * with its probability. Tests use them to prove estimators unbiased by exact
 * expectation and to check the implementations' empirical frequencies.
 *
 * Every enumerator checks that its probabilities sum to 1 within 1e-12.
 */

import fc from "fast-check";
import { normalQuantile } from "../../src/core/normal.js";

/** One possible sample of a design and its probability. */
export type Outcome = {
  /** Sorted 0-based unit indices (with repeats for with-replacement designs). */
  readonly sample: Int32Array;
  /** Probability of drawing exactly this outcome. */
  readonly probability: number;
};

/** An RHC outcome: the drawn units plus each one's group share and its group's size share. */
export type RhcOutcome = Outcome & {
  /** size_i / (size total of its group), aligned with `sample`. */
  readonly groupShare: Float64Array;
  /** (size total of its group) / (total size), aligned with `sample`. */
  readonly groupTotal: Float64Array;
};

const SUM_TOLERANCE = 1e-12;

function checkTotal<T extends Outcome>(design: string, outcomes: T[]): T[] {
  let total = 0;
  for (const o of outcomes) total += o.probability;
  if (!(Math.abs(total - 1) <= SUM_TOLERANCE)) {
    throw new Error(`enumerate ${design}: probabilities sum to ${total}, not 1`);
  }
  return outcomes;
}

/** All k-subsets of `items` (in lexicographic order of positions). */
export function combinations(items: readonly number[], k: number): number[][] {
  const out: number[][] = [];
  const pick: number[] = [];
  const rec = (start: number): void => {
    if (pick.length === k) {
      out.push(pick.slice());
      return;
    }
    for (let i = start; i <= items.length - (k - pick.length); i++) {
      pick.push(items[i] as number);
      rec(i + 1);
      pick.pop();
    }
  };
  rec(0);
  return out;
}

function range(N: number): number[] {
  return Array.from({ length: N }, (_, i) => i);
}

function sorted(xs: readonly number[]): Int32Array {
  return Int32Array.from(xs).sort();
}

/** Simple random sampling without replacement: all C(N, n) subsets, each 1 / C(N, n). */
export function enumerateSrs(N: number, n: number): Outcome[] {
  const subsets = combinations(range(N), n);
  return checkTotal(
    "srs",
    subsets.map((s) => ({ sample: sorted(s), probability: 1 / subsets.length })),
  );
}

/** Poisson sampling: each of the 2^N subsets s has probability prod_{k in s} pik_k prod_{k not in s} (1 - pik_k). */
export function enumeratePoisson(pik: ArrayLike<number>): Outcome[] {
  const N = pik.length;
  const out: Outcome[] = [];
  for (let mask = 0; mask < 2 ** N; mask++) {
    let p = 1;
    const s: number[] = [];
    for (let k = 0; k < N; k++) {
      const pk = pik[k] as number;
      if (mask & (1 << k)) {
        p *= pk;
        s.push(k);
      } else p *= 1 - pk;
    }
    if (p > 0) out.push({ sample: sorted(s), probability: p });
  }
  return checkTotal("poisson", out);
}

/**
 * Madow's systematic PPS with a random start u ~ U[0, 1): units with pik = 1
 * are always in, pik = 0 never; among the others, with V_k the cumulated pik
 * (V_0 = 0), unit k is in iff some integer m has V_{k-1} < u + m <= V_k. The
 * sample is constant between consecutive fractional parts of the V_k, so each
 * such interval of u is one outcome with probability its length.
 */
export function enumerateSystematic(pik: ArrayLike<number>): Outcome[] {
  const N = pik.length;
  const certain: number[] = [];
  const open: number[] = [];
  for (let k = 0; k < N; k++) {
    const pk = pik[k] as number;
    if (pk >= 1) certain.push(k);
    else if (pk > 0) open.push(k);
  }
  const V = [0];
  for (const k of open) V.push((V[V.length - 1] as number) + (pik[k] as number));
  // rounding can leave V_end a hair off its integer: snap such fractions to 0
  const frac = (x: number): number => {
    const f = x - Math.floor(x);
    return f < 1e-12 || f > 1 - 1e-12 ? 0 : f;
  };
  const cuts = Array.from(new Set(V.map(frac).concat([0, 1]))).sort((a, b) => a - b);
  const out: Outcome[] = [];
  for (let c = 0; c + 1 < cuts.length; c++) {
    const lo = cuts[c] as number;
    const hi = cuts[c + 1] as number;
    if (hi - lo <= 0) continue;
    const u = (lo + hi) / 2;
    const s = certain.slice();
    for (let j = 0; j < open.length; j++) {
      if (Math.floor((V[j + 1] as number) - u) > Math.floor((V[j] as number) - u)) {
        s.push(open[j] as number);
      }
    }
    out.push({ sample: sorted(s), probability: hi - lo });
  }
  return checkTotal("systematic", mergeOutcomes(out));
}

/**
 * Ordered pivotal method (Deville & Tillé 1998) exactly as R's
 * `sampling::UPpivotal(pik, eps)`: unit probabilities are read in order; two
 * undecided values a, b (in [eps, 1 - eps]) duel:
 * - a + b > 1: (a, b) <- (1, a + b - 1) with probability (1 - b) / (2 - a - b), else (a + b - 1, 1);
 * - a + b <= 1: (a, b) <- (0, a + b) with probability b / (a + b), else (a + b, 0).
 * A decided value (below eps or above 1 - eps) is final and replaced by the
 * next unit's pik. Each duel branches the enumeration.
 */
export function enumeratePivotal(pik: ArrayLike<number>, eps = 1e-6): Outcome[] {
  const N = pik.length;
  const undecided = (x: number): boolean => x >= eps && x <= 1 - eps;
  const out: Outcome[] = [];
  const finish = (s: Float64Array, p: number): void => {
    const idx: number[] = [];
    for (let k = 0; k < N; k++) if ((s[k] as number) > 0.5) idx.push(k);
    out.push({ sample: sorted(idx), probability: p });
  };
  const duel = (a: number, b: number): [number, number, number][] => {
    if (!(undecided(a) && undecided(b))) return [[a, b, 1]];
    const t = a + b;
    if (t > 1) {
      const q = (1 - b) / (2 - t);
      return [
        [1, t - 1, q],
        [t - 1, 1, 1 - q],
      ].filter((br) => (br[2] as number) > 0) as [number, number, number][];
    }
    const q = b / t;
    return [
      [0, t, q],
      [t, 0, 1 - q],
    ].filter((br) => (br[2] as number) > 0) as [number, number, number][];
  };
  // state mirrors UPpivotal's variables: values a, b at units i, j; next unit k
  const rec = (
    a: number,
    i: number,
    b: number,
    j: number,
    k: number,
    s: Float64Array,
    p: number,
  ) => {
    for (const [a1, b1, q] of duel(a, b)) {
      const t = s.slice();
      let [a2, i2, b2, j2, k2] = [a1, i, b1, j, k];
      if (k2 >= N) {
        t[i2] = a2;
        t[j2] = b2;
        finish(t, p * q);
        continue;
      }
      if (!undecided(a2) && k2 < N) {
        t[i2] = a2;
        a2 = pik[k2] as number;
        i2 = k2;
        k2++;
      }
      if (!undecided(b2) && k2 < N) {
        t[j2] = b2;
        b2 = pik[k2] as number;
        j2 = k2;
        k2++;
      }
      rec(a2, i2, b2, j2, k2, t, p * q);
    }
  };
  if (N === 1) {
    finish(Float64Array.from([pik[0] as number]), 1);
  } else if (N > 1) {
    rec(pik[0] as number, 0, pik[1] as number, 1, 2, new Float64Array(N), 1);
  }
  return checkTotal("pivotal", mergeOutcomes(out));
}

/** n independent draws with probabilities p (summing to 1): all N^n ordered tuples, reported sorted and merged. */
export function enumeratePpsWithReplacement(p: ArrayLike<number>, n: number): Outcome[] {
  const N = p.length;
  const out: Outcome[] = [];
  const tuple: number[] = [];
  const rec = (prob: number): void => {
    if (tuple.length === n) {
      out.push({ sample: sorted(tuple), probability: prob });
      return;
    }
    for (let i = 0; i < N; i++) {
      const pi = p[i] as number;
      if (pi <= 0) continue;
      tuple.push(i);
      rec(prob * pi);
      tuple.pop();
    }
  };
  rec(1);
  return checkTotal("ppsWithReplacement", mergeOutcomes(out));
}

/**
 * Rao–Hartley–Cochran: the N units are split uniformly at random into n
 * groups, N mod n of them with floor(N/n) + 1 units and the rest with
 * floor(N/n); one unit is drawn from each group with probability size_i /
 * (group size total). Every unordered partition with these group sizes is
 * equally likely; it is enumerated once (groups of equal size ordered by their
 * smallest unit), then every one-per-group choice.
 */
export function enumerateRhc(size: ArrayLike<number>, n: number): RhcOutcome[] {
  const N = size.length;
  const q = Math.floor(N / n);
  const r = N % n;
  const sizes = Array.from({ length: n }, (_, g) => (g < r ? q + 1 : q));
  let Z = 0;
  for (let i = 0; i < N; i++) Z += size[i] as number;
  const partitions: number[][][] = [];
  const groups: number[][] = [];
  const rec = (left: number[]): void => {
    const g = groups.length;
    if (g === n) {
      partitions.push(groups.map((x) => x.slice()));
      return;
    }
    const need = sizes[g] as number;
    const sameAsPrevious = g > 0 && sizes[g - 1] === need;
    for (const c of combinations(left, need)) {
      // canonical order among equal-size groups: increasing smallest unit
      if (sameAsPrevious && (c[0] as number) < ((groups[g - 1] as number[])[0] as number)) continue;
      groups.push(c);
      const taken = new Set(c);
      rec(left.filter((x) => !taken.has(x)));
      groups.pop();
    }
  };
  rec(range(N));
  const out: RhcOutcome[] = [];
  for (const part of partitions) {
    const totals = part.map((grp) => grp.reduce((s, i) => s + (size[i] as number), 0));
    const choose = (g: number, picked: number[], prob: number): void => {
      if (g === n) {
        const order = picked.map((unit, gi) => ({ unit, gi })).sort((a, b) => a.unit - b.unit);
        out.push({
          sample: Int32Array.from(order.map((o) => o.unit)),
          probability: prob / partitions.length,
          groupShare: Float64Array.from(
            order.map((o) => (size[o.unit] as number) / (totals[o.gi] as number)),
          ),
          groupTotal: Float64Array.from(order.map((o) => (totals[o.gi] as number) / Z)),
        });
        return;
      }
      for (const unit of part[g] as number[]) {
        picked.push(unit);
        choose(g + 1, picked, (prob * (size[unit] as number)) / (totals[g] as number));
        picked.pop();
      }
    };
    choose(0, [], 1);
  }
  return checkTotal("rhc", out);
}

/** Stratified SRS: independent SRS of allocation[h] units among the units of stratum h; outcome = product. */
export function enumerateStratifiedSrs(
  strata: ArrayLike<number>,
  allocation: ArrayLike<number>,
): Outcome[] {
  let outcomes: Outcome[] = [{ sample: new Int32Array(0), probability: 1 }];
  for (let h = 0; h < allocation.length; h++) {
    const members: number[] = [];
    for (let i = 0; i < strata.length; i++) if (strata[i] === h) members.push(i);
    const subsets = combinations(members, allocation[h] as number);
    const next: Outcome[] = [];
    for (const o of outcomes) {
      for (const s of subsets) {
        next.push({
          sample: sorted([...o.sample, ...s]),
          probability: o.probability / subsets.length,
        });
      }
    }
    outcomes = next;
  }
  return checkTotal("stratifiedSrs", outcomes);
}

/** Text key of a sample (indices joined by commas). */
export function sampleKey(sample: ArrayLike<number>): string {
  return Array.from(sample).join(",");
}

/** Merges outcomes with the same sample, adding their probabilities. */
export function mergeOutcomes(outcomes: readonly Outcome[]): Outcome[] {
  const byKey = new Map<string, Outcome>();
  for (const o of outcomes) {
    const key = sampleKey(o.sample);
    const prev = byKey.get(key);
    byKey.set(key, {
      sample: o.sample,
      probability: (prev?.probability ?? 0) + o.probability,
    });
  }
  return Array.from(byKey.values());
}

/** Exact expectation of f over the outcomes. */
export function expectation<T extends Outcome>(
  outcomes: readonly T[],
  f: (o: T) => number,
): number {
  let e = 0;
  for (const o of outcomes) e += o.probability * f(o);
  return e;
}

/**
 * Joint inclusion probabilities pi_kl = P(k and l both in the sample), N x N
 * row-major, diagonal = first-order pi_k (without-replacement designs).
 */
export function jointInclusion(outcomes: readonly Outcome[], N: number): Float64Array {
  const pi2 = new Float64Array(N * N);
  for (const o of outcomes) {
    for (const k of o.sample) {
      for (const l of o.sample) pi2[k * N + l] = (pi2[k * N + l] as number) + o.probability;
    }
  }
  return pi2;
}

/**
 * Inclusion probabilities proportional to size with capping at 1 (the
 * definition behind `inclusionProbabilities`, restated here so that the proof
 * does not depend on `src/design`): repeat pik_k = m * size_k / (size total of
 * the uncapped units), m = n minus the number of capped units, capping every
 * pik_k >= 1, until none exceeds 1. Sizes must be positive.
 */
export function proportionalPik(size: ArrayLike<number>, n: number): Float64Array {
  const N = size.length;
  const pik = new Float64Array(N);
  const capped = new Uint8Array(N);
  for (;;) {
    let rest = 0;
    let m = n;
    for (let k = 0; k < N; k++) {
      if (capped[k]) m--;
      else rest += size[k] as number;
    }
    let changed = false;
    for (let k = 0; k < N; k++) {
      if (capped[k]) {
        pik[k] = 1;
        continue;
      }
      pik[k] = (m * (size[k] as number)) / rest;
      if ((pik[k] as number) >= 1) {
        capped[k] = 1;
        changed = true;
      }
    }
    if (!changed) return pik;
  }
}

/** The n x n block of an N x N joint-probability matrix for the units of `sample`, as a RowMatrix. */
export function subPi2(
  pi2: Float64Array,
  N: number,
  sample: ArrayLike<number>,
): { data: Float64Array; rows: number; cols: number } {
  const n = sample.length;
  const data = new Float64Array(n * n);
  for (let a = 0; a < n; a++) {
    for (let b = 0; b < n; b++) {
      data[a * n + b] = pi2[(sample[a] as number) * N + (sample[b] as number)] as number;
    }
  }
  return { data, rows: n, cols: n };
}

/** Values of `x` at the indices of `sample`. */
export function pick(x: ArrayLike<number>, sample: ArrayLike<number>): Float64Array {
  return Float64Array.from(Array.from(sample), (i) => x[i] as number);
}

/** A population for the enumeration proofs: values y (multiples of 0.1 in [-50, 50]), positive sizes, a sample size n. */
export type Population = { y: number[]; size: number[]; n: number };

/**
 * Random populations of N in [minN, maxN] units with y in [-50, 50] and sizes in [0.1, 10]
 * (both on a 0.1 grid, so that shrunk counterexamples stay readable) and n in nRange(N).
 */
export function populationArb(
  minN: number,
  maxN: number,
  nRange: (N: number) => readonly [number, number],
): fc.Arbitrary<Population> {
  return fc.integer({ min: minN, max: maxN }).chain((N) => {
    const [lo, hi] = nRange(N);
    return fc.record({
      y: fc.array(
        fc.integer({ min: -500, max: 500 }).map((v) => v / 10),
        { minLength: N, maxLength: N },
      ),
      size: fc.array(
        fc.integer({ min: 1, max: 100 }).map((v) => v / 10),
        { minLength: N, maxLength: N },
      ),
      n: fc.integer({ min: lo, max: hi }),
    });
  });
}

/** Result of comparing drawn samples with an exact distribution. */
export type FrequencyCheck = {
  /** Pearson's chi-square statistic sum (O - E)^2 / E over the possible outcomes (those expected < 5 times pooled). */
  readonly statistic: number;
  /** Degrees of freedom (number of cells - 1). */
  readonly df: number;
  /** Upper 1e-6 quantile of chi-square(df), by the Wilson–Hilferty approximation. */
  readonly critical: number;
  /** Largest |O - E| / sqrt(E (1 - p)) over the unpooled outcomes (per-outcome binomial z). */
  readonly worstZ: number;
  /** Drawn keys that the exact distribution says are impossible. */
  readonly impossible: readonly string[];
  /** Smallest expected count among the unpooled outcomes. */
  readonly minExpected: number;
};

/**
 * Pearson goodness-of-fit of drawn sample keys against exact probabilities
 * (keyed by `keyOf`, by default the sorted indices). The 1e-6 level keeps a correct implementation from ever
 * failing by bad luck when seeds change, while a wrong design (e.g. another
 * design with the same first-order pik) gives a statistic far above it.
 */
export function frequencyCheck<T extends Outcome>(
  outcomes: readonly T[],
  drawnKeys: readonly string[],
  keyOf: (o: T) => string = (o) => sampleKey(o.sample),
): FrequencyCheck {
  const expectedP = new Map<string, number>();
  for (const o of outcomes) {
    const k = keyOf(o);
    expectedP.set(k, (expectedP.get(k) ?? 0) + o.probability);
  }
  const observed = new Map<string, number>();
  for (const k of drawnKeys) observed.set(k, (observed.get(k) ?? 0) + 1);
  const R = drawnKeys.length;
  let statistic = 0;
  let worstZ = 0;
  let minExpected = Number.POSITIVE_INFINITY;
  let cells = 0;
  // outcomes expected fewer than 5 times are pooled into one cell, as usual for Pearson's test
  let pooledP = 0;
  let pooledO = 0;
  for (const [k, p] of expectedP) {
    const E = R * p;
    const O = observed.get(k) ?? 0;
    if (E < 5) {
      pooledP += p;
      pooledO += O;
      continue;
    }
    cells++;
    statistic += (O - E) ** 2 / E;
    worstZ = Math.max(worstZ, Math.abs(O - E) / Math.sqrt(E * (1 - p) || 1));
    minExpected = Math.min(minExpected, E);
  }
  if (pooledP > 0) {
    cells++;
    statistic += (pooledO - R * pooledP) ** 2 / (R * pooledP);
  }
  const impossible = Array.from(observed.keys()).filter((k) => !expectedP.has(k));
  const df = Math.max(1, cells - 1);
  const z = normalQuantile(1 - 1e-6);
  const critical = df * (1 - 2 / (9 * df) + z * Math.sqrt(2 / (9 * df))) ** 3;
  return { statistic, df, critical, worstZ, impossible, minExpected };
}
