import { describe, expect, it } from "vitest";
import { createRng } from "../../src/core/rng.js";
import { bettingCs } from "../../src/estimate/bettingCs.js";
import { hajek } from "../../src/estimate/hajek.js";
import { hansenHurwitz } from "../../src/estimate/hansenHurwitz.js";
import { horvitzThompson } from "../../src/estimate/horvitzThompson.js";
import { hypergeometricCs } from "../../src/estimate/hypergeometricCs.js";
import { raoHartleyCochran } from "../../src/estimate/raoHartleyCochran.js";
import { stratifiedMean } from "../../src/estimate/stratifiedMean.js";
import { weightedBettingCs } from "../../src/estimate/weightedBettingCs.js";
import { extraStrategies } from "../../src/tcs/extraStrategies.js";
import { planSampleSize } from "../../src/tcs/planSampleSize.js";
import { strategies } from "../../src/tcs/strategies.js";
import type { Strategy } from "../../src/tcs/types.js";

// A misspelt option must not silently fall back to the default.
const typo = { levl: 0.9 } as unknown as Record<string, never>;
const y = new Float64Array([0, 1, 0, 1]);
const p = new Float64Array([0.2, 0.4, 0.3, 0.3]);

describe("estimators and strategies refuse unknown option keys, suggesting the intended one", () => {
  const estimators: [string, () => unknown][] = [
    ["horvitzThompson", () => horvitzThompson(y, p, 20, typo)],
    ["hajek", () => hajek(y, p, typo)],
    ["hansenHurwitz", () => hansenHurwitz(y, p, 20, typo)],
    [
      "raoHartleyCochran",
      () =>
        raoHartleyCochran(
          y,
          new Float64Array([0.5, 0.5, 0.5, 0.5]),
          new Float64Array(4).fill(0.25),
          8,
          typo,
        ),
    ],
    ["stratifiedMean", () => stratifiedMean(y, new Int32Array(4), Int32Array.of(10), typo)],
    ["hypergeometricCs", () => hypergeometricCs(y, 10, typo)],
    ["bettingCs", () => bettingCs(y, 10, typo)],
    [
      "weightedBettingCs",
      () =>
        weightedBettingCs(
          y,
          new Float64Array(4).fill(0.1),
          new Float64Array(4).fill(0.05),
          10,
          typo,
        ),
    ],
  ];
  it.each(estimators)("%s", (name, call) => {
    expect(call).toThrow(TypeError);
    expect(call).toThrow(
      new RegExp(`^${name}: unknown option "levl" \\(did you mean "level"\\?\\)`),
    );
  });

  const all: Record<string, Strategy> = { ...strategies, ...extraStrategies };
  it.each(Object.keys(all))("%s", (key) => {
    const s = all[key] as Strategy;
    const path = key in strategies ? `strategies\\.${key}` : `extraStrategies\\.${key}`;
    expect(() => s(new Float64Array(20).fill(1), 5, createRng(1), typo)).toThrow(
      new RegExp(`^${path}: unknown option "levl" \\(did you mean "level"\\?\\)`),
    );
  });

  it("planSampleSize names an unknown input field", () => {
    expect(() =>
      planSampleSize({
        risk: new Float64Array(10).fill(1),
        design: "srs",
        targetHalfWidth: 0.1,
        anticipatedRate: 0.1,
        levle: 0.9,
      } as never),
    ).toThrow(/planSampleSize: unknown input field "levle" \(did you mean "level"\?\)/);
  });
});
