import { describe, expect, it } from "vitest";
import { createRng } from "../../src/core/rng.js";
import { inclusionProbabilities } from "../../src/design/inclusionProbabilities.js";
import { stratifiedSrs } from "../../src/design/stratifiedSrs.js";
import { systematicPps } from "../../src/design/systematicPps.js";
import { UNCHECKED_RNG } from "../../src/tcs/_askTell.js";
import { preparers } from "../../src/tcs/_prepared.js";
import { quantileStrata } from "../../src/tcs/_strata.js";
import { preparedStratifiedSrs } from "../../src/tcs/_stratified.js";
import { preparedSystematicPps } from "../../src/tcs/_systematic.js";
import { extraStrategies } from "../../src/tcs/extraStrategies.js";
import { runStrategy } from "../../src/tcs/runStrategy.js";
import { strategies } from "../../src/tcs/strategies.js";
import type { Strategy } from "../../src/tcs/types.js";
import { population } from "./_population.js";

const ALL: Record<string, Strategy> = { ...strategies, ...extraStrategies };

describe("preparers[name](risk, budget, UNCHECKED_RNG).start(rng)", () => {
  const { risk, y } = population(400, "prepared");
  it("covers every registered strategy", () => {
    expect(Object.keys(preparers).sort()).toEqual(Object.keys(ALL).sort());
  });
  for (const name of Object.keys(ALL)) {
    it(`${name}: the same picks and Estimate as the strategy, run after run from one preparation`, () => {
      for (const n of [12, 40]) {
        const prepared = preparers[name as keyof typeof preparers](risk, n, UNCHECKED_RNG);
        for (let s = 0; s < 5; s++) {
          const a = runStrategy(
            (ALL[name] as Strategy)(risk, n, createRng(`p${s}`)),
            (i) => y[i] as number,
          );
          const b = runStrategy(prepared.start(createRng(`p${s}`)), (i) => y[i] as number);
          expect(b.indices).toEqual(a.indices);
          expect(b.estimate).toEqual(a.estimate);
        }
      }
    });
  }
});

describe("preparedSystematicPps(pik)(rng)", () => {
  it("draws the sample of systematicPps(pik, rng), certain and zero units included", () => {
    const g = createRng("sys");
    for (let t = 0; t < 200; t++) {
      const N = 5 + Math.floor(g() * 300);
      const size = Float64Array.from({ length: N }, () => (g() < 0.1 ? 0 : g() < 0.05 ? 50 : g()));
      const n = 1 + Math.floor(g() * Math.min(40, N - 1));
      let positive = 0;
      for (const v of size) if (v > 0) positive++;
      if (positive < n) continue;
      const pik = inclusionProbabilities(size, n);
      const draw = preparedSystematicPps(pik);
      for (let s = 0; s < 5; s++) {
        expect(draw(createRng(`${t}/${s}`))).toEqual(systematicPps(pik, createRng(`${t}/${s}`)));
      }
    }
  });
});

describe("preparedStratifiedSrs(strata, allocation)(rng)", () => {
  it("draws the sample of stratifiedSrs(strata, allocation, rng)", () => {
    const { risk } = population(700, "strat");
    const s = quantileStrata(risk, 7);
    const allocation = Int32Array.from(s.sizes, (m, h) => Math.min(m, h % 3 === 0 ? 0 : 2 + h));
    const draw = preparedStratifiedSrs(s, allocation);
    for (let r = 0; r < 20; r++) {
      expect(draw(createRng(r))).toEqual(stratifiedSrs(s.strata, allocation, createRng(r)));
    }
  });
});
