import { describe, expect, it } from "vitest";
import { createRng } from "../../src/core/rng.js";
import { toPlain } from "../../src/core/toPlain.js";
import { nonDominatedSort } from "../../src/moea/nonDominatedSort.js";
import { nsga2Init } from "../../src/moea/nsga2Init.js";
import { nsga2Step, nsga2Step as step } from "../../src/moea/nsga2Step.js";
import { schaffer } from "./_schaffer.js";
import { zdt1, zdtProblem } from "./zdt.js";

describe("nsga2Step(state)", () => {
  it("returns a new state and leaves the old one untouched", () => {
    const s0 = nsga2Init(schaffer(), createRng(1), { populationSize: 8 });
    const snapshot = {
      population: [...s0.population],
      objectives: Array.from(s0.objectives.data),
      rank: Array.from(s0.rank),
      crowding: Array.from(s0.crowding),
    };
    const s1 = nsga2Step(s0);
    expect(s1).not.toBe(s0);
    expect(s1.generation).toBe(1);
    expect(s1.evaluations).toBe(16);
    expect([...s0.population]).toEqual(snapshot.population);
    expect(Array.from(s0.objectives.data)).toEqual(snapshot.objectives);
    expect(Array.from(s0.rank)).toEqual(snapshot.rank);
    expect(Array.from(s0.crowding)).toEqual(snapshot.crowding);
    // the record of drawn numbers behind `stream` grew, but shows nothing
    expect(JSON.stringify(s0.stream)).toBe("{}");
    expect(Object.isFrozen(s0.stream)).toBe(true);
  });
  it("is a function of the state: the same state stepped twice gives the same next state", () => {
    const s0 = nsga2Init(zdtProblem(zdt1(6)), createRng(11), { populationSize: 12 });
    const a = nsga2Step(s0);
    const b = nsga2Step(s0);
    expect(b.population).toEqual(a.population);
    expect(Array.from(b.objectives.data)).toEqual(Array.from(a.objectives.data));
    // stepping on from either copy, and a copy of the state, stays in step
    expect(Array.from(nsga2Step(b).objectives.data)).toEqual(
      Array.from(nsga2Step(a).objectives.data),
    );
    expect(Array.from(nsga2Step({ ...s0 }).objectives.data)).toEqual(Array.from(a.objectives.data));
  });
  it("a step that threw leaves its state usable: the retry equals a clean step", () => {
    let broken = false;
    const p = schaffer();
    const problem = {
      ...p,
      evaluate: (g: readonly number[]) => (broken ? [Number.NaN, 0] : p.evaluate(g)),
    };
    const clean = nsga2Step(nsga2Init(problem, createRng(3), { populationSize: 8 }));
    const s = nsga2Init(problem, createRng(3), { populationSize: 8 });
    broken = true;
    expect(() => nsga2Step(s)).toThrow(/^nsga2Step: evaluate\(offspring 0\) returned a non-finite/);
    broken = false;
    const retry = nsga2Step(s);
    expect(retry.population).toEqual(clean.population);
    expect(Array.from(retry.crowding)).toEqual(Array.from(clean.crowding));
  });
  it("draws from rng as a direct use would: one number at a time, when asked", () => {
    // Interleaving other draws between steps gives what it gave before the
    // steps recorded their numbers: nothing is read ahead of need.
    const direct = (interleave: boolean) => {
      const rng = createRng(12);
      let s = nsga2Init(schaffer(), rng, { populationSize: 8 });
      const seen: number[] = [];
      for (let g = 0; g < 4; g++) {
        s = nsga2Step(s);
        if (interleave) seen.push(rng());
      }
      return { s, seen };
    };
    const a = direct(true);
    const b = direct(true);
    expect(a.seen).toEqual(b.seen);
    expect(a.s.population).toEqual(b.s.population);
    // a copy with another rng continues with numbers from that one
    const s0 = nsga2Init(schaffer(), createRng(13), { populationSize: 8 });
    const other = nsga2Step({ ...s0, rng: createRng(14) });
    expect(other.rng).not.toBe(s0.rng);
    expect(nsga2Step({ ...s0, rng: other.rng }).population).not.toEqual(nsga2Step(s0).population);
  });
  it("a stream that is not one of a state (a serialised copy's {}) starts afresh from rng, as an absent one", () => {
    const s0 = nsga2Init(schaffer(), createRng(1), { populationSize: 4 });
    const { stream: _, ...rest } = s0;
    const a = nsga2Step({ ...rest, rng: createRng(9) });
    const b = nsga2Step({ ...s0, rng: createRng(9), stream: {} as never });
    expect(b.generation).toBe(1);
    expect(b.population).toEqual(a.population);
    expect(b.objectives).toEqual(a.objectives);
  });
  it("survivors keep consistent ranks: re-sorting the new population gives the stored ranks", () => {
    // Whole fronts are kept before the truncated one, so no survivor loses its dominators.
    let s = nsga2Init(zdtProblem(zdt1(6)), createRng(2), { populationSize: 20 });
    for (let g = 0; g < 15; g++) {
      s = nsga2Step(s);
      const fronts = nonDominatedSort(s.objectives);
      fronts.forEach((f, k) => {
        for (const i of f) expect(s.rank[i]).toBe(k);
      });
      // survivors are ordered front by front
      for (let i = 1; i < 20; i++)
        expect(s.rank[i]).toBeGreaterThanOrEqual(s.rank[i - 1] as number);
    }
  });
  it("a copied state (sorted in full) steps exactly like the state it copies (parents merged)", () => {
    // Each state remembers its rows' lexicographic order so that the next step
    // sorts only the offspring; a copy has no such memory. Two runs from one
    // seed, one stepping copies, must agree bit for bit.
    const problem = zdtProblem(zdt1(8));
    let a = nsga2Init(problem, createRng(5), { populationSize: 24 });
    let b = nsga2Init(problem, createRng(5), { populationSize: 24 });
    for (let g = 0; g < 40; g++) {
      a = nsga2Step(a);
      b = nsga2Step({ ...b });
      expect(Array.from(b.objectives.data)).toEqual(Array.from(a.objectives.data));
      expect(Array.from(b.crowding)).toEqual(Array.from(a.crowding));
      expect(Array.from(b.rank)).toEqual(Array.from(a.rank));
    }
  });
  it("accepts a state with plain arrays (number[], number[][]) and steps exactly like the typed one", () => {
    const problem = zdtProblem(zdt1(8));
    let a = nsga2Init(problem, createRng(6), { populationSize: 16 });
    let b = nsga2Init(problem, createRng(6), { populationSize: 16 });
    for (let g = 0; g < 10; g++) {
      a = nsga2Step(a);
      const rows = Array.from({ length: b.objectives.rows }, (_, i) =>
        Array.from(b.objectives.data.subarray(i * b.objectives.cols, (i + 1) * b.objectives.cols)),
      );
      b = nsga2Step({
        ...b,
        objectives: g % 2 === 0 ? rows : { ...b.objectives, data: Array.from(b.objectives.data) },
        rank: Array.from(b.rank),
        crowding: Array.from(b.crowding),
        violation: Array.from(b.violation),
      });
      expect(b.rank).toBeInstanceOf(Int32Array);
      expect(Array.from(b.objectives.data)).toEqual(Array.from(a.objectives.data));
      expect(Array.from(b.crowding)).toEqual(Array.from(a.crowding));
    }
    const s = nsga2Init(problem, createRng(6), { populationSize: 16 });
    expect(() => nsga2Step({ ...s, rank: [...Array.from(s.rank).slice(1), "0"] as never })).toThrow(
      /^nsga2Step: state\.rank must hold numbers/,
    );
    expect(() => nsga2Step({ ...s, crowding: Array.from(s.crowding).slice(1) })).toThrow(
      "nsga2Step: state arrays do not match populationSize",
    );
  });
  it('steps a state that went through JSON: a crowding of null or "Infinity" reads as Infinity', () => {
    const problem = zdtProblem(zdt1(8));
    const s0 = nsga2Step(nsga2Init(problem, createRng(4), { populationSize: 16 }));
    expect(Array.from(s0.crowding)).toContain(Number.POSITIVE_INFINITY);
    const next = nsga2Step(s0);
    for (const mode of ["null", "string"] as const) {
      const { problem: _p, rng: _r, stream: _s, ...rest } = s0;
      const json = JSON.parse(JSON.stringify(toPlain(rest, { nonFinite: mode })));
      const back = nsga2Step({ ...json, problem, rng: s0.rng, stream: s0.stream });
      expect(Array.from(back.objectives.data)).toEqual(Array.from(next.objectives.data));
    }
  });
  it("is elitist: each objective's best value over the population never gets worse", () => {
    let s = nsga2Init(zdtProblem(zdt1(6)), createRng(3), { populationSize: 12 });
    for (let g = 0; g < 20; g++) {
      const prev = s;
      s = nsga2Step(s);
      for (let k = 0; k < 2; k++) {
        let a = Number.POSITIVE_INFINITY;
        let b = Number.POSITIVE_INFINITY;
        for (let i = 0; i < 12; i++) {
          a = Math.min(a, prev.objectives.data[i * 2 + k] as number);
          b = Math.min(b, s.objectives.data[i * 2 + k] as number);
        }
        expect(b).toBeLessThanOrEqual(a);
      }
    }
  });
  it("names the offspring whose objectives are NaN", () => {
    let calls = 0;
    const p = schaffer();
    const problem = {
      ...p,
      evaluate: (g: readonly number[]) => (++calls === 4 + 2 ? [Number.NaN, 0] : p.evaluate(g)),
    };
    const s0 = nsga2Init(problem, createRng(1), { populationSize: 4 });
    expect(() => nsga2Step(s0)).toThrow(/nsga2Step: evaluate\(offspring 1\) returned a non-finite/);
  });
  it("rejects something that is not a state", () => {
    expect(() => nsga2Step({} as never)).toThrow(/nsga2Step: state must be a state/);
    expect(() => nsga2Step(null as never)).toThrow(TypeError);
    const s0 = nsga2Init(schaffer(), createRng(1), { populationSize: 4 });
    expect(() => nsga2Step({ ...s0, populationSize: 6 })).toThrow(/state arrays do not match/);
  });
  it("generations share no buffers: nested runs and earlier runs of the same size change nothing", () => {
    // The engine reuses its working buffers between generations of the same
    // size; a run started inside an operator (same size, with constraints, so
    // it writes violations into those buffers) must not disturb the outer run.
    const run = (nested: boolean) => {
      const p = schaffer();
      const problem = {
        ...p,
        mutate: (g: readonly number[], rng: () => number) => {
          if (nested) {
            const inner = {
              ...schaffer(),
              violation: (x: readonly number[]) => Math.abs(x[0] as number),
            };
            nsga2Step(nsga2Init(inner, createRng(9), { populationSize: 8 }));
          }
          return p.mutate(g, rng);
        },
      };
      let s = nsga2Init(problem, createRng(4), { populationSize: 8 });
      for (let g = 0; g < 6; g++) s = nsga2Step(s);
      return [
        s.population,
        Array.from(s.objectives.data),
        Array.from(s.violation),
        Array.from(s.rank),
        Array.from(s.crowding),
      ];
    };
    const plainRun = run(false);
    expect(run(true)).toEqual(plainRun);
    // A finished constrained run of the same size leaves violations in the buffers.
    const constrained = {
      ...schaffer(),
      violation: (x: readonly number[]) => Math.abs(x[0] as number),
    };
    let c = nsga2Init(constrained, createRng(5), { populationSize: 8 });
    for (let g = 0; g < 3; g++) c = nsga2Step(c);
    expect(c.violation.some((v) => v > 0)).toBe(true);
    expect(run(false)).toEqual(plainRun);
    expect(plainRun[2]).toEqual(new Array(8).fill(0));
  });
});

