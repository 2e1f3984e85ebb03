import { describe, expect, it } from "vitest";
import { createRng } from "../../src/core/rng.js";
import { rowMatrix } from "../../src/core/rowMatrix.js";
import { baselineMethod } from "../../src/subset/baselineMethod.js";
import { outcomes } from "../../src/subset/outcomes.js";
import { poolTrajectories } from "../../src/subset/poolTrajectories.js";
import { recommendSubset } from "../../src/subset/recommendSubset.js";
import { repositoryStrata } from "../../src/subset/repositoryStrata.js";
import { trajectoryVectors } from "../../src/subset/trajectoryVectors.js";
import { hashingTfidf } from "../../src/trajectory/hashingTfidf.js";
import type { Trajectory } from "../../src/trajectory/schema.js";
import { traj } from "../trajectory/_make.js";

/** `a` with a hole at `k` (what `delete a[k]` or `new Array(n)` leave). */
function holey<T>(a: readonly T[], k: number): T[] {
  const c = [...a];
  delete c[k];
  return c;
}

const trajs: Trajectory[] = ["a", "b"].map((id) => traj(id, [["ls", "a.py"]]));
const opts = { embedder: hashingTfidf({ dims: 4 }), sanitize: false } as const;

describe("holes in arrays of ids fail like undefined (no forEach/map skipping them)", () => {
  it('trajectoryVectors rejects a hole in items (default missing: "error" used to return an all-zero row)', () => {
    expect(() => trajectoryVectors(trajs, holey(["a", "b", "c"], 2), opts)).toThrow(
      new TypeError("trajectoryVectors: items[2] must be a string"),
    );
    expect(() => trajectoryVectors(trajs, new Array(3), opts)).toThrow(
      /^trajectoryVectors: items\[0\]/,
    );
  });

  it("trajectoryVectors rejects a hole in trajectories", () => {
    expect(() =>
      trajectoryVectors(holey(trajs, 1), ["a", "b"], { ...opts, missing: "mean" }),
    ).toThrow(/^trajectoryVectors: trajectories\[1\] must be a Trajectory/);
  });

  it('repositoryStrata and baselineMethod("repo") reject a hole in itemRepo', () => {
    const repos = holey(["x", "y", "z"], 1);
    expect(() => repositoryStrata(repos)).toThrow(
      new TypeError("repositoryStrata: itemRepo[1] must be a string"),
    );
    expect(() => baselineMethod("repo", { itemRepo: repos })).toThrow(
      new TypeError("baselineMethod: options.itemRepo[1] must be a string"),
    );
  });

  it("outcomes rejects a hole in rows", () => {
    const rows = holey(
      [
        { run: "a", item: "x", resolved: 1 as const },
        { run: "a", item: "y", resolved: 0 as const },
        { run: "a", item: "z", resolved: 0 as const },
      ],
      1,
    );
    expect(() => outcomes(rows)).toThrow(new TypeError("outcomes: rows[1] must be an object"));
  });

  it("poolTrajectories rejects a hole in list (it used to leave a zero row)", () => {
    const list = holey([rowMatrix([[1]]), rowMatrix([[2]]), rowMatrix([[3]])], 1);
    expect(() => poolTrajectories(list)).toThrow(
      /^poolTrajectories: list\[1\] must be a RowMatrix/,
    );
    expect(() => poolTrajectories(list)).toThrow(TypeError);
  });

  it("recommendSubset rejects a hole in options.candidates", () => {
    const o = outcomes(
      Array.from({ length: 10 }, (_, r) => `r${r}`).flatMap((run, r) =>
        ["p", "q", "s", "t"].map(
          (item, i) => ({ run, item, resolved: (r + i) % 2 === 0 ? 1 : 0 }) as const,
        ),
      ),
    );
    const candidates = holey(
      [
        { method: "consistency", estimator: "mean", recent: false },
        { method: "consistency", estimator: "mean", recent: false },
      ] as const,
      0,
    );
    expect(() => recommendSubset(o, 2, createRng(1), { candidates })).toThrow(
      /^recommendSubset: options.candidates\[0\]\.method/,
    );
  });
});
