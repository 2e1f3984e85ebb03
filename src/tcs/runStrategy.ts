import { fail, failType, maxLength } from "../core/validate.js";
import type { Estimate } from "../estimate/confidenceInterval.js";

/** What {@link runStrategy} returns. */
export type RunStrategyResult = {
  /** The strategy's final estimate of the population mean of y. */
  readonly estimate: Estimate;
  /** The yielded indices in pick order (one per label; repeats for with-replacement designs). */
  readonly indices: Int32Array;
  /** The labels returned by the oracle, aligned with `indices`. */
  readonly labels: Float64Array;
};

/**
 * Drives an ask/tell strategy generator to the end with a synchronous oracle:
 * the simulation harness for historical data where every label is known.
 *
 * Algorithm: `next()` once, then `next(label(i))` for every yielded index i,
 * until the generator returns its Estimate. The oracle's return values are
 * checked by the strategy itself (a non-finite label throws there, naming the
 * strategy).
 *
 * @param generator - A generator from a strategy, e.g. `strategies.srs(risk, 50, createRng(1))`, not yet started.
 * @param label - Returns the label of unit i (1 failure, 0 pass, or any finite real).
 * @returns `{ estimate, indices, labels }`, see {@link RunStrategyResult}.
 * @throws {RangeError} If the generator yields something other than a non-negative integer, or
 *   more than 2^27 indices (never from a strategy; a guard against a broken hand-written one).
 * @throws {TypeError} If `generator` has no `next` method or `label` is not a function; whatever the
 *   strategy throws (e.g. a non-finite label, or a generator that was already finished).
 * @see d3-array's and ml-kmeans' generator patterns; Python's `send()` protocol.
 * @example
 * ```ts
 * const y = [0, 1, 0, 0, 1, 0, 0, 0, 1, 0];
 * const run = runStrategy(strategies.srs(new Float64Array(10), 4, createRng(1)), (i) => y[i]);
 * run.indices;           // Int32Array [1, 4, 5, 6]
 * run.labels;            // Float64Array [1, 1, 0, 0]
 * run.estimate.estimate; // 0.5
 * ```
 */
export function runStrategy(
  generator: Generator<number, Estimate, number>,
  label: (i: number) => number,
): RunStrategyResult {
  const fn = "runStrategy";
  if (
    typeof generator !== "object" ||
    generator === null ||
    typeof (generator as { next?: unknown }).next !== "function"
  ) {
    failType(fn, "generator must be a strategy generator (an object with a next method)");
  }
  if (typeof label !== "function") failType(fn, "label must be a function of the unit index");
  const indices: number[] = [];
  const labels: number[] = [];
  let r = generator.next();
  while (r.done !== true) {
    const i: unknown = r.value;
    if (!(typeof i === "number" && Number.isSafeInteger(i) && i >= 0)) {
      fail(fn, `the generator yielded ${String(i)}, not a unit index (a non-negative integer)`);
    }
    if (indices.length >= maxLength) {
      fail(
        fn,
        `the generator asked for more than ${maxLength} labels; it does not look like a strategy`,
      );
    }
    const y = label(i);
    indices.push(i);
    labels.push(y);
    r = generator.next(y);
  }
  return {
    estimate: r.value,
    indices: Int32Array.from(indices),
    labels: Float64Array.from(labels),
  };
}
