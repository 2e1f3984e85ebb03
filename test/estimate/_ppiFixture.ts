/** Comparison helpers for the ppi_py fixture tests (not part of the library). */
import { expect } from "vitest";

/** ppi_py numbers must match to 1e-10 (relative, absolute below 1). */
export const TOL = 1e-10;

/** `got` within TOL of `want`; `want` null is an infinite bound (JSON has no Infinity). */
export function close(got: number, want: number | null, what: string): void {
  if (want === null) {
    expect(Number.isFinite(got), `${what}: got ${got}, want an infinite bound`).toBe(false);
    return;
  }
  const err = Math.abs(got - want) / Math.max(1, Math.abs(want));
  expect(err, `${what}: got ${got}, want ${want}`).toBeLessThan(TOL);
}

/** Both bounds of an interval; a null bound must be -Infinity (lower) or Infinity (upper). */
export function closeCi(
  got: readonly [number, number],
  want: readonly (number | null)[],
  what: string,
): void {
  close(got[0], want[0] ?? null, `${what} lo`);
  close(got[1], want[1] ?? null, `${what} hi`);
  if (want[0] === null) expect(got[0]).toBe(Number.NEGATIVE_INFINITY);
  if (want[1] === null) expect(got[1]).toBe(Number.POSITIVE_INFINITY);
}
