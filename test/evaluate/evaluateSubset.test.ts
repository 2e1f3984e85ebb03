import { describe, expect, it } from "vitest";
import { type RowMatrix, rowMatrix } from "../../src/core/rowMatrix.js";
import { evaluateSubset } from "../../src/evaluate/evaluateSubset.js";
import { centroid } from "../../src/select/centroid.js";
import { baselineMethod } from "../../src/subset/baselineMethod.js";
import { embeddingMethod } from "../../src/subset/embeddingMethod.js";
import type { SubsetMethod } from "../../src/subset/types.js";
import { table } from "../subset/_make.js";

// 3 runs x 4 items
const o = table([
  [1, 1, 0, 0],
  [1, 1, 1, 0],
  [1, 0, 0, 0],
]);
// A fixed method picking items 0 and 2 (deterministic).
const fixed: SubsetMethod = { name: "fixed", stochastic: false, select: () => Int32Array.of(0, 2) };

describe("evaluateSubset(input)", () => {
  it("computes the paper's errors, RMSE and MaxErr by hand for a fixed subset", () => {
    // full rates: run1 3/4, run2 1/4. Subset {0, 2}: run1 2/2 = 1, run2 1/2.
    // W = 1 splits: {0} -> {1, 2}; {1} -> {2}. Errors: +0.25, +0.25 | +0.25
    const ev = evaluateSubset({
      outcomes: o,
      select: fixed,
      size: 2,
      window: 1,
      seeds: 5,
      seed: 1,
    });
    expect(ev.seeds).toBe(1);
    expect(Array.from(ev.pairSplit)).toEqual([0, 0, 1]);
    expect(Array.from(ev.pairRun)).toEqual([1, 2, 2]);
    expect(Array.from(ev.errors)).toEqual([0.25, 0.25, 0.25]);
    expect(Array.from(ev.rmseBySplit)).toEqual([0.25, 0.25]);
    expect(ev.rmse).toBe(0.25);
    expect(ev.maxErr).toEqual({ median: 25, p95: 25, worst: 25 });
  });

  it("averages RMSE per split (root of the mean square over its test runs), then over splits", () => {
    // subset {1, 3}: run1 1/2 (err -0.25), run2 0 (err -0.25); W = 1 -> all errors -0.25
    // W = 2: one split {0,1} -> {2}: err -0.25
    const m: SubsetMethod = { name: "m", stochastic: false, select: () => Int32Array.of(1, 3) };
    const ev = evaluateSubset({ outcomes: o, select: m, size: 2, window: 2, seeds: 1, seed: 0 });
    expect(ev.splits).toHaveLength(1);
    expect(ev.rmse).toBe(0.25);
    // costs: run 2 costs 1, 2, 3, 4 -> subset {1, 3} share (2 + 4) / 10
    const costs = rowMatrix([
      [1, 1, 1, 1],
      [1, 1, 1, 1],
      [1, 2, 3, 4],
    ]);
    const withCost = evaluateSubset({
      outcomes: o,
      select: m,
      size: 2,
      window: 2,
      seeds: 1,
      seed: 0,
      costs,
    });
    expect(withCost.costShare?.mean).toBeCloseTo(0.6, 15);
    // the same costs as number[][], and vectors as number[][]: the same result as the typed forms
    const plain = [
      [1, 1, 1, 1],
      [1, 1, 1, 1],
      [1, 2, 3, 4],
    ];
    const seen: RowMatrix[] = [];
    const spy: SubsetMethod = {
      name: "spy",
      stochastic: false,
      select: (ctx) => {
        if (ctx.vectors !== undefined) seen.push(ctx.vectors);
        return Int32Array.of(1, 3);
      },
    };
    const vectors = [
      [0, 1],
      [2, 3],
      [4, 5],
      [6, 7],
    ];
    const args = { outcomes: o, select: spy, size: 2, window: 2, seeds: 1, seed: 0 };
    const fromPlain = evaluateSubset({ ...args, costs: plain, vectors });
    const fromTyped = evaluateSubset({ ...args, costs, vectors: rowMatrix(vectors) });
    expect(fromPlain.costShare).toEqual(withCost.costShare);
    expect(fromPlain.rmse).toBe(fromTyped.rmse);
    expect(seen.map((X) => Array.from(X.data))).toEqual([
      [0, 1, 2, 3, 4, 5, 6, 7],
      [0, 1, 2, 3, 4, 5, 6, 7],
    ]);
    expect(() => evaluateSubset({ ...args, costs: [[1, 2], [3]] })).toThrow(
      /^evaluateSubset: costs rows differ in length/,
    );
  });

  it("runs a stochastic method once per seed, deterministically, and reports MaxErr quantiles", () => {
    const input = {
      outcomes: o,
      select: baselineMethod("random"),
      size: 2,
      window: 1,
      seeds: 20,
      seed: "s",
    };
    const a = evaluateSubset(input);
    const b = evaluateSubset(input);
    expect(a.seeds).toBe(20);
    expect(a.errors).toEqual(b.errors);
    expect(a.errors).toHaveLength(60);
    const sorted = Array.from(a.maxErrBySeed).sort((x, y) => x - y);
    expect(a.maxErr.worst).toBe(sorted[19]);
    expect(a.maxErr.median).toBe(((sorted[9] as number) + (sorted[10] as number)) / 2);
    let sum = 0;
    for (const v of a.rmseBySplit) sum += v;
    expect(a.rmse).toBeCloseTo(sum / 40, 15);
  });

  it("passes each split's training runs to a vectors function and validates its result", () => {
    const seen: number[][] = [];
    const vectors = (train: Int32Array) => {
      seen.push(Array.from(train));
      return rowMatrix([[0], [1], [2], [3]]);
    };
    evaluateSubset({
      outcomes: o,
      select: embeddingMethod(centroid),
      size: 2,
      window: 1,
      seeds: 3,
      seed: 1,
      vectors,
    });
    expect(seen).toEqual([[0], [1]]);
    const nan = () => ({ data: Float64Array.of(0, Number.NaN, 2, 3), rows: 4, cols: 1 });
    expect(() =>
      evaluateSubset({
        outcomes: o,
        select: embeddingMethod(centroid),
        size: 2,
        window: 1,
        seeds: 1,
        seed: 1,
        vectors: nan,
      }),
    ).toThrow(/non-finite value at row 1/);
    expect(() =>
      evaluateSubset({
        outcomes: o,
        select: embeddingMethod(centroid),
        size: 2,
        window: 1,
        seeds: 1,
        seed: 1,
        vectors: rowMatrix([[0], [1]]),
      }),
    ).toThrow(/vectors has 2 rows, expected one per item \(4\)/);
  });

  it("reports progress once per split", () => {
    const calls: [number, number][] = [];
    evaluateSubset({
      outcomes: o,
      select: fixed,
      size: 2,
      window: 1,
      seeds: 1,
      seed: 1,
      onProgress: (d, t) => calls.push([d, t]),
    });
    expect(calls).toEqual([
      [1, 2],
      [2, 2],
    ]);
  });

  it("leaves its inputs unchanged", () => {
    const before = Uint8Array.from(o.data);
    evaluateSubset({
      outcomes: o,
      select: baselineMethod("consistency"),
      size: 2,
      window: 1,
      seeds: 3,
      seed: 1,
    });
    expect(o.data).toEqual(before);
  });

  it("rejects every bad input of the issue", () => {
    const base = { outcomes: o, select: fixed, size: 2, window: 1, seeds: 1, seed: 1 };
    expect(() => evaluateSubset({ ...base, size: 0 })).toThrow(
      /evaluateSubset: size must be at least 1/,
    );
    expect(() => evaluateSubset({ ...base, size: 5 })).toThrow(
      /size must be at most the number of items \(4\)/,
    );
    expect(() => evaluateSubset({ ...base, window: 3 })).toThrow(
      /window must be at most runs - 1 = 2/,
    );
    expect(() => evaluateSubset({ ...base, window: 0 })).toThrow(/window must be at least 1/);
    expect(() => evaluateSubset({ ...base, seeds: 0 })).toThrow(/seeds must be at least 1/);
    expect(() => evaluateSubset({ ...base, seed: Number.NaN })).toThrow(
      /seed must be a finite number/,
    );
    const bad = { ...o, data: Uint8Array.from(o.data, (v, t) => (t === 5 ? 3 : v)) };
    expect(() => evaluateSubset({ ...base, outcomes: bad })).toThrow(
      /outcomes.data\[5\] must be 0 or 1/,
    );
    const dup = { ...o, items: ["a", "b", "a", "c"] };
    expect(() => evaluateSubset({ ...base, outcomes: dup })).toThrow(/duplicate item id "a"/);
    const ragged = { ...o, data: o.data.subarray(0, 11) };
    expect(() => evaluateSubset({ ...base, outcomes: ragged })).toThrow(
      /does not equal runs \* items/,
    );
    const costs = rowMatrix([[1, 1, 1, 1]]);
    expect(() => evaluateSubset({ ...base, costs })).toThrow(/costs must be runs x items/);
    const twice: SubsetMethod = {
      name: "twice",
      stochastic: false,
      select: () => Int32Array.of(1, 1),
    };
    expect(() => evaluateSubset({ ...base, select: twice })).toThrow(
      /^evaluateSubset: select\.select \(twice\) returned index 1 twice/,
    );
    const short: SubsetMethod = {
      name: "short",
      stochastic: false,
      select: () => Int32Array.of(1),
    };
    expect(() => evaluateSubset({ ...base, select: short })).toThrow(
      /returned 1 indices, expected 2/,
    );
    expect(() => evaluateSubset({ ...base, select: (() => 0) as never })).toThrow(TypeError);
    // names the argument's field (was "evaluateSubset: nan must return an Int32Array")
    const nan: SubsetMethod = { name: "nan", stochastic: false, select: () => Number.NaN as never };
    expect(() => evaluateSubset({ ...base, select: nan })).toThrow(
      new TypeError("evaluateSubset: select.select (nan) must return an Int32Array"),
    );
    expect(() => evaluateSubset(null as never)).toThrow(TypeError);
  });

  it("refuses a method whose stochastic flag is missing or not a boolean", () => {
    // "no" ran the method with every seed; a missing flag ran a method that draws once
    const base = { outcomes: o, size: 2, window: 1, seeds: 5, seed: 1 };
    const pick = () => Int32Array.of(0, 2);
    for (const [flag, shown] of [
      ["no", "string"],
      [undefined, "undefined"],
      [null, "null"],
      [0, "number"],
    ] as const) {
      const select = { name: "m", stochastic: flag, select: pick } as unknown as SubsetMethod;
      expect(() => evaluateSubset({ ...base, select }), String(flag)).toThrow(
        new TypeError(
          `evaluateSubset: select.stochastic must be a boolean (true when the pick depends on the rng; got ${shown})`,
        ),
      );
    }
    const { stochastic: _, ...noFlag } = fixed;
    expect(() => evaluateSubset({ ...base, select: noFlag as SubsetMethod })).toThrow(TypeError);
  });

  it("gives a finite cost share when a run's costs are finite but their total overflows", () => {
    // items {0, 2} of run 2 cost 1e308 each, the others 1: the share is 2e308 / (2e308 + 2) = 1
    const costs = rowMatrix([
      [1, 1, 1, 1],
      [1, 1, 1, 1],
      [1e308, 1, 1e308, 1],
    ]);
    const base = { outcomes: o, select: fixed, size: 2, window: 1, seeds: 1, seed: 1 };
    const ev = evaluateSubset({ ...base, costs });
    // pairs: run 1 (share 2/4), run 2, run 2 (share ~1)
    expect(ev.costShare?.mean).toBeCloseTo((0.5 + 1 + 1) / 3, 15);
    expect(ev.costShare?.hi).toBe(1);
    expect(ev.costShare?.lo).toBeCloseTo(0.5 + 0.025 * 2 * 0.5, 15);
    // the share is the plain ratio, computed at a scale: two huge costs of 3 : 1
    const ratio = rowMatrix([
      [1, 1, 1, 1],
      [1, 1, 1, 1],
      [1.5e308, 0, 1.5e308, 1e308],
    ]);
    const r = evaluateSubset({ ...base, costs: ratio, window: 2 });
    expect(r.costShare?.mean).toBeCloseTo(0.75, 15);
  });
});

