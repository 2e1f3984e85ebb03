/** Shared bad-input and invariance cases for the output-based features (not a test file). */
import { expect, it } from "vitest";
import type { RowMatrix } from "../../src/core/rowMatrix.js";
import { rowMatrix } from "../../src/core/rowMatrix.js";

type Feature = (probs: RowMatrix, options?: never) => Float64Array | Int32Array;

/** Registers, inside the caller's `describe`, one test per thrown error of `f`. */
export function badProbsCases(name: string, feature: unknown): void {
  const f = feature as Feature;
  const call = (p: unknown, o?: unknown) => () => f(p as RowMatrix, o as never);
  it(`${name} rejects a negative probability, naming the row`, () => {
    expect(
      call(
        rowMatrix([
          [0.5, 0.5],
          [-0.1, 1.1],
        ]),
      ),
    ).toThrow(RangeError);
    expect(
      call(
        rowMatrix([
          [0.5, 0.5],
          [-0.1, 1.1],
        ]),
      ),
    ).toThrow(new RegExp(`^${name}: probs row 1 has a negative value in column 0`));
  });
  it(`${name} rejects NaN, naming the row`, () => {
    const p = { data: new Float64Array([0.5, 0.5, Number.NaN, 1]), rows: 2, cols: 2 };
    expect(call(p)).toThrow(new RegExp(`^${name}: probs has a non-finite value at row 1`));
  });
  it(`${name} rejects a row whose sum is off by more than 1e-6, naming the row`, () => {
    expect(
      call(
        rowMatrix([
          [0.5, 0.5],
          [0.2, 0.3],
          [0.4, 0.6],
        ]),
      ),
    ).toThrow(new RegExp(`^${name}: probs row 1 sums to 0.5, not 1 within 0.000001`));
    expect(call(rowMatrix([[0.5, 0.500002]]))).toThrow(RangeError);
    expect(f(rowMatrix([[0.5, 0.5000005]])).length).toBe(1);
  });
  it(`${name} rejects a value above 1 in multi-label mode`, () => {
    expect(call(rowMatrix([[0.5, 1.5]]), { multiLabel: true })).toThrow(
      new RegExp(`^${name}: probs row 0 has a value above 1 in column 1`),
    );
  });
  it(`${name} rejects K < 2`, () => {
    expect(call(rowMatrix([[1], [1]]))).toThrow(new RegExp(`^${name}: probs must have at least 2`));
  });
  it(`${name} rejects an empty matrix`, () => {
    expect(call({ data: new Float64Array(0), rows: 0, cols: 3 })).toThrow(
      new RegExp(`^${name}: probs has no rows`),
    );
  });
  it(`${name} rejects a non-matrix and wrong option types`, () => {
    expect(call([0.5, 0.5])).toThrow(TypeError);
    expect(call(rowMatrix([[0.5, 0.5]]), "multiLabel")).toThrow(TypeError);
    expect(call(rowMatrix([[0.5, 0.5]]), { multiLabel: 1 })).toThrow(TypeError);
  });
}

/** Checks that `f` leaves its input matrix unchanged. */
export function expectInputUnchanged(
  feature: unknown,
  options: object = { multiLabel: true, multiLabelMode: "bernoulli" },
): void {
  const f = feature as Feature;
  const p = rowMatrix([
    [0.2, 0.5, 0.3],
    [0.4, 0.4, 0.2],
  ]);
  const copy = Float64Array.from(p.data);
  f(p);
  f(p, options as never);
  expect(p.data).toEqual(copy);
  expect(p.rows).toBe(2);
  expect(p.cols).toBe(3);
}
