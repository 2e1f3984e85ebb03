import { describe, expect, it } from "vitest";
import { mdsa } from "../../src/features/mdsa.js";
import { expectRelClose, fixture, surpriseInputs } from "./_fixture.js";

// Reference: scipy.spatial.distance.mahalanobis(x, mean, inv(numpy.cov(ddof=1)))^2;
// for a singular class inv(cov + ridge * trace(cov) / d * I) (scripts/fixtures/features.py).
describe(`mdsa vs scipy ${fixture.versions.scipy} mahalanobis`, () => {
  for (const c of fixture.surprise) {
    it(`${c.name}: to 1e-9 relative (regularised classes: ${JSON.stringify(c.mdsaRegularisedClasses)})`, () => {
      const { train, trainClass, test, testClass } = surpriseInputs(c);
      expectRelClose(
        mdsa(train, trainClass, test, testClass, { ridge: fixture.constants.ridge }),
        c.mdsa,
      );
    });
  }
  it("the 10-D case exercises the ridge fallback on class 0", () => {
    expect(fixture.surprise[1]?.mdsaRegularisedClasses).toEqual([0]);
  });
});
