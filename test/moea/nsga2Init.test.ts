import { describe, expect, it } from "vitest";
import { createRng } from "../../src/core/rng.js";
import { crowdingDistance } from "../../src/moea/crowdingDistance.js";
import { nonDominatedSort } from "../../src/moea/nonDominatedSort.js";
import { nsga2Init } from "../../src/moea/nsga2Init.js";
import { schaffer } from "./_schaffer.js";

describe("nsga2Init(problem, options)", () => {
  it("builds, evaluates and ranks the initial population", () => {
    const s = nsga2Init(schaffer(), createRng(1), { populationSize: 10 });
    expect(s.generation).toBe(0);
    expect(s.evaluations).toBe(10);
    expect(s.population.length).toBe(10);
    expect(s.objectives.rows).toBe(10);
    expect(s.objectives.cols).toBe(2);
    const fronts = nonDominatedSort(s.objectives);
    fronts.forEach((f, k) => {
      for (const i of f) expect(s.rank[i]).toBe(k);
    });
    expect(Array.from(s.crowding)).toEqual(Array.from(crowdingDistance(s.objectives, { fronts })));
    expect(Array.from(s.violation)).toEqual(new Array(10).fill(0));
  });
  it("uses the documented defaults: 100 genomes, rates 0.9 and 1", () => {
    const s = nsga2Init(schaffer(), createRng(2));
    expect(s.populationSize).toBe(100);
    expect(s.crossoverRate).toBe(0.9);
    expect(s.mutationRate).toBe(1);
  });
  it("passes the index to init and is deterministic", () => {
    const seen: number[] = [];
    const p = schaffer();
    nsga2Init(
      {
        ...p,
        init: (rng, i) => {
          seen.push(i);
          return p.init(rng, i);
        },
      },
      createRng(3),
      { populationSize: 4 },
    );
    expect(seen).toEqual([0, 1, 2, 3]);
    const a = nsga2Init(schaffer(), createRng(4), { populationSize: 6 });
    const b = nsga2Init(schaffer(), createRng(4), { populationSize: 6 });
    expect(a.population).toEqual(b.population);
  });
  it("names itself in errors: bad population size", () => {
    expect(() => nsga2Init(schaffer(), createRng(1), { populationSize: 5 })).toThrow(
      /nsga2Init: populationSize must be even/,
    );
  });
  it("names the genome whose objectives are NaN", () => {
    let calls = 0;
    const problem = { ...schaffer(), evaluate: () => (++calls === 1 ? [Number.NaN, 1] : [1, 1]) };
    expect(() => nsga2Init(problem, createRng(1), { populationSize: 4 })).toThrow(
      /nsga2Init: evaluate\(genome 0\)/,
    );
  });
  it("rejects an empty objective vector and a non-object problem", () => {
    const problem = { ...schaffer(), evaluate: () => [] };
    expect(() => nsga2Init(problem, createRng(1), { populationSize: 4 })).toThrow(TypeError);
    expect(() => nsga2Init(null as never, createRng(1))).toThrow(/nsga2Init: problem/);
  });
});

describe("nsga2Init: evaluate must be synchronous and return numbers (review F5)", () => {
  it("an async evaluate is a TypeError saying Promises are not supported", () => {
    const problem = {
      ...schaffer(),
      evaluate: async (g: readonly number[]) => [g[0] as number, 0],
    };
    expect(() => nsga2Init(problem as never, createRng(1), { populationSize: 4 })).toThrow(
      new TypeError(
        "nsga2Init: evaluate(genome 0) returned a Promise: Promises are not supported, evaluate must be synchronous (not an async function)",
      ),
    );
    // any thenable, at any genome
    let calls = 0;
    const p = schaffer();
    // biome-ignore lint/suspicious/noThenProperty: a thenable is the point
    const thenable = { length: 2, then: () => undefined };
    const late = {
      ...p,
      evaluate: (g: readonly number[]) => (++calls === 3 ? thenable : p.evaluate(g)),
    };
    expect(() => nsga2Init(late as never, createRng(1), { populationSize: 4 })).toThrow(
      /^nsga2Init: evaluate\(genome 2\) returned a Promise/,
    );
  });
  it("a rejecting async evaluate does not leave an unhandled rejection behind the TypeError", async () => {
    let rejected = false;
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on("unhandledRejection", onUnhandled);
    try {
      const problem = {
        ...schaffer(),
        evaluate: async () => {
          rejected = true;
          throw new Error("remote evaluation failed");
        },
      };
      expect(() => nsga2Init(problem as never, createRng(1), { populationSize: 4 })).toThrow(
        /returned a Promise/,
      );
      // let the rejection settle and Node look for a handler
      await new Promise((resolve) => setTimeout(resolve, 20));
    } finally {
      process.off("unhandledRejection", onUnhandled);
    }
    expect(rejected).toBe(true);
    expect(unhandled).toEqual([]);
    // a thenable that is not a Promise: its `then` is not called (it may throw, or start work)
    let called = 0;
    const lazy = {
      ...schaffer(),
      evaluate: () => ({
        // biome-ignore lint/suspicious/noThenProperty: a thenable is the point
        then() {
          called++;
          throw new Error("then threw");
        },
      }),
    };
    expect(() => nsga2Init(lazy as never, createRng(1), { populationSize: 4 })).toThrow(
      /returned a Promise/,
    );
    expect(called).toBe(0);
  });
  it("a non-number objective is a TypeError naming its type; NaN stays a RangeError", () => {
    const strings = { ...schaffer(), evaluate: () => ["1", "2"] };
    expect(() => nsga2Init(strings as never, createRng(1), { populationSize: 4 })).toThrow(
      new TypeError(
        "nsga2Init: evaluate(genome 0) returned objective 0 of type string; objectives must be numbers",
      ),
    );
    const nulls = { ...schaffer(), evaluate: () => [1, null] };
    expect(() => nsga2Init(nulls as never, createRng(1), { populationSize: 4 })).toThrow(
      new TypeError(
        "nsga2Init: evaluate(genome 0) returned objective 1 of type null; objectives must be numbers",
      ),
    );
    const nan = { ...schaffer(), evaluate: () => [1, Number.NaN] };
    expect(() => nsga2Init(nan, createRng(1), { populationSize: 4 })).toThrow(
      new RangeError("nsga2Init: evaluate(genome 0) returned a non-finite objective 1 (got NaN)"),
    );
  });
});
