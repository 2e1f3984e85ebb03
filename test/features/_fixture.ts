/** Loads test/fixtures/features.json (made by scripts/fixtures/features.py) for the fixture tests. */
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { expect } from "vitest";
import type { RowMatrix } from "../../src/core/rowMatrix.js";
import { rowMatrix } from "../../src/core/rowMatrix.js";

type OutputCase = {
  probs: number[];
  confidence: number;
  entropy: number;
  margin: number;
  deepGini: number;
  predictedClass: number;
};
type SurpriseCase = {
  name: string;
  train: number[][];
  trainClass: number[];
  test: number[][];
  testClass: number[];
  keptColumns: number[];
  lsa: number[];
  mdsa: number[];
  mdsaRegularisedClasses: number[];
  dsaPaper: number[];
  dsaKim2019: number[];
};
/** The fixture file's shape. */
export type FeaturesFixture = {
  versions: Record<string, string>;
  constants: { eps: number; ridge: number; varianceThreshold: number };
  output: OutputCase[];
  bernoulli: Omit<OutputCase, "predictedClass">[];
  surprise: SurpriseCase[];
};

const here = dirname(fileURLToPath(import.meta.url));
/** The parsed fixture. */
export const fixture = JSON.parse(
  readFileSync(join(here, "..", "fixtures", "features.json"), "utf8"),
) as FeaturesFixture;

/** Inputs of a surprise case as library types. */
export function surpriseInputs(c: SurpriseCase): {
  train: RowMatrix;
  trainClass: Int32Array;
  test: RowMatrix;
  testClass: Int32Array;
} {
  return {
    train: rowMatrix(c.train),
    trainClass: Int32Array.from(c.trainClass),
    test: rowMatrix(c.test),
    testClass: Int32Array.from(c.testClass),
  };
}

/** Asserts every element matches to `rel` relative error, reporting the worst index. */
export function expectRelClose(actual: ArrayLike<number>, expected: readonly number[], rel = 1e-9) {
  expect(actual.length).toBe(expected.length);
  let worst = 0;
  let at = -1;
  for (let i = 0; i < expected.length; i++) {
    const e = expected[i] as number;
    const err = Math.abs((actual[i] as number) - e) / Math.max(Math.abs(e), Number.MIN_VALUE);
    if (!(err <= worst)) {
      worst = err;
      at = i;
    }
  }
  expect(worst, `worst relative error at index ${at}`).toBeLessThanOrEqual(rel);
}
