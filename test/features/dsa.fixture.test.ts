import { describe, it } from "vitest";
import { dsa } from "../../src/features/dsa.js";
import { expectRelClose, fixture, surpriseInputs } from "./_fixture.js";

// Reference: brute-force numpy distances (numpy.linalg.norm of differences, argmin)
// in scripts/fixtures/features.py, eps = 1e-12.
describe(`dsa vs brute force in numpy ${fixture.versions.numpy}`, () => {
  for (const c of fixture.surprise) {
    it(`${c.name}: paper variant to 1e-9 relative`, () => {
      const { train, trainClass, test, testClass } = surpriseInputs(c);
      expectRelClose(
        dsa(train, trainClass, test, testClass, { eps: fixture.constants.eps }),
        c.dsaPaper,
      );
    });
    it(`${c.name}: kim2019 variant to 1e-9 relative`, () => {
      const { train, trainClass, test, testClass } = surpriseInputs(c);
      expectRelClose(dsa(train, trainClass, test, testClass, { variant: "kim2019" }), c.dsaKim2019);
    });
  }
});
