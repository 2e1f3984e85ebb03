import { describe, expect, it } from "vitest";
import { parsePromptfooResults } from "../../src/formats/parsePromptfooResults.js";
import { expected, fixture } from "./_fixtures.js";

const row = (testIdx: number, provider: unknown, success: boolean, extra: object = {}) => ({
  testIdx,
  promptIdx: 0,
  provider,
  success,
  ...extra,
});

describe("parsePromptfooResults(results, options)", () => {
  it("reads the results.json fixture: one run per provider", () => {
    const ref = expected.promptfoo;
    const r = parsePromptfooResults(fixture("promptfoo/results.json"), { source: "results.json" });
    expect(r.runs).toEqual(ref.runs);
    expect(r.items).toEqual(ref.items);
    expect(Array.from(r.data)).toEqual(ref.data);
    expect(Array.from(r.scores)).toEqual(ref.scores);
    expect(Array.from(r.errored)).toEqual(ref.errored);
    expect(r.descriptions[0]).toBe("greets in French");
  });

  it("names runs by provider label, then id, and by prompt when there are several", () => {
    const rows = [
      row(0, { id: "openai:gpt-4o", label: "big" }, true, { promptIdx: 0 }),
      row(0, { id: "openai:gpt-4o", label: "big" }, false, { promptIdx: 1 }),
      row(1, { id: "openai:gpt-4o", label: "big" }, false, { promptIdx: 0 }),
      row(1, { id: "openai:gpt-4o", label: "big" }, true, { promptIdx: 1 }),
    ];
    const r = parsePromptfooResults({ results: { results: rows } });
    expect(r.runs).toEqual(["big [prompt 0]", "big [prompt 1]"]);
    expect(Array.from(r.data)).toEqual([1, 0, 0, 1]);
    expect(Array.from(r.scores)).toEqual([1, 0, 0, 1]);
    // one prompt, two providers: promptfoo's promptIdx counts the columns (0 and 1), not prompts
    const columns = [
      row(0, "a", true, { promptIdx: 0 }),
      row(0, "b", false, { promptIdx: 1 }),
      row(1, "a", false, { promptIdx: 0 }),
      row(1, "b", true, { promptIdx: 1 }),
    ];
    expect(parsePromptfooResults({ results: { results: columns } }).runs).toEqual(["a", "b"]);
    // a file whose results is the array itself
    expect(parsePromptfooResults({ results: [row(0, "echo", true)] }).runs).toEqual(["echo"]);
  });

  it("errors name the source and the row", () => {
    const o = { source: "r.json" };
    const file = (rows: unknown[]) => ({ results: { results: rows } });
    expect(() => parsePromptfooResults(file([row(0, "a", true), row(0, "a", true)]), o)).toThrow(
      'parsePromptfooResults: r.json: results.results[1].testIdx repeats test 0 of run "a"',
    );
    expect(() => parsePromptfooResults(file([row(-1, "a", true)]), o)).toThrow(
      "parsePromptfooResults: r.json: results.results[0].testIdx must be an integer >= 0 (got -1)",
    );
    expect(() => parsePromptfooResults(file([row(0, "a", 1 as never)]), o)).toThrow(
      "parsePromptfooResults: r.json: results.results[0].success must be a boolean (got 1)",
    );
    expect(() => parsePromptfooResults(file([row(0, {}, true)]), o)).toThrow(
      /results\.results\[0\]\.provider must be a provider id/,
    );
    expect(() => parsePromptfooResults(file([row(0, "a", true, { score: "x" })]), o)).toThrow(
      /results\.results\[0\]\.score must be a finite number/,
    );
    expect(() => parsePromptfooResults(file([row(0, "a", true), row(1, "b", true)]), o)).toThrow(
      /ragged runs: run "b" has 1 items, run "a" 1 \(missing "0"\) \(extra "1"\)/,
    );
    expect(() => parsePromptfooResults(file([]), o)).toThrow(
      "parsePromptfooResults: r.json: results.results is empty",
    );
    expect(() => parsePromptfooResults({ results: 3 }, o)).toThrow(TypeError);
  });
});
