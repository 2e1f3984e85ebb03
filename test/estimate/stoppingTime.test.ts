import { describe, expect, it } from "vitest";
import { createRng } from "../../src/core/rng.js";
import type { ConfidenceSequence } from "../../src/estimate/confidenceSequence.js";
import { hypergeometricCs } from "../../src/estimate/hypergeometricCs.js";
import { stoppingTime } from "../../src/estimate/stoppingTime.js";

const cs = (lower: number[], upper: number[]): ConfidenceSequence => ({
  lower: new Float64Array(lower),
  upper: new Float64Array(upper),
  level: 0.95,
  method: "test",
});

describe("stoppingTime(cs, rule)", () => {
  const seq = cs([0, 0, 0.01, 0.03], [0.5, 0.03, 0.019, 0.04]);

  it("stops at the first interval that excludes the threshold and says on which side", () => {
    expect(stoppingTime(seq, { threshold: 0.02 })).toEqual({
      t: 3,
      stopped: true,
      reason: "threshold",
      decision: "below",
      lower: 0.01,
      upper: 0.019,
    });
    expect(stoppingTime(seq, { threshold: 0.025 }).decision).toBe("below");
    expect(stoppingTime(cs([0, 0.2], [1, 0.5]), { threshold: 0.1 })).toMatchObject({
      t: 2,
      decision: "above",
    });
  });

  it("stops at the first interval with half-width at most h, and at whichever rule fires first", () => {
    expect(stoppingTime(seq, { halfWidth: 0.02 })).toMatchObject({
      t: 2,
      reason: "halfWidth",
      decision: "undecided",
    });
    expect(stoppingTime(seq, { halfWidth: 0.001, threshold: 0.02 })).toMatchObject({
      t: 3,
      reason: "threshold",
    });
    expect(stoppingTime(seq, { halfWidth: 0.3, threshold: 0.02 })).toMatchObject({
      t: 1,
      reason: "halfWidth",
    });
    // a half-width of exactly h fires
    expect(stoppingTime(cs([0.1], [0.3]), { halfWidth: 0.1 }).stopped).toBe(true);
  });

  it("reports the last interval when the rule never fires", () => {
    expect(stoppingTime(seq, { halfWidth: 1e-6 })).toEqual({
      t: 4,
      stopped: false,
      reason: "none",
      decision: "undecided",
      lower: 0.03,
      upper: 0.04,
    });
  });

  it("on a real sequence: the stop is the first t with the property", () => {
    const g = createRng("stop");
    const y = Uint8Array.from({ length: 300 }, () => (g() < 0.05 ? 1 : 0));
    const s = hypergeometricCs(y, 1000);
    const d = stoppingTime(s, { halfWidth: 0.06 });
    expect(d.stopped).toBe(true);
    expect(((s.upper[d.t - 1] as number) - (s.lower[d.t - 1] as number)) / 2).toBeLessThanOrEqual(
      0.06,
    );
    expect(((s.upper[d.t - 2] as number) - (s.lower[d.t - 2] as number)) / 2).toBeGreaterThan(0.06);
  });

  it("refuses crossed bounds (they read as a stop or a decision)", () => {
    const crossed = { lower: Float64Array.of(0.1, 0.6), upper: Float64Array.of(0.9, 0.4) };
    expect(() =>
      stoppingTime(crossed as unknown as ConfidenceSequence, { halfWidth: 0.1 }),
    ).toThrow(/^stoppingTime: cs.lower\[1\] \(0.6\) is above cs.upper\[1\] \(0.4\)/);
  });

  it("does not mutate the sequence", () => {
    const copy = cs([0, 0, 0.01, 0.03], [0.5, 0.03, 0.019, 0.04]);
    stoppingTime(copy, { threshold: 0.02 });
    expect(copy).toEqual(seq);
  });

  describe("rejects bad input", () => {
    const cases: [string, () => unknown, ErrorConstructor, RegExp][] = [
      [
        "cs missing",
        () => stoppingTime(undefined as never, { halfWidth: 1 }),
        TypeError,
        /stoppingTime: cs must be a confidence sequence/,
      ],
      [
        "cs arrays",
        () => stoppingTime({ lower: "0", upper: "1" } as never, { halfWidth: 1 }),
        TypeError,
        /stoppingTime: cs must be/,
      ],
      [
        "lengths differ",
        () => stoppingTime(cs([0], [1, 1]), { halfWidth: 1 }),
        RangeError,
        /stoppingTime: cs.lower and cs.upper lengths differ \(1 vs 2\)/,
      ],
      [
        "empty",
        () => stoppingTime(cs([], []), { halfWidth: 1 }),
        RangeError,
        /stoppingTime: cs is empty/,
      ],
      [
        "empty rule",
        () => stoppingTime(seq, {}),
        TypeError,
        /stoppingTime: rule must set halfWidth, threshold or both/,
      ],
      [
        "rule not object",
        () => stoppingTime(seq, 0.02 as never),
        TypeError,
        /stoppingTime: rule must be an object/,
      ],
      [
        "halfWidth 0",
        () => stoppingTime(seq, { halfWidth: 0 }),
        RangeError,
        /stoppingTime: rule.halfWidth must be greater than 0/,
      ],
      [
        "halfWidth NaN",
        () => stoppingTime(seq, { halfWidth: Number.NaN }),
        RangeError,
        /rule.halfWidth must be finite/,
      ],
      [
        "threshold NaN",
        () => stoppingTime(seq, { threshold: Number.NaN }),
        RangeError,
        /stoppingTime: rule.threshold must be finite/,
      ],
      [
        "a NaN bound",
        () =>
          stoppingTime(
            { ...seq, upper: Float64Array.from(seq.upper, (v, t) => (t === 1 ? Number.NaN : v)) },
            { halfWidth: 0.1 },
          ),
        RangeError,
        /^stoppingTime: cs\.upper\[1\] is NaN/,
      ],
      [
        "threshold string",
        () => stoppingTime(seq, { threshold: "0.1" as never }),
        TypeError,
        /rule.threshold must be a number/,
      ],
    ];
    it.each(cases)("%s", (_, call, type, message) => {
      expect(call).toThrow(type);
      expect(call).toThrow(message);
    });
  });
});