describe("evaluateSubset(input) with custom splits", () => {
  const fixedPick: SubsetMethod = {
    name: "f",
    stochastic: false,
    select: () => Int32Array.of(0, 2),
  };
  it("evaluates only the given splits", () => {
    const splits = [{ train: Int32Array.of(1), test: Int32Array.of(2) }];
    const ev = evaluateSubset({
      outcomes: o,
      select: fixedPick,
      size: 2,
      window: 1,
      seeds: 1,
      seed: 1,
      splits,
    });
    expect(ev.splits).toBe(splits);
    // run 2: subset 1/2 vs full 1/4
    expect(Array.from(ev.errors)).toEqual([0.25]);
  });

  it("rejects splits with the wrong window, no test run, or runs out of order", () => {
    const base = { outcomes: o, select: fixedPick, size: 2, window: 1, seeds: 1, seed: 1 };
    const bad = (train: number[], test: number[]) => [
      { train: Int32Array.from(train), test: Int32Array.from(test) },
    ];
    expect(() => evaluateSubset({ ...base, splits: [] })).toThrow(/splits is empty/);
    expect(() => evaluateSubset({ ...base, splits: bad([0, 1], [2]) })).toThrow(/window = 1/);
    expect(() => evaluateSubset({ ...base, splits: bad([1], []) })).toThrow(/test is empty/);
    expect(() => evaluateSubset({ ...base, splits: bad([1], [0]) })).toThrow(/must ascend/);
    expect(() => evaluateSubset({ ...base, splits: bad([1], [3]) })).toThrow(/must ascend/);
  });
});

