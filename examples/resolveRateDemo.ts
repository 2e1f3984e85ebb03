/**
 * The demo's core, free of IO: estimate one SWE-bench Verified submission's
 * resolve rate from a 50-instance budget with three designs of evalsift, and
 * check the error bars by repeating each design over many seeds.
 *
 * The "history" is every other submission made strictly before the target
 * (what a team evaluating a new agent would already have). From it:
 * - stratified: instances are cut into `strata` groups at the quantiles of
 *   their historical pass count (ties kept together), the budget is spread by
 *   Neyman allocation with S_h = sqrt(pbar_h (1 - pbar_h)), pbar_h the mean
 *   historical pass rate in stratum h, at least 2 per stratum so each stratum
 *   has a variance; estimated by stratifiedMean (SRS within strata, fpc);
 * - pivotal: pik proportional to sqrt(p_i (1 - p_i)) + floor (p_i the
 *   instance's historical pass rate; the floor keeps pik > 0 for instances no
 *   one has solved, which HT unbiasedness needs), units ordered by p_i so the
 *   ordered pivotal method spreads the sample over difficulty; estimated by
 *   horvitzThompson with Deville's variance approximation;
 * - srs: simple random sampling, horvitzThompson with the exact srsPi2 (SYG).
 */
import { createRng, type Rng, type RowMatrix } from "../src/entry/core.js";
import {
  type Estimate,
  horvitzThompson,
  inclusionProbabilities,
  neymanAllocation,
  pivotal,
  samplePi2,
  srs,
  srsPi2,
  stratifiedMean,
  stratifiedSrs,
} from "../src/entry/estimate.js";
import type { SwebenchOutcomes } from "./loadSwebench.js";

/**
 * Default target: a recent (2025-11-10), mid-range (53.6 %) submission. Near
 * 50 % a binary outcome has its largest variance, so the designs differ most.
 */
export const DEFAULT_TARGET = "20251110_frogboss-32b";

/** Options of {@link resolveRateDemo}; every field has a default. */
export type DemoOptions = {
  /** Submission whose resolve rate is estimated. @defaultValue DEFAULT_TARGET */
  readonly target?: string;
  /** Labelling budget: instances run per estimate. @defaultValue 50 */
  readonly n?: number;
  /** Number of difficulty strata. @defaultValue 5 */
  readonly strata?: number;
  /** Seed of the shown run and of the repetitions. @defaultValue 2026 */
  readonly seed?: string | number;
  /** Repetitions (independent seeds) per design for RMSE and coverage. @defaultValue 1000 */
  readonly reps?: number;
  /** Added to sqrt(p (1 - p)) in the pivotal size measure. @defaultValue 0.05 */
  readonly sizeFloor?: number;
};

/** One design's single seeded estimate and its behaviour over repetitions. */
export type MethodResult = {
  /** Short name: `srs`, `stratified` or `pivotal`. */
  readonly name: string;
  /** What was done, for printing. */
  readonly description: string;
  /** The estimate of the seeded run. */
  readonly estimate: Estimate;
  /** Root mean squared error of the estimate over the repetitions. */
  readonly rmse: number;
  /** Mean of the estimates over the repetitions (minus the true rate = bias). */
  readonly meanEstimate: number;
  /** Share of repetitions whose 95 % CI holds the true rate. */
  readonly coverage: number;
  /** Mean CI width over the repetitions with a finite CI. */
  readonly meanWidth: number;
  /** Repetitions whose variance estimate was negative (CI reported as infinite). */
  readonly negativeVariance: number;
};

/** Everything the demo prints. */
export type DemoResult = {
  readonly target: string;
  readonly targetDate: string;
  /** The target's resolve rate over all instances: the quantity estimated. */
  readonly trueRate: number;
  readonly N: number;
  readonly n: number;
  /** Number of earlier submissions used as history. */
  readonly history: number;
  /** Instances per stratum and the Neyman allocation of the budget. */
  readonly stratumSizes: Int32Array;
  readonly allocation: Int32Array;
  readonly reps: number;
  readonly methods: readonly MethodResult[];
};

type Design = { name: string; description: string; run: (rng: Rng) => Estimate };

function pick(y: Float64Array, idx: ArrayLike<number>): Float64Array {
  return Float64Array.from({ length: idx.length }, (_, k) => y[idx[k] as number] as number);
}

/** Stratum ids from quantile cuts of `score` (ties stay together, empty strata dropped). */
function quantileStrata(score: Float64Array, H: number): Int32Array {
  const sorted = Float64Array.from(score).sort();
  const cuts: number[] = [];
  for (let j = 1; j < H; j++) cuts.push(sorted[Math.floor((j * sorted.length) / H)] as number);
  const raw = Int32Array.from(score, (v) => cuts.filter((c) => v >= c).length);
  const used = [...new Set(raw)].sort((a, b) => a - b);
  return Int32Array.from(raw, (h) => used.indexOf(h));
}

/**
 * Runs the demo on the vendored outcomes: one seeded estimate per design and,
 * over `reps` further seeds, each design's RMSE, bias and CI coverage.
 */
