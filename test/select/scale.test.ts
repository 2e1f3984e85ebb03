import { describe, expect, it } from "vitest";
import { centroid } from "../../src/select/centroid.js";
import { coreEdge } from "../../src/select/coreEdge.js";
import { facilityLocation } from "../../src/select/facilityLocation.js";
import { kennardStone } from "../../src/select/kennardStone.js";
import { medoids } from "../../src/select/medoids.js";

// Points whose picks have no ties in any selector below, at three scales: the built-in distances
// overflowed beyond about 1e154 (every pair tied at Infinity: picks fell to the lowest indices)
// and underflowed near 1e-170 (cosine said a row was all zeros).
const base = [[0.3], [1.1], [2.6], [10.2], [-3.7], [7.9]];
const at = (c: number) => base.map((r) => r.map((v) => v * c));
const picks = (X: number[][]) => [
  Array.from(kennardStone(X, 3)),
  Array.from(medoids(X, 2)),
  Array.from(facilityLocation(X, 2)),
  Array.from(centroid(X, 2)),
  Array.from(coreEdge(X, 3, { edgeShare: 0.34 })),
];

describe("built-in distances at extreme scales", () => {
  it("give the same picks at 1e200 and 1e-170 as at 1", () => {
    const one = picks(at(1));
    expect(picks(at(1e200))).toEqual(one);
    expect(picks(at(1e-170))).toEqual(one);
  });
  it("scale a given rbf bandwidth with the data, and keep cosine working on tiny rows", () => {
    const X = [
      [1, 0.2],
      [0.9, 0.3],
      [-1, 0.1],
      [0.2, 1],
    ];
    const small = X.map((r) => r.map((v) => v * 1e-170));
    expect(Array.from(facilityLocation(small, 2, { similarity: "cosine" }))).toEqual(
      Array.from(facilityLocation(X, 2, { similarity: "cosine" })),
    );
    const big = X.map((r) => r.map((v) => v * 2 ** 600));
    expect(Array.from(facilityLocation(big, 2, { bandwidth: 0.5 * 2 ** 600 }))).toEqual(
      Array.from(facilityLocation(X, 2, { bandwidth: 0.5 })),
    );
  });
});
