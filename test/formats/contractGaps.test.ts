import { describe, expect, it } from "vitest";
import { combineRuns } from "../../src/formats/combineRuns.js";
import { failureLabels } from "../../src/formats/failureLabels.js";
import { parsePromptfooResults } from "../../src/formats/parsePromptfooResults.js";
import { parseSwebenchResults } from "../../src/formats/parseSwebenchResults.js";
import type { HarnessRuns } from "../../src/formats/types.js";

function holey<T>(a: readonly T[], k: number): T[] {
  const c = [...a];
  delete c[k];
  return c;
}

describe("formats: holes in id arrays fail like undefined", () => {
  it("parseSwebenchResults rejects a hole in options.items (it used to return an undefined item)", () => {
    expect(() =>
      parseSwebenchResults({ resolved: ["x"] }, { run: "a", items: holey(["x", "y", "z"], 1) }),
    ).toThrow(new TypeError("parseSwebenchResults: options.items[1] must be a string"));
  });

  it("parseSwebenchResults rejects a hole in a report's id list", () => {
    expect(() =>
      parseSwebenchResults({ resolved: holey(["x", "y"], 0) }, { run: "a", items: ["x", "y"] }),
    ).toThrow(/^parseSwebenchResults: resolved\[0\] is an empty slot/);
  });

  it("parsePromptfooResults rejects a hole in results", () => {
    const row = { testIdx: 0, promptIdx: 0, provider: "p", success: true, score: 1 };
    expect(() => parsePromptfooResults({ results: holey([row, row], 1) })).toThrow(
      /^parsePromptfooResults: results\[1\] is an empty slot/,
    );
  });

  it("combineRuns rejects a table whose items or runs are not distinct strings", () => {
    const t = (items: string[]): HarnessRuns => ({
      runs: ["a"],
      items,
      data: new Uint8Array(items.length),
      scores: new Float64Array(items.length),
    });
    expect(() => combineRuns([t(holey(["x", "y"], 1))])).toThrow(
      new TypeError("combineRuns: tables[0].items[1] must be a string (got undefined)"),
    );
    expect(() => combineRuns([t(["x", "x"])])).toThrow(
      new RangeError('combineRuns: tables[0].items[1] repeats "x"'),
    );
  });
});

describe("failureLabels(table) validates the table", () => {
  const data = Uint8Array.of(1, 0);
  it("names failureLabels and the field for a table without items (was a V8 'Cannot read properties')", () => {
    expect(() => failureLabels({ runs: ["a"], data } as unknown as HarnessRuns)).toThrow(
      new TypeError("failureLabels: table.items must be an array of item ids (got undefined)"),
    );
  });
  it("rejects items given as a string, a hole in runs, and non-Uint8Array data", () => {
    expect(() =>
      failureLabels({ runs: ["a"], items: "xy", data } as unknown as HarnessRuns),
    ).toThrow(/^failureLabels: table.items must be an array/);
    expect(() =>
      failureLabels({ runs: holey(["a", "b"], 0), items: ["x"], data } as unknown as HarnessRuns),
    ).toThrow(new TypeError("failureLabels: table.runs[0] must be a string (got undefined)"));
    expect(() =>
      failureLabels({ runs: ["a"], items: ["x", "y"], data: [1, 0] } as unknown as HarnessRuns),
    ).toThrow(
      new TypeError("failureLabels: table.data must be a Uint8Array of 0/1 (runs x items)"),
    );
  });
  it("rejects data of the wrong length or with values other than 0/1", () => {
    expect(() =>
      failureLabels({ runs: ["a"], items: ["x", "y", "z"], data } as unknown as HarnessRuns),
    ).toThrow(/^failureLabels: table.data length 2 does not equal runs \* items \(1 \* 3\)/);
    expect(() =>
      failureLabels({
        runs: ["a"],
        items: ["x", "y"],
        data: Uint8Array.of(2, 0),
      } as unknown as HarnessRuns),
    ).toThrow(/^failureLabels: table.data must hold 0 or 1/);
  });
  it("rejects scores with a NaN or an infinity, of another length or type (were taken: not read)", () => {
    const t = { runs: ["a"], items: ["x", "y"], data };
    for (const v of [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY]) {
      expect(() => failureLabels({ ...t, scores: Float64Array.of(1, v) })).toThrow(
        new RangeError(`failureLabels: table.scores[1] is not finite (got ${v})`),
      );
    }
    expect(() => failureLabels({ ...t, scores: Float64Array.of(1) })).toThrow(
      /^failureLabels: table\.scores length 1 does not equal table\.data length 2/,
    );
    expect(() => failureLabels({ ...t, scores: [1, 0] } as unknown as HarnessRuns)).toThrow(
      new TypeError("failureLabels: table.scores must be a Float64Array (runs x items)"),
    );
  });
  it("still flips a valid table", () => {
    const t = { runs: ["a"], items: ["x", "y"], data, scores: Float64Array.of(1, 0) };
    expect(Array.from(failureLabels(t))).toEqual([0, 1]);
  });
});
