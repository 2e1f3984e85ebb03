import { describe, expect, it } from "vitest";
import { createRng } from "../../src/core/rng.js";
import { rowMatrix } from "../../src/core/rowMatrix.js";
import { hypervolume } from "../../src/moea/hypervolume.js";
import { igd } from "../../src/moea/igd.js";
import { nonDominatedSort } from "../../src/moea/nonDominatedSort.js";
import { nsga2 } from "../../src/moea/nsga2.js";
import { nsga2Init } from "../../src/moea/nsga2Init.js";
import { nsga2Step } from "../../src/moea/nsga2Step.js";
import { spread } from "../../src/moea/spread.js";
import type { Nsga2Problem, Nsga2State } from "../../src/moea/types.js";
import { schaffer } from "./_schaffer.js";
import { zdt1, zdtProblem } from "./zdt.js";

const frontMatrix = (front: readonly { objectives: Float64Array }[]) =>
  rowMatrix(front.map((s) => Array.from(s.objectives)));

describe("nsga2(problem, rng, options)", () => {
  it("solves Schaffer's problem: the front lies on the Pareto set [0, 2]", () => {
    const { front, population, history } = nsga2(schaffer(), createRng(1), {
      populationSize: 40,
      generations: 60,
    });
    expect(population.length).toBe(40);
    expect(front.length).toBe(40);
    for (const s of front) {
      expect(s.genome[0]).toBeGreaterThan(-0.05);
      expect(s.genome[0]).toBeLessThan(2.05);
      // objectives are the genome's
      expect(Array.from(s.objectives)).toEqual([
        (s.genome[0] as number) ** 2,
        ((s.genome[0] as number) - 2) ** 2,
      ]);
    }
    expect(history.length).toBe(61);
    expect(history[0]?.generation).toBe(0);
    expect(history[60]?.evaluations).toBe(40 * 61);
  });
  it("the returned front is mutually non-dominated", () => {
    const { front } = nsga2(schaffer(), createRng(2), { populationSize: 20, generations: 10 });
    expect(nonDominatedSort(frontMatrix(front)).length).toBe(1);
  });
  it("same seed gives the same front; another seed a different one", () => {
    const run = (seed: number) =>
      nsga2(schaffer(), createRng(seed), { populationSize: 20, generations: 25 }).front.map((s) =>
        Array.from(s.objectives),
      );
    expect(run(7)).toEqual(run(7));
    expect(run(7)).not.toEqual(run(8));
  });
  it("ZDT1 (n = 30, pop 100, 250 generations, SBX/PM eta 20): one seed near the true front", () => {
    // Deb 2002's setting; the 10-seed medians are in bench/zdt.ts. For one seed:
    // true-front HV at (1.1, 1.1) is 0.8767, NSGA-II typically reaches 0.869.
    const z = zdt1();
    const { front } = nsga2(zdtProblem(z), createRng(1), {
      populationSize: 100,
      generations: 250,
      crossoverRate: 0.9,
      mutationRate: 1,
    });
    const F = frontMatrix(front);
    expect(front.length).toBe(100);
    expect(hypervolume(F, new Float64Array([1.1, 1.1]))).toBeGreaterThan(0.866);
    expect(igd(F, z.trueFront(1000))).toBeLessThan(0.007);
    const delta = spread(F, { extremes: z.extremes });
    expect(delta).toBeGreaterThan(0.25);
    expect(delta).toBeLessThan(0.5);
  });
  it("the ideal point never gets worse (elitism keeps each objective's best)", () => {
    const { history } = nsga2(zdtProblem(zdt1()), createRng(3), {
      populationSize: 20,
      generations: 40,
    });
    for (let g = 1; g < history.length; g++) {
      const prev = history[g - 1]?.ideal as Float64Array;
      const cur = history[g]?.ideal as Float64Array;
      expect(cur[0]).toBeLessThanOrEqual(prev[0] as number);
      expect(cur[1]).toBeLessThanOrEqual(prev[1] as number);
    }
  });
  it("handles constraints: starts infeasible, ends with a feasible front", () => {
    // Require x >= 1 (violation 1 - x); initial genomes lie in [-4, -3], all infeasible.
    const p = schaffer();
    const problem: Nsga2Problem<readonly number[]> = {
      ...p,
      init: (rng) => Object.freeze([-4 + rng()]),
      violation: (g) => Math.max(0, 1 - (g[0] as number)),
    };
    const { front, history } = nsga2(problem, createRng(4), {
      populationSize: 20,
      generations: 80,
    });
    expect(history[0]?.feasible).toBe(0);
    expect(front.length).toBeGreaterThan(0);
    for (const s of front) {
      expect(s.genome[0]).toBeGreaterThanOrEqual(1);
      expect(s.genome[0]).toBeLessThan(2.05);
    }
  });
  it("returns an empty front when nothing is feasible", () => {
    const problem = { ...schaffer(), violation: () => 1 };
    const { front, population } = nsga2(problem, createRng(5), {
      populationSize: 8,
      generations: 2,
    });
    expect(front).toEqual([]);
    expect(population.length).toBe(8);
  });
  it("applies repair to every initial genome and every changed offspring", () => {
    let calls = 0;
    const problem: Nsga2Problem<readonly number[]> = {
      ...schaffer(),
      repair: (g) => {
        calls++;
        return Object.freeze([Math.min(2, Math.max(0, g[0] as number))]);
      },
    };
    const { population } = nsga2(problem, createRng(6), {
      populationSize: 10,
      generations: 5,
      crossoverRate: 1,
      mutationRate: 1,
    });
    // crossover and mutation always apply: 10 initial + 5 * 10 offspring repairs
    expect(calls).toBe(60);
    for (const g of population) {
      expect(g[0]).toBeGreaterThanOrEqual(0);
      expect(g[0]).toBeLessThanOrEqual(2);
    }
  });
  it("rates 0 copy parents: the population only ever holds initial genomes", () => {
    const p = schaffer();
    const initial = new Set<readonly number[]>();
    const problem: Nsga2Problem<readonly number[]> = {
      ...p,
      init: (rng, i) => {
        const g = p.init(rng, i);
        initial.add(g);
        return g;
      },
    };
    const { population } = nsga2(problem, createRng(7), {
      populationSize: 8,
      generations: 5,
      crossoverRate: 0,
      mutationRate: 0,
    });
    for (const g of population) expect(initial.has(g)).toBe(true);
  });
  it("reports progress and stops early when asked", () => {
    const calls: [number, number][] = [];
    const { history } = nsga2(schaffer(), createRng(8), {
      populationSize: 8,
      generations: 10,
      onProgress: (done, total) => calls.push([done, total]),
      stop: (s) => s.generation >= 3,
    });
    expect(calls).toEqual([
      [0, 10],
      [1, 10],
      [2, 10],
      [3, 10],
    ]);
    expect(history.length).toBe(4);
  });
  it("a look-ahead nsga2Step inside stop gives the run's next state and leaves the run unchanged", () => {
    const options = { populationSize: 8, generations: 4 };
    const plain = nsga2(schaffer(), createRng(3), options);
    const seen: Nsga2State<readonly number[]>[] = [];
    let peeked: Nsga2State<readonly number[]> | undefined;
    const withPeek = nsga2(schaffer(), createRng(3), {
      ...options,
      stop: (s) => {
        seen.push(s);
        if (s.generation === 1) peeked = nsga2Step(s);
        return false;
      },
    });
    // the look-ahead drew from the run's rng: the loop's own step read those numbers again
    expect(withPeek.population).toEqual(plain.population);
    expect(peeked?.population).toEqual(seen[1]?.population);
  });
  it("leaves its options unchanged and matches nsga2Init + nsga2Step with the same seed", () => {
    const options = { populationSize: 12, generations: 6 };
    const r = nsga2(schaffer(), createRng(9), options);
    expect(Object.keys(options)).toEqual(["populationSize", "generations"]);
    let s = nsga2Init(schaffer(), createRng(9), { populationSize: 12 });
    for (let g = 0; g < 6; g++) s = nsga2Step(s);
    expect(s.population.map((g) => g[0])).toEqual(r.population.map((g) => g[0]));
  });
  it("raises on NaN objectives in the initial population, naming the genome", () => {
    let calls = 0;
    const problem = {
      ...schaffer(),
      evaluate: (g: readonly number[]) => (++calls === 6 ? [Number.NaN, 0] : [g[0] as number, 0]),
    };
    expect(() => nsga2(problem, createRng(1), { populationSize: 8, generations: 1 })).toThrow(
      /nsga2: evaluate\(genome 5\) returned a non-finite objective 0 \(got NaN\)/,
    );
  });
  it("raises on NaN objectives in the offspring, naming the offspring", () => {
    let calls = 0;
    const problem = {
      ...schaffer(),
      evaluate: (g: readonly number[]) =>
        ++calls === 8 + 3 ? [0, Number.NaN] : [g[0] as number, 1],
    };
    expect(() => nsga2(problem, createRng(1), { populationSize: 8, generations: 2 })).toThrow(
      /nsga2: evaluate\(offspring 2\) returned a non-finite objective 1/,
    );
  });
  it("raises on a changing number of objectives", () => {
    let calls = 0;
    const problem = { ...schaffer(), evaluate: () => (++calls === 3 ? [1] : [1, 2]) };
    expect(() => nsga2(problem, createRng(1), { populationSize: 4, generations: 1 })).toThrow(
      /returned 1 objectives, expected 2/,
    );
  });
  it("raises on an evaluate that returns no array", () => {
    const problem = { ...schaffer(), evaluate: () => 3 as never };
    expect(() => nsga2(problem, createRng(1), { populationSize: 4, generations: 1 })).toThrow(
      TypeError,
    );
  });
  it("raises on a negative or NaN violation", () => {
    const problem = { ...schaffer(), violation: () => -1 };
    expect(() => nsga2(problem, createRng(1), { populationSize: 4, generations: 1 })).toThrow(
      /violation\(genome 0\) must be a finite number >= 0/,
    );
    const nan = { ...schaffer(), violation: () => Number.NaN };
    expect(() => nsga2(nan, createRng(1), { populationSize: 4, generations: 1 })).toThrow(
      RangeError,
    );
  });
  it("raises on a crossover that does not return a pair", () => {
    const problem = { ...schaffer(), crossover: () => [Object.freeze([1])] as never };
    expect(() =>
      nsga2(problem, createRng(1), { populationSize: 4, generations: 1, crossoverRate: 1 }),
    ).toThrow(/crossover must return an array of two genomes/);
  });
  it("rejects a population size below 4 or odd", () => {
    expect(() => nsga2(schaffer(), createRng(1), { populationSize: 2, generations: 1 })).toThrow(
      /nsga2: populationSize must be at least 4/,
    );
    expect(() => nsga2(schaffer(), createRng(1), { populationSize: 7, generations: 1 })).toThrow(
      /nsga2: populationSize must be even/,
    );
    expect(() => nsga2(schaffer(), createRng(1), { populationSize: 6.5, generations: 1 })).toThrow(
      RangeError,
    );
  });
  it("rejects zero or missing generations", () => {
    expect(() => nsga2(schaffer(), createRng(1), { generations: 0 })).toThrow(
      /nsga2: generations must be at least 1/,
    );
    expect(() => nsga2(schaffer(), createRng(1), {} as never)).toThrow(/generations is required/);
  });
  it("rejects rates outside [0, 1], NaN included", () => {
    expect(() => nsga2(schaffer(), createRng(1), { generations: 1, crossoverRate: 1.2 })).toThrow(
      /crossoverRate must be at most 1/,
    );
    expect(() =>
      nsga2(schaffer(), createRng(1), { generations: 1, mutationRate: Number.NaN }),
    ).toThrow(/mutationRate/);
  });
  it("rejects a missing rng, missing operators and bad callbacks", () => {
    expect(() => nsga2(schaffer(), undefined as never, { generations: 1 })).toThrow(
      /rng must be a function/,
    );
    expect(() =>
      nsga2({ ...schaffer(), mutate: undefined } as never, createRng(1), { generations: 1 }),
    ).toThrow(/problem.mutate must be a function/);
    expect(() =>
      nsga2(schaffer(), createRng(1), { generations: 1, onProgress: 1 as never }),
    ).toThrow(TypeError);
    expect(() => nsga2(schaffer(), createRng(1), { generations: 1, stop: "x" as never })).toThrow(
      TypeError,
    );
    expect(() => nsga2(schaffer(), createRng(1), null as never)).toThrow(TypeError);
  });
});
