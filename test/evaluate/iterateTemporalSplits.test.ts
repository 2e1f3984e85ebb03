import { describe, expect, it } from "vitest";
import { iterateTemporalSplits } from "../../src/evaluate/iterateTemporalSplits.js";
import { temporalSplits } from "../../src/evaluate/temporalSplits.js";

const flat = (s: { train: Int32Array; test: Int32Array }) => [
  Array.from(s.train),
  Array.from(s.test),
];

describe("iterateTemporalSplits(R, W)", () => {
  it("yields the splits of temporalSplits in the same order", () => {
    for (const [R, W] of [
      [2, 1],
      [6, 2],
      [9, 4],
      [25, 3],
    ] as const) {
      expect(Array.from(iterateTemporalSplits(R, W), flat)).toEqual(temporalSplits(R, W).map(flat));
    }
  });
  it("is lazy: the first splits of R = 40, W = 20 (6.9e10 splits) come at once", () => {
    const it = iterateTemporalSplits(40, 20);
    const first = it.next().value;
    const second = it.next().value;
    expect(first && flat(first)).toEqual([
      Array.from({ length: 20 }, (_, t) => t),
      Array.from({ length: 20 }, (_, t) => 20 + t),
    ]);
    expect(second && Array.from(second.train)).toEqual([
      ...Array.from({ length: 19 }, (_, t) => t),
      20,
    ]);
  });
  it("counts every split of R = 300, W = 2 (44,551) without holding them", () => {
    let n = 0;
    let pairs = 0;
    for (const s of iterateTemporalSplits(300, 2)) {
      n++;
      pairs += s.test.length;
    }
    expect(n).toBe((299 * 298) / 2);
    // sum over last = 1..298 of last * (299 - last)
    let expected = 0;
    for (let last = 1; last <= 298; last++) expected += last * (299 - last);
    expect(pairs).toBe(expected);
  });
  it("checks its arguments on the call, before the first next()", () => {
    expect(() => iterateTemporalSplits(6, 6)).toThrow(
      /^iterateTemporalSplits: W must be at most R - 1 = 5/,
    );
    expect(() => iterateTemporalSplits(1e9, 2)).toThrow(/R must be at most 134217728/);
    expect(() => iterateTemporalSplits("6" as never, 2)).toThrow(TypeError);
  });
});
