import { describe, expect, it } from "vitest";
import { createRng } from "../../src/core/rng.js";
import { rowMatrix } from "../../src/core/rowMatrix.js";
import { centroid } from "../../src/select/centroid.js";
import { baselineMethod } from "../../src/subset/baselineMethod.js";
import { consistencyStrata } from "../../src/subset/consistencyStrata.js";
import { difficultyStrata } from "../../src/subset/difficultyStrata.js";
import { dtw } from "../../src/subset/dtw.js";
import { embeddingMethod } from "../../src/subset/embeddingMethod.js";
import { fitIrt } from "../../src/subset/irt/fitIrt.js";
import { fitRateRegression } from "../../src/subset/irt/fitRateRegression.js";
import { fitStepwiseRate } from "../../src/subset/irt/fitStepwiseRate.js";
import { irtAbility } from "../../src/subset/irt/irtAbility.js";
import { irtAdaptive } from "../../src/subset/irt/irtAdaptive.js";
import { irtAnchors } from "../../src/subset/irt/irtAnchors.js";
import { predictIrt } from "../../src/subset/irt/predictIrt.js";
import { predictRateRegression } from "../../src/subset/irt/predictRateRegression.js";
import { stepwiseSubset } from "../../src/subset/irt/stepwiseSubset.js";
import type { IrtItems } from "../../src/subset/irt/types.js";
import { kmeansStrata } from "../../src/subset/kmeansStrata.js";
import { stratifiedSubset } from "../../src/subset/stratifiedSubset.js";
import { table } from "./_make.js";

const h = table([
  [1, 1, 0, 0],
  [1, 0, 1, 0],
  [1, 1, 1, 0],
]);
const items: IrtItems = {
  model: "rasch",
  a: new Float64Array(4).fill(1),
  b: Float64Array.of(-1, 0, 0, 1),
  thetaMean: 0,
  thetaSd: 1,
};
const X = rowMatrix([[0], [1], [5], [6]]);
const cases: [string, RegExp, () => unknown][] = [
  [
    "baselineMethod",
    /"itemRepos" \(did you mean "itemRepo"\?\)/,
    () => baselineMethod("random", { itemRepos: [] } as never),
  ],
  [
    "consistencyStrata",
    /"run" \(did you mean "runs"\?\); valid options: runs$/,
    () => consistencyStrata(h, { run: [0] } as never),
  ],
  [
    "difficultyStrata",
    /"rnus" \(did you mean "runs"\?\)/,
    () => difficultyStrata(h, { rnus: [0] } as never),
  ],
  ["dtw", /"windw" \(did you mean "window"\?\)/, () => dtw(X, X, { windw: 1 } as never)],
  [
    "embeddingMethod",
    /"strta" \(did you mean "strata"\?\)/,
    () => embeddingMethod(centroid, { strta: "none" } as never),
  ],
  ["kmeansStrata", /"kmax" \(did you mean "kMax"\?\)/, () => kmeansStrata(X, { kmax: 3 } as never)],
  [
    "stratifiedSubset",
    /"allocaton" \(did you mean "allocation"\?\)/,
    () => stratifiedSubset(Int32Array.of(0, 0, 1, 1), 2, createRng(1), { allocaton: 1 } as never),
  ],
  ["fitIrt", /"maxiter" \(did you mean "maxIter"\?\)/, () => fitIrt(h, { maxiter: 5 } as never)],
  [
    "fitRateRegression",
    /"ridg" \(did you mean "ridge"\?\)/,
    () => fitRateRegression(h, Int32Array.of(0, 1), { ridg: 1 } as never),
  ],
  [
    "stepwiseSubset",
    /"penalti" \(did you mean "penalty"\?\)/,
    () => stepwiseSubset(h, 1, { penalti: 1 } as never),
  ],
  [
    "fitStepwiseRate",
    /"fold" \(did you mean "folds"\?\)/,
    () => fitStepwiseRate(h, 1, { fold: 2 } as never),
  ],
  [
    "irtAbility",
    /"abilty" \(did you mean "ability"\?\); valid options: ability, grid$/,
    () => irtAbility(items, Int32Array.of(0), Uint8Array.of(1), { abilty: "map" } as never),
  ],
  [
    "predictIrt",
    /"weight" \(did you mean "weights"\?\)/,
    () => predictIrt(items, Int32Array.of(0), Uint8Array.of(1), { weight: 1 } as never),
  ],
  [
    "irtAdaptive",
    /"levle" \(did you mean "level"\?\)/,
    () => irtAdaptive(items, 2, { levle: 0.9 } as never).next(),
  ],
  [
    "irtAnchors",
    /"restart" \(did you mean "restarts"\?\)/,
    () => irtAnchors(items, 2, createRng(1), { restart: 1 } as never),
  ],
  [
    "predictRateRegression",
    /"mes" \(did you mean "mse"\?\)/,
    () =>
      predictRateRegression(
        {
          observed: Int32Array.of(0, 3),
          itemMean: Float64Array.of(0.5, 0.25),
          weights: Float64Array.of(0.2, 0.4),
          rateMean: 0.4,
          looMse: 0.0025,
          runs: 8,
        },
        Uint8Array.of(1, 0),
        { mes: 1 } as never,
      ),
  ],
];

describe("subset functions reject unknown option keys", () => {
  it.each(cases)("%s", (name, hint, call) => {
    expect(call).toThrow(TypeError);
    expect(call).toThrow(new RegExp(`^${name}: unknown option ${hint.source}`));
  });
});
