import { describe, expect, it } from "vitest";
import { keyness } from "../../src/trajectory/keyness.js";

describe("keyness(texts, outcomes, options)", () => {
  it("matches the hand computation of its documented example", () => {
    const texts = ["tests passed ok", "tests passed", "tests failed error", "tests failed"];
    const rows = keyness(texts, new Uint8Array([1, 1, 0, 0]), { threshold: 0 });
    // c = d = 5 tokens. failed: a = 0, b = 2, E1 = E2 = 1, G² = 2 * 2 ln 2 = 4 ln 2.
    // ok: a = 1, b = 0, E1 = 0.5, G² = 2 ln 2. tests: a = b = 2 = E, G² = 0 (not above 0).
    expect(rows.map((r) => r.word)).toEqual(["failed", "passed", "error", "ok"]);
    expect(rows[0]?.g2).toBeCloseTo(4 * Math.LN2, 14);
    expect(rows[2]?.g2).toBeCloseTo(2 * Math.LN2, 14);
    expect(rows[0]).toMatchObject({ pass: 0, fail: 2, favours: "fail" });
    expect(rows[1]).toMatchObject({ pass: 2, fail: 0, favours: "pass" });
  });

  it("matches a hand computation with unequal corpus sizes", () => {
    // passing corpus: 1000 tokens, "w" 10 times; failing corpus: 500 tokens, "w" twice.
    // E1 = 1000 * 12 / 1500 = 8, E2 = 500 * 12 / 1500 = 4,
    // G² = 2 (10 ln(10/8) + 2 ln(2/4)) = 2 (2.2314355131420976 - 1.3862943611198906) = 1.690282304044414
    const pass = `${"w ".repeat(10)}${"x ".repeat(990)}`;
    const fail = `${"w ".repeat(2)}${"x ".repeat(498)}`;
    const rows = keyness([pass, fail], new Uint8Array([1, 0]), { threshold: 0 });
    const w = rows.find((r) => r.word === "w");
    expect(w?.g2).toBeCloseTo(1.690282304044414, 12);
    expect(w?.favours).toBe("pass");
  });

  it("uses the p < 0.001 threshold 10.83 by default and strips punctuation and case", () => {
    const pass = Array.from({ length: 10 }, () => "PASSED, run");
    const fail = Array.from({ length: 10 }, () => "[failed] run");
    const rows = keyness([...pass, ...fail], new Uint8Array(20).fill(1, 0, 10));
    // passed: a = 10, b = 0, c = d = 20, E1 = 5, G² = 2 * 10 ln 2 = 13.86 > 10.83; run: G² = 0
    expect(rows.map((r) => r.word).sort()).toEqual(["failed", "passed"]);
    expect(rows[0]?.g2).toBeCloseTo(20 * Math.LN2, 12);
  });

  it("does not mutate its inputs", () => {
    const texts = ["a b", "c d"];
    const y = new Uint8Array([1, 0]);
    keyness(texts, y);
    expect(texts).toEqual(["a b", "c d"]);
    expect(Array.from(y)).toEqual([1, 0]);
  });

  it("rejects bad input", () => {
    expect(() => keyness(["a"], new Uint8Array([1, 0]))).toThrow(
      /keyness: texts and outcomes lengths differ \(1 vs 2\)/,
    );
    expect(() => keyness(["a", "b"], new Uint8Array([1, 2]))).toThrow(
      /outcomes\[1\] must be 0 or 1/,
    );
    expect(() => keyness(["a", "b"], "1, 0" as unknown as Uint8Array)).toThrow(TypeError);
    expect(() => keyness("a" as unknown as string[], new Uint8Array(1))).toThrow(TypeError);
    expect(() => keyness(["a", 3 as unknown as string], new Uint8Array([1, 0]))).toThrow(
      /texts\[1\] must be a string/,
    );
    expect(() => keyness(["a", "b"], new Uint8Array([1, 1]))).toThrow(
      /both the passing and the failing/,
    );
    expect(() => keyness(["a", "b"], new Uint8Array([1, 0]), { threshold: -1 })).toThrow(
      RangeError,
    );
    expect(() => keyness(["a", "b"], new Uint8Array([1, 0]), { threshold: Number.NaN })).toThrow(
      RangeError,
    );
  });
});
