/**
 * The sequential mode of the strategies: reading the `sequential` option, the
 * label guard for confidence sequences, and the generators of sequential SRS
 * and sequential SUPS.
 *
 * Internal module: not re-exported from the package entry point.
 * @internal
 */

import type { Rng } from "../core/rng.js";
import {
  checkChoice,
  checkInteger,
  checkNestedKeys,
  draw,
  fail,
  optionKeys,
} from "../core/validate.js";
import {
  iidSequence,
  type MeanSequence,
  withoutReplacementSequence,
} from "../estimate/_boundedSequences.js";
import { hypergeometricEngine } from "../estimate/_hypergeometricEngine.js";
import { checkRule, ruleFires, type StoppingRule } from "../estimate/_stoppingRule.js";
import type { Estimate } from "../estimate/confidenceInterval.js";
import { hansenHurwitz } from "../estimate/hansenHurwitz.js";
import { askTell } from "./_askTell.js";
import { stratifiedEstimate } from "./_stratified.js";
import type { SequentialRule } from "./sequentialOptions.js";

/** Grid intervals of the betting sequences inside the strategies (resolution 1e-3). */
export const GRID = 1000;
/** Truncation of the bets inside the strategies (WSR's c = 1/2). */
export const TRUNCATION = 0.5;

/** The checked `sequential` option. */
export type Sequential = {
  readonly rule: StoppingRule;
  readonly minLabels: number;
  readonly cs: "betting" | "hypergeometric";
};

/** The keys of {@link SequentialRule}, for the unknown-key check of `options.sequential`. */
const SEQUENTIAL_KEYS = optionKeys<SequentialRule>()("halfWidth", "threshold", "minLabels", "cs");

/**
 * Checks `options.sequential` (an unknown key, e.g. a misspelt `minLabels`,
 * is a TypeError naming `options.sequential.<key>`); `hypergeometric` is
 * accepted only when `allowHypergeometric`.
 */
export function readSequential(
  fn: string,
  sequential: SequentialRule,
  budget: number,
  allowHypergeometric: boolean,
): Sequential {
  const arg = "options.sequential";
  // unknown keys first, so that a misspelt halfWidth is named as such
  if (typeof sequential === "object" && sequential !== null && !Array.isArray(sequential)) {
    checkNestedKeys(fn, arg, sequential, SEQUENTIAL_KEYS);
  }
  const rule = checkRule(fn, arg, sequential);
  const { minLabels = 2, cs = "betting" } = sequential;
  checkInteger(fn, `${arg}.minLabels`, minLabels, 2, budget);
  checkChoice(
    fn,
    `${arg}.cs`,
    cs,
    allowHypergeometric ? (["betting", "hypergeometric"] as const) : (["betting"] as const),
  );
  return { rule, minLabels, cs };
}

/**
 * Wraps a strategy generator so that a label outside [0, 1] (or, when
 * `binary`, other than 0 and 1) throws before the strategy sees it: the
 * session stays alive and the corrected label can be sent again.
 */
export function guardLabels(
  fn: string,
  inner: Generator<number, Estimate, number>,
  binary: boolean,
): Generator<number, Estimate, number> {
  let started = false;
  const gen: Generator<number, Estimate, number> = {
    next(...args: [] | [number]): IteratorResult<number, Estimate> {
      const y: unknown = args[0];
      if (started && typeof y === "number" && Number.isFinite(y)) {
        if (binary && y !== 0 && y !== 1) {
          fail(fn, `with options.sequential.cs "hypergeometric" every label must be 0 or 1`, y);
        }
        if (!(y >= 0 && y <= 1))
          fail(
            fn,
            "every label must lie in [0, 1] (a confidence sequence bounds a mean of values in [0, 1])",
            y,
          );
      }
      started = true;
      return args.length === 0 ? inner.next() : inner.next(args[0]);
    },
    return(value: Estimate): IteratorResult<number, Estimate> {
      return inner.return(value);
    },
    throw(e: unknown): IteratorResult<number, Estimate> {
      return inner.throw(e);
    },
    [Symbol.iterator](): Generator<number, Estimate, number> {
      return gen;
    },
  };
  return gen;
}

/** The ask/tell generator of a sequential strategy, label-guarded. */
export function sequentialStrategy(
  fn: string,
  budget: number,
  core: Generator<number, Estimate, number>,
  binary: boolean,
): Generator<number, Estimate, number> {
  return guardLabels(fn, askTell(fn, budget, core), binary);
}

/** Whether to stop after `t` labels. */
export function shouldStop(s: Sequential, t: number, cs: MeanSequence): boolean {
  return t >= s.minLabels && ruleFires(cs.lower(), cs.upper(), s.rule);
}

/** The `method` suffix naming the confidence sequence. */
export function sequenceName(kind: string): string {
  return `confidence sequence (${kind})`;
}

