import { describe, expect, it } from "vitest";
import { createRng } from "../../src/core/rng.js";
import { rhc } from "../../src/design/rhc.js";

describe("rhc: sizes whose total overflows", () => {
  it("every size 1e308: finite shares and group totals, those of every size 1", () => {
    const huge = rhc(new Float64Array(5).fill(1e308), 2, createRng(1));
    const one = rhc(new Float64Array(5).fill(1), 2, createRng(1));
    expect(Array.from(huge.indices)).toEqual(Array.from(one.indices));
    for (let k = 0; k < 2; k++) {
      expect(Number.isFinite(huge.groupTotal[k])).toBe(true);
      expect(huge.groupTotal[k]).toBeCloseTo(one.groupTotal[k] as number, 14);
      expect(huge.groupShare[k]).toBeCloseTo(one.groupShare[k] as number, 14);
    }
  });

  it("is bit for bit the sample of the sizes divided by a power of two, input unchanged", () => {
    const size = Float64Array.from({ length: 30 }, (_, i) => 1 + ((i * 7) % 11));
    const big = size.map((v) => v * 2 ** 1020);
    const copy = big.slice();
    const a = rhc(size, 7, createRng("rhc-overflow"));
    const b = rhc(big, 7, createRng("rhc-overflow"));
    expect(b).toEqual(a);
    expect(big).toEqual(copy);
  });
});
