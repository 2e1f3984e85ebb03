/**
 * The fuzz harness's own classification, on a made-up API with one function
 * per failure class (in this process: no children).
 */
import { describe, expect, it } from "vitest";
import { CaseRunner } from "./_case.js";
import { surface } from "./_exports.js";
import { misspell, mutations } from "./_mutate.js";
import { record } from "./_record.js";
import { ACCEPTED_BY_DESIGN, acceptedByDesign, NON_FINITE_INPUT } from "./_report.js";

const fake: Record<string, unknown> = {
  sum(x: Float64Array): number {
    if (!(x instanceof Float64Array)) throw new TypeError("sum: x must be a Float64Array");
    return x.reduce((a, b) => a + b, 0);
  },
  sortsInPlace(x: Float64Array): Float64Array {
    return x.sort();
  },
  misnamed(x: Float64Array): number {
    if (x.length === 0) throw new RangeError("helper: x is empty");
    return 1;
  },
  untyped(x: Float64Array): number {
    if (x.length === 0) throw new Error("untyped: x is empty");
    return 1;
  },
  draw(n: number, rng: () => number): number {
    return Math.floor(rng() * n);
  },
  unseeded(n: number, rng: () => number): number {
    // The bug the determinism check exists for: a second, unseeded source.
    return Math.floor(rng() * n) + Math.random();
  },
  makeRng(seed: number): () => number {
    let s = seed;
    return () => {
      s = (s * 16807) % 2147483647;
      return s / 2147483647;
    };
  },
};
const examples = [
  {
    where: "fake.ts:1",
    js: [
      "sum(new Float64Array([3, 1, 2]));",
      "sortsInPlace(new Float64Array([3, 1, 2]));",
      "misnamed(new Float64Array([1]));",
      "untyped(new Float64Array([1]));",
      "draw(10, makeRng(7));",
      "unseeded(10, makeRng(7));",
    ].join("\n"),
  },
];

describe("the fuzz harness on a made-up API", () => {
  const sf = surface(fake);
  // makeRng plays createRng: the harness tags the rngs it returns by their seed.
  const named = sf.callables.map((c) => (c.name === "makeRng" ? { ...c, own: "createRng" } : c));
  const sf2 = { ...sf, callables: named };
  const rec = record(fake, sf2, examples);
  const runner = new CaseRunner(sf2, rec, fake.makeRng as never);

  it("records each function's first call and lists its parameters", () => {
    expect([...rec.calls.keys()].sort()).toEqual(
      ["draw", "makeRng", "misnamed", "sortsInPlace", "sum", "unseeded", "untyped"].sort(),
    );
    expect(sf.callables.find((c) => c.name === "draw")?.params).toEqual(["n", "rng"]);
  });

  it("classifies typed errors, non-finite results, input mutation, misnamed and untyped errors", () => {
    expect(runner.run("sum", "valid").cls).toBe("ok");
    expect(runner.run("sum", "a0:NaN-inside").cls).toBe("nonfinite");
    expect(runner.run("sum", "a0:number[]")).toMatchObject({ cls: "typed", namesArg: true });
    expect(runner.run("sortsInPlace", "valid")).toMatchObject({ cls: "mutation" });
    expect(runner.run("misnamed", "a0:empty")).toMatchObject({ cls: "other", named: "helper" });
    expect(runner.run("untyped", "a0:empty").detail).toMatch(/^wrong class/);
  });

  it("checks determinism with a fresh seeded rng per call", () => {
    expect(runner.run("draw", "determinism").cls).toBe("ok");
    expect(runner.run("draw", "a1:rng-throws").cls).toBe("ok");
    expect(runner.run("draw", "a1:rng-returns-NaN").cls).toBe("nonfinite");
    expect(runner.run("unseeded", "determinism").cls).toBe("nondeterministic");
  });

  it("mutates options the way users get them wrong", () => {
    expect(misspell("level")).toBe("levl");
    const ids = mutations([new Float64Array([1]), { level: 0.9 }], ["x", "options"]).map(
      (m) => m.id,
    );
    expect(ids).toEqual(
      expect.arrayContaining([
        "a1:unknown-key",
        "a1:misspelt-level",
        "a1:non-object",
        "a1.level:NaN",
      ]),
    );
  });
});

describe("the allow-list of non-finite inputs accepted by design", () => {
  it("holds only non-finite mutation ids, each entry with a reason", () => {
    for (const a of ACCEPTED_BY_DESIGN) {
      expect(a.reason.length, a.fn).toBeGreaterThan(20);
      for (const id of a.ids) expect(id, `${a.fn} ${id}`).toMatch(NON_FINITE_INPUT);
    }
  });

  it("matches a case by its function and exact id, nothing else", () => {
    expect(acceptedByDesign({ fn: "normalCdf", id: "a0:+Infinity" })).toBe(true);
    expect(acceptedByDesign({ fn: "normalCdf", id: "a0:NaN" })).toBe(false);
    expect(acceptedByDesign({ fn: "normalQuantile", id: "a0:+Infinity" })).toBe(false);
  });
});
