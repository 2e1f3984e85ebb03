import type { IntervalMethod } from "./proportionInterval.js";

/**
 * The defaults every estimate and strategy of the library uses for its
 * interval: the confidence `level`, and the interval method per kind of
 * estimate — `srs` for a simple random sample without replacement of 0/1
 * labels, `design` for 0/1 labels under any other design, `real` for a
 * real-valued y. The methods were chosen from the coverage report
 * (docs/replication/coverage.md): the narrowest method that covers in every
 * cell of its grid. The estimators, the strategies, the CLI help and the
 * TSDoc `@defaultValue`s all read this one object.
 *
 * @example
 * ```ts
 * intervalDefaults.level; // 0.95
 * intervalDefaults.srs; // "hypergeometric"
 * intervalDefaults.design; // "beta"
 * ```
 */
export const intervalDefaults: Readonly<{
  level: number;
  srs: IntervalMethod;
  design: IntervalMethod;
  real: IntervalMethod;
}> = Object.freeze({ level: 0.95, srs: "hypergeometric", design: "beta", real: "t" });
