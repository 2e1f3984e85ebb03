import { describe, expect, it } from "vitest";
import { createRng } from "../../src/core/rng.js";
import { temporalSplits } from "../../src/evaluate/temporalSplits.js";

const show = (R: number, W: number) =>
  temporalSplits(R, W).map((s) => [Array.from(s.train), Array.from(s.test)]);

describe("temporalSplits(R, W)", () => {
  it("gives the paper's 10 usable splits for R = 6, W = 2 (Table 2, same order)", () => {
    expect(show(6, 2)).toEqual([
      [
        [0, 1],
        [2, 3, 4, 5],
      ],
      [
        [0, 2],
        [3, 4, 5],
      ],
      [
        [0, 3],
        [4, 5],
      ],
      [[0, 4], [5]],
      [
        [1, 2],
        [3, 4, 5],
      ],
      [
        [1, 3],
        [4, 5],
      ],
      [[1, 4], [5]],
      [
        [2, 3],
        [4, 5],
      ],
      [[2, 4], [5]],
      [[3, 4], [5]],
    ]);
  });

  it("gives C(R - 1, W) splits: 2,024 for 25 runs and W = 3", () => {
    expect(temporalSplits(25, 3)).toHaveLength(2024); // C(24, 3) = 24 * 23 * 22 / 6
    expect(temporalSplits(2, 1)).toHaveLength(1);
    expect(show(4, 3)).toEqual([[[0, 1, 2], [3]]]);
  });

  it("never tests on a run at or before the last training run", () => {
    for (const s of temporalSplits(9, 4)) {
      const last = s.train[3] as number;
      expect(Array.from(s.test)).toEqual(Array.from({ length: 8 - last }, (_, t) => last + 1 + t));
    }
  });

  it("rejects a window larger than R - 1 and other bad sizes", () => {
    expect(() => temporalSplits(6, 6)).toThrow(/temporalSplits: W must be at most R - 1 = 5/);
    expect(() => temporalSplits(6, 0)).toThrow(/W must be at least 1/);
    expect(() => temporalSplits(1, 1)).toThrow(/R must be at least 2/);
    expect(() => temporalSplits(6.5, 2)).toThrow(/R must be an integer/);
    expect(() => temporalSplits(6, Number.NaN)).toThrow(RangeError);
    expect(() => temporalSplits("6" as never, 2)).toThrow(TypeError);
  });
});

const key = (s: { train: Int32Array }) => Array.from(s.train).join(",");