export function resolveRateDemo(data: SwebenchOutcomes, options: DemoOptions = {}): DemoResult {
  const {
    target = DEFAULT_TARGET,
    n = 50,
    strata: H = 5,
    seed = 2026,
    reps = 1000,
    sizeFloor = 0.05,
  } = options;
  const me = data.submissions.find((s) => s.name === target);
  if (me === undefined) throw new Error(`resolveRateDemo: unknown submission ${target}`);
  const history = data.submissions.filter((s) => s.date < me.date);
  if (history.length < 2) throw new Error(`resolveRateDemo: ${target} has no history`);
  const N = data.instanceIds.length;
  const y = Float64Array.from(me.outcomes);
  const trueRate = y.reduce((a, b) => a + b, 0) / N;

  const passRate = new Float64Array(N);
  for (const s of history) for (let i = 0; i < N; i++) passRate[i] += s.outcomes[i] as number;
  for (let i = 0; i < N; i++) passRate[i] = (passRate[i] as number) / history.length;

  // Stratified design: quantile strata of historical difficulty, Neyman allocation.
  const strata = quantileStrata(passRate, H);
  const nStrata = Math.max(...strata) + 1;
  const stratumSizes = new Int32Array(nStrata);
  const rateSum = new Float64Array(nStrata);
  strata.forEach((h, i) => {
    stratumSizes[h] = (stratumSizes[h] as number) + 1;
    rateSum[h] = (rateSum[h] as number) + (passRate[i] as number);
  });
  const stratumSds = Float64Array.from(rateSum, (s, h) => {
    const p = s / (stratumSizes[h] as number);
    return Math.sqrt(p * (1 - p));
  });
  const allocation = neymanAllocation(stratumSizes, stratumSds, n, { minPerStratum: 2 });

  // Pivotal design: units in order of historical pass rate, pik ~ sqrt(p(1-p)) + floor.
  const order = Int32Array.from({ length: N }, (_, i) => i).sort(
    (a, b) => (passRate[a] as number) - (passRate[b] as number) || a - b,
  );
  const size = Float64Array.from(order, (i) => {
    const p = passRate[i] as number;
    return Math.sqrt(p * (1 - p)) + sizeFloor;
  });
  const pikOrdered = inclusionProbabilities(size, n);

  // Under SRS every set of n units has the same joint probabilities, so the
  // n x n block of srsPi2 is computed once rather than per sample.
  const srsJoint: RowMatrix = samplePi2(
    srsPi2(N, n),
    Int32Array.from({ length: n }, (_, k) => k),
  );
  const srsPik = new Float64Array(n).fill(n / N);

  const designs: Design[] = [
    {
      name: "srs",
      description: "srs + horvitzThompson (exact srsPi2, SYG variance)",
      run: (rng) => {
        const s = srs(N, n, rng);
        return horvitzThompson(pick(y, s), srsPik, N, { pi2: srsJoint });
      },
    },
    {
      name: "stratified",
      description: `${nStrata} difficulty strata, Neyman allocation, stratifiedSrs + stratifiedMean`,
      run: (rng) => {
        const s = stratifiedSrs(strata, allocation, rng);
        return stratifiedMean(
          pick(y, s),
          Int32Array.from(s, (i) => strata[i] as number),
          stratumSizes,
        );
      },
    },
    {
      name: "pivotal",
      description:
        `ordered pivotal, pik ~ sqrt(p(1-p)) + ${sizeFloor}, horvitzThompson with Deville's variance,` +
        " which ignores the gain from ordering by p, so its CI is wider than needed",
      run: (rng) => {
        const s = pivotal(pikOrdered, rng);
        const units = Int32Array.from(s, (k) => order[k] as number);
        return horvitzThompson(pick(y, units), pick(pikOrdered, s), N);
      },
    },
  ];

  const methods = designs.map((d): MethodResult => {
    const estimate = d.run(createRng(`${seed}:${d.name}`));
    let sq = 0;
    let sum = 0;
    let covered = 0;
    let width = 0;
    let finite = 0;
    let negative = 0;
    for (let r = 0; r < reps; r++) {
      const e = d.run(createRng(`${seed}:${d.name}:${r}`));
      sq += (e.estimate - trueRate) ** 2;
      sum += e.estimate;
      if (e.ci[0] <= trueRate && trueRate <= e.ci[1]) covered++;
      if (e.variance < 0) negative++;
      else {
        width += e.ci[1] - e.ci[0];
        finite++;
      }
    }
    return {
      name: d.name,
      description: d.description,
      estimate,
      rmse: Math.sqrt(sq / reps),
      meanEstimate: sum / reps,
      coverage: covered / reps,
      meanWidth: finite > 0 ? width / finite : Number.NaN,
      negativeVariance: negative,
    };
  });

  return {
    target,
    targetDate: me.date,
    trueRate,
    N,
    n,
    history: history.length,
    stratumSizes,
    allocation,
    reps,
    methods,
  };
}
