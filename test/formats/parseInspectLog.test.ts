import { describe, expect, it } from "vitest";
import { parseInspectLog } from "../../src/formats/parseInspectLog.js";
import { expected, fixture } from "./_fixtures.js";

const sample = (id: number | string, value: unknown, epoch = 1) => ({
  id,
  epoch,
  scores: { match: { value } },
});
const log = (samples: unknown[]) => ({ eval: { task: "t", model: "m" }, samples });

describe("parseInspectLog(log, options)", () => {
  it("reads the JSON log fixture: epoch means and correctness (numpy)", () => {
    const ref = expected.inspect["openai/gpt-4o-mini"];
    if (ref === undefined) throw new Error("missing reference");
    const r = parseInspectLog(fixture("inspect/arc.json"), { source: "arc.json" });
    expect(r.runs).toEqual(["openai/gpt-4o-mini"]);
    expect(r.task).toBe("arc_easy");
    expect(r.scorer).toBe("choice");
    expect(r.reducer).toBe("mean");
    expect(r.items).toEqual(ref.items);
    expect(Array.from(r.scores)).toEqual(ref.mean);
    expect(Array.from(r.data)).toEqual(ref.correct);
    expect(Array.from(r.epochs)).toEqual([2, 2, 2, 2, 2]);
  });

  it("maps values as Inspect's value_to_float does", () => {
    const values = ["C", "I", "P", "N", 0.25, true, false, "yes", "FALSE", "0.75"];
    const r = parseInspectLog(log(values.map((v, k) => sample(k, v))), { threshold: 0.5 });
    expect(Array.from(r.scores)).toEqual([1, 0, 0.5, 0, 0.25, 1, 0, 1, 0, 0.75]);
    expect(Array.from(r.data)).toEqual([1, 0, 1, 0, 0, 1, 0, 1, 0, 1]);
    // decimal text only: "1e-1" and ".5" are numbers, "0x1" and " 1 " are not (Number() read them)
    const more = parseInspectLog(log(["1e-1", ".5", "+2"].map((v, k) => sample(k, v))));
    expect(Array.from(more.scores)).toEqual([0.1, 0.5, 2]);
    for (const bad of ["0x1", " 1 ", "1,5"]) {
      expect(() => parseInspectLog(log([sample(0, bad)]))).toThrow(/is not a score/);
    }
  });

  it("reduces epochs by mean, median, mode (ties to the first) and max", () => {
    const s = [
      sample(1, 1, 1),
      sample(1, 0, 2),
      sample(1, 0, 3),
      sample(2, 0.5, 1),
      sample(2, 1, 2),
    ];
    const by = (reducer: "mean" | "median" | "mode" | "max") =>
      Array.from(parseInspectLog(log(s), { reducer }).scores);
    expect(by("mean")).toEqual([1 / 3, 0.75]);
    expect(by("median")).toEqual([0, 0.75]);
    expect(by("mode")).toEqual([0, 0.5]);
    expect(by("max")).toEqual([1, 1]);
    expect(Array.from(parseInspectLog(log(s)).epochs)).toEqual([3, 2]);
    // a tie is decided by the final counts, not by which value reaches the count first
    const tie = [0, 1, 1, 0].map((v, k) => sample(1, v, k + 1));
    expect(Array.from(parseInspectLog(log(tie), { reducer: "mode" }).scores)).toEqual([0]);
  });

  it("refuses a repeated (id, epoch) instead of counting it as one more epoch", () => {
    expect(() => parseInspectLog(log([sample(1, 1, 1), sample(1, 0, 1)]))).toThrow(
      /^parseInspectLog: samples\[1\] repeats id "1" epoch 1$/,
    );
  });

  it("chooses a scorer, and names the run", () => {
    const two = log([{ id: "a", epoch: 1, scores: { x: { value: "C" }, y: { value: "I" } } }]);
    expect(() => parseInspectLog(two, { source: "l.json" })).toThrow(
      "parseInspectLog: l.json: samples[0].scores has 2 scorers (x, y): choose one with options.scorer",
    );
    expect(Array.from(parseInspectLog(two, { scorer: "y" }).data)).toEqual([0]);
    expect(parseInspectLog(two, { scorer: "x", run: "r1" }).runs).toEqual(["r1"]);
  });

  it("errors name the source, the sample and the field", () => {
    const o = { source: "l.json" };
    expect(() => parseInspectLog(log([sample(1, { a: 1 })]), o)).toThrow(
      'parseInspectLog: l.json: samples[0].scores.match.value is not a score ("C", "I", "P", "N", a number or a boolean) (got {"a":1})',
    );
    expect(() =>
      parseInspectLog(
        log([sample(1, "C"), { id: 2, epoch: 1, scores: { other: { value: 1 } } }]),
        o,
      ),
    ).toThrow('parseInspectLog: l.json: samples[1].scores has no scorer "match" (scorers: other)');
    expect(() => parseInspectLog(log([sample(1.5, "C")]), o)).toThrow(
      "parseInspectLog: l.json: samples[0].id must be a string or an integer id (got 1.5)",
    );
    expect(() => parseInspectLog(log([]), o)).toThrow(/samples is empty/);
    expect(() => parseInspectLog({ samples: [sample(1, "C")] }, o)).toThrow(
      "parseInspectLog: l.json: eval must be an object (got undefined)",
    );
    expect(() => parseInspectLog("{", o)).toThrow(/^parseInspectLog: l\.json: not valid JSON/);
    expect(() => parseInspectLog(log([sample(1, "C")]), { reducer: "sum" as never })).toThrow(
      RangeError,
    );
    expect(() => parseInspectLog(log([sample(1, "C")]), { threshold: Number.NaN })).toThrow(
      RangeError,
    );
  });
});
