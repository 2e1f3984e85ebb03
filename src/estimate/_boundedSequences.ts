/**
 * The betting confidence sequences for a mean in [0, 1] as steppers: iid
 * (with replacement), simple random sampling without replacement, and
 * weighted sampling without replacement. Shared by `bettingCs`,
 * `weightedBettingCs` and the sequential strategies.
 *
 * Internal module: not re-exported from the package entry point.
 * @internal
 */

import { bettingEngine } from "./_bettingEngine.js";

/** A running confidence sequence for a mean in [0, 1], one observation at a time. */
export type MeanSequence = {
  /** Current lower bound (non-decreasing). */
  lower(): number;
  /** Current upper bound (non-increasing). */
  upper(): number;
};

/**
 * Running bounds: the intersection over time of the betting engine's grid
 * bounds and of bounds that hold for certain (what the units not yet drawn
 * can still contribute). If the engine's bounds contradict the certain ones,
 * the engine has rejected the truth; the certain bounds are then kept alone
 * (intersected with the previous interval), and if even that is empty the
 * previous interval is kept: the reported interval never widens. A
 * contradiction smaller than `slack` is the rounding of the running sum, not
 * information: the interval closes on one point.
 */
function runningBounds(): {
  update(lo: number, hi: number, certainLo: number, certainHi: number, slack: number): void;
} & MeanSequence {
  let lower = 0;
  let upper = 1;
  return {
    update(lo, hi, certainLo, certainHi, slack) {
      const cl = Math.max(lower, certainLo);
      const cu = Math.min(upper, certainHi);
      const l = Math.max(cl, lo);
      const u = Math.min(cu, hi);
      if (l <= u) {
        lower = l;
        upper = u;
      } else if (cl <= cu) {
        lower = cl;
        upper = cu;
      } else if (cl - cu <= slack) {
        lower = Math.max(cu, lower);
        upper = lower;
      }
    },
    lower: () => lower,
    upper: () => upper,
  };
}

/**
 * The mean's range given the labels so far, `[S_t / N, (S_t + N - t) / N]`,
 * and the rounding slack `t * 1e-15` of the running sum S.
 */
function certainBounds(S: number, N: number, t: number): [number, number, number] {
  return [S / N, (S + (N - t)) / N, t * 1e-15];
}

/**
 * iid observations `z` in [0, B] with mean mu in [0, 1] (B >= 1; B = 1 for
 * data in [0, 1]): the hedged capital on `x = z / B`, whose mean is `mu / B`.
 */
export function iidSequence(
  alpha: number,
  grid: number,
  truncation: number,
  B: number,
): MeanSequence & { step(z: number): void } {
  const engine = bettingEngine(alpha, grid, truncation);
  const bounds = runningBounds();
  return {
    step(z) {
      engine.step(z / B, 1 / B, 0, 0, 1);
      bounds.update(engine.lower(), engine.upper(), 0, 1, 0);
    },
    lower: bounds.lower,
    upper: bounds.upper,
  };
}

/**
 * Simple random sampling without replacement from N units with values in
 * [0, 1] (WSR 2020, section 3): under candidate mean mu the t-th draw has
 * conditional mean `(N mu - S_{t-1}) / (N - t + 1)`, S the sum drawn so far.
 */
export function withoutReplacementSequence(
  N: number,
  alpha: number,
  grid: number,
  truncation: number,
): MeanSequence & { step(y: number): void } {
  const engine = bettingEngine(alpha, grid, truncation);
  const bounds = runningBounds();
  let t = 0;
  let S = 0;
  return {
    step(y) {
      const left = N - t;
      engine.step(y, N / left, -S / left, 0, 1);
      t++;
      S += y;
      bounds.update(engine.lower(), engine.upper(), ...certainBounds(S, N, t));
    },
    lower: bounds.lower,
    upper: bounds.upper,
  };
}

/**
 * Weighted sampling without replacement (Shekhar et al. 2023): the t-th unit
 * was drawn with probability q among the remaining ones, and every remaining
 * unit had probability at least qMin. `Z_t = y / (N q) + S_{t-1} / N` has
 * conditional mean mu and lies in `[S_{t-1} / N, S_{t-1} / N + 1 / (N qMin)]`.
 */
export function weightedSequence(
  N: number,
  alpha: number,
  grid: number,
  truncation: number,
): MeanSequence & { step(y: number, q: number, qMin: number): number } {
  const engine = bettingEngine(alpha, grid, truncation);
  const bounds = runningBounds();
  let t = 0;
  let S = 0;
  return {
    step(y, q, qMin) {
      const base = S / N;
      const z = y / (N * q) + base;
      engine.step(z, 1, 0, base, base + 1 / (N * qMin));
      t++;
      S += y;
      bounds.update(engine.lower(), engine.upper(), ...certainBounds(S, N, t));
      return z;
    },
    lower: bounds.lower,
    upper: bounds.upper,
  };
}
