import {
  asBinary,
  asInt32Array,
  checkChoice,
  checkNoHoles,
  checkOptions,
  fail,
  failType,
  optionKeys,
  toFloat64Array,
} from "../core/validate.js";
import { checkPicks } from "./_picks.js";

const KEYS = optionKeys<RankSlicesOptions>()("aggregate", "classify");
const INPUT_KEYS = optionKeys<RankSlicesInput>()(
  "sliceOf",
  "picks",
  "outcomeV0",
  "outcomeV1",
  "scoreV0",
  "scoreV1",
);

/**
 * Change category of a slice: regressed, improved or not changed, from its
 * re-executed instances; `"untested"` when none of its instances was
 * re-executed (no evidence either way).
 */
export type ChangeCategory = "regressed" | "improved" | "unchanged" | "untested";

/**
 * Decides a tested slice's change category from its observed failure-rate
 * change and sampling ratio (never called for a slice without picks).
 */
export type ChangeClassifier = (
  deltaFailureRate: number,
  samplingRatio: number,
) => Exclude<ChangeCategory, "untested">;

/** Input of {@link rankSlices}. */
export type RankSlicesInput = {
  /** Slice id per instance, ids in [0, N). */
  readonly sliceOf: ArrayLike<number>;
  /** Indexed by slice id: the instances re-executed on V1 (missing or empty: the slice is `"untested"`, ranked last). */
  readonly picks: readonly ArrayLike<number>[];
  /** 0/1 outcome per instance under V0 (1 = pass; booleans accepted). */
  readonly outcomeV0: ArrayLike<number | boolean>;
  /** 0/1 outcome per instance under V1; only picked entries are read. */
  readonly outcomeV1: ArrayLike<number | boolean>;
  /** Failure impact score per instance under V0 (e.g. `predictLogistic` on V0 signals). */
  readonly scoreV0: ArrayLike<number>;
  /** Failure impact score per instance under V1 (V1 signals, V0 scaler and model); only picked entries are read. */
  readonly scoreV1: ArrayLike<number>;
};

/** Options of {@link rankSlices}. */
export type RankSlicesOptions = {
  /** How the per-instance |delta f| are combined per slice. @defaultValue "mean" */
  readonly aggregate?: "mean" | "median" | "max";
  /**
   * The change-type classifier; the paper trains two (regression, improvement)
   * on labelled historical changes and combines them by the 0.5 rule.
   * @defaultValue the sign of deltaFailureRate (> 0 regressed, < 0 improved, 0 unchanged)
   */
  readonly classify?: ChangeClassifier;
};

/** Result of {@link rankSlices}. */
export type RankSlicesResult = {
  /** Non-empty slice ids, best (most likely regressed) first. */
  readonly ranking: Int32Array;
  /** Slice ids, increasing (the order of the arrays below). */
  readonly ids: Int32Array;
  /** Category of each slice in `ids`. */
  readonly category: readonly ChangeCategory[];
  /** Aggregated |f1 - f0| of each slice in `ids` (0 for an untested slice: nothing was measured). */
  readonly impact: Float64Array;
  /** FR_V1 - FR_V0 over the picked instances of each slice in `ids` (0 for an untested slice). */
  readonly deltaFailureRate: Float64Array;
  /** Number of picked (re-executed) instances of each slice in `ids`. */
  readonly picked: Int32Array;
  /** Number of instances of each slice in `ids`. */
  readonly size: Int32Array;
};

/** Impacts closer than this times the largest |score| read are ties. */
const TIE_TOLERANCE = 1e-12;

const ORDER: Record<ChangeCategory, number> = {
  regressed: 0,
  improved: 1,
  unchanged: 2,
  untested: 3,
};

/**
 * CASPER's change-aware slice ranking: classify each slice's change from its
 * re-executed instances, then order regressed, improved, unchanged slices, each
 * group by decreasing aggregated change in failure impact score, and last the
 * untested slices (no instance re-executed: no evidence, so never called
 * unchanged), by slice id.
 *
 * For slice s with picks P (k = |P|): deltaFR = (#fail_V1(P) - #fail_V0(P)) / k,
 * sampling ratio = k / |s|, category = classify(deltaFR, ratio); impact =
 * aggregate over i in P of |f1_i - f0_i| (paper eq. 21; mean, median or max).
 * Ties: lower slice id first, where impacts are tied when they differ by at
 * most 1e-12 times the largest |score| read (rounding noise: 0.5 - 0.3 and
 * 0.7 - 0.5 differ in the last bit); a run of impacts each within that of the
 * run's largest is one tie. A slice with k = 0 is `"untested"` with impact
 * and deltaFR 0 (the paper re-executes at least one instance per slice; a
 * caller that picks none for some slice gets them flagged, not ranked).
 *
 * @param input - Slices, picks, outcomes and scores of V0 and V1 (see the fields).
 * @param options - `aggregate` (default `"mean"`) and `classify` (default: sign of deltaFR).
 * @returns The ranking and the per-slice category, impact and deltaFR.
 * @throws {TypeError} If an argument has the wrong type or `classify` returns an unknown category.
 * @throws {RangeError} If lengths differ, a pick is outside its slice or
 *   repeated, an outcome is not 0/1, a score is non-finite or `aggregate` is unknown (with "did
 *   you mean").
 * @see Muse, B. A. et al. CASPER, sections 2.3.5-2.3.7.
 * @example
 * ```ts
 * const r = rankSlices({
 *   sliceOf: new Int32Array([0, 0, 1, 1]),
 *   picks: [new Int32Array([0]), new Int32Array([2])],
 *   outcomeV0: new Uint8Array([1, 1, 1, 1]),
 *   outcomeV1: new Uint8Array([1, 1, 0, 1]),
 *   scoreV0: new Float64Array([0.9, 0.8, 0.7, 0.6]),
 *   scoreV1: new Float64Array([0.5, 0, 0.6, 0]),
 * });
 * r.ranking;  // Int32Array [1, 0] (slice 1 regressed; slice 0 unchanged)
 * r.category; // ["unchanged", "regressed"]
 * ```
 */
