import { describe, expect, it } from "vitest";
import { fitIrt } from "../../../src/subset/irt/fitIrt.js";
import { outcomes } from "../../../src/subset/outcomes.js";
import { table } from "../_make.js";
import { corr, normals, simulate } from "./_sim.js";

const tiny = outcomes([
  { run: "a", item: "x", resolved: 1 },
  { run: "a", item: "y", resolved: 0 },
  { run: "b", item: "x", resolved: 1 },
  { run: "b", item: "y", resolved: 1 },
  { run: "c", item: "x", resolved: 0 },
  { run: "c", item: "y", resolved: 0 },
]);

describe("fitIrt(history, options)", () => {
  it("Rasch on a 3 x 2 table: symmetric solution (the table is symmetric under run/item reversal)", () => {
    const f = fitIrt(tiny, { model: "rasch" });
    expect(f.converged).toBe(true);
    // Swapping 0/1 and reversing both runs and items maps the table onto itself,
    // so b_x = -b_y and theta_b = -theta_c, theta_a = 0 at the unique maximum.
    expect((f.b[0] as number) + (f.b[1] as number)).toBeCloseTo(0, 9);
    expect(f.b[0] as number).toBeLessThan(0);
    expect(f.theta[0]).toBeCloseTo(0, 9);
    expect((f.theta[1] as number) + (f.theta[2] as number)).toBeCloseTo(0, 9);
    expect(Array.from(f.a)).toEqual([1, 1]);
    expect(f.thetaMean).toBe(0);
    expect(f.thetaSd).toBe(2);
  });

  it("the maximum is stationary: the Rasch score equations hold", () => {
    const o = simulate("stat", normals("t", 30), new Float64Array(12).fill(1), normals("b", 12));
    const f = fitIrt(o, { model: "rasch", tol: 1e-12, maxIter: 5000 });
    // d/d b_i: -sum_r (y_ri - P_ri) - b_i / 9 = 0 for every item.
    for (let i = 0; i < 12; i++) {
      let g = -(f.b[i] as number) / 9;
      for (let r = 0; r < 30; r++) {
        const p = 1 / (1 + Math.exp(-((f.theta[r] as number) - (f.b[i] as number))));
        g -= (o.data[r * 12 + i] as number) - p;
      }
      expect(Math.abs(g)).toBeLessThan(1e-8);
    }
  });

  it("recovers simulated parameters (Rasch and 2PL, 200 runs x 300 items)", () => {
    const R = 200;
    const N = 300;
    const theta = normals("theta", R);
    const b = normals("b", N, 1.5);
    const a = normals("a", N, 0.3).map(Math.exp);
    const rasch = fitIrt(simulate("rasch", theta, new Float64Array(N).fill(1), b), {
      model: "rasch",
    });
    expect(rasch.converged).toBe(true);
    expect(corr(rasch.b, b)).toBeGreaterThan(0.97);
    expect(corr(rasch.theta, theta)).toBeGreaterThan(0.98);
    const two = fitIrt(simulate("2pl", theta, a, b), { model: "2pl" });
    expect(two.converged).toBe(true);
    expect(corr(two.b, b)).toBeGreaterThan(0.95);
    expect(corr(two.a, a)).toBeGreaterThan(0.6);
    expect(corr(two.theta, theta)).toBeGreaterThan(0.98);
  });

  it("options.runs fits only the listed runs (same as a table of those runs)", () => {
    const o = table([
      [1, 0, 1, 0],
      [1, 1, 0, 0],
      [0, 0, 0, 1],
      [1, 1, 1, 0],
    ]);
    const part = fitIrt(o, { runs: [3, 1] });
    const alone = fitIrt(
      table([
        [1, 1, 1, 0],
        [1, 1, 0, 0],
      ]),
    );
    expect(Array.from(part.runs)).toEqual([3, 1]);
    expect(Array.from(part.b)).toEqual(Array.from(alone.b));
    expect(Array.from(part.theta)).toEqual(Array.from(alone.theta));
  });

  it("is deterministic and leaves its input unchanged", () => {
    const o = simulate(
      "det",
      normals("t2", 20),
      normals("a2", 15, 0.3).map(Math.exp),
      normals("b2", 15),
    );
    const copy = Uint8Array.from(o.data);
    const f1 = fitIrt(o);
    const f2 = fitIrt(o);
    expect(Array.from(f1.a)).toEqual(Array.from(f2.a));
    expect(Array.from(f1.b)).toEqual(Array.from(f2.b));
    expect(Array.from(o.data)).toEqual(Array.from(copy));
  });

  it("stays finite for all-0 / all-1 items and runs", () => {
    const f = fitIrt(
      table([
        [1, 1, 0],
        [1, 1, 1],
        [0, 1, 0],
      ]),
    );
    for (const v of [...f.a, ...f.b, ...f.theta]) expect(Number.isFinite(v)).toBe(true);
  });

  it("reports an unconverged fit honestly", () => {
    const o = simulate("slow", normals("t3", 30), new Float64Array(10).fill(1), normals("b3", 10));
    const f = fitIrt(o, { maxIter: 1 });
    expect(f.iterations).toBe(1);
    expect(f.converged).toBe(false);
  });
});

describe("fitIrt bad input", () => {
  it("throws TypeError for a non-Outcomes history", () => {
    expect(() => fitIrt(null as never)).toThrow(TypeError);
  });
  it("throws RangeError for values other than 0/1", () => {
    const o = { runs: ["r"], items: ["i", "j"], data: Uint8Array.of(1, 2) };
    expect(() => fitIrt(o)).toThrow(/fitIrt: history.data must hold 0 or 1/);
  });
  it("throws RangeError for duplicate item ids", () => {
    const o = { runs: ["r"], items: ["i", "i"], data: Uint8Array.of(1, 0) };
    expect(() => fitIrt(o)).toThrow(/fitIrt: duplicate item id/);
  });
  it("throws RangeError for runs out of range or repeated", () => {
    expect(() => fitIrt(tiny, { runs: [3] })).toThrow(RangeError);
    expect(() => fitIrt(tiny, { runs: [1, 1] })).toThrow(/twice/);
    expect(() => fitIrt(tiny, { runs: [] })).toThrow(/empty/);
  });
  it("throws RangeError for an unknown model", () => {
    expect(() => fitIrt(tiny, { model: "3pl" as never })).toThrow(/options.model/);
    expect(() => fitIrt(tiny, { model: "2PL" as never })).toThrow(/did you mean "2pl"\?/);
  });
  it("throws RangeError for non-positive or NaN prior sds and tol", () => {
    expect(() => fitIrt(tiny, { thetaSd: 0 })).toThrow(/options.thetaSd/);
    expect(() => fitIrt(tiny, { bSd: Number.NaN })).toThrow(/options.bSd/);
    expect(() => fitIrt(tiny, { logASd: -1 })).toThrow(/options.logASd/);
    expect(() => fitIrt(tiny, { tol: 0 })).toThrow(/options.tol/);
  });
  it("throws RangeError for maxIter below 1 or fractional", () => {
    expect(() => fitIrt(tiny, { maxIter: 0 })).toThrow(/options.maxIter/);
    expect(() => fitIrt(tiny, { maxIter: 2.5 })).toThrow(/options.maxIter/);
  });
  it("throws TypeError for options that are not an object", () => {
    expect(() => fitIrt(tiny, 3 as never)).toThrow(TypeError);
  });
});
