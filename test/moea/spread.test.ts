import { describe, expect, it } from "vitest";
import { rowMatrix } from "../../src/core/rowMatrix.js";
import { spread } from "../../src/moea/spread.js";

describe("spread(front)", () => {
  it("evenly spaced points reaching the extremes give 0", () => {
    const F = rowMatrix([
      [1, 0],
      [0, 1],
      [0.5, 0.5],
    ]);
    expect(
      spread(F, {
        extremes: rowMatrix([
          [0, 1],
          [1, 0],
        ]),
      }),
    ).toBe(0);
  });
  it("worked example with uneven gaps and missed extremes", () => {
    // Sorted: (0,1) (0.3,0.7) (1,0): gaps 0.5, sqrt(0.98) ~ 0.98995; mean 0.744975;
    // d_f = |(0,1) - (0,1.2)| = 0.2, d_l = |(1,0) - (1.2,0)| = 0.2.
    const F = rowMatrix([
      [1, 0],
      [0, 1],
      [0.3, 0.7],
    ]);
    const g1 = Math.hypot(0.3, 0.3);
    const g2 = Math.hypot(0.7, 0.7);
    const mean = (g1 + g2) / 2;
    const want = (0.4 + Math.abs(g1 - mean) + Math.abs(g2 - mean)) / (0.4 + 2 * mean);
    const got = spread(F, {
      extremes: rowMatrix([
        [0, 1.2],
        [1.2, 0],
      ]),
    });
    expect(got).toBeCloseTo(want, 15);
  });
  it("without extremes d_f = d_l = 0", () => {
    const F = rowMatrix([
      [0, 1],
      [0.3, 0.7],
      [1, 0],
    ]);
    const g1 = Math.hypot(0.3, 0.3);
    const g2 = Math.hypot(0.7, 0.7);
    expect(spread(F)).toBeCloseTo(Math.abs(g1 - g2) / (g1 + g2), 15);
  });
  it("duplicates count as zero gaps", () => {
    const F = rowMatrix([
      [0, 1],
      [0, 1],
      [1, 0],
    ]);
    // gaps 0 and sqrt 2; mean sqrt(2)/2: (sqrt2/2 + sqrt2/2) / (2 * sqrt2/2) = 1
    expect(spread(F)).toBeCloseTo(1, 15);
  });
  it("leaves its inputs unchanged", () => {
    const F = rowMatrix([
      [1, 0],
      [0, 1],
    ]);
    spread(F);
    expect(Array.from(F.data)).toEqual([1, 0, 0, 1]);
  });
  it("rejects fronts without two columns or two rows", () => {
    expect(() =>
      spread(
        rowMatrix([
          [0, 1, 2],
          [1, 0, 2],
        ]),
      ),
    ).toThrow(/spread: front must have 2 columns/);
    expect(() => spread(rowMatrix([[0, 1]]))).toThrow(/at least 2 rows/);
  });
  it("rejects extremes that are not 2 x 2", () => {
    expect(() =>
      spread(
        rowMatrix([
          [0, 1],
          [1, 0],
        ]),
        { extremes: rowMatrix([[0, 1]]) },
      ),
    ).toThrow(/extremes must be a 2 x 2 matrix/);
  });
  it("rejects a front with no spread at all", () => {
    expect(() =>
      spread(
        rowMatrix([
          [1, 1],
          [1, 1],
        ]),
      ),
    ).toThrow(/no spread/);
  });
  it("rejects NaN and non-matrices", () => {
    expect(() =>
      spread({ data: new Float64Array([0, 1, Number.NaN, 0]), rows: 2, cols: 2 }),
    ).toThrow(RangeError);
    expect(() => spread([0, 1] as never)).toThrow(TypeError);
  });
});

describe("spread on huge or tiny finite values", () => {
  it("is scale-free: huge or tiny fronts give the Delta of the scaled-down front, never NaN", () => {
    const F = [
      [0, 1],
      [0.25, 0.5],
      [1, 0],
    ];
    const E = [
      [0, 1.5],
      [1.5, 0],
    ];
    const base = spread(rowMatrix(F));
    const baseE = spread(rowMatrix(F), { extremes: rowMatrix(E) });
    for (const k of [1020, -1060]) {
      const s = (M: number[][]) => rowMatrix(M.map((r) => r.map((v) => v * 2 ** k)));
      expect(spread(s(F))).toBe(base);
      expect(spread(s(F), { extremes: s(E) })).toBe(baseE);
    }
    expect(
      spread(
        rowMatrix([
          [1e308, -1e308],
          [0, 0],
          [-1e308, 1e308],
        ]),
      ),
    ).toBe(0);
  });
});
