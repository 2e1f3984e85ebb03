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
      // names the rows that named the runs and the tests (was 'run "b" has 1 items, run "a" 1 (missing "0") (extra "1")')
      'parsePromptfooResults: r.json: ragged runs: run "b" (results.results[1].provider) has 1 items, run "a" (results.results[0].provider) 1 (missing "0" of results.results[0].testIdx) (extra "1" of results.results[1].testIdx)',
    );
    // a run named by its prompt: the message names the promptIdx that made the name
    expect(() =>
      parsePromptfooResults(
        file([
          row(0, "a", true, { promptIdx: 9 }),
          row(1, "a", true, { promptIdx: 0 }),
          row(0, "b", true),
          row(1, "b", true),
        ]),
        o,
      ),
    ).toThrow(
      'parsePromptfooResults: r.json: ragged runs: run "a [prompt 0]" (results.results[1].provider and .promptIdx) has 1 items, run "a [prompt 9]" (results.results[0].provider and .promptIdx) 1 (missing "0" of results.results[0].testIdx) (extra "1" of results.results[1].testIdx)',
    );
    expect(() => parsePromptfooResults(file([]), o)).toThrow(
      "parsePromptfooResults: r.json: results.results is empty",
    );
    expect(() => parsePromptfooResults({ results: 3 }, o)).toThrow(TypeError);
  });

  it("refuses a results.version that is NaN, infinite or not an integer >= 1 (was taken)", () => {
    const rows = [row(0, "a", true)];
    for (const version of [
      Number.NaN,
      Number.POSITIVE_INFINITY,
      Number.NEGATIVE_INFINITY,
      0,
      2.5,
    ]) {
      expect(
        () => parsePromptfooResults({ results: { version, results: rows } }),
        String(version),
      ).toThrow(
        new RangeError(
          `parsePromptfooResults: results.version must be an integer >= 1 (got ${version})`,
        ),
      );
    }
    expect(() =>
      parsePromptfooResults({ results: { version: "3", results: rows } }, { source: "r.json" }),
    ).toThrow(
      new TypeError('parsePromptfooResults: r.json: results.version must be a number (got "3")'),
    );
    expect(parsePromptfooResults({ results: { version: 3, results: rows } }).runs).toEqual(["a"]);
  });
});