export function rankSlices(
  input: RankSlicesInput,
  options: RankSlicesOptions = {},
): RankSlicesResult {
  const fn = "rankSlices";
  if (typeof input !== "object" || input === null) failType(fn, "input must be an object");
  checkOptions(fn, input, INPUT_KEYS, "input field");
  const sliceOf = asInt32Array(fn, "sliceOf", input.sliceOf);
  if (Array.isArray(input.picks)) checkNoHoles(fn, "picks", input.picks);
  const picks = Array.isArray(input.picks)
    ? input.picks.map((list, s) => asInt32Array(fn, `picks[${s}]`, list))
    : (input.picks as readonly Int32Array[]);
  const outcomeV0 = asBinary(fn, "outcomeV0", input.outcomeV0);
  const outcomeV1 = asBinary(fn, "outcomeV1", input.outcomeV1);
  const size = checkPicks(fn, sliceOf, picks, outcomeV0, outcomeV1);
  const n = sliceOf.length;
  const scoreV0 = toFloat64Array(fn, "scoreV0", input.scoreV0);
  const scoreV1 = toFloat64Array(fn, "scoreV1", input.scoreV1);
  if (scoreV0.length !== n)
    fail(fn, `sliceOf and scoreV0 lengths differ (${n} vs ${scoreV0.length})`);
  if (scoreV1.length !== n)
    fail(fn, `sliceOf and scoreV1 lengths differ (${n} vs ${scoreV1.length})`);
  checkOptions(fn, options, KEYS);
  const { aggregate = "mean", classify } = options;
  checkChoice(fn, "options.aggregate", aggregate, ["mean", "median", "max"] as const);
  if (classify !== undefined && typeof classify !== "function")
    failType(fn, "classify must be a function");
  const ids: number[] = [];
  const cat: ChangeCategory[] = [];
  const impact: number[] = [];
  const dfr: number[] = [];
  for (let s = 0; s < n; s++) {
    if ((size[s] as number) === 0) continue;
    const list = picks[s];
    ids.push(s);
    if (list === undefined || list.length === 0) {
      cat.push("untested");
      impact.push(0);
      dfr.push(0);
      continue;
    }
    let f0 = 0;
    let f1 = 0;
    const deltas: number[] = [];
    for (const i of list) {
      if (outcomeV0[i] === 0) f0++;
      if (outcomeV1[i] === 0) f1++;
      deltas.push(Math.abs((scoreV1[i] as number) - (scoreV0[i] as number)));
    }
    const delta = (f1 - f0) / list.length;
    const ratio = list.length / (size[s] as number);
    const c: string =
      classify === undefined
        ? delta > 0
          ? "regressed"
          : delta < 0
            ? "improved"
            : "unchanged"
        : classify(delta, ratio);
    if (c !== "regressed" && c !== "improved" && c !== "unchanged") {
      failType(fn, `classify returned an unknown category (${String(c)})`);
    }
    let agg: number;
    if (aggregate === "max") {
      agg = deltas.reduce((a, b) => Math.max(a, b), Number.NEGATIVE_INFINITY);
    } else if (aggregate === "median") {
      deltas.sort((x, y) => x - y);
      const h = deltas.length >> 1;
      agg =
        deltas.length % 2 === 1
          ? (deltas[h] as number)
          : ((deltas[h - 1] as number) + (deltas[h] as number)) / 2;
    } else {
      agg = deltas.reduce((x, y) => x + y, 0) / deltas.length;
    }
    cat.push(c as ChangeCategory);
    impact.push(agg);
    dfr.push(delta);
  }
  // impacts equal up to rounding are ties: differences of scores carry noise of
  // about an ulp of the largest score (0.5 - 0.3 is 0.2, 0.7 - 0.5 is 0.19999999999999996)
  let scale = 0;
  for (const list of picks) {
    for (const i of list ?? []) {
      scale = Math.max(scale, Math.abs(scoreV0[i] as number), Math.abs(scoreV1[i] as number));
    }
  }
  const tol = TIE_TOLERANCE * scale;
  const order = ids.map((_, t) => t);
  order.sort(
    (x, y) =>
      ORDER[cat[x] as ChangeCategory] - ORDER[cat[y] as ChangeCategory] ||
      (impact[y] as number) - (impact[x] as number) ||
      (ids[x] as number) - (ids[y] as number),
  );
  // each run of impacts within tol of its first (largest) one goes by slice id
  for (let a = 0; a < order.length; ) {
    const lead = order[a] as number;
    let b = a + 1;
    while (
      b < order.length &&
      cat[order[b] as number] === cat[lead] &&
      (cat[lead] === "untested" ||
        (impact[lead] as number) - (impact[order[b] as number] as number) <= tol)
    ) {
      b++;
    }
    if (b - a > 1) {
      const run = order.slice(a, b).sort((x, y) => (ids[x] as number) - (ids[y] as number));
      order.splice(a, b - a, ...run);
    }
    a = b;
  }
  return {
    ranking: Int32Array.from(order.map((t) => ids[t] as number)),
    ids: Int32Array.from(ids),
    category: cat,
    impact: Float64Array.from(impact),
    deltaFailureRate: Float64Array.from(dfr),
    picked: Int32Array.from(ids, (s) => picks[s]?.length ?? 0),
    size: Int32Array.from(ids, (s) => size[s] as number),
  };
}
