import type { IntervalMethod } from "./proportionInterval.js";

/**
 * The defaults every estimate and strategy of the library uses for its
 * interval: the confidence `level`, and the interval method per kind of
 * estimate — `srs` for a simple random sample without replacement of 0/1
 * labels, `design` for 0/1 labels under any other design, `bounded` for
 * labels in [0, 1] that are not all 0 or 1 (graded scores, partial credit)
 * under any design, `real` for any other real-valued y. The methods were
 * chosen from the coverage report (docs/replication/coverage.md): the
 * narrowest method that covers in every cell of its grid. `bounded` is
 * Korn–Graubard's interval, defined for the mean of any variable in [0, 1]
 * (R's `svyciprop` takes such means) and keeping a proportion's skew near 0
 * and 1: with 2 % partial credit among 0/1 labels the `"t"`
 * interval covered 84-92 % under the weighted strategies, the beta interval
 * 93-99 % (docs/intervals.md). The estimators, the strategies, the CLI help
 * and the TSDoc `@defaultValue`s all read this one object.
 *
 * @example
 * ```ts
 * intervalDefaults.level; // 0.95
 * intervalDefaults.srs; // "hypergeometric"
 * intervalDefaults.design; // "beta"
 * intervalDefaults.bounded; // "beta"
 * ```
 */
export const intervalDefaults: Readonly<{
  level: number;
  srs: IntervalMethod;
  design: IntervalMethod;
  bounded: IntervalMethod;
  real: IntervalMethod;
}> = Object.freeze({
  level: 0.95,
  srs: "hypergeometric",
  design: "beta",
  bounded: "beta",
  real: "t",
});
