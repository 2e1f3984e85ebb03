import { describe, expect, it } from "vitest";
import { inclusionProbabilities } from "../../src/design/inclusionProbabilities.js";
import { pivotalStrategy } from "../../src/tcs/pivotalStrategy.js";
import { runStrategy } from "../../src/tcs/runStrategy.js";
import { fixedRng } from "../design/_helpers.js";

describe("pivotalStrategy(risk, budget, rng)", () => {
  it("keeps units with a tiny positive pik in the design (no eps cut-off)", () => {
    // pik = 2 r / sum(r) = [6.7e-8, 2/3, 2/3, 2/3]: below R's default eps (1e-6),
    // which would decide unit 0 out before any draw. With every u = 1 - 1e-12 the
    // first duel (a = pik_0, b = 2/3, s = a + b < 1) sends the whole mass to
    // unit 0 (u >= b / s), so unit 0 must be in the sample.
    const risk = new Float64Array([1e-7, 1, 1, 1]);
    const pik = inclusionProbabilities(risk, 2);
    expect(pik[0]).toBeLessThan(1e-6);
    const run = runStrategy(pivotalStrategy(risk, 2, fixedRng(1 - 1e-12)), () => 0);
    expect(Array.from(run.indices)).toContain(0);
    expect(run.indices.length).toBe(2);
  });
});
