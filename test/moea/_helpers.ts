import { expect } from "vitest";
import type { Rng } from "../../src/core/rng.js";
import type { RowMatrix } from "../../src/core/rowMatrix.js";
import { rowMatrix } from "../../src/core/rowMatrix.js";

/** An Rng that replays recorded uniforms and fails if asked for more. */
export function replay(draws: readonly number[]): Rng & { used: () => number } {
  let i = 0;
  const rng = () => {
    if (i >= draws.length) throw new Error("replay: stream exhausted");
    return draws[i++] as number;
  };
  return Object.assign(rng, { used: () => i });
}

/** Asserts |actual - expected| <= rel * |expected| + abs. */
export function expectClose(actual: number, expected: number, rel = 1e-12, abs = 1e-15): void {
  expect(Math.abs(actual - expected)).toBeLessThanOrEqual(rel * Math.abs(expected) + abs);
}

/** Plain arrays of the fronts, for readable comparisons. */
export function plain(fronts: Int32Array[]): number[][] {
  return fronts.map((f) => Array.from(f));
}

/** Reference brute force: Pareto (or Deb-constrained) domination of row i over row j. */
export function dominatesRef(F: RowMatrix, i: number, j: number, v?: Float64Array): boolean {
  if (v !== undefined) {
    const vi = v[i] as number;
    const vj = v[j] as number;
    if (vi > 0 || vj > 0) return vi < vj;
  }
  let strictly = false;
  for (let k = 0; k < F.cols; k++) {
    const a = F.data[i * F.cols + k] as number;
    const b = F.data[j * F.cols + k] as number;
    if (a > b) return false;
    if (a < b) strictly = true;
  }
  return strictly;
}

/** Reference fronts by the definition: repeatedly peel the rows no remaining row dominates. */
export function frontsRef(F: RowMatrix, v?: Float64Array): number[][] {
  let rest = Array.from({ length: F.rows }, (_, i) => i);
  const fronts: number[][] = [];
  while (rest.length > 0) {
    const front = rest.filter((q) => !rest.some((p) => dominatesRef(F, p, q, v)));
    fronts.push(front);
    rest = rest.filter((q) => !front.includes(q));
  }
  return fronts;
}

export const m = rowMatrix;
