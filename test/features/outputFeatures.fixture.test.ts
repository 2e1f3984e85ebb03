import { describe, expect, it } from "vitest";
import { rowMatrix } from "../../src/core/rowMatrix.js";
import { confidence } from "../../src/features/confidence.js";
import { deepGini } from "../../src/features/deepGini.js";
import { entropy } from "../../src/features/entropy.js";
import { margin } from "../../src/features/margin.js";
import { predictedClass } from "../../src/features/predictedClass.js";
import { expectRelClose, fixture } from "./_fixture.js";

// Reference: scipy.stats.entropy and numpy on each row (scripts/fixtures/features.py).
describe(`output features vs scipy ${fixture.versions.scipy} / numpy ${fixture.versions.numpy}`, () => {
  const one = (f: (p: ReturnType<typeof rowMatrix>) => ArrayLike<number>, r: number[]) =>
    f(rowMatrix([r]))[0] as number;
  for (const name of ["confidence", "entropy", "margin", "deepGini"] as const) {
    const f = { confidence, entropy, margin, deepGini }[name];
    it(`${name} matches to 1e-9 relative (or exactly 0)`, () => {
      for (const c of fixture.output) {
        const got = one(f, c.probs);
        if (c[name] === 0) expect(Math.abs(got)).toBeLessThan(1e-15);
        else expectRelClose([got], [c[name]]);
      }
    });
    it(`${name} multiLabel bernoulli matches enumeration of all 2^K label vectors`, () => {
      for (const c of fixture.bernoulli) {
        const got = f(rowMatrix([c.probs]), {
          multiLabel: true,
          multiLabelMode: "bernoulli",
        })[0] as number;
        if (c[name] === 0) expect(Math.abs(got)).toBeLessThan(1e-15);
        else expectRelClose([got], [c[name]]);
      }
    });
  }
  it("predictedClass matches numpy.argmax", () => {
    for (const c of fixture.output) expect(one(predictedClass, c.probs)).toBe(c.predictedClass);
  });
});
