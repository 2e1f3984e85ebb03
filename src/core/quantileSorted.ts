/**
 * Internal module: not re-exported from the package entry point.
 * @internal
 */

/**
 * Quantile p of values already sorted ascending, by linear interpolation
 * between order statistics (Hyndman & Fan type 7, the default of R's
 * `quantile` and numpy's `percentile`): h = (n - 1) p, then
 * x[floor h] + (h - floor h) (x[floor h + 1] - x[floor h]).
 * The caller guarantees a non-empty, sorted, finite array and p in [0, 1].
 */
export function quantileSorted(sorted: ArrayLike<number>, p: number): number {
  const h = (sorted.length - 1) * p;
  const lo = Math.floor(h);
  const a = sorted[lo] as number;
  if (lo + 1 >= sorted.length || h === lo) return a;
  const b = sorted[lo + 1] as number;
  const f = h - lo;
  const d = b - a;
  // neighbours more than MAX_VALUE apart: weigh the two instead (as numpy's lerp)
  return Number.isFinite(d) ? a + f * d : (1 - f) * a + f * b;
}
