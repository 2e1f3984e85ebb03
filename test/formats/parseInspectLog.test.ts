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

  it("refuses an epoch that is NaN, infinite or not an integer >= 1 (NaN and Infinity made one repeat key, null)", () => {
    for (const epoch of [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, 0, 1.5]) {
      expect(
        () => parseInspectLog(log([sample(1, 1, 1), sample(2, 1, epoch)])),
        String(epoch),
      ).toThrow(
        new RangeError(`parseInspectLog: samples[1].epoch must be an integer >= 1 (got ${epoch})`),
      );
    }
    // two samples of NaN epochs were taken as a repeat of one (id, epoch), two of NaN and Infinity too
    expect(() =>
      parseInspectLog(log([sample(1, 1, Number.NaN), sample(1, 0, Number.POSITIVE_INFINITY)])),
    ).toThrow(/^parseInspectLog: samples\[0\]\.epoch must be an integer >= 1 \(got NaN\)$/);
    expect(() =>
      parseInspectLog(log([{ ...sample(1, 1), epoch: "1" }]), { source: "l.json" }),
    ).toThrow(
      new TypeError('parseInspectLog: l.json: samples[0].epoch must be a number (got "1")'),
    );
    // a log without epochs is read as before
    const { epoch: _, ...noEpoch } = sample(1, 1);
    expect(Array.from(parseInspectLog(log([noEpoch])).scores)).toEqual([1]);
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

describe("parseInspectLog: errored and unscored samples (options.unscored)", () => {
  // as Inspect writes them: an errored sample has `error` and no `scores` (fail_on_error
  // tolerated it, or the log's status is "error"); Score.unscored() is the value NaN
  // (written as the constant NaN; older versions wrote null)
  const errored = (id: number, epoch = 1) => ({
    id,
    epoch,
    error: { message: "RateLimitError: 429\nretry later", traceback: "..." },
  });
  const mixed = log([
    sample(1, "C", 1),
    errored(1, 2),
    sample(2, null),
    errored(3),
    sample(4, "I"),
  ]);

  it("fails by default with a message naming the sample, its epoch and why", () => {
    expect(() => parseInspectLog(log([sample(1, "C"), errored(2)]), { source: "l.json" })).toThrow(
      'parseInspectLog: l.json: samples[1] (id "2", epoch 1) errored ("RateLimitError: 429"): it has no scores; set options.unscored to "skip" to leave such samples out (as Inspect\'s metrics do) or "incorrect" to count them as 0',
    );
    expect(() => parseInspectLog(log([sample(1, "C"), sample(2, null)]))).toThrow(
      /^parseInspectLog: samples\[1\] \(id "2", epoch 1\) is unscored: its scores\.match\.value is null \(Score\.unscored\(\) is written as NaN or null\); set options\.unscored/,
    );
    expect(() => parseInspectLog(log([sample(1, "C"), sample(2, Number.NaN)]))).toThrow(RangeError);
  });

  it('"skip" leaves those epochs out, as Inspect does, and lists them', () => {
    const r = parseInspectLog(mixed, { unscored: "skip" });
    expect(r.items).toEqual(["1", "4"]);
    expect(Array.from(r.scores)).toEqual([1, 0]);
    expect(Array.from(r.epochs)).toEqual([1, 1]);
    expect(r.unscoredSamples).toEqual([
      { id: "1", epoch: 2, reason: "error", message: "RateLimitError: 429\nretry later" },
      { id: "2", epoch: 1, reason: "unscored", message: "" },
      { id: "3", epoch: 1, reason: "error", message: "RateLimitError: 429\nretry later" },
    ]);
    expect(parseInspectLog(log([sample(1, "C")])).unscoredSamples).toEqual([]);
  });

  it('"incorrect" counts them as 0', () => {
    const r = parseInspectLog(mixed, { unscored: "incorrect" });
    expect(r.items).toEqual(["1", "2", "3", "4"]);
    expect(Array.from(r.scores)).toEqual([0.5, 0, 0, 0]);
    expect(Array.from(r.data)).toEqual([0, 0, 0, 0]);
    expect(Array.from(r.epochs)).toEqual([2, 1, 1, 1]);
    expect(r.unscoredSamples).toHaveLength(3);
  });

  it("takes the scorer from a scored sample when the first one errored", () => {
    const r = parseInspectLog(log([errored(1), sample(2, "C")]), { unscored: "skip" });
    expect(r.scorer).toBe("match");
    expect(r.items).toEqual(["2"]);
    // an errored sample holding only the scorers that ran is still an errored sample
    const partial = {
      ...errored(3),
      scores: { other: { value: 1 } },
    };
    expect(parseInspectLog(log([sample(2, "C"), partial]), { unscored: "skip" }).items).toEqual([
      "2",
    ]);
    // without an error, a missing scorer stays an error
    expect(() =>
      parseInspectLog(log([sample(2, "C"), { id: 3, epoch: 1, scores: { other: { value: 1 } } }]), {
        unscored: "skip",
      }),
    ).toThrow('samples[1].scores has no scorer "match"');
  });

  it("reads the NaN constant Inspect writes, and refuses a log with no scored sample", () => {
    const text = JSON.stringify(log([sample(1, "C"), sample(2, "__NAN__")])).replace(
      '"__NAN__"',
      "NaN",
    );
    expect(() => parseInspectLog(text)).toThrow(
      /samples\[1\] \(id "2", epoch 1\) is unscored: its scores\.match\.value is NaN/,
    );
    const r = parseInspectLog(text, { unscored: "skip" });
    expect(r.items).toEqual(["1"]);
    expect(r.unscoredSamples).toEqual([{ id: "2", epoch: 1, reason: "unscored", message: "" }]);
    // "NaN" inside a string stays a string; bad JSON is still reported as such
    const named = JSON.stringify(log([sample("NaN", "C"), sample('say "NaN"', "__NAN__")]));
    const kept = parseInspectLog(named.replace('"__NAN__"', "NaN"), { unscored: "skip" });
    expect(kept.items).toEqual(["NaN"]);
    expect(kept.unscoredSamples[0]?.id).toBe('say "NaN"');
    expect(() => parseInspectLog('{"samples": [NaN,')).toThrow(/^parseInspectLog: not valid JSON/);
    expect(() => parseInspectLog(log([errored(1)]), { unscored: "skip" })).toThrow(
      'parseInspectLog: samples has no scored sample (all 1 errored or are unscored, left out by options.unscored "skip")',
    );
    expect(() => parseInspectLog(log([sample(1, "C")]), { unscored: "drop" as never })).toThrow(
      RangeError,
    );
  });
});
