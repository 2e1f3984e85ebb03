import { describe, expect, it } from "vitest";
import { parseSwebenchResults } from "../../src/formats/parseSwebenchResults.js";
import { expected, fixture, swebenchItems } from "./_fixtures.js";

describe("parseSwebenchResults(report, options)", () => {
  it("reads the harness run report of a real run (schema 2)", () => {
    const r = parseSwebenchResults(fixture("swebench/gemini-3-pro-preview.mini-v1.15.0.json"), {
      run: "gemini",
    });
    expect(r.format).toBe("harness");
    expect(r.runs).toEqual(["gemini"]);
    expect(r.items).toEqual(expected.swebench.harness.items);
    expect(Array.from(r.data)).toEqual(expected.swebench.harness.resolved);
    expect(Array.from(r.scores)).toEqual(expected.swebench.harness.resolved);
  });

  for (const [sub, ref] of Object.entries(expected.swebench.leaderboard)) {
    it(`reads the leaderboard results.json of ${sub}`, () => {
      const r = parseSwebenchResults(fixture(`swebench/${sub}/results/results.json`), {
        run: sub,
        items: swebenchItems,
      });
      expect(r.format).toBe("leaderboard");
      expect(r.items).toEqual(swebenchItems);
      expect(Array.from(r.data)).toEqual(ref);
    });
  }

  it("counts unsubmitted instances as unresolved only when the items are given", () => {
    const report = { total_instances: 3, submitted_ids: ["a", "b"], resolved_ids: ["b"] };
    expect(() => parseSwebenchResults(report, { run: "r", source: "r.json" })).toThrow(
      "parseSwebenchResults: r.json: submitted_ids covers 2 of total_instances 3: pass options.items",
    );
    expect(
      Array.from(parseSwebenchResults(report, { run: "r", items: ["c", "b", "a"] }).data),
    ).toEqual([0, 1, 0]);
  });

  it("errors name the source and the field", () => {
    const o = { run: "r", source: "r.json" };
    expect(() => parseSwebenchResults({ resolved: ["x"] }, o)).toThrow(
      "parseSwebenchResults: r.json: a leaderboard results.json lists only resolved (and no_generation, no_logs) ids: pass options.items",
    );
    expect(() =>
      parseSwebenchResults({ resolved: ["x", "z"] }, { ...o, items: ["x", "y"] }),
    ).toThrow('parseSwebenchResults: r.json: resolved[1] "z" is not one of the 2 items');
    expect(() => parseSwebenchResults({ resolved_ids: [1] }, { ...o, items: ["x"] })).toThrow(
      "parseSwebenchResults: r.json: resolved_ids[0] must be a string (got 1)",
    );
    expect(() => parseSwebenchResults({ resolved_ids: [] }, o)).toThrow(/has no submitted_ids/);
    expect(() => parseSwebenchResults({ other: 1 }, o)).toThrow(
      /has neither resolved_ids .* nor resolved/,
    );
    expect(() => parseSwebenchResults({ resolved: [] }, { items: ["x"] } as never)).toThrow(
      /options\.run is required/,
    );
    expect(() => parseSwebenchResults({ resolved: [] }, { ...o, items: ["x", "x"] })).toThrow(
      'parseSwebenchResults: options.items[1] repeats "x"',
    );
    expect(() => parseSwebenchResults("[", o)).toThrow(/not valid JSON/);
  });
});
