import { describe, expect, it } from "vitest";
import { createRng } from "../../src/core/rng.js";
import { rowMatrix } from "../../src/core/rowMatrix.js";
import { constrainedDominates } from "../../src/moea/constrainedDominates.js";
import { crowdedTournament } from "../../src/moea/crowdedTournament.js";
import { crowdingDistance } from "../../src/moea/crowdingDistance.js";
import { nonDominatedSort } from "../../src/moea/nonDominatedSort.js";
import { nsga2 } from "../../src/moea/nsga2.js";
import { nsga2Init } from "../../src/moea/nsga2Init.js";
import { nsga2Step } from "../../src/moea/nsga2Step.js";
import { polynomialMutation } from "../../src/moea/polynomialMutation.js";
import { sbx } from "../../src/moea/sbx.js";
import { spread } from "../../src/moea/spread.js";
import { schaffer } from "./_schaffer.js";

const F = rowMatrix([
  [1, 3],
  [2, 2],
  [3, 1],
]);
const x = new Float64Array([0.2, 0.5]);
const y = new Float64Array([0.8, 0.5]);
// each call passes one misspelt key; the message names the function and suggests the key
const cases: [string, RegExp, () => unknown][] = [
  [
    "constrainedDominates",
    /"violaton" \(did you mean "violation"\?\)/,
    () => constrainedDominates(F, 0, 1, { violaton: 1 } as never),
  ],
  [
    "crowdedTournament",
    /"violaton" \(did you mean "violation"\?\)/,
    () =>
      crowdedTournament(Int32Array.of(0, 0), Float64Array.of(1, 1), createRng(1), {
        violaton: 1,
      } as never),
  ],
  [
    "crowdingDistance",
    /"front" \(did you mean "fronts"\?\)/,
    () => crowdingDistance(F, { front: [] } as never),
  ],
  ["nonDominatedSort", /"violaton"/, () => nonDominatedSort(F, { violaton: 1 } as never)],
  [
    "polynomialMutation",
    /"probabilty" \(did you mean "probability"\?\)/,
    () => polynomialMutation(x, createRng(1), { probabilty: 1 } as never),
  ],
  ["sbx", /"ets" \(did you mean "eta"\?\)/, () => sbx(x, y, createRng(1), { ets: 1 } as never)],
  ["spread", /"extreme" \(did you mean "extremes"\?\)/, () => spread(F, { extreme: 1 } as never)],
  [
    "nsga2Init",
    /"populationSise" \(did you mean "populationSize"\?\)/,
    () => nsga2Init(schaffer(), createRng(1), { populationSise: 4 } as never),
  ],
  [
    "nsga2",
    /"generation" \(did you mean "generations"\?\)/,
    () => nsga2(schaffer(), createRng(1), { generations: 1, generation: 1 } as never),
  ],
];

describe("moea functions reject unknown option keys", () => {
  it.each(cases)("%s", (name, hint, call) => {
    expect(call).toThrow(TypeError);
    expect(call).toThrow(new RegExp(`^${name}: unknown option ${hint.source}`));
  });
});

describe("NSGA-II rejects unknown keys of problem, naming the path", () => {
  const misspelt = { ...schaffer(), repiar: (g: readonly number[]) => g };
  it.each([
    [
      "nsga2Init",
      "problem",
      () => nsga2Init(misspelt as never, createRng(1), { populationSize: 4 }),
    ],
    [
      "nsga2",
      "problem",
      () => nsga2(misspelt as never, createRng(1), { populationSize: 4, generations: 1 }),
    ],
    [
      // a state's problem is named as such (review F3)
      "nsga2Step",
      "state.problem",
      () =>
        nsga2Step({
          ...nsga2Init(schaffer(), createRng(1), { populationSize: 4 }),
          problem: misspelt,
        } as never),
    ],
  ])("%s", (name, path, call) => {
    const p = path.replace(".", "\\.");
    expect(call).toThrow(TypeError);
    expect(call).toThrow(
      new RegExp(
        `^${name}: unknown key "${p}\\.repiar" \\(did you mean "repair"\\?\\); valid keys of ${p}: init, evaluate, violation, crossover, mutate, repair$`,
      ),
    );
  });
  it("a key far from any gets no suggestion", () => {
    expect(() =>
      nsga2Init({ ...schaffer(), name: "SCH" } as never, createRng(1), { populationSize: 4 }),
    ).toThrow(/^nsga2Init: unknown key "problem\.name"; valid keys of problem: /);
  });
});
