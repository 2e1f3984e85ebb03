import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { expect } from "vitest";

const here = dirname(fileURLToPath(import.meta.url));

type ErrorCase = {
  estimates: number[];
  truthScalar: number;
  truth: number[];
  rmseScalar: number;
  rmse: number;
  maxErrorScalar: number;
  maxError: number;
};

/** Shape of `test/fixtures/stats.json`; each test narrows its own section. */
export type StatsFixture = {
  versions: Record<string, string>;
  errors: ErrorCase[];
  [section: string]: unknown;
};

/** Parsed `test/fixtures/stats.json` (written by scripts/fixtures/stats.py). */
export const fixture = JSON.parse(
  readFileSync(join(here, "..", "fixtures", "stats.json"), "utf8"),
) as StatsFixture;

/** Asserts |actual - expected| <= rel * |expected| + abs. */
export function expectClose(actual: number, expected: number, rel = 1e-10, abs = 0): void {
  const tol = rel * Math.abs(expected) + abs;
  if (!(Math.abs(actual - expected) <= tol)) {
    expect.fail(`expected ${actual} to be within ${tol} of ${expected}`);
  }
}

/** Element-wise {@link expectClose}. */
export function expectAllClose(
  actual: ArrayLike<number>,
  expected: ArrayLike<number>,
  rel = 1e-10,
  abs = 0,
): void {
  expect(actual.length).toBe(expected.length);
  for (let i = 0; i < expected.length; i++) {
    expectClose(actual[i] as number, expected[i] as number, rel, abs);
  }
}
