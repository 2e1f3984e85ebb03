/**
 * estimateSubset refuses a recommendation with a NaN or an infinity in it,
 * naming the field (the fuzzer found these taken without a word).
 */
import { describe, expect, it } from "vitest";
import { createRng } from "../../src/core/rng.js";
import { toPlain } from "../../src/core/toPlain.js";
import { estimateSubset } from "../../src/subset/estimateSubset.js";
import { outcomes } from "../../src/subset/outcomes.js";
import { recommendSubset } from "../../src/subset/recommendSubset.js";

const recs = [];
for (let r = 0; r < 8; r++)
  for (let i = 0; i < 40; i++)
    recs.push({ run: `r${r}`, item: `i${i}`, resolved: i < 5 * r + 5 ? 1 : 0 });
const rec = recommendSubset(outcomes(recs), 8, createRng(1), {
  folds: 2,
  cvSeeds: 1,
  candidates: [{ method: "consistency", estimator: "shrink", recent: false }],
});
const y = new Uint8Array(8);
/** The fields of a plain recommendation the tests edit. */
type Editable = { estimator: { ridge: Record<string, unknown> }; cv: unknown[] };
/** The recommendation in its plain form with one field set by `edit`. */
const edited = (edit: (p: Editable) => void): never => {
  const p = JSON.parse(JSON.stringify(toPlain(rec))) as Editable;
  edit(p);
  return p as never;
};

describe("estimateSubset(recommendation, responses): non-finite fields", () => {
  it("takes the unedited recommendation", () => {
    expect(Number.isFinite(estimateSubset(rec, y).estimate)).toBe(true);
    expect(
      Number.isFinite(
        estimateSubset(
          edited(() => {}),
          y,
        ).estimate,
      ),
    ).toBe(true);
  });

  it("refuses estimator.ridge.runs and looMse that are NaN or infinite (were taken)", () => {
    for (const v of [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, 0, 2.5]) {
      const p = edited((q) => {
        q.estimator.ridge.runs = v;
      });
      expect(() => estimateSubset(p, y), String(v)).toThrow(
        /^estimateSubset: recommendation\.estimator\.ridge\.runs must be/,
      );
    }
    for (const v of [Number.NaN, Number.NEGATIVE_INFINITY, -1]) {
      const p = edited((q) => {
        q.estimator.ridge.looMse = v;
      });
      expect(() => estimateSubset(p, y), String(v)).toThrow(
        /^estimateSubset: recommendation\.estimator\.ridge\.looMse must be at least 0/,
      );
    }
  });

  it("refuses a cv row whose rmse, coverage or n is NaN or infinite (were taken)", () => {
    for (const [field, v] of [
      ["rmse", Number.NaN],
      ["rmse", Number.POSITIVE_INFINITY],
      ["coverage", Number.NEGATIVE_INFINITY],
      ["coverage", 1.5],
      ["n", Number.NaN],
      ["n", Number.POSITIVE_INFINITY],
    ] as const) {
      const p = edited((q) => {
        (q.cv[0] as Record<string, unknown>)[field] = v;
      });
      expect(() => estimateSubset(p, y), `${field} ${v}`).toThrow(RangeError);
      expect(() => estimateSubset(p, y), `${field} ${v}`).toThrow(
        new RegExp(`^estimateSubset: recommendation\\.cv\\[0\\]\\.${field} must be`),
      );
    }
    expect(() =>
      estimateSubset(
        edited((q) => (q.cv[0] = 3)),
        y,
      ),
    ).toThrow(
      new TypeError("estimateSubset: recommendation.cv[0] must be a { rmse, coverage, n } row"),
    );
  });
});