describe("nsga2Step(state) on a hand-made state", () => {
  const s0 = nsga2Init(schaffer(), createRng(1), { populationSize: 8 });
  it.each([
    ["generation", Number.NaN, /^nsga2Step: state\.generation must be an integer \(got NaN\)$/],
    ["generation", -1, /state\.generation must be at least 0/],
    ["evaluations", 1.5, /state\.evaluations must be an integer/],
    ["crossoverRate", Number.NaN, /^nsga2Step: state\.crossoverRate must be finite \(got NaN\)$/],
    ["mutationRate", 2, /state\.mutationRate must be at most 1/],
    ["populationSize", 7, /state\.populationSize must be even/],
  ])("rejects %s = %s", (key, value, message) => {
    expect(() => step({ ...s0, [key]: value })).toThrow(message);
  });
  it("rejects non-finite objectives, NaN crowding and malformed objectives", () => {
    const data = Float64Array.from(s0.objectives.data);
    data[3] = Number.NaN;
    expect(() => step({ ...s0, objectives: { ...s0.objectives, data } })).toThrow(
      /state\.objectives has a non-finite value at row 1/,
    );
    const crowding = Float64Array.from(s0.crowding);
    crowding[0] = Number.NaN;
    expect(() => step({ ...s0, crowding })).toThrow(/state\.crowding\[0\] must be >= 0/);
    expect(() =>
      step({ ...s0, objectives: { data: new Float64Array(8), rows: 8, cols: 2 } }),
    ).toThrow(/state\.objectives\.data length 8 does not equal rows \* cols/);
  });
  it("still steps a copied, valid state", () => {
    expect(step({ ...s0 }).generation).toBe(1);
  });
});

