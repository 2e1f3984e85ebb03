import { describe, expect, it } from "vitest";
import { createRng } from "../../src/core/rng.js";
import { crowdedTournament } from "../../src/moea/crowdedTournament.js";

const INF = Number.POSITIVE_INFINITY;

function winsOf(winners: Int32Array, n: number): number[] {
  const c = new Array<number>(n).fill(0);
  for (const w of winners) c[w] = (c[w] as number) + 1;
  return c;
}

describe("crowdedTournament(rank, crowding, rng)", () => {
  it("every member enters exactly two tournaments: the unique best wins twice, the worst never", () => {
    const rank = new Int32Array([3, 0, 2, 1, 5, 4]);
    const crowding = new Float64Array(6).fill(1);
    for (let seed = 0; seed < 50; seed++) {
      const w = winsOf(crowdedTournament(rank, crowding, createRng(seed)), 6);
      expect(w[1]).toBe(2);
      expect(w[4]).toBe(0);
      expect(w.reduce((a, b) => a + b, 0)).toBe(6);
    }
  });
  it("pairs uniformly: expected wins of rank r among 4 distinct ranks is 2 (3 - r) / 3", () => {
    // Each tournament pairs a member with one of the 3 others uniformly; rank r
    // beats the 3 - r worse ones. Over M runs the mean wins have SE <= sqrt(0.5 / M).
    const rank = new Int32Array([0, 1, 2, 3]);
    const crowding = new Float64Array(4);
    const M = 20000;
    const total = [0, 0, 0, 0];
    const rng = createRng("pairs");
    for (let run = 0; run < M; run++) {
      const w = winsOf(crowdedTournament(rank, crowding, rng), 4);
      for (let r = 0; r < 4; r++) total[r] = (total[r] as number) + (w[r] as number);
    }
    const se = Math.sqrt(0.5 / M);
    for (let r = 0; r < 4; r++) {
      expect(Math.abs((total[r] as number) / M - (2 * (3 - r)) / 3)).toBeLessThan(5 * se);
    }
  });
  it("equal rank: larger crowding distance wins, Infinity included", () => {
    const rank = new Int32Array([0, 0]);
    const w = crowdedTournament(rank, new Float64Array([0.5, INF]), createRng(1));
    expect(Array.from(w)).toEqual([1, 1]);
  });
  it("full ties are decided by a fair coin", () => {
    // 2 members, 2 tournaments per run: P(member 0 wins) = 1/2; SE = sqrt(0.25 / (2M)).
    const M = 20000;
    const rng = createRng("coin");
    let zero = 0;
    for (let run = 0; run < M; run++) {
      for (const w of crowdedTournament(new Int32Array(2), new Float64Array(2), rng)) {
        if (w === 0) zero++;
      }
    }
    expect(Math.abs(zero / (2 * M) - 0.5)).toBeLessThan(5 * Math.sqrt(0.25 / (2 * M)));
  });
  it("with violations, feasible beats infeasible and smaller violation beats larger, before rank", () => {
    // Unconstrained ranks say member 0 is best, but it is the only infeasible one.
    const rank = new Int32Array([0, 1, 2, 3]);
    const crowding = new Float64Array(4);
    const violation = new Float64Array([1, 0, 0, 0]);
    for (let seed = 0; seed < 30; seed++) {
      const w = winsOf(crowdedTournament(rank, crowding, createRng(seed), { violation }), 4);
      expect(w[0]).toBe(0);
    }
    const v2 = new Float64Array([0.1, 0.2, 0.3, 0.4]);
    const w2 = winsOf(
      crowdedTournament(new Int32Array(4), crowding, createRng(3), { violation: v2 }),
      4,
    );
    expect(w2[0]).toBe(2);
    expect(w2[3]).toBe(0);
  });
  it("is deterministic given the seed and leaves inputs unchanged", () => {
    const rank = new Int32Array([0, 1, 0, 1, 2, 0]);
    const crowding = new Float64Array([INF, 1, 0.3, INF, 2, 0.3]);
    const a = crowdedTournament(rank, crowding, createRng(9));
    const b = crowdedTournament(rank, crowding, createRng(9));
    expect(Array.from(a)).toEqual(Array.from(b));
    expect(Array.from(rank)).toEqual([0, 1, 0, 1, 2, 0]);
    expect(Array.from(crowding)).toEqual([INF, 1, 0.3, INF, 2, 0.3]);
  });
  it("rejects an odd or too small population", () => {
    expect(() => crowdedTournament(new Int32Array(3), new Float64Array(3), createRng(1))).toThrow(
      /crowdedTournament: rank length must be even/,
    );
    expect(() => crowdedTournament(new Int32Array(0), new Float64Array(0), createRng(1))).toThrow(
      RangeError,
    );
  });
  it("rejects negative ranks and non-Int32Array ranks", () => {
    expect(() =>
      crowdedTournament(new Int32Array([0, -1]), new Float64Array(2), createRng(1)),
    ).toThrow(RangeError);
    expect(() => crowdedTournament("0, 1" as never, new Float64Array(2), createRng(1))).toThrow(
      TypeError,
    );
  });
  it("rejects NaN or negative crowding and length mismatches", () => {
    const r = new Int32Array(2);
    expect(() => crowdedTournament(r, new Float64Array([0, Number.NaN]), createRng(1))).toThrow(
      /crowding\[1\]/,
    );
    expect(() => crowdedTournament(r, new Float64Array([0, -1]), createRng(1))).toThrow(RangeError);
    expect(() => crowdedTournament(r, new Float64Array(4), createRng(1))).toThrow(/lengths differ/);
    expect(() => crowdedTournament(r, "0, 0" as never, createRng(1))).toThrow(TypeError);
  });
  it("rejects a missing rng, a broken rng and bad violations", () => {
    const r = new Int32Array(2);
    const c = new Float64Array(2);
    expect(() => crowdedTournament(r, c, undefined as never)).toThrow(TypeError);
    expect(() => crowdedTournament(r, c, () => 1)).toThrow(/outside \[0, 1\)/);
    expect(() =>
      crowdedTournament(r, c, createRng(1), { violation: new Float64Array([0, -2]) }),
    ).toThrow(RangeError);
  });
});