describe("temporalSplits(R, W, rng, { maxSplits }) above the cap", () => {
  it("refuses to build C(R - 1, W) = 498,501 splits without an rng (it used to take 1 GB)", () => {
    expect(() => temporalSplits(1000, 2)).toThrow(
      /^temporalSplits: C\(R - 1, W\) = 498501 splits exceed maxSplits = 10000; pass an rng/,
    );
    expect(() => temporalSplits(40, 20)).toThrow(/= 68923264410 splits exceed/);
  });
  it("refuses splits whose runs exceed the size limit before building them", () => {
    // 10,000 splits of up to 2^27 runs each: terabytes, once built one Int32Array a split
    expect(() => temporalSplits(2 ** 27, 1, () => 0.5)).toThrow(
      /^temporalSplits: the splits' runs \(10000 splits x up to 134217728 training and later runs; visit them one at a time with iterateTemporalSplits or lower maxSplits\) is too large/,
    );
  });
  it("counts the training runs in that limit, not only the later runs", () => {
    // C(11585, 11584) = 11585 splits of 11584 training runs and 1 or 2 later runs:
    // 11585 x 11586 > 2^27 Int32s (half a gigabyte). Counting only the later runs
    // (11585 x 2) let it through; 16,000 runs asked for a gigabyte that way.
    expect(() => temporalSplits(11586, 11584, undefined, { maxSplits: 1_000_000 })).toThrow(
      /^temporalSplits: the splits' runs \(11585 splits x up to 11586 training and later runs; .*\) is too large \(at most 134217728\)/,
    );
    // the same with an rng, sampled: the sample's runs count as well
    expect(() => temporalSplits(16000, 15998, createRng(1), { maxSplits: 10_000 })).toThrow(
      /^temporalSplits: the splits' runs \(10000 splits x up to 16000 training and later runs; .*is too large/,
    );
  });
  it("prints the exact count in its refusal whenever that count is a safe integer", () => {
    // C(56, 23) = 3167295784216200 (Python's math.comb); the doubles gave ...201
    expect(() => temporalSplits(57, 23)).toThrow(
      /^temporalSplits: C\(R - 1, W\) = 3167295784216200 splits exceed maxSplits = 10000;/,
    );
    // beyond 2^53, an approximation said as such
    expect(() => temporalSplits(80, 40)).toThrow(/= about 5\.38e\+22 splits exceed/);
  });
  it("samples maxSplits distinct valid splits, in lexicographic order, reproducibly", () => {
    const s = temporalSplits(1000, 2, createRng(1));
    expect(s).toHaveLength(10000);
    const keys = s.map(key);
    expect(new Set(keys).size).toBe(10000);
    let ordered = true;
    for (let i = 1; i < s.length; i++) {
      const a = s[i - 1]?.train as Int32Array;
      const b = s[i]?.train as Int32Array;
      const d = (a[0] as number) - (b[0] as number) || (a[1] as number) - (b[1] as number);
      if (!(d < 0)) ordered = false;
    }
    expect(ordered).toBe(true);
    for (const sp of s.slice(0, 200)) {
      const last = sp.train[1] as number;
      expect(last).toBeLessThan(999);
      expect(sp.test).toEqual(Int32Array.from({ length: 999 - last }, (_, t) => last + 1 + t));
    }
    expect(temporalSplits(1000, 2, createRng(1)).map(key)).toEqual(keys);
    expect(temporalSplits(40, 20, createRng(2), { maxSplits: 5 })).toHaveLength(5);
  });
  it("keeps every split with probability maxSplits / C(R - 1, W) in both sampling regimes", () => {
    // R = 8, W = 2: C(7, 2) = 21 splits; maxSplits 15 (<= 21 <= 30: selection
    // sampling) and 10 (21 > 20: redrawn random subsets)
    for (const m of [15, 10]) {
      const counts = new Map<string, number>();
      const reps = 2000;
      const rng = createRng(`freq${m}`);
      for (let r = 0; r < reps; r++) {
        const s = temporalSplits(8, 2, rng, { maxSplits: m });
        expect(s).toHaveLength(m);
        for (const sp of s) counts.set(key(sp), (counts.get(key(sp)) ?? 0) + 1);
      }
      expect(counts.size).toBe(21);
      const p = m / 21;
      const sd = Math.sqrt(reps * p * (1 - p));
      for (const c of counts.values()) expect(Math.abs(c - reps * p)).toBeLessThan(4.5 * sd);
    }
  });
  it("returns every split, unsampled and without using the rng, up to the cap", () => {
    const calls = { n: 0 };
    const rng = () => {
      calls.n++;
      return 0.5;
    };
    expect(temporalSplits(25, 3, rng).map(key)).toEqual(temporalSplits(25, 3).map(key));
    expect(calls.n).toBe(0);
    expect(temporalSplits(25, 3, undefined, { maxSplits: 2024 })).toHaveLength(2024);
  });
  it("rejects bad options, an unknown option key and a bad rng", () => {
    expect(() => temporalSplits(6, 2, undefined, { maxSplits: 0 })).toThrow(
      /options\.maxSplits must be at least 1/,
    );
    expect(() => temporalSplits(6, 2, undefined, { maxSplits: 2e6 })).toThrow(/at most 1000000/);
    expect(() => temporalSplits(6, 2, undefined, { maxSplit: 5 } as never)).toThrow(
      /^temporalSplits: unknown option "maxSplit" \(did you mean "maxSplits"\?\)/,
    );
    expect(() => temporalSplits(6, 2, 3 as never)).toThrow(
      /temporalSplits: rng must be a function/,
    );
    expect(() => temporalSplits(1000, 2, () => 1)).toThrow(/rng returned a value outside/);
  });
});