describe("nsga2Step: errors name the state field (review F3)", () => {
  const s = nsga2Init(schaffer(), createRng(1), { populationSize: 4 });
  it("names state.problem and its operators", () => {
    expect(() => nsga2Step({ ...s, problem: undefined as never })).toThrow(
      new TypeError("nsga2Step: state.problem must be an object (got undefined)"),
    );
    expect(() => nsga2Step({ ...s, problem: { ...s.problem, mutate: 1 } as never })).toThrow(
      /^nsga2Step: state\.problem\.mutate must be a function/,
    );
    expect(() => nsga2Step({ ...s, problem: { ...s.problem, repiar: () => 0 } as never })).toThrow(
      /unknown key "state\.problem\.repiar" \(did you mean "repair"\?\)/,
    );
  });
  it("names state.rng", () => {
    expect(() => nsga2Step({ ...s, rng: undefined as never })).toThrow(
      new TypeError(
        "nsga2Step: state.rng must be a function returning numbers in [0, 1) (got undefined)",
      ),
    );
  });
  it("names the array whose length differs, and both lengths", () => {
    expect(() => nsga2Step({ ...s, rank: [0, 0, 0] })).toThrow(
      new RangeError(
        "nsga2Step: state arrays do not match populationSize: state.rank.length is 3, state.populationSize is 4",
      ),
    );
    expect(() => nsga2Step({ ...s, population: s.population.slice(1) })).toThrow(
      /state\.population\.length is 3, state\.populationSize is 4$/,
    );
    expect(() => nsga2Step({ ...s, crowding: Array.from(s.crowding).slice(1) })).toThrow(
      /state\.crowding\.length is 3/,
    );
    expect(() => nsga2Step({ ...s, violation: new Float64Array(5) })).toThrow(
      /state\.violation\.length is 5/,
    );
    expect(() => nsga2Step({ ...s, populationSize: 6 })).toThrow(
      /state\.population\.length is 4, state\.populationSize is 6$/,
    );
  });
});

describe("nsga2Step: evaluate must be synchronous and return numbers (review F5)", () => {
  it("names a Promise from the offspring's evaluate, and a non-number objective", () => {
    let calls = 0;
    const p = schaffer();
    const later = (asyncAfter: number, bad: unknown) => ({
      ...p,
      evaluate: (g: readonly number[]) =>
        ++calls > asyncAfter ? (bad as number[]) : p.evaluate(g),
    });
    const s = nsga2Init(later(4, Promise.resolve([1, 2])), createRng(1), { populationSize: 4 });
    expect(() => nsga2Step(s)).toThrow(
      new TypeError(
        "nsga2Step: evaluate(offspring 0) returned a Promise: Promises are not supported, evaluate must be synchronous (not an async function)",
      ),
    );
    calls = 0;
    const t = nsga2Init(later(4, [1, "2"]), createRng(1), { populationSize: 4 });
    expect(() => nsga2Step(t)).toThrow(
      new TypeError(
        "nsga2Step: evaluate(offspring 0) returned objective 1 of type string; objectives must be numbers",
      ),
    );
  });
});
