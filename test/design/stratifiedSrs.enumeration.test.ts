import { describe, expect, it } from "vitest";
import { createRng } from "../../src/core/rng.js";
import { stratifiedSrs } from "../../src/design/stratifiedSrs.js";
import { enumerateStratifiedSrs, frequencyCheck, sampleKey } from "../helpers/enumerate.js";

describe("stratifiedSrs(strata, allocation, rng) against its exact enumeration", () => {
  it("draws each of the 3 * 2 * 6 = 36 samples with probability 1/36 (chi-square, p = 1e-6)", () => {
    // strata interleaved so that the design cannot rely on units being grouped
    const strata = new Int32Array([2, 0, 1, 2, 0, 2, 1, 0, 2]);
    const allocation = new Int32Array([2, 1, 2]);
    const rng = createRng("stratified-enumeration");
    const keys = Array.from({ length: 20000 }, () =>
      sampleKey(stratifiedSrs(strata, allocation, rng)),
    );
    const c = frequencyCheck(enumerateStratifiedSrs(strata, allocation), keys);
    expect(c.impossible).toEqual([]);
    expect(c.df).toBe(35);
    expect(c.statistic).toBeLessThan(c.critical);
    expect(c.worstZ).toBeLessThan(5);
  });

  it("takes census and empty allocations exactly", () => {
    const strata = new Int32Array([0, 1, 1, 0, 2]);
    const allocation = new Int32Array([2, 0, 1]);
    const rng = createRng("stratified-census");
    const keys = Array.from({ length: 200 }, () =>
      sampleKey(stratifiedSrs(strata, allocation, rng)),
    );
    const c = frequencyCheck(enumerateStratifiedSrs(strata, allocation), keys);
    expect(c.df).toBe(1);
    expect(c.impossible).toEqual([]);
    expect(new Set(keys)).toEqual(new Set(["0,3,4"]));
  });
});
