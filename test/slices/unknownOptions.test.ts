import { describe, expect, it } from "vitest";
import { createRng } from "../../src/core/rng.js";
import { rowMatrix } from "../../src/core/rowMatrix.js";
import { agentStates } from "../../src/slices/agentStates.js";
import { behavioralSignals } from "../../src/slices/behavioralSignals.js";
import { fitLogistic } from "../../src/slices/fitLogistic.js";
import { fitTedBaseline } from "../../src/slices/fitTedBaseline.js";
import { gmmSlices } from "../../src/slices/gmmSlices.js";
import { kmeansSlices } from "../../src/slices/kmeansSlices.js";
import { mutateSlices } from "../../src/slices/mutateSlices.js";
import { randomSlices } from "../../src/slices/randomSlices.js";
import { rankSlices } from "../../src/slices/rankSlices.js";
import { regressionPosterior } from "../../src/slices/regressionPosterior.js";
import { repairSlices } from "../../src/slices/repairSlices.js";
import type { Trajectory } from "../../src/trajectory/schema.js";

const traj = {
  id: "t",
  instanceId: "i",
  steps: [{ index: 0, action: "ls" }],
} as unknown as Trajectory;
const sliceOf = new Int32Array([0, 0, 1, 1, 2, 2]);
const picks = [new Int32Array([0]), new Int32Array([2]), new Int32Array([4])];
const v0 = new Uint8Array([1, 1, 1, 1, 0, 0]);
const v1 = new Uint8Array([0, 1, 0, 1, 1, 1]);
const s0 = new Float64Array([0.9, 0.5, 0.8, 0.5, 0.2, 0.5]);
const s1 = new Float64Array([0.6, 0, 0.7, 0, 0.9, 0]);
const input = { sliceOf, picks, outcomeV0: v0, outcomeV1: v1, scoreV0: s0, scoreV1: s1 };
const X = rowMatrix([[0], [1], [2], [3], [4], [5]]);
const b = { minSize: 2, maxSize: 3 };
const cases: [string, RegExp, () => unknown][] = [
  [
    "agentStates",
    /option "extraRule" \(did you mean "extraRules"\?\); valid options: extraRules$/,
    () => agentStates([], { extraRule: [] } as never),
  ],
  [
    "behavioralSignals",
    /option "goldFile" \(did you mean "goldFiles"\?\)/,
    () => behavioralSignals(traj, { goldFile: [] } as never),
  ],
  [
    "fitTedBaseline",
    /option "extrarules" \(did you mean "extraRules"\?\)/,
    () => fitTedBaseline([], { extrarules: [] } as never),
  ],
  [
    "fitLogistic",
    /option "lamda" \(did you mean "lambda"\?\)/,
    () => fitLogistic(X, Uint8Array.of(0, 0, 0, 1, 1, 1), { lamda: 1 } as never),
  ],
  [
    "gmmSlices",
    /option "covarance" \(did you mean "covariance"\?\)/,
    () => gmmSlices(X, 2, createRng(1), { covarance: "diag" } as never),
  ],
  [
    "kmeansSlices",
    /option "maxIteration" \(did you mean "maxIterations"\?\)/,
    () => kmeansSlices(X, 2, createRng(1), { maxIteration: 5 } as never),
  ],
  [
    "mutateSlices",
    /option "swaprate" \(did you mean "swapRate"\?\)/,
    () => mutateSlices(sliceOf, createRng(1), { ...b, swaprate: 1 } as never),
  ],
  [
    "randomSlices",
    /option "maxsize" \(did you mean "maxSize"\?\)/,
    () => randomSlices(6, createRng(1), { ...b, maxsize: 3 } as never),
  ],
  [
    "repairSlices",
    /option "n"; valid options: minSize, maxSize$/,
    () => repairSlices(sliceOf, createRng(1), { ...b, n: 6 } as never),
  ],
  [
    "rankSlices",
    /option "agregate" \(did you mean "aggregate"\?\)/,
    () => rankSlices(input, { agregate: "mean" } as never),
  ],
  [
    "rankSlices",
    /input field "scoreV2" \(did you mean "scoreV0"\?\)/,
    () => rankSlices({ ...input, scoreV2: s1 } as never),
  ],
  [
    "regressionPosterior",
    /option "c"; valid options: a, b$/,
    () => regressionPosterior(sliceOf, picks, v0, v1, { c: 1 } as never),
  ],
];

describe("slices functions reject unknown option keys and input fields", () => {
  it.each(cases)("%s", (name, hint, call) => {
    expect(call).toThrow(TypeError);
    expect(call).toThrow(new RegExp(`^${name}: unknown ${hint.source}`));
  });
});
