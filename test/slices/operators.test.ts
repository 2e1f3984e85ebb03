import { describe, expect, it } from "vitest";
import { createRng } from "../../src/core/rng.js";
import { rowMatrix } from "../../src/core/rowMatrix.js";
import { huxCrossover } from "../../src/slices/huxCrossover.js";
import { mutateSlices } from "../../src/slices/mutateSlices.js";
import { randomSlices as drawSlices, randomSlices } from "../../src/slices/randomSlices.js";
import { repairSlices } from "../../src/slices/repairSlices.js";
import { sliceObjectives } from "../../src/slices/sliceObjectives.js";

const sizesOf = (x: Int32Array): number[] => {
  const c = new Map<number, number>();
  for (const s of x) c.set(s, (c.get(s) ?? 0) + 1);
  return [...c.values()];
};

describe("randomSlices(n, rng, bounds)", () => {
  it("covers every instance with slices of minSize..maxSize", () => {
    for (let seed = 0; seed < 50; seed++) {
      const x = randomSlices(103, createRng(seed), { minSize: 5, maxSize: 19 });
      expect(x.length).toBe(103);
      for (const z of sizesOf(x)) expect(z >= 5 && z <= 19).toBe(true);
    }
  });
  it("is deterministic for a seed", () => {
    const b = { minSize: 3, maxSize: 7 };
    expect(randomSlices(40, createRng("s"), b)).toEqual(randomSlices(40, createRng("s"), b));
  });
  it("rejects minSize > maxSize", () => {
    expect(() => randomSlices(20, createRng(1), { minSize: 6, maxSize: 5 })).toThrow(
      /randomSlices: minSize exceeds maxSize/,
    );
  });
  it("rejects minSize < 2", () => {
    expect(() => randomSlices(20, createRng(1), { minSize: 1, maxSize: 5 })).toThrow(RangeError);
  });
  it("rejects maxSize > N", () => {
    expect(() => randomSlices(20, createRng(1), { minSize: 2, maxSize: 21 })).toThrow(
      /maxSize exceeds the number of instances/,
    );
  });
  it("rejects N < 2 minSize", () => {
    expect(() => randomSlices(9, createRng(1), { minSize: 5, maxSize: 9 })).toThrow(
      /fewer instances than two minimum slices/,
    );
  });
  it("rejects bounds that admit no partition", () => {
    // 11 = 2*5 + 1 cannot be split into slices of exactly 5.
    expect(() => randomSlices(11, createRng(1), { minSize: 5, maxSize: 5 })).toThrow(
      /no partition/,
    );
  });
  it("rejects a missing rng", () => {
    expect(() => randomSlices(10, undefined as never, { minSize: 2, maxSize: 5 })).toThrow(
      TypeError,
    );
  });
});

describe("huxCrossover(a, b, rng)", () => {
  it("swaps exactly floor(|D| / 2) disagreeing positions and keeps agreeing ones", () => {
    const a = new Int32Array([0, 0, 1, 1, 1, 1]);
    const b = new Int32Array([0, 2, 2, 2, 2, 2]);
    for (let seed = 0; seed < 20; seed++) {
      const [o1, o2] = huxCrossover(a, b, createRng(seed));
      expect(o1[0]).toBe(0);
      expect(o2[0]).toBe(0);
      let swapped = 0;
      for (let t = 1; t < 6; t++) {
        expect([o1[t], o2[t]].sort()).toEqual([a[t], b[t]].sort());
        if (o1[t] === b[t]) swapped++;
      }
      expect(swapped).toBe(2);
    }
  });
  it("swaps each disagreeing position with probability about 1/2", () => {
    // 2000 crossovers of parents differing at 5 positions: 2 swaps each, so each
    // position is swapped with probability 2/5; SE = sqrt(0.4 * 0.6 / 2000) = 0.011.
    const a = new Int32Array([0, 0, 1, 1, 1, 1]);
    const b = new Int32Array([0, 2, 2, 2, 2, 2]);
    const rng = createRng("freq");
    const count = new Float64Array(6);
    for (let r = 0; r < 2000; r++) {
      const [o1] = huxCrossover(a, b, rng);
      for (let t = 1; t < 6; t++) if (o1[t] === b[t]) count[t] = (count[t] as number) + 1;
    }
    for (let t = 1; t < 6; t++)
      expect(Math.abs((count[t] as number) / 2000 - 0.4)).toBeLessThan(0.045);
  });
  it("leaves its inputs unchanged", () => {
    const a = new Int32Array([0, 0, 1, 1]);
    const b = new Int32Array([1, 1, 0, 0]);
    huxCrossover(a, b, createRng(1));
    expect(a).toEqual(new Int32Array([0, 0, 1, 1]));
    expect(b).toEqual(new Int32Array([1, 1, 0, 0]));
  });
  it("rejects parents of different lengths", () => {
    expect(() => huxCrossover(new Int32Array(3), new Int32Array(4), createRng(1))).toThrow(
      /huxCrossover: a and b lengths differ \(3 vs 4\)/,
    );
  });
  it("rejects a slice id outside [0, N)", () => {
    expect(() => huxCrossover(new Int32Array([0, 5]), new Int32Array(2), createRng(1))).toThrow(
      RangeError,
    );
  });
});

