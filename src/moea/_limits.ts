/**
 * The most generations `nsga2` and `identifySlices` run: 1,000,000 (the
 * paper configuration runs 6,907). A larger request is a `RangeError` rather
 * than a call that does not return for days.
 * @internal
 */
export const maxGenerations = 1_000_000;
