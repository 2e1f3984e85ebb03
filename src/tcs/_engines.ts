/**
 * The sampling engines several strategies share: adaptive stratified allocation, fixed-size PPS and nearest-centre stratified SRS.
 *
 * Internal module: not re-exported from the package entry point.
 * @internal
 */

import { checkPikSum } from "../core/checkIntegerSum.js";
import type { Rng } from "../core/rng.js";
import { fsum } from "../core/sum.js";
import { aliasTable, drawAlias } from "../design/_alias.js";
import { pivotalDuels } from "../design/pivotal.js";
import { ppsWithReplacement } from "../design/ppsWithReplacement.js";
import { srs } from "../design/srs.js";
import type { Estimate } from "../estimate/confidenceInterval.js";
import { hajek } from "../estimate/hajek.js";
import { hansenHurwitz } from "../estimate/hansenHurwitz.js";
import { horvitzThompson } from "../estimate/horvitzThompson.js";
import {
  askTell,
  type EstimatorChoice,
  fixedSample,
  flagSingleFailure,
  type PreparedStrategy,
  UNCHECKED_RNG,
} from "./_askTell.js";
import { cappedDefaultInterval } from "./_cappedInterval.js";
import { checkCommon, checkedRng, readStrataCount } from "./_checks.js";
import { ppsPik } from "./_pik.js";
import { flooredWeightedEstimate, riskBands } from "./_riskBands.js";
import { d2SortedStrata, sortRisk } from "./_sortedD2.js";
import { nearestCentreStrata, type Strata } from "./_strata.js";
import {
  allocateAtLeastTwo,
  flooredStratifiedEstimate,
  minimumTwo,
  preparedStratifiedSrs,
  stratifiedEstimate,
} from "./_stratified.js";
import { preparedSystematicPps, randomOrderSystematicPps } from "./_systematic.js";
import { type MemberLists, urns } from "./_urn.js";
import { flagWeightTail, weightTailShare } from "./_weightTail.js";
import { STRATA_KEYS, type StrataOptions } from "./types.js";

/**
 * The generator shared by the adaptive stratified strategies (GBS, MC-UCB):
 * min(2, N_h) labels in every stratum, stratum by stratum, then each label
 * goes to the stratum with unsampled units that maximises
 * `score(W_h, n_h, SS_h, pooled)` (ties to the lowest stratum), W_h = N_h / N,
 * n_h its labels so far, SS_h their sum of squared deviations from their mean,
 * `pooled = (SS + 1/4) / k` the variance of all k labels so far with a
 * quarter pseudo-variance (a fair coin's), so it stays positive when every
 * label so far agrees; a
 * uniform unit is drawn without replacement within the stratum. Returns the
 * stratified mean.
 */
export function* adaptiveStratified(
  fn: string,
  s: Strata,
  lists: MemberLists,
  budget: number,
  rng: Rng,
  est: EstimatorChoice,
  method: string,
  score: (W: number, n: number, ss: number, pooled: number) => number,
  pseudo?: number,
  capped = false,
): Generator<number, Estimate, number> {
  const H = s.sizes.length;
  let N = 0;
  for (let h = 0; h < H; h++) N += s.sizes[h] as number;
  const urn = urns(fn, s, rng, lists);
  const picks = new Int32Array(budget);
  const y = new Float64Array(budget);
  const count = new Float64Array(H);
  const mean = new Float64Array(H);
  const ss = new Float64Array(H);
  let allMean = 0;
  let allSs = 0;
  for (let k = 0; k < budget; k++) {
    let h = -1;
    for (let g = 0; g < H && h < 0; g++) {
      if ((count[g] as number) < Math.min(2, s.sizes[g] as number)) h = g;
    }
    if (h < 0) {
      let best = Number.NEGATIVE_INFINITY;
      for (let g = 0; g < H; g++) {
        if (urn.left(g) === 0) continue;
        const v = score(
          (s.sizes[g] as number) / N,
          count[g] as number,
          ss[g] as number,
          (allSs + 0.25) / k,
        );
        if (v > best) {
          best = v;
          h = g;
        }
      }
    }
    const unit = urn.take(h);
    picks[k] = unit;
    const v = yield unit;
    y[k] = v;
    // Welford update of the stratum's mean and sum of squares
    const c = (count[h] as number) + 1;
    const d = v - (mean[h] as number);
    count[h] = c;
    mean[h] = (mean[h] as number) + d / c;
    ss[h] = (ss[h] as number) + d * (v - (mean[h] as number));
    const dAll = v - allMean;
    allMean += dAll / (k + 1);
    allSs += dAll * (v - allMean);
  }
  const e =
    pseudo === undefined
      ? stratifiedEstimate(picks, y, s, est, method)
      : flooredStratifiedEstimate(picks, y, s, est, method, pseudo, true);
  return capped ? cappedDefaultInterval(fn, e, y, est) : e;
}

