import { describe, expect, it } from "vitest";
import { createRng } from "../../src/core/rng.js";
import { poisson } from "../../src/design/poisson.js";
import {
  badPikCases,
  expectFrequenciesMatch,
  expectSortedUnique,
  fixedRng,
  inclusionFrequencies,
} from "./_helpers.js";

const f64 = (...v: number[]) => Float64Array.from(v);

describe("poisson(pik, rng)", () => {
  it("takes unit i when its own uniform is below pik_i", () => {
    // u = [0.3, 0.7, 0.1, 0.5] against pik = [0.5, 0.5, 0.05, 0.9]: taken 0 and 3
    expect(Array.from(poisson(f64(0.5, 0.5, 0.05, 0.9), fixedRng(0.3, 0.7, 0.1, 0.5)))).toEqual([
      0, 3,
    ]);
  });

  it("always takes pik = 1 and never pik = 0", () => {
    const rng = createRng(2);
    for (let r = 0; r < 100; r++) expect(Array.from(poisson(f64(1, 0, 1, 0), rng))).toEqual([0, 2]);
  });

  it("returns sorted distinct indices, possibly none, and is deterministic for a seed", () => {
    const pik = Float64Array.from({ length: 40 }, (_, i) => (i % 7) / 7);
    const s = poisson(pik, createRng(3));
    expectSortedUnique(s, 40);
    expect(s).toEqual(poisson(pik, createRng(3)));
    expect(poisson(f64(0, 0), createRng(3))).toEqual(new Int32Array(0));
  });

  it("leaves its input unchanged", () => {
    const pik = f64(0.2, 0.9, 0.4);
    const copy = pik.slice();
    poisson(pik, createRng(1));
    expect(pik).toEqual(copy);
  });

  it("draws unit i with frequency pik_i", () => {
    const N = 30;
    const R = 20000;
    const pik = Float64Array.from({ length: N }, (_, i) => (i + 0.5) / N);
    const rng = createRng("poisson-freq");
    expectFrequenciesMatch(
      inclusionFrequencies(N, R, () => poisson(pik, rng)),
      pik,
      R,
    );
  });

  describe("bad input", () => {
    const rng = createRng(1);
    it.each([...badPikCases("poisson")])("%s", (_, pik, message) => {
      expect(() => poisson(pik, rng)).toThrow(RangeError);
      expect(() => poisson(pik, rng)).toThrow(message);
    });
    it("rejects a pik that is not a Float64Array and a missing rng", () => {
      expect(() => poisson("0.5" as unknown as Float64Array, rng)).toThrow(TypeError);
      expect(() => poisson(f64(0.5), null as unknown as () => number)).toThrow(
        /poisson: rng must be a function/,
      );
    });
    it("rejects an rng value outside [0, 1)", () => {
      expect(() => poisson(f64(0.5), () => -0.1)).toThrow(/poisson: rng returned a value outside/);
    });
  });
});
