import { describe, expect, it } from "vitest";
import { rowMatrix } from "../../src/core/rowMatrix.js";
import { dtw } from "../../src/subset/dtw.js";
import { kmeansStrata } from "../../src/subset/kmeansStrata.js";
import { poolSteps } from "../../src/subset/poolSteps.js";
import { poolTrajectories } from "../../src/subset/poolTrajectories.js";
import { silhouette } from "../../src/subset/silhouette.js";
import { trajectoryVectors } from "../../src/subset/trajectoryVectors.js";
import type { Trajectory } from "../../src/trajectory/schema.js";
import { traj } from "../trajectory/_make.js";

// Finite values whose squares or sums overflow: never an Infinity/NaN out; a
// power-of-two scale (exact) gives the value of the same arithmetic without
// overflow, else a RangeError naming the function and the argument.
const P = 2 ** 600; // exact scale: results must be the unscaled ones times P (or unchanged)

describe("huge finite inputs (squares or sums past 1.8e308)", () => {
  it("poolSteps: mean and std stay finite and equal the scaled ordinary result", () => {
    expect(Array.from(poolSteps(rowMatrix([[1e200], [-1e200]])))).toEqual([
      0, 1e200, 1e200, -1e200, -1e200,
    ]);
    expect(Array.from(poolSteps(rowMatrix([[1e308], [1e308], [1e308]])))).toEqual([
      1e308, 0, 1e308, 1e308, 1e308,
    ]);
    const small = poolSteps(
      rowMatrix([
        [0, 10],
        [2, 10],
        [4, 10],
      ]),
    );
    const big = poolSteps(
      rowMatrix([
        [0, 10 * P],
        [2 * P, 10 * P],
        [4 * P, 10 * P],
      ]),
    );
    expect(Array.from(big)).toEqual(Array.from(small, (v) => v * P));
  });

  it("poolTrajectories: no Infinity row", () => {
    const X = poolTrajectories([rowMatrix([[1e308], [1e308]]), rowMatrix([[1]])]);
    expect(Array.from(X.data)).toEqual([1e308, 0, 1e308, 1e308, 1e308, 1, 0, 1, 1, 1]);
  });

  it("trajectoryVectors: huge embeddings pool and fill the missing mean finitely", () => {
    const trajs: Trajectory[] = ["a", "b"].map((id) =>
      traj(id, [
        ["ls", "x"],
        ["ls", "x"],
      ]),
    );
    const embedder = (texts: readonly string[]) => ({
      data: new Float64Array(texts.length).fill(1.5e308),
      rows: texts.length,
      cols: 1,
    });
    const r = trajectoryVectors(trajs, ["a", "b", "c"], {
      embedder,
      sanitize: false,
      missing: "mean",
    });
    const row = [1.5e308, 0, 1.5e308, 1.5e308, 1.5e308];
    expect(Array.from(r.vectors.data)).toEqual([...row, ...row, ...row]);
  });

  it("dtw: exact when only the squares overflow, a RangeError when the distance itself does", () => {
    expect(dtw(rowMatrix([[1e200], [1]]), rowMatrix([[0], [2]]))).toBe(1e200 + 1);
    expect(dtw(rowMatrix([[0], [0]]), rowMatrix([[P]]))).toBe(2 * P);
    expect(dtw(rowMatrix([[3 * P, 4 * P]]), rowMatrix([[0, 0]]))).toBe(5 * P);
    expect(() => dtw(rowMatrix([[1e308], [1]]), rowMatrix([[-1e308], [2]]))).toThrow(
      /^dtw: a and b are too large: rescale/,
    );
    expect(() => dtw(rowMatrix([[1e308], [1]]), rowMatrix([[-1e308], [2]]))).toThrow(RangeError);
  });

  it("silhouette: scale-free, so a huge X gives the ordinary value (no NaN)", () => {
    const X = [[0], [1], [10], [11]];
    const want = silhouette(rowMatrix(X), Int32Array.of(0, 0, 1, 1));
    const big = rowMatrix(X.map(([x]) => [(x as number) * 2 ** 700]));
    expect(silhouette(big, Int32Array.of(0, 0, 1, 1))).toBe(want);
    expect(() =>
      silhouette(rowMatrix([[0], [1], [10], [1e308]]), Int32Array.of(0, 0, 1, 1)),
    ).toThrow(/^silhouette: X spans too wide a range .*: rescale it/);
  });

  it("kmeansStrata: the same labels and scores on X times 2^600, a RangeError when the range is too wide", () => {
    const X = [
      [0, 0],
      [0, 1],
      [10, 0],
      [10, 1],
      [20, 0],
      [20, 1],
    ];
    const want = kmeansStrata(rowMatrix(X), { kMax: 4 });
    const got = kmeansStrata(rowMatrix(X.map((r) => r.map((v) => v * P))), { kMax: 4 });
    expect(Array.from(got.labels)).toEqual(Array.from(want.labels));
    expect(Array.from(got.scores)).toEqual(Array.from(want.scores));
    expect(got.scores.every(Number.isFinite)).toBe(true);
    const wide = X.map((r) => [...r]);
    (wide[3] as number[])[0] = 1e308;
    expect(() => kmeansStrata(rowMatrix(wide), { kMax: 4 })).toThrow(
      /^kmeansStrata: X spans too wide a range to square its distances \(\|x\| from 1 to 1e\+308\): rescale it/,
    );
  });
});