/**
 * The fixed-size PPS strategies (PPSsys, Balanced, Pivotal, mixture): `pik`
 * proportional to `size` (capped), computed once; each `start(rng)` draws the
 * sample at once by systematic (fixed or random order) or pivotal sampling, then Horvitz–Thompson or
 * Hájek with Deville's variance.
 */
export function preparePpsFixed(
  fn: string,
  size: Float64Array,
  budget: number,
  est: EstimatorChoice,
  design: "systematic" | "randomSystematic" | "pivotal",
  estimator: "ht" | "hajek",
  method: string,
  capped = false,
): PreparedStrategy {
  const N = size.length;
  const pik = ppsPik(fn, size, budget);
  const fixedOrder = design === "systematic" ? preparedSystematicPps(pik) : undefined;
  // both take the raw rng: the random order checks each value itself (as checkedRng would)
  const drawSystematic: ((rng: Rng) => Int32Array) | undefined =
    fixedOrder !== undefined
      ? (rng) => fixedOrder(checkedRng(fn, rng))
      : design === "randomSystematic"
        ? randomOrderSystematicPps(pik, fn)
        : undefined;
  const bands = riskBands(size, { split: true });
  const tail = weightTailShare(pik);
  // pivotal's check of pik, done by the first run (where pivotal itself would throw)
  let pikChecked = false;
  return {
    start: (rng) => {
      if (drawSystematic === undefined && !pikChecked) {
        checkPikSum("pivotal", "pik", pik);
        pikChecked = true;
      }
      // eps 0: R's default eps (1e-6) would silently drop units with a tiny but
      // positive pik, making the design non-measurable and the estimators biased;
      // the duels check the rng's values as checkedRng would, without its wrapper
      const sample =
        drawSystematic === undefined ? pivotalDuels(pik, rng, 0, fn) : drawSystematic(rng);
      const pikS = Float64Array.from(sample, (i) => pik[i] as number);
      const core = fixedSample(sample, (y) => {
        const flagged = flagSingleFailure(
          flooredWeightedEstimate(
            fn,
            {
              // a census (budget N: every pik 1) through HT, which knows N and so that the
              // rate is exact; Hájek does not know N and gave a 0/1 census an interval 0.31 wide
              ...(estimator === "ht" || sample.length === N
                ? horvitzThompson(y, pikS, N, { variance: "deville", ...est })
                : hajek(y, pikS, { variance: "deville", ...est })),
              method,
            },
            sample,
            y,
            bands,
            est,
            true,
          ),
          y,
          pikS.map((p) => 1 / p),
          est,
        );
        return flagWeightTail(capped ? cappedDefaultInterval(fn, flagged, y, est) : flagged, tail);
      });
      return askTell(fn, budget, core, est, { population: N });
    },
  };
}

/**
 * The ask/tell run of a nearest-centre stratified sample: the stratified mean, floored when
 * `pseudo` is given, its default interval capped (`cappedDefaultInterval`) when `capped`.
 */
function centreStratifiedRun(
  fn: string,
  budget: number,
  est: EstimatorChoice,
  method: string,
  pseudo: number | undefined,
  sample: Int32Array,
  positions: ArrayLike<number>,
  s: Strata,
  capped = false,
): Generator<number, Estimate, number> {
  const core = fixedSample(sample, (y) => {
    const e =
      pseudo === undefined
        ? stratifiedEstimate(positions, y, s, est, method)
        : flooredStratifiedEstimate(positions, y, s, est, method, pseudo);
    return capped ? cappedDefaultInterval(fn, e, y, est) : e;
  });
  let N = 0;
  for (let h = 0; h < s.sizes.length; h++) N += s.sizes[h] as number;
  return askTell(fn, budget, core, est, { population: N });
}

/**
 * The nearest-centre stratified strategy with deterministic centres
 * (KCenterStrat): strata from `centres` on the risk, min(2, N_h) per stratum
 * and the rest proportional to N_h, stratified SRS drawn at once, the
 * stratified mean. The strata, the allocation and the member lists are built
 * once here.
 */
export function prepareCentreStratified(
  fn: string,
  risk: Float64Array,
  budget: number,
  rng: unknown,
  options: StrataOptions | undefined,
  centres: (H: number) => number[],
  method: string,
  pseudo?: number,
): PreparedStrategy {
  const { N, est } = checkCommon(fn, risk, budget, rng, options, STRATA_KEYS);
  const H = readStrataCount(fn, options?.strata, N, budget);
  const s = nearestCentreStrata(risk, centres(H));
  minimumTwo(fn, s, budget);
  const drawSample = preparedStratifiedSrs(
    s,
    allocateAtLeastTwo(s, new Float64Array(s.sizes.length), budget),
  );
  return {
    start: (r) => {
      const sample = drawSample(checkedRng(fn, r));
      return centreStratifiedRun(fn, budget, est, method, pseudo, sample, sample, s);
    },
  };
}

