import { describe, expect, it } from "vitest";
import { neymanAllocation } from "../../src/design/neymanAllocation.js";
import {
  stratifiedPpiAllocation,
  stratifiedPpiAllocationDefaults,
} from "../../src/design/stratifiedPpiAllocation.js";

describe("stratifiedPpiAllocation(yhatUnlabeled, strataUnlabeled, n, options)", () => {
  const f = Float64Array.of(0.1, 0.2, 0.9, 0.5, 0.4, 0.6, 0.5, 0.55, 0.45, 0.3);
  const h = Int32Array.of(0, 0, 0, 1, 1, 1, 1, 1, 1, 2);

  it("is Neyman allocation on sqrt(mean f (1 - f)) per stratum, sizes = unlabelled counts", () => {
    const sd = (xs: number[]) => Math.sqrt(xs.reduce((s, x) => s + x * (1 - x), 0) / xs.length);
    const sds = Float64Array.of(
      sd([0.1, 0.2, 0.9]),
      sd([0.5, 0.4, 0.6, 0.5, 0.55, 0.45]),
      sd([0.3]),
    );
    const want = neymanAllocation(Int32Array.of(3, 6, 1), sds, 7, { minPerStratum: 2 });
    expect(stratifiedPpiAllocation(f, h, 7)).toEqual(want);
    expect(Array.from(want).reduce((a, b) => a + b, 0)).toBe(7);
  });

  it("residualSds override the calibrated-probability SDs; then yhat need not be a probability", () => {
    const a = stratifiedPpiAllocation(
      f.map((v) => v * 10),
      h,
      6,
      {
        residualSds: Float64Array.of(0, 1, 0),
        minPerStratum: 0,
      },
    );
    expect(a).toEqual(Int32Array.of(0, 6, 0));
    expect(stratifiedPpiAllocationDefaults.minPerStratum).toBe(2);
  });

  const cases: [string, () => unknown, ErrorConstructor, RegExp][] = [
    [
      "prediction above 1",
      () =>
        stratifiedPpiAllocation(Float64Array.of(0.5, 1.2), Int32Array.of(0, 0), 1, {
          minPerStratum: 0,
        }),
      RangeError,
      /^stratifiedPpiAllocation: yhatUnlabeled\[1\] is above 1/,
    ],
    [
      "prediction below 0",
      () =>
        stratifiedPpiAllocation(Float64Array.of(-0.1, 0.5), Int32Array.of(0, 0), 1, {
          minPerStratum: 0,
        }),
      RangeError,
      /^stratifiedPpiAllocation: yhatUnlabeled\[0\] is below 0/,
    ],
    [
      "NaN",
      () => stratifiedPpiAllocation(Float64Array.of(Number.NaN, 0.5), Int32Array.of(0, 0), 1),
      RangeError,
      /^stratifiedPpiAllocation: yhatUnlabeled\[0\] is not finite/,
    ],
    [
      "length mismatch",
      () => stratifiedPpiAllocation(f, h.subarray(1), 4),
      RangeError,
      /^stratifiedPpiAllocation: yhatUnlabeled and strataUnlabeled lengths differ/,
    ],
    [
      "n above N",
      () => stratifiedPpiAllocation(f, h, 11),
      RangeError,
      /^stratifiedPpiAllocation: n must be at most 10/,
    ],
    [
      "minimums above n",
      () => stratifiedPpiAllocation(f, h, 3),
      RangeError,
      /^stratifiedPpiAllocation: n is smaller than the 5 labels/,
    ],
    [
      "too few residualSds",
      () => stratifiedPpiAllocation(f, h, 5, { residualSds: Float64Array.of(1) }),
      RangeError,
      /^stratifiedPpiAllocation: options.residualSds has 1 strata/,
    ],
    [
      "a stray huge stratum id",
      () => stratifiedPpiAllocation(f, Int32Array.of(0, 0, 0, 1, 1, 1, 1, 1, 1, 2 ** 31 - 1), 5),
      RangeError,
      // names the argument (was "a stratum id is ...")
      /^stratifiedPpiAllocation: strataUnlabeled holds stratum id 2147483647: stratum ids must be below the number of units \(10\)/,
    ],
    [
      "unknown option",
      () => stratifiedPpiAllocation(f, h, 5, { minPerStrata: 1 } as never),
      TypeError,
      /^stratifiedPpiAllocation: unknown option "minPerStrata" \(did you mean "minPerStratum"\?\)/,
    ],
  ];
  it.each(cases)("bad input: %s", (_label, call, type, message) => {
    expect(call).toThrow(type);
    expect(call).toThrow(message);
  });
});
