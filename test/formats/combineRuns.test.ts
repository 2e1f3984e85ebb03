import { describe, expect, it } from "vitest";
import { combineRuns } from "../../src/formats/combineRuns.js";
import { failureLabels } from "../../src/formats/failureLabels.js";
import { parseInspectLog } from "../../src/formats/parseInspectLog.js";
import { parsePromptfooResults } from "../../src/formats/parsePromptfooResults.js";
import { parseSwebenchReports } from "../../src/formats/parseSwebenchReports.js";
import { parseSwebenchResults } from "../../src/formats/parseSwebenchResults.js";
import { outcomes } from "../../src/subset/outcomes.js";
import { expected, fixture, swebenchItems } from "./_fixtures.js";

const subs = Object.keys(expected.swebench.leaderboard);
const tables = subs.map((sub) =>
  parseSwebenchResults(fixture(`swebench/${sub}/results/results.json`), {
    run: sub,
    items: swebenchItems,
  }),
);

describe("combineRuns(tables)", () => {
  it("stacks runs over the same items and matches outcomes() of the same records", () => {
    const t = combineRuns(tables);
    expect(t.runs).toEqual(subs);
    const ref = outcomes(
      subs.flatMap((run) =>
        swebenchItems.map((item, i) => ({
          run,
          item,
          resolved: expected.swebench.leaderboard[run]?.[i] ?? -1,
        })),
      ),
    );
    expect(t.items).toEqual(ref.items);
    expect(Array.from(t.data)).toEqual(Array.from(ref.data));
  });

  it("reorders items to the first table's order", () => {
    const a = parseSwebenchResults({ resolved: ["x"] }, { run: "a", items: ["x", "y"] });
    const b = parseSwebenchResults({ resolved: ["y"] }, { run: "b", items: ["y", "x"] });
    expect(Array.from(combineRuns([a, b]).data)).toEqual([1, 0, 0, 1]);
  });

  it("refuses differing items and repeated run names", () => {
    const a = parseSwebenchResults({ resolved: ["x"] }, { run: "a", items: ["x", "y"] });
    const c = parseSwebenchResults({ resolved: [] }, { run: "c", items: ["x"] });
    expect(() => combineRuns([a, c])).toThrow(
      'combineRuns: tables[1] (runs "c") has 1 items, tables[0] 2 (missing "y")',
    );
    expect(() => combineRuns([a, a])).toThrow(
      'combineRuns: run name "a" appears twice (tables[0] and tables[1])',
    );
    expect(() => combineRuns([])).toThrow(RangeError);
    const empty = (runs: string[], items: string[]) => ({
      runs,
      items,
      data: new Uint8Array(0),
      scores: new Float64Array(0),
    });
    expect(() => combineRuns([empty(["a"], []), empty(["b"], [])])).toThrow(
      "combineRuns: tables[0] has no items",
    );
    expect(() => combineRuns([empty([], ["x"])])).toThrow("combineRuns: tables[0] has no runs");
    expect(() => combineRuns([{}] as never)).toThrow(TypeError);
    const nan = { ...a, scores: Float64Array.from(a.scores, (v, i) => (i === 1 ? Number.NaN : v)) };
    expect(() => combineRuns([nan])).toThrow(
      "combineRuns: tables[0].scores[1] is not finite (got NaN)",
    );
    const two = { ...a, data: Uint8Array.from(a.data, (v, i) => (i === 0 ? 2 : v)) };
    expect(() => combineRuns([two])).toThrow(
      "combineRuns: tables[0].data[0] must be 0 or 1 (got 2)",
    );
  });
});

describe("failureLabels(table, options)", () => {
  it("flips the harness polarity (1 = correct) to TCS labels (1 = failure)", () => {
    const t = combineRuns(tables);
    const sub = subs[0] as string;
    const labels = failureLabels(t, { run: sub });
    expect(Array.from(labels)).toEqual(expected.swebench.leaderboard[sub]?.map((v) => 1 - v));
    expect(() => failureLabels(t)).toThrow(/table has 2 runs: choose one with options.run/);
    expect(() => failureLabels(t, { run: "nope" })).toThrow(/run "nope" is not in the table/);
  });
});

describe("importers leave their inputs unchanged", () => {
  const deepFreeze = <T>(o: T): T => {
    if (typeof o === "object" && o !== null) {
      for (const v of Object.values(o)) deepFreeze(v);
      Object.freeze(o);
    }
    return o;
  };
  it("parse frozen objects without writing to them", () => {
    const log = deepFreeze(JSON.parse(fixture("inspect/arc.json")) as unknown);
    const pf = deepFreeze(JSON.parse(fixture("promptfoo/results.json")) as unknown);
    const det = deepFreeze(
      JSON.parse(
        fixture(
          "swebench/20251124_mini-v1.16.0_claude-opus-4-5-20251101/per_instance_details.json",
        ),
      ) as unknown,
    );
    const before = JSON.stringify([log, pf, det]);
    expect(parseInspectLog(log).runs).toEqual(["openai/gpt-4o-mini"]);
    expect(parsePromptfooResults(pf).runs.length).toBe(2);
    expect(
      parseSwebenchReports(det, { run: "d", items: deepFreeze([...swebenchItems]) }).items.length,
    ).toBe(20);
    const snapshot = tables.map((t) => Array.from(t.data).join());
    combineRuns(tables);
    expect(tables.map((t) => Array.from(t.data).join())).toEqual(snapshot);
    expect(JSON.stringify([log, pf, det])).toBe(before);
  });
});
