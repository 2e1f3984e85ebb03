import { describe, expect, it } from "vitest";
import { rowMatrix } from "../../src/core/rowMatrix.js";
import { centroid } from "../../src/select/centroid.js";
import { coreEdge } from "../../src/select/coreEdge.js";
import { facilityLocation } from "../../src/select/facilityLocation.js";
import { kennardStone } from "../../src/select/kennardStone.js";
import { medoids } from "../../src/select/medoids.js";
import { withinStrata } from "../../src/select/withinStrata.js";

const X = rowMatrix([[0], [1], [2], [3], [4], [5]]);
const cases: [string, RegExp, () => unknown][] = [
  [
    "centroid",
    /"distanse" \(did you mean "distance"\?\); valid options: distance$/,
    () => centroid(X, 2, { distanse: 1 } as never),
  ],
  [
    "coreEdge",
    /"edgeshare" \(did you mean "edgeShare"\?\)/,
    () => coreEdge(X, 2, { edgeshare: 0.5 } as never),
  ],
  [
    "facilityLocation",
    /"bandwith" \(did you mean "bandwidth"\?\)/,
    () => facilityLocation(X, 2, { bandwith: 1 } as never),
  ],
  [
    "kennardStone",
    /"distnce" \(did you mean "distance"\?\)/,
    () => kennardStone(X, 2, { distnce: 1 } as never),
  ],
  [
    "medoids",
    /"maxMatrixRow" \(did you mean "maxMatrixRows"\?\)/,
    () => medoids(X, 2, { maxMatrixRow: 1 } as never),
  ],
  [
    "withinStrata",
    /"alocation" \(did you mean "allocation"\?\)/,
    () => withinStrata(Int32Array.of(0, 0, 0, 1, 1, 1), 2, centroid, X, { alocation: 1 } as never),
  ],
];

describe("select functions reject unknown option keys", () => {
  it.each(cases)("%s", (name, hint, call) => {
    expect(call).toThrow(TypeError);
    expect(call).toThrow(new RegExp(`^${name}: unknown option ${hint.source}`));
  });
});