describe("repairSlices(sliceOf, rng, bounds)", () => {
  it("reproduces the paper's example: the lone instance joins the smallest slice", () => {
    const o2 = new Int32Array([0, 2, 1, 2, 2, 1]);
    expect(repairSlices(o2, createRng(1), { minSize: 2, maxSize: 3 })).toEqual(
      new Int32Array([1, 2, 1, 2, 2, 1]),
    );
    expect(o2).toEqual(new Int32Array([0, 2, 1, 2, 2, 1]));
  });
  it("returns a valid partition unchanged", () => {
    const x = new Int32Array([0, 1, 0, 2, 1, 2, 1, 2]);
    expect(repairSlices(x, createRng(1), { minSize: 2, maxSize: 4 })).toEqual(x);
  });
  it("divides an oversized slice", () => {
    const out = repairSlices(new Int32Array(12), createRng(3), { minSize: 3, maxSize: 5 });
    for (const z of sizesOf(out)) expect(z >= 3 && z <= 5).toBe(true);
  });
  it("rejects a missing bounds object", () => {
    expect(() => repairSlices(new Int32Array(4), createRng(1), undefined as never)).toThrow(
      /bounds with minSize and maxSize is required/,
    );
  });
});

describe("mutateSlices(sliceOf, rng, options)", () => {
  it("moves and swaps within bounds (the paper's 8-instance example sizes)", () => {
    const x = new Int32Array([0, 0, 0, 1, 1, 2, 2, 2]);
    for (let seed = 0; seed < 30; seed++) {
      const y = mutateSlices(x, createRng(seed), { minSize: 2, maxSize: 4, maxMutations: 3 });
      for (const z of sizesOf(y)) expect(z >= 2 && z <= 4).toBe(true);
    }
    expect(x).toEqual(new Int32Array([0, 0, 0, 1, 1, 2, 2, 2]));
  });
  it("does nothing when both rates are 0", () => {
    const x = new Int32Array([0, 0, 0, 1, 1, 2, 2, 2]);
    const y = mutateSlices(x, createRng(1), { minSize: 2, maxSize: 4, moveRate: 0, swapRate: 0 });
    expect(y).toEqual(x);
  });
  it("rejects maxMutations 0 and a rate above 1", () => {
    const x = new Int32Array([0, 0, 1, 1]);
    expect(() =>
      mutateSlices(x, createRng(1), { minSize: 2, maxSize: 2, maxMutations: 0 }),
    ).toThrow(/maxMutations must be at least 1/);
    expect(() => mutateSlices(x, createRng(1), { minSize: 2, maxSize: 2, moveRate: 2 })).toThrow(
      /moveRate must be at most 1/,
    );
  });
});