describe("stoppingTime: keys of rule", () => {
  it("rejects a misspelt rule key, naming its path, instead of ignoring it", () => {
    const c = cs([0, 0.1], [1, 0.2]);
    const call = () => stoppingTime(c, { halfWidth: 0.5, treshold: 0.5 } as never);
    expect(call).toThrow(TypeError);
    expect(call).toThrow(
      /^stoppingTime: unknown key "rule\.treshold" \(did you mean "threshold"\?\); valid keys of rule: halfWidth, threshold$/,
    );
    expect(stoppingTime(c, { halfWidth: 0.5, threshold: 0.5 }).t).toBe(1);
  });
});

describe("stoppingTime: the sequence's level", () => {
  it("refuses a level that is NaN, infinite or outside (0, 1) (was taken: the level is not read)", () => {
    for (const level of [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, 0, 1]) {
      expect(
        () => stoppingTime({ ...cs([0, 0.1], [1, 0.2]), level }, { halfWidth: 0.1 }),
        String(level),
      ).toThrow(/^stoppingTime: cs\.level must be/);
    }
    expect(() =>
      stoppingTime({ ...cs([0], [1]), level: "0.95" as never }, { halfWidth: 0.1 }),
    ).toThrow(new TypeError('stoppingTime: cs.level must be a number (got "0.95")'));
  });
  it("takes bounds without a level (built by hand)", () => {
    const { level: _, ...bounds } = cs([0, 0.1], [1, 0.2]);
    expect(stoppingTime(bounds as ConfidenceSequence, { halfWidth: 0.1 }).t).toBe(2);
  });
});
