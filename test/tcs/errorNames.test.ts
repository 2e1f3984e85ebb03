import { describe, expect, it } from "vitest";
import { createRng } from "../../src/core/rng.js";
import { extraStrategies } from "../../src/tcs/extraStrategies.js";
import { runStrategy } from "../../src/tcs/runStrategy.js";
import { strategies } from "../../src/tcs/strategies.js";
import type { Strategy } from "../../src/tcs/types.js";

const risk = Float64Array.from({ length: 20 }, (_, i) => 0.1 + i / 25);

describe("an error a strategy's estimator raises names the strategy the user called", () => {
  // labels of +-1e300 overflow every estimator's variance; the message used to start with the
  // estimator's own name (hansenHurwitz, stratifiedMean, hajek, ...)
  const cases: [string, Strategy][] = [
    ...Object.entries(strategies).map(([k, s]): [string, Strategy] => [`strategies.${k}`, s]),
    ["extraStrategies.mixture", extraStrategies.mixture],
  ];
  it("every strategy whose estimator overflows on labels of +-1e300", () => {
    const renamed: string[] = [];
    for (const [fn, s] of cases) {
      let error: unknown;
      try {
        runStrategy(s(risk, 5, createRng(1)), (i) => (i % 2 === 1 ? 1e300 : -1e300));
      } catch (e) {
        error = e;
      }
      if (error === undefined) continue;
      expect(error).toBeInstanceOf(RangeError);
      expect((error as Error).message).toMatch(new RegExp(`^${fn.replace(".", "\\.")}: `));
      renamed.push(fn);
    }
    expect(renamed.length).toBeGreaterThanOrEqual(9);
  });
});
