import { describe, expect, it } from "vitest";
import { normalQuantile } from "../../src/core/normal.js";
import { confidenceInterval } from "../../src/estimate/confidenceInterval.js";

describe("confidenceInterval(estimate, se, level)", () => {
  it("is estimate ± z se with z the (1 + level) / 2 normal quantile", () => {
    const z = normalQuantile(0.975);
    expect(confidenceInterval(0.5, 0.1, 0.95)).toEqual([0.5 - z * 0.1, 0.5 + z * 0.1]);
    const z90 = normalQuantile(0.95);
    expect(confidenceInterval(-3, 2, 0.9)).toEqual([-3 - z90 * 2, -3 + z90 * 2]);
  });

  it("collapses to the point when se = 0", () => {
    expect(confidenceInterval(2, 0, 0.9)).toEqual([2, 2]);
  });

  describe("rejects bad input", () => {
    const cases: [string, () => unknown, ErrorConstructor, RegExp][] = [
      [
        "estimate NaN",
        () => confidenceInterval(Number.NaN, 1, 0.95),
        RangeError,
        /estimate must be finite/,
      ],
      [
        "estimate Infinity",
        () => confidenceInterval(Number.POSITIVE_INFINITY, 1, 0.95),
        RangeError,
        /estimate must be finite/,
      ],
      ["se negative", () => confidenceInterval(1, -0.1, 0.95), RangeError, /se must be at least 0/],
      ["se NaN", () => confidenceInterval(1, Number.NaN, 0.95), RangeError, /se must be finite/],
      [
        "se not a number",
        () => confidenceInterval(1, "0.1" as never, 0.95),
        TypeError,
        /se must be a number/,
      ],
      ["level 1", () => confidenceInterval(1, 0.1, 1), RangeError, /level must be less than 1/],
      ["level 0", () => confidenceInterval(1, 0.1, 0), RangeError, /level must be greater than 0/],
    ];
    for (const [what, call, type, message] of cases) {
      it(what, () => {
        expect(call).toThrow(type);
        expect(call).toThrow(/^confidenceInterval: /);
        expect(call).toThrow(message);
      });
    }
  });
});
