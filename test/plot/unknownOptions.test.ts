import { describe, expect, it } from "vitest";
import { rowMatrix } from "../../src/core/rowMatrix.js";
import { failuresVsRmseSpec } from "../../src/plot/failuresVsRmseSpec.js";
import { forestSpec } from "../../src/plot/forestSpec.js";
import { paretoFrontSpec } from "../../src/plot/paretoFrontSpec.js";
import { recallAtKSpec } from "../../src/plot/recallAtKSpec.js";
import { rmseByBudgetSpec } from "../../src/plot/rmseByBudgetSpec.js";
import { runningEstimateSpec } from "../../src/plot/runningEstimateSpec.js";
import { subsetTrackingSpec } from "../../src/plot/subsetTrackingSpec.js";

const cases: [string, RegExp, () => unknown][] = [
  [
    "failuresVsRmseSpec",
    /"tilte" \(did you mean "title"\?\); valid options: title, width, height$/,
    () => failuresVsRmseSpec([{ name: "srs", rmse: 0.05, failures: 10 }], { tilte: "x" } as never),
  ],
  [
    "paretoFrontSpec",
    /"label" \(did you mean "labels"\?\)/,
    () =>
      paretoFrontSpec(
        rowMatrix([
          [1, 2],
          [2, 1],
        ]),
        { label: [] } as never,
      ),
  ],
  [
    "recallAtKSpec",
    /"item" \(did you mean "items"\?\)/,
    () => recallAtKSpec([{ method: "m", k: 1, recall: 0.5 }], { item: 4 } as never),
  ],
  [
    "rmseByBudgetSpec",
    /"logy" \(did you mean "logY"\?\)/,
    () => rmseByBudgetSpec([{ strategy: "srs", budget: 50, rmse: 0.04 }], { logy: true } as never),
  ],
  [
    "subsetTrackingSpec",
    /"widht" \(did you mean "width"\?\)/,
    () => subsetTrackingSpec([{ run: "a", full: 0.5, subset: 0.52 }], { widht: 3 } as never),
  ],
  [
    "forestSpec",
    /"refrence" \(did you mean "reference"\?\)/,
    () => forestSpec([{ name: "a", estimate: 0.5, ci: [0.4, 0.6] }], { refrence: 0.5 } as never),
  ],
  [
    "runningEstimateSpec",
    /"axistitle" \(did you mean "axisTitle"\?\)/,
    () =>
      runningEstimateSpec([{ n: 1, estimate: 0.5, ci: [0.4, 0.6] }], { axistitle: "x" } as never),
  ],
];

describe("plot specs reject unknown option keys", () => {
  it.each(cases)("%s", (name, hint, call) => {
    expect(call).toThrow(TypeError);
    expect(call).toThrow(new RegExp(`^${name}: unknown option ${hint.source}`));
  });
});
