import { describe, expect, it } from "vitest";
import { createRng } from "../../src/core/rng.js";
import { baselineMethod } from "../../src/subset/baselineMethod.js";
import { table } from "./_make.js";

// 2 runs x 8 items. Pass counts: i0..i1 = 2, i2..i4 = 1, i5..i7 = 0.
const h = table([
  [1, 1, 1, 1, 0, 0, 0, 0],
  [1, 1, 0, 0, 1, 0, 0, 0],
]);
const repos = ["a", "a", "a", "a", "b", "b", "b", "b"];

function frequencies(kind: Parameters<typeof baselineMethod>[0], k: number, reps: number) {
  const m = baselineMethod(kind, { itemRepo: repos });
  const rng = createRng(`freq-${kind}`);
  const hits = new Float64Array(8);
  for (let t = 0; t < reps; t++) for (const i of m.select({ history: h, k }, rng)) hits[i] += 1;
  return Array.from(hits, (v) => v / reps);
}

describe("baselineMethod(kind, { itemRepo })", () => {
  it("names the paper's six baselines and marks them stochastic", () => {
    const names = (
      ["random", "repo", "difficulty", "consistency", "repoDifficulty", "repoConsistency"] as const
    ).map((k) => baselineMethod(k, { itemRepo: repos }));
    expect(names.map((m) => m.name)).toEqual([
      "Random",
      "Repo-Strat",
      "Diff-Strat",
      "Consist-Strat",
      "Repo×Diff",
      "Repo×Consist",
    ]);
    expect(names.every((m) => m.stochastic)).toBe(true);
  });

  it("Consist-Strat allocates k = 4 as 1 / 2 / 1 over counts 2 / 1 / 0 (sizes 2 / 3 / 3)", () => {
    // quotas 4 * (3, 3, 2) / 8 = 1.5, 1.5, 1 for labels 0, 1, 2 -> floors 1, 1, 1,
    // the leftover unit goes to the lowest label with the largest remainder: label 0.
    const m = baselineMethod("consistency");
    for (let s = 0; s < 30; s++) {
      const S = Array.from(m.select({ history: h, k: 4 }, createRng(s)));
      expect(S).toHaveLength(4);
      expect(S.filter((i) => i >= 5)).toHaveLength(2); // label 0 = count 0: i5..i7
      expect(S.filter((i) => i >= 2 && i <= 4)).toHaveLength(1);
      expect(S.filter((i) => i <= 1)).toHaveLength(1);
    }
  });

  it("draws each item with probability n_h / N_h (20,000 seeded draws, 5 MC SE)", () => {
    const reps = 20000;
    const cases: [Parameters<typeof baselineMethod>[0], number[]][] = [
      ["random", Array(8).fill(3 / 8)],
      // difficulty W = 2: easy = count 2 (i0, i1); k = 3 -> quotas 0.75 / 2.25 -> 1 easy, 2 hard
      ["difficulty", [1 / 2, 1 / 2, 2 / 6, 2 / 6, 2 / 6, 2 / 6, 2 / 6, 2 / 6]],
      // consistency k = 3: quotas (count0: 3*3/8=1.125, count1: 1.125, count2: 0.75) -> 1, 1, 1
      ["consistency", [1 / 2, 1 / 2, 1 / 3, 1 / 3, 1 / 3, 1 / 3, 1 / 3, 1 / 3]],
      // repo: 4 + 4 items, k = 3 -> quotas 1.5 / 1.5 -> 2 for repo a, 1 for repo b
      ["repo", [2 / 4, 2 / 4, 2 / 4, 2 / 4, 1 / 4, 1 / 4, 1 / 4, 1 / 4]],
    ];
    for (const [kind, p] of cases) {
      const f = frequencies(kind, 3, reps);
      for (let i = 0; i < 8; i++) {
        const pi = p[i] as number;
        const se = Math.sqrt((pi * (1 - pi)) / reps);
        expect(Math.abs((f[i] as number) - pi), `${kind} item ${i}`).toBeLessThan(5 * se);
      }
    }
  });

  it("cross strata: Repo×Consist draws within (repo, count) cells", () => {
    // cells: (a,2)={0,1}, (a,1)={2,3}, (b,1)={4}, (b,0)={5,6,7}; k = 4 -> quotas 1, 1, 0.5, 1.5
    // floors 1, 1, 0, 1 = 3; leftover to the largest remainder (0.5 tie): (a,.. ) order by label
    const m = baselineMethod("repoConsistency", { itemRepo: repos });
    const S = Array.from(m.select({ history: h, k: 4 }, createRng(2)));
    expect(S.filter((i) => i <= 1)).toHaveLength(1);
    expect(S.filter((i) => i === 2 || i === 3)).toHaveLength(1);
  });

  it("is deterministic for a seed and leaves the history unchanged", () => {
    const before = Uint8Array.from(h.data);
    const m = baselineMethod("consistency");
    expect(m.select({ history: h, k: 4 }, createRng(9))).toEqual(
      m.select({ history: h, k: 4 }, createRng(9)),
    );
    expect(h.data).toEqual(before);
  });

  it("rejects unknown kinds, a missing itemRepo, k = 0, k > items and mismatched repos", () => {
    expect(() => baselineMethod("nope" as never)).toThrow(TypeError);
    expect(() => baselineMethod("repo")).toThrow(/needs options.itemRepo/);
    const m = baselineMethod("consistency");
    expect(() => m.select({ history: h, k: 0 }, createRng(1))).toThrow(/ctx.k must be at least 1/);
    expect(() => m.select({ history: h, k: 9 }, createRng(1))).toThrow(
      /at most the number of items/,
    );
    const r = baselineMethod("repo", { itemRepo: ["a", "b"] });
    expect(() => r.select({ history: h, k: 2 }, createRng(1))).toThrow(/different item counts/);
    expect(() => m.select({ history: h, k: 2 }, () => Number.NaN)).toThrow(/outside \[0, 1\)/);
  });
});

