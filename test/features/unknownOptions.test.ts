import { describe, expect, it } from "vitest";
import { rowMatrix } from "../../src/core/rowMatrix.js";
import { confidence } from "../../src/features/confidence.js";
import { deepGini } from "../../src/features/deepGini.js";
import { dsa } from "../../src/features/dsa.js";
import { entropy } from "../../src/features/entropy.js";
import { fitSurprise } from "../../src/features/fitSurprise.js";
import { lsa } from "../../src/features/lsa.js";
import { margin } from "../../src/features/margin.js";
import { mdsa } from "../../src/features/mdsa.js";
import { predictedClass } from "../../src/features/predictedClass.js";
import { toRisk } from "../../src/features/toRisk.js";

const P = rowMatrix([
  [0.2, 0.8],
  [0.6, 0.4],
]);
const train = rowMatrix([
  [0, 0],
  [1, 0.5],
  [0.2, 1],
  [3, 3],
  [4, 3.5],
  [3.2, 4],
]);
const trainClass = Int32Array.of(0, 0, 0, 1, 1, 1);
const test = rowMatrix([
  [0.5, 0.5],
  [3.5, 3.5],
]);
const testClass = Int32Array.of(0, 1);
const cases: [string, RegExp, () => unknown][] = [
  [
    "confidence",
    /"multilabel" \(did you mean "multiLabel"\?\); valid options: multiLabel, multiLabelMode$/,
    () => confidence(P, { multilabel: true } as never),
  ],
  [
    "deepGini",
    /"multiLabelMod" \(did you mean "multiLabelMode"\?\)/,
    () => deepGini(P, { multiLabelMod: "proxy" } as never),
  ],
  [
    "entropy",
    /"multiLable" \(did you mean "multiLabel"\?\)/,
    () => entropy(P, { multiLable: true } as never),
  ],
  [
    "margin",
    /"multiLabelmode" \(did you mean "multiLabelMode"\?\)/,
    () => margin(P, { multiLabelmode: "proxy" } as never),
  ],
  [
    "predictedClass",
    /"multiLabelMode"; valid options: multiLabel$/,
    () => predictedClass(P, { multiLabelMode: "proxy" } as never),
  ],
  [
    "toRisk",
    /"flor" \(did you mean "floor"\?\)/,
    () => toRisk(Float64Array.of(0.5), "lower", { flor: 0 } as never),
  ],
  [
    "lsa",
    /"varianceTreshold" \(did you mean "varianceThreshold"\?\)/,
    () => lsa(train, trainClass, test, testClass, { varianceTreshold: 0 } as never),
  ],
  [
    "mdsa",
    /"ridg" \(did you mean "ridge"\?\)/,
    () => mdsa(train, trainClass, test, testClass, { ridg: 1 } as never),
  ],
  [
    "dsa",
    /"variante" \(did you mean "variant"\?\)/,
    () => dsa(train, trainClass, test, testClass, { variante: "paper" } as never),
  ],
  [
    "fitSurprise",
    /"rigde" \(did you mean "ridge"\?\)/,
    () => fitSurprise(train, trainClass, { rigde: 1 } as never),
  ],
  [
    "fitSurprise.dsa",
    /"epss" \(did you mean "eps"\?\)/,
    () => fitSurprise(train, trainClass).dsa(test, testClass, { epss: 1 } as never),
  ],
];

describe("features functions reject unknown option keys", () => {
  it.each(cases)("%s", (name, hint, call) => {
    expect(call).toThrow(TypeError);
    expect(call).toThrow(new RegExp(`^${name.replace(".", "\\.")}: unknown option ${hint.source}`));
  });
});
