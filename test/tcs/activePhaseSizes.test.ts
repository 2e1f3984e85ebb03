import { describe, expect, it } from "vitest";
import { createRng } from "../../src/core/rng.js";
import { activeDefaults, activePhaseSizes } from "../../src/tcs/activeStrategy.js";
import { extraStrategies } from "../../src/tcs/extraStrategies.js";
import type { ActiveOptions } from "../../src/tcs/index.js";
import { runStrategy } from "../../src/tcs/runStrategy.js";

const risk = Float64Array.from({ length: 200 }, (_, i) => 0.05 + ((i * 37) % 100) / 100);

/** The greedy, pilot and active sizes a run of the strategy reports in its estimate's `method`. */
function ranSizes(n: number, options?: ActiveOptions) {
  const r = runStrategy(extraStrategies.active(risk, n, createRng(1), options), () => 0);
  const size = (step: string) =>
    Number(new RegExp(`${step} (\\d+)`).exec(r.estimate.method)?.[1] ?? 0);
  return { greedy: size("greedy"), pilot: size("pilot"), active: size("active") };
}

describe("activePhaseSizes(budget, options)", () => {
  it("agrees with the strategy's own step sizes at every budget from 2 to 120 (the CLI's default)", () => {
    for (let n = 2; n <= 120; n++) {
      const s = activePhaseSizes(n);
      expect(s, `budget ${n}`).toEqual(ranSizes(n));
      expect(s.greedy + s.pilot + s.active).toBe(n);
    }
  });

  it("agrees with the strategy under greedy, pilot and calibration options", () => {
    const predictions = Float64Array.from(risk, (r) => Math.min(1, r));
    const cases: ActiveOptions[] = [
      { greedy: 0.1 },
      { greedy: 0.2, pilot: 0.4 },
      { pilot: 0.5, calibration: "logistic" },
    ];
    for (const o of cases) {
      for (const n of [6, 10, 37, 80]) {
        expect(activePhaseSizes(n, o), `${JSON.stringify(o)} n ${n}`).toEqual(ranSizes(n, o));
      }
    }
    const none = { calibration: "none", greedy: 0.1 } as const;
    expect(activePhaseSizes(30, none)).toEqual(ranSizes(30, { ...none, predictions }));
    expect(activePhaseSizes(30, none)).toEqual({ greedy: 3, pilot: 0, active: 27 });
  });

  it("uses activeDefaults when no option is given", () => {
    expect(activePhaseSizes(40)).toEqual(
      activePhaseSizes(40, {
        greedy: activeDefaults.greedy,
        calibration: activeDefaults.calibration,
      }),
    );
  });

  it("refuses a bad budget or option, naming itself and the argument", () => {
    expect(() => activePhaseSizes(2.5)).toThrow(
      new RangeError("activePhaseSizes: budget must be an integer (got 2.5)"),
    );
    expect(() => activePhaseSizes(-3)).toThrow(
      new RangeError("activePhaseSizes: budget must be at least 2 (got -3)"),
    );
    expect(() => activePhaseSizes(1)).toThrow(/^activePhaseSizes: budget must be at least 2/);
    expect(() => activePhaseSizes(Number.NaN)).toThrow(RangeError);
    expect(() => activePhaseSizes("5" as never)).toThrow(TypeError);
    expect(() => activePhaseSizes(10, { pilot: 1 })).toThrow(
      /^activePhaseSizes: options\.pilot must be less than 1/,
    );
    expect(() => activePhaseSizes(10, { calibration: "platt" as never })).toThrow(
      /^activePhaseSizes: options\.calibration/,
    );
    expect(() => activePhaseSizes(10, { tau: 0.3 } as never)).toThrow(
      /^activePhaseSizes: unknown option "tau"/,
    );
    // the strategy's own refusals, under this function's name
    expect(() => activePhaseSizes(10, { pilot: 0.1 })).toThrow(
      "activePhaseSizes: options.pilot gives a pilot of 1 label (0 or at least 2 needed)",
    );
    expect(() => activePhaseSizes(4, { greedy: 0.5, pilot: 0.25 })).toThrow(
      "activePhaseSizes: options.pilot and options.greedy leave 1 of the budget 4 for the active sample (at least 2 needed)",
    );
    expect(() => activePhaseSizes(10, { pilot: 0 })).toThrow(
      "activePhaseSizes: options.pilot and options.greedy give no labels to calibrate on",
    );
  });
});
