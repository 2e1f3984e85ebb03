import { describe, expect, it } from "vitest";
import { rowMatrix } from "../../src/core/rowMatrix.js";
import { dsa } from "../../src/features/dsa.js";
import { fitSurprise } from "../../src/features/fitSurprise.js";
import { lsa } from "../../src/features/lsa.js";
import { mdsa } from "../../src/features/mdsa.js";
import { fixture, surpriseInputs } from "./_fixture.js";

const cls = (...c: number[]) => Int32Array.from(c);

describe("fitSurprise(train, trainClass, options)", () => {
  const c = fixture.surprise[1] ?? fixture.surprise[0];
  if (c === undefined) throw new Error("fixture has no surprise cases");
  const { train, trainClass, test, testClass } = surpriseInputs(c);

  it("methods return exactly what the one-shot functions return", () => {
    const model = fitSurprise(train, trainClass);
    expect(model.lsa(test, testClass)).toEqual(lsa(train, trainClass, test, testClass));
    expect(model.mdsa(test, testClass)).toEqual(mdsa(train, trainClass, test, testClass));
    expect(model.dsa(test, testClass)).toEqual(dsa(train, trainClass, test, testClass));
    const kim = { variant: "kim2019" } as const;
    expect(model.dsa(test, testClass, kim)).toEqual(dsa(train, trainClass, test, testClass, kim));
  });
  it("reuses its statistics across test sets with unchanged results", () => {
    const model = fitSurprise(train, trainClass, { varianceThreshold: 1e-5, ridge: 1e-6 });
    const first = model.dsa(test, testClass, { variant: "kim2019" });
    const half = { data: test.data.slice(0, 5 * test.cols), rows: 5, cols: test.cols };
    const part = model.dsa(half, testClass.slice(0, 5), { variant: "kim2019" });
    expect(Array.from(part)).toEqual(Array.from(first.slice(0, 5)));
    expect(model.lsa(test, testClass)).toEqual(model.lsa(test, testClass));
  });
  it("reports the training classes and width", () => {
    const model = fitSurprise(train, trainClass);
    expect(Array.from(model.classes)).toEqual([0, 1]);
    expect(model.dims).toBe(train.cols);
  });
  it("copies the training data: later edits by the caller have no effect", () => {
    const tr = rowMatrix([
      [0, 0],
      [2, 0],
      [0, 2],
      [2, 2],
    ]);
    const tc = cls(0, 0, 0, 0);
    const model = fitSurprise(tr, tc);
    tr.data.fill(100);
    tc.fill(5);
    expect(model.mdsa(rowMatrix([[1, 1]]), cls(0))[0]).toBe(0);
  });
  it("fails only the method whose statistics a class cannot support", () => {
    // class 1 has 2 points in 2-D: too few for its KDE, enough for DSA and (ridge) MDSA
    const tr = rowMatrix([
      [0, 0],
      [1, 0],
      [0, 1],
      [1, 1.5],
      [5, 5],
      [6, 6.5],
    ]);
    const model = fitSurprise(tr, cls(0, 0, 0, 0, 1, 1));
    const q = rowMatrix([[0.5, 0.5]]);
    expect(() => model.lsa(q, cls(0))).toThrow(/^fitSurprise.lsa: class 1 has 2 training points/);
    expect(model.dsa(q, cls(0))[0] as number).toBeGreaterThan(0);
    expect(Number.isFinite(model.mdsa(q, cls(1))[0])).toBe(true);
  });
  it("rejects bad training input and options", () => {
    expect(() => fitSurprise({ data: new Float64Array(0), rows: 0, cols: 2 }, cls())).toThrow(
      /^fitSurprise: train has no rows/,
    );
    expect(() => fitSurprise(train, trainClass.slice(1))).toThrow(
      /^fitSurprise: train rows and trainClass lengths differ/,
    );
    expect(() => fitSurprise(train, trainClass, { ridge: -1 })).toThrow(
      /^fitSurprise: options.ridge must be at least 0/,
    );
    expect(() => fitSurprise(train, trainClass, { varianceThreshold: Number.NaN })).toThrow(
      RangeError,
    );
  });
  it("method errors name the method", () => {
    const model = fitSurprise(train, trainClass);
    expect(() => model.lsa(rowMatrix([[1]]), cls(0))).toThrow(
      /^fitSurprise.lsa: test and train dimensions differ/,
    );
    expect(() =>
      model.mdsa(
        test,
        testClass.map(() => 9),
      ),
    ).toThrow(/^fitSurprise.mdsa: testClass\[0\] is class 9/);
    expect(() => model.dsa(test, testClass, { variant: "x" as "paper" })).toThrow(
      /^fitSurprise.dsa: options.variant/,
    );
  });
});