describe("evaluateSubset with more splits than maxSplits", () => {
  // 40 runs x 10 items, window 20: C(39, 20) = 6.9e10 splits, which used to abort out of memory
  const big = table(
    Array.from({ length: 40 }, (_, r) =>
      Array.from({ length: 10 }, (_, i) => ((r * 7 + i * 3) % 5 < 2 ? 1 : 0)),
    ),
  );
  const base = {
    outcomes: big,
    select: baselineMethod("random"),
    size: 3,
    window: 20,
    seeds: 2,
    seed: 1,
  } as const;
  it("samples maxSplits splits with a seed-derived rng, reproducibly", () => {
    const ev = evaluateSubset({ ...base, maxSplits: 40 });
    expect(ev.splits).toHaveLength(40);
    expect(new Set(ev.splits.map((s) => Array.from(s.train).join(","))).size).toBe(40);
    expect(Number.isFinite(ev.rmse)).toBe(true);
    const again = evaluateSubset({ ...base, maxSplits: 40 });
    expect(again.errors).toEqual(ev.errors);
    expect(again.splits).toEqual(ev.splits);
  });
  it("caps the default at 10,000 splits", () => {
    const ev = evaluateSubset({ ...base, select: fixed, size: 2, seeds: 1 });
    expect(ev.splits).toHaveLength(10000);
  });
  it("refuses sizes it cannot hold before allocating them (seeds x pairs went to V8 unnamed)", () => {
    // 100 runs, window 1: 99 splits, 4,950 (split, test run) pairs; a million seeds is 4.95e9 errors
    const two = table(Array.from({ length: 100 }, (_, r) => [r % 2, (r + 1) % 2]));
    expect(() =>
      evaluateSubset({
        outcomes: two,
        select: baselineMethod("random"),
        size: 1,
        window: 1,
        seeds: 1_000_000,
        seed: 1,
      }),
    ).toThrow(
      /^evaluateSubset: seeds x \(split, test run\) pairs \(1000000 x 4950\).* is too large/,
    );
  });
  it("refuses default splits whose training and later runs exceed the size limit", () => {
    // 11,586 runs of one item, window 11,584: 11,585 splits of 11,584 training runs
    // each, half a gigabyte; only their 1 or 2 later runs used to be counted
    const runs = 11_586;
    const many = {
      runs: Array.from({ length: runs }, (_, r) => `r${r}`),
      items: ["a"],
      data: new Uint8Array(runs),
    };
    expect(() =>
      evaluateSubset({
        outcomes: many,
        select: { name: "first", stochastic: false, select: () => Int32Array.of(0) },
        size: 1,
        window: runs - 2,
        seeds: 1,
        seed: 1,
        maxSplits: 1_000_000,
      }),
    ).toThrow(
      /^evaluateSubset: the splits' runs \(11585 splits x up to 11586 training and later runs; .*\) is too large/,
    );
  });
  it("rejects a bad maxSplits and an unknown input field", () => {
    expect(() => evaluateSubset({ ...base, maxSplits: 0 })).toThrow(
      /^evaluateSubset: maxSplits must be at least 1/,
    );
    expect(() => evaluateSubset({ ...base, sise: 3 } as never)).toThrow(
      /^evaluateSubset: unknown input field "sise" \(did you mean "size"\?\); valid input fields: outcomes, select, size,/,
    );
  });
});
