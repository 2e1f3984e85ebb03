import { describe, expect, it } from "vitest";
import { lsa } from "../../src/features/lsa.js";
import { expectRelClose, fixture, surpriseInputs } from "./_fixture.js";

// Reference: -scipy.stats.gaussian_kde(class rows).logpdf(query), after dropping the
// columns whose variance is below 1e-5 in some class (scripts/fixtures/features.py).
describe(`lsa vs scipy ${fixture.versions.scipy} gaussian_kde.logpdf`, () => {
  for (const c of fixture.surprise) {
    it(`${c.name}: every query, the far-away one included, to 1e-9 relative`, () => {
      const { train, trainClass, test, testClass } = surpriseInputs(c);
      const out = lsa(train, trainClass, test, testClass);
      expect(out.every(Number.isFinite)).toBe(true);
      expectRelClose(out, c.lsa);
    });
  }
  it("the 10-D case really drops its constant column", () => {
    const c = fixture.surprise[1];
    expect(c?.keptColumns).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(c?.train[0]?.length).toBe(11);
  });
});
