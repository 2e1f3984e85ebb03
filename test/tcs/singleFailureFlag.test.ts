import { describe, expect, it } from "vitest";
import type { Estimate } from "../../src/estimate/confidenceInterval.js";
import { flagSingleFailure } from "../../src/tcs/_askTell.js";

const base: Estimate = {
  estimate: 0.01,
  variance: 1e-5,
  se: Math.sqrt(1e-5),
  ci: [0.001, 0.03],
  level: 0.95,
  n: 4,
  method: "test",
  df: 3,
  nEffective: 4,
  interval: "beta",
  reliable: true,
  warning: "",
};

describe("flagSingleFailure", () => {
  it("flags x_eff just below 2 without printing it as 2.00", () => {
    // two failures with weights 1 and 1.1: x_eff = 2.1^2 / 2.21 = 1.9955
    const e = flagSingleFailure(base, new Float64Array([1, 1, 0, 0]), [1, 1.1, 1, 1], {
      level: 0.95,
      interval: undefined,
    });
    expect(e.reliable).toBe(false);
    expect(e.warning).toContain("effective number of failures 1.99 < 2");
  });
  it("leaves two equal-weight failures alone", () => {
    const e = flagSingleFailure(base, new Float64Array([1, 1, 0, 0]), [1, 1, 1, 1], {
      level: 0.95,
      interval: undefined,
    });
    expect(e).toBe(base);
  });
});