describe("sliceObjectives(sliceOf, signals, outcome)", () => {
  it("matches a hand computation", () => {
    // Slices {0,1}: x 0,1, outcomes 1,1 -> OI 0, intra 1, centroid 0.5
    //        {2,3}: x 4,6, outcomes 1,0 -> OI 0.5, intra 2, centroid 5
    // OI = 0.25, Intra = 1.5, Inter = (4.5 + 4.5) / 2 = 4.5.
    const f = sliceObjectives(
      new Int32Array([0, 0, 1, 1]),
      rowMatrix([[0], [1], [4], [6]]),
      new Uint8Array([1, 1, 1, 0]),
    );
    expect(Array.from(f)).toEqual([0.25, 1.5, -4.5]);
  });
  it("matches a three-slice hand computation in 2-D", () => {
    // {0,1,2}: (0,0),(3,0),(0,4): pair distances 3,4,5 -> mean 4; outcomes 1,0,0 -> OI 1/3; centroid (1, 4/3)
    // {3,4}: (10,0),(10,2): distance 2; outcomes 0,0 -> OI 0; centroid (10, 1)
    // {5,6}: (10,10),(12,10): distance 2; outcomes 1,1 -> OI 0; centroid (11, 10)
    // nearest centroid distances: A-B sqrt(81 + 1/9), B-C sqrt(1 + 81), A-C sqrt(100 + (26/3)^2)
    const X = rowMatrix([
      [0, 0],
      [3, 0],
      [0, 4],
      [10, 0],
      [10, 2],
      [10, 10],
      [12, 10],
    ]);
    const f = sliceObjectives(
      new Int32Array([0, 0, 0, 1, 1, 2, 2]),
      X,
      new Uint8Array([1, 0, 0, 0, 0, 1, 1]),
    );
    const ab = Math.sqrt(81 + 1 / 9);
    const bc = Math.sqrt(82);
    expect(f[0]).toBeCloseTo(1 / 9, 14);
    expect(f[1]).toBeCloseTo((4 + 2 + 2) / 3, 14);
    expect(f[2]).toBeCloseTo(-(ab + Math.min(ab, bc) + bc) / 3, 12);
  });
  it("rejects outcome/signal length mismatch", () => {
    expect(() =>
      sliceObjectives(new Int32Array([0, 0]), rowMatrix([[0], [1]]), new Uint8Array(3)),
    ).toThrow(/sliceObjectives: sliceOf and outcome lengths differ \(2 vs 3\)/);
  });
  it("rejects NaN signals", () => {
    expect(() =>
      sliceObjectives(new Int32Array([0, 0]), rowMatrix([[0], [Number.NaN]]), new Uint8Array(2)),
    ).toThrow(RangeError);
  });
});

describe("slice operators with an rng that calls them back", () => {
  it("give the same results as with a plain rng (nested calls never share working arrays)", () => {
    const bounds = { minSize: 2, maxSize: 4 };
    const x = new Int32Array([0, 0, 0, 0, 0, 0, 1, 2, 2, 3, 3, 3, 3, 3, 4]);
    const y = new Int32Array([1, 1, 2, 2, 3, 3, 0, 0, 4, 4, 4, 0, 1, 2, 3]);
    const run = (rng: () => number) => [
      repairSlices(x, rng, bounds),
      mutateSlices(y, rng, { ...bounds, maxMutations: 3 }),
      ...huxCrossover(x, y, rng),
    ];
    const plain = run(createRng(5));
    const inner = createRng(6);
    const outer = createRng(5);
    const nesting = (): number => {
      repairSlices(
        y.map((v) => v % 2),
        inner,
        bounds,
      );
      mutateSlices(y, inner, bounds);
      huxCrossover(y, x, inner);
      return outer();
    };
    expect(run(nesting)).toEqual(plain);
  });
});

describe("randomSlices with a size that cannot be allocated", () => {
  it("throws a RangeError before allocating (n = 1e9 used to crash V8)", () => {
    expect(() => drawSlices(1e9, createRng(1), { minSize: 2, maxSize: 3 })).toThrow(
      new RangeError("randomSlices: n must be at most 134217728 (got 1000000000)"),
    );
  });
});
