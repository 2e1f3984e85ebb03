import { describe, expect, it } from "vitest";
import { toRisk } from "../../src/features/toRisk.js";

describe("toRisk(score, orientation, { floor })", () => {
  it('"lower" measures from the largest score', () => {
    // d = 0.9 - s = [0, 0.3, 0.5]; floor 0 adds nothing
    const r = toRisk(new Float64Array([0.9, 0.6, 0.4]), "lower", { floor: 0 });
    expect(Array.from(r)).toEqual([0, 0.9 - 0.6, 0.9 - 0.4]);
  });
  it("default floor adds 5% of the largest shifted score", () => {
    // max d = 0.5, so every risk gains 0.025
    const r = toRisk(new Float64Array([0.9, 0.6, 0.4]), "lower");
    expect(r[0]).toBe(0.025);
    expect(r[1]).toBeCloseTo(0.325, 15);
    expect(r[2]).toBeCloseTo(0.525, 15);
  });
  it('"higher" measures from the smallest score, negative scores included', () => {
    // d = s - (-2) = [0, 3, 6]; floor 0.5 adds 0.5 * 6 = 3
    const r = toRisk(new Float64Array([-2, 1, 4]), "higher", { floor: 0.5 });
    expect(Array.from(r)).toEqual([3, 6, 9]);
  });
  it("equal scores give uniform risk 1", () => {
    expect(Array.from(toRisk(new Float64Array([0.3, 0.3]), "lower"))).toEqual([1, 1]);
    expect(Array.from(toRisk(new Float64Array([5]), "higher"))).toEqual([1]);
  });
  it("is invariant to adding a constant to the score", () => {
    const s = new Float64Array([1, 2, 4]);
    const t = s.map((v) => v + 100);
    expect(Array.from(toRisk(t, "higher"))).toEqual(Array.from(toRisk(s, "higher")));
  });
  it("rejects an empty score", () => {
    expect(() => toRisk(new Float64Array(0), "lower")).toThrow(/^toRisk: score is empty/);
  });
  it("rejects NaN and infinite scores", () => {
    expect(() => toRisk(new Float64Array([1, Number.NaN]), "lower")).toThrow(
      /^toRisk: score\[1\] is not finite/,
    );
    expect(() => toRisk(new Float64Array([Number.POSITIVE_INFINITY]), "higher")).toThrow(
      RangeError,
    );
  });
  it("rejects a score that is not a Float64Array", () => {
    expect(() => toRisk("1, 2" as unknown as Float64Array, "lower")).toThrow(TypeError);
  });
  it("rejects an unknown orientation", () => {
    expect(() => toRisk(new Float64Array([1]), "up" as "higher")).toThrow(
      /^toRisk: orientation must be one of "higher", "lower" \(got "up"\)/,
    );
    expect(() => toRisk(new Float64Array([1]), 1 as unknown as "higher")).toThrow(TypeError);
  });
  it("rejects a negative or NaN floor and a non-object options", () => {
    expect(() => toRisk(new Float64Array([1]), "lower", { floor: -0.1 })).toThrow(
      /^toRisk: options.floor must be at least 0/,
    );
    expect(() => toRisk(new Float64Array([1]), "lower", { floor: Number.NaN })).toThrow(RangeError);
    expect(() => toRisk(new Float64Array([1]), "lower", 3 as unknown as object)).toThrow(TypeError);
  });
  it("rejects scores whose range overflows", () => {
    expect(() => toRisk(new Float64Array([-1e308, 1e308]), "higher")).toThrow(
      /^toRisk: score range times \(1 \+ floor\) overflows/,
    );
  });
  it("leaves its input unchanged", () => {
    const s = new Float64Array([3, 1, 2]);
    toRisk(s, "higher");
    toRisk(s, "lower");
    expect(Array.from(s)).toEqual([3, 1, 2]);
  });
});