/**
 * Sequential SRS: each unit drawn uniformly from those not yet drawn (a
 * partial Fisher–Yates shuffle, one draw per label), so every prefix is a
 * simple random sample; after each label the confidence sequence is updated
 * and the loop ends when the rule fires or `budget` labels are spent. Returns
 * the sample mean with its `(1 - n/N) s^2 / n` variance and the sequence's
 * interval at the stop as `ci`.
 */
export function* sequentialSrs(
  fn: string,
  N: number,
  budget: number,
  rng: Rng,
  level: number,
  s: Sequential,
): Generator<number, Estimate, number> {
  const alpha = 1 - level;
  let cs: MeanSequence & { step(y: number): void };
  let name: string;
  if (s.cs === "hypergeometric") {
    const engine = hypergeometricEngine(N, alpha, 1, 1);
    cs = {
      step: (y) => engine.step(y),
      lower: () => engine.lower() / N,
      upper: () => engine.upper() / N,
    };
    name = "hypergeometric prior-posterior ratio, beta-binomial 1, 1";
  } else {
    cs = withoutReplacementSequence(N, alpha, GRID, TRUNCATION);
    name = "hedged betting without replacement";
  }
  const order = new Int32Array(N);
  for (let i = 0; i < N; i++) order[i] = i;
  const y = new Float64Array(budget);
  let t = 0;
  while (t < budget) {
    const j = t + Math.floor(draw(fn, rng) * (N - t));
    const unit = order[j] as number;
    order[j] = order[t] as number;
    order[t] = unit;
    const v = yield unit;
    y[t] = v;
    cs.step(v);
    t++;
    if (shouldStop(s, t, cs)) break;
  }
  const sample = order.subarray(0, t);
  const one = { strata: new Int32Array(N), sizes: Int32Array.of(N) };
  const e = stratifiedEstimate(sample, y.subarray(0, t), one, { level, interval: undefined }, "");
  return {
    ...e,
    ci: [cs.lower(), cs.upper()],
    method: `srs (sample mean), ${sequenceName(name)}`,
    interval: s.cs === "hypergeometric" ? "hypergeometricCs" : "bettingCs",
    reliable: true,
    warning: "",
  };
}

/**
 * Sequential SUPS: the with-replacement draws are iid, so `z = y / (N p_i)`
 * are iid with mean the population mean and `0 <= z <= B = max_i 1 / (N p_i)`;
 * the iid hedged betting sequence on z / B applies. Draws are made one per
 * label; returns Hansen–Hurwitz on the labels used with the sequence's
 * interval at the stop as `ci`.
 */
export function* sequentialSups(
  fn: string,
  p: Float64Array,
  budget: number,
  rng: Rng,
  level: number,
  s: Sequential,
): Generator<number, Estimate, number> {
  const N = p.length;
  let pMin = Number.POSITIVE_INFINITY;
  for (let i = 0; i < N; i++) pMin = Math.min(pMin, p[i] as number);
  const B = 1 / (N * pMin);
  const cs = iidSequence(1 - level, GRID, TRUNCATION, B);
  const cumulative = new Float64Array(N);
  let run = 0;
  for (let i = 0; i < N; i++) {
    run += p[i] as number;
    cumulative[i] = run;
  }
  const y = new Float64Array(budget);
  const pDrawn = new Float64Array(budget);
  let t = 0;
  while (t < budget) {
    const unit = searchCumulative(cumulative, draw(fn, rng) * run);
    const v = yield unit;
    y[t] = v;
    pDrawn[t] = p[unit] as number;
    cs.step(v / (N * (p[unit] as number)));
    t++;
    if (shouldStop(s, t, cs)) break;
  }
  const e = hansenHurwitz(y.subarray(0, t), pDrawn.subarray(0, t), N, { level });
  return {
    ...e,
    ci: [cs.lower(), cs.upper()],
    interval: "bettingCs",
    reliable: true,
    warning: "",
    method: `sups (hansenHurwitz), ${sequenceName(`hedged betting on y / (N p), iid, bound ${B}`)}`,
  };
}

/** The first index whose cumulative sum exceeds `target` (the last one if rounding leaves none). */
function searchCumulative(cumulative: Float64Array, target: number): number {
  let lo = 0;
  let hi = cumulative.length - 1;
  while (lo < hi) {
    const mid = Math.floor((lo + hi) / 2);
    if ((cumulative[mid] as number) > target) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/** Throws unless every risk is positive (a zero-risk unit would never be drawn, biasing the sequence). */
export function checkAllPositive(fn: string, risk: Float64Array, hint: string): void {
  for (let i = 0; i < risk.length; i++) {
    if (!((risk[i] as number) > 0)) {
      fail(
        fn,
        `with options.sequential every risk must be positive (risk[${i}] is ${risk[i]}); ${hint}`,
      );
    }
  }
}
