import { describe, expect, it } from "vitest";
import { irtAbility } from "../../../src/subset/irt/irtAbility.js";
import type { IrtItems } from "../../../src/subset/irt/types.js";

const items: IrtItems = {
  model: "rasch",
  a: new Float64Array(3).fill(1),
  b: new Float64Array([-1, 0, 1]),
  thetaMean: 0,
  thetaSd: 1,
};

describe("irtAbility(items, observed, responses, options)", () => {
  it("MAP of a symmetric pattern is the prior mean, sd from information + prior precision", () => {
    const r = irtAbility(items, Int32Array.of(0, 2), Uint8Array.of(1, 0), { ability: "map" });
    expect(r.theta).toBeCloseTo(0, 12);
    // P = 1 / (1 + e^-1) at both items: information 2 P (1 - P), plus 1 from the N(0, 1) prior.
    const p = 1 / (1 + Math.exp(-1));
    expect(r.sd).toBeCloseTo(1 / Math.sqrt(2 * p * (1 - p) + 1), 12);
    expect(r).toMatchObject({ method: "map", n: 2 });
  });
  it("EAP with no observed item is the prior", () => {
    const r = irtAbility(
      { ...items, thetaMean: 0.5, thetaSd: 2 },
      new Int32Array(0),
      new Uint8Array(0),
    );
    expect(r.theta).toBeCloseTo(0.5, 6);
    expect(r.sd).toBeCloseTo(2, 4);
  });
  it("more successes never lower the estimate; all-1 and all-0 patterns stay finite", () => {
    const obs = Int32Array.of(0, 1, 2);
    const r0 = irtAbility(items, obs, Uint8Array.of(0, 0, 0));
    const r1 = irtAbility(items, obs, Uint8Array.of(1, 0, 0));
    const r3 = irtAbility(items, obs, Uint8Array.of(1, 1, 1));
    expect(r0.theta).toBeLessThan(r1.theta);
    expect(r1.theta).toBeLessThan(r3.theta);
    expect(Number.isFinite(r0.theta) && Number.isFinite(r3.theta)).toBe(true);
    expect(r3.theta).toBeCloseTo(-r0.theta, 9);
  });
  it("leaves inputs unchanged", () => {
    const obs = Int32Array.of(2, 0);
    const y = Uint8Array.of(1, 1);
    irtAbility(items, obs, y);
    expect(Array.from(obs)).toEqual([2, 0]);
    expect(Array.from(y)).toEqual([1, 1]);
  });
  it("throws on bad input", () => {
    expect(() => irtAbility(items, Int32Array.of(5), Uint8Array.of(1))).toThrow(
      /irtAbility: observed\[0\]/,
    );
    expect(() => irtAbility(items, Int32Array.of(0), Uint8Array.of(3))).toThrow(RangeError);
    expect(() =>
      irtAbility(items, Int32Array.of(0), Uint8Array.of(1), { ability: "x" as never }),
    ).toThrow(/options.ability/);
    expect(() => irtAbility(items, Int32Array.of(0), Uint8Array.of(1), { grid: 1.5 })).toThrow(
      /options.grid/,
    );
    expect(() =>
      irtAbility({ ...items, thetaMean: Number.NaN }, Int32Array.of(0), Uint8Array.of(1)),
    ).toThrow(/thetaMean/);
    expect(() => irtAbility(items, null as never, Uint8Array.of(1))).toThrow(TypeError);
  });
});

describe("irtAbility with a huge discrimination", () => {
  it("is finite at a = 1e100 and rejects a = 1e155 (whose a^2 overflowed to an all-NaN posterior)", () => {
    const big = (a0: number): IrtItems => ({
      ...items,
      model: "2pl",
      a: Float64Array.of(a0, 1, 1),
    });
    for (const ability of ["eap", "map"] as const) {
      const r = irtAbility(big(1e100), Int32Array.of(0, 2), Uint8Array.of(0, 1), { ability });
      expect(Number.isFinite(r.theta) && Number.isFinite(r.sd)).toBe(true);
    }
    expect(() => irtAbility(big(1e155), Int32Array.of(0), Uint8Array.of(1))).toThrow(
      /^irtAbility: items\.a\[0\] must be at most 1e\+100/,
    );
  });
});