/**
 * The D² (k-means++) stratified strategy (D2Strat): the risk sorted once
 * ({@link sortRisk}); each `start(rng)` draws the centres and their
 * nearest-centre strata as ranges of the sorted order ({@link d2SortedStrata}),
 * allocates min(2, N_h) per stratum and the rest proportional to N_h, draws
 * the `srs` of each stratum (in stratum order) among its sorted positions, and
 * yields the sample in increasing index order; the stratified mean. Per run
 * O(H² + H log N + n log n) instead of O(H N): the law of the strata and of
 * the sample is that of D² seeding over all units, nearest-centre strata and
 * stratified SRS; only the mapping of draws to units follows the sorted order.
 */
export function prepareD2Stratified(
  fn: string,
  risk: Float64Array,
  budget: number,
  rng: unknown,
  options: StrataOptions | undefined,
  method: string,
): PreparedStrategy {
  const { N, est } = checkCommon(fn, risk, budget, rng, options, STRATA_KEYS);
  const H = readStrataCount(fn, options?.strata, N, budget);
  const sorted = sortRisk(risk);
  return {
    start: (r) => {
      const draws = checkedRng(fn, r);
      const { bounds } = d2SortedStrata(fn, sorted, H, draws);
      const m = bounds.length - 1;
      const sizes = new Int32Array(m);
      for (let h = 0; h < m; h++) sizes[h] = (bounds[h + 1] as number) - (bounds[h] as number);
      minimumTwo(fn, { sizes }, budget);
      const allocation = allocateAtLeastTwo({ sizes }, new Float64Array(m), budget);
      const sample = new Int32Array(budget);
      let k = 0;
      for (let h = 0; h < m; h++) {
        const a = allocation[h] as number;
        if (a === 0) continue;
        const pos = srs(sizes[h] as number, a, draws);
        for (let j = 0; j < a; j++)
          sample[k++] = sorted.order[(bounds[h] as number) + (pos[j] as number)] as number;
      }
      sample.sort();
      // the strata of the sampled units, by position in the sample (the
      // estimators read s.strata only at the positions they are given)
      const ids = new Int32Array(budget);
      const positions = new Int32Array(budget);
      for (let j = 0; j < budget; j++) {
        const p = sorted.rank[sample[j] as number] as number;
        let lo = 0;
        let hi = m - 1;
        while (lo < hi) {
          const mid = (lo + hi + 1) >>> 1;
          if ((bounds[mid] as number) <= p) lo = mid;
          else hi = mid - 1;
        }
        ids[j] = lo;
        positions[j] = j;
      }
      const s: Strata = { strata: ids, sizes };
      return centreStratifiedRun(fn, budget, est, method, undefined, sample, positions, s, true);
    },
  };
}

/**
 * The with-replacement strategies (SUPS, 2-UPS): `budget` independent draws
 * with the per-unit probabilities `p` (the design's checks and its alias
 * table done once), the Hansen–Hurwitz estimator, the risk-band floor on the
 * bands of `p` and the single-failure flag. `method`, when given, names the
 * estimate instead of hansenHurwitz's own name.
 */
export function preparePpsWithReplacement(
  fn: string,
  p: Float64Array,
  budget: number,
  N: number,
  est: EstimatorChoice,
  method?: string,
  capped = false,
): PreparedStrategy {
  // the design's own checks once (n = 0 draws nothing), then its alias table
  ppsWithReplacement(p, 0, UNCHECKED_RNG);
  const table = aliasTable(p, fsum(p));
  const bands = riskBands(p, { split: true });
  const tail = weightTailShare(p);
  return {
    start: (r) => {
      const sample = drawAlias(table, budget, checkedRng(fn, r));
      const pDrawn = Float64Array.from(sample, (i) => p[i] as number);
      const core = fixedSample(sample, (y) => {
        const e = hansenHurwitz(y, pDrawn, N, est);
        const flagged = flagSingleFailure(
          flooredWeightedEstimate(
            fn,
            method === undefined ? e : { ...e, method },
            sample,
            y,
            bands,
            est,
            true,
          ),
          y,
          pDrawn.map((q) => 1 / q),
          est,
        );
        return flagWeightTail(capped ? cappedDefaultInterval(fn, flagged, y, est) : flagged, tail);
      });
      return askTell(fn, budget, core, est, { population: N });
    },
  };
}
