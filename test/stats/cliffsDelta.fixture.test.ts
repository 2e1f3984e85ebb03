import { describe, it } from "vitest";
import { cliffsDelta } from "../../src/stats/cliffsDelta.js";
import { expectClose, fixture } from "./_fixture.js";

describe("cliffsDelta vs numpy brute-force pair count", () => {
  for (const c of fixture.cliffsDelta as { x: number[]; y: number[]; delta: number }[]) {
    it(`n_x = ${c.x.length}, n_y = ${c.y.length}`, () => {
      expectClose(
        cliffsDelta(Float64Array.from(c.x), Float64Array.from(c.y)).delta,
        c.delta,
        1e-14,
      );
    });
  }
});