describe("baselineMethod errors name baselineMethod", () => {
  it("checks options.itemRepo itself instead of letting repositoryStrata report it", () => {
    expect(() => baselineMethod("repo", { itemRepo: [1, 2] as never })).toThrow(
      new TypeError("baselineMethod: options.itemRepo[0] must be a string"),
    );
    expect(() => baselineMethod("repo", { itemRepo: [] })).toThrow(
      new RangeError("baselineMethod: options.itemRepo is empty"),
    );
    expect(() => baselineMethod("random", { itemrepo: [] } as never)).toThrow(
      /^baselineMethod: unknown option "itemrepo" \(did you mean "itemRepo"\?\)/,
    );
  });

  it("select rejects history data other than 0/1, and checks each new content once (review finding 4)", () => {
    const bad = table([
      [1, 1, 0, 0, 0, 0],
      [1, 1, 0, 0, 0, 0],
    ]);
    // outcomes() rejects a 2; a caller's own buffer need not
    bad.data[0] = 2;
    bad.data[1] = 2;
    for (const kind of ["consistency", "difficulty", "random"] as const) {
      expect(() => baselineMethod(kind).select({ history: bad, k: 3 }, createRng(1))).toThrow(
        /^(Consist-Strat|Diff-Strat|Random): ctx\.history\.data must hold 0 or 1 \(run "r0", item "i0"\) \(got 2\)$/,
      );
    }
    // a good history turned bad in place is checked again
    const ok = table([[1, 0, 1, 0, 1, 0]]);
    const m = baselineMethod("consistency");
    m.select({ history: ok, k: 2 }, createRng(1));
    ok.data[3] = 3;
    expect(() => m.select({ history: ok, k: 2 }, createRng(1))).toThrow(/must hold 0 or 1/);
  });

  it("a non-0/1 byte written in place into a run of zeros is seen (a comparison as doubles took it for -0)", () => {
    // 2 runs x 40 items = 80 bytes, long enough for the word-wise comparison
    const rows = [Array.from({ length: 40 }, (_, i) => (i < 20 ? 1 : 0)), new Array(40).fill(0)];
    const w = table(rows);
    const m = baselineMethod("difficulty");
    m.select({ history: w, k: 3 }, createRng(1));
    // byte 128 at the top of an all-zero eight-byte word: as a double that word is -0 === 0
    w.data[47] = 128;
    expect(() => m.select({ history: w, k: 3 }, createRng(1))).toThrow(
      /ctx\.history\.data must hold 0 or 1/,
    );
  });

  it("a history whose data is changed in place gets new strata (review finding 5)", () => {
    const w = table([[1, 1, 1, 0, 0, 0]]);
    const m = baselineMethod("difficulty");
    m.select({ history: w, k: 3 }, createRng(1));
    // the easy items are now i3..i5
    w.data.set([0, 0, 0, 1, 1, 1]);
    for (let seed = 0; seed < 20; seed++) {
      const again = m.select({ history: w, k: 3 }, createRng(seed));
      const fresh = baselineMethod("difficulty").select({ history: w, k: 3 }, createRng(seed));
      expect(Array.from(again)).toEqual(Array.from(fresh));
    }
    // and back: the first window's strata again
    w.data.set([1, 1, 1, 0, 0, 0]);
    const back = m.select({ history: w, k: 3 }, createRng(5));
    expect(Array.from(back)).toEqual(
      Array.from(baselineMethod("difficulty").select({ history: w, k: 3 }, createRng(5))),
    );
  });
});
