import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { readZipText } from "../../cli/zip.js";
import { parseInspectEval } from "../../src/formats/parseInspectEval.js";
import { DIR, expected } from "./_fixtures.js";

const FILE = `${DIR}/inspect/arc.eval`;

describe("parseInspectEval(entries, options)", () => {
  it("reads the entries of the .eval fixture (a stored header, deflated samples)", () => {
    const ref = expected.inspect["anthropic/claude-3-5-haiku"];
    if (ref === undefined) throw new Error("missing reference");
    const entries = readZipText(FILE, readFileSync(FILE));
    expect(Object.keys(entries)[0]).toBe("header.json");
    const r = parseInspectEval(entries, { source: "arc.eval" });
    expect(r.runs).toEqual(["anthropic/claude-3-5-haiku"]);
    expect(r.items).toEqual(ref.items);
    expect(Array.from(r.scores)).toEqual(ref.mean);
    expect(Array.from(r.data)).toEqual(ref.correct);
  });

  it("errors name the archive and the entry", () => {
    const header = JSON.stringify({ eval: { task: "t", model: "m" } });
    expect(() =>
      parseInspectEval({ "samples/a_epoch_1.json": "{}" }, { source: "x.eval" }),
    ).toThrow("parseInspectEval: x.eval: header.json is missing (not an Inspect .eval archive?)");
    expect(() => parseInspectEval({ "header.json": header }, { source: "x.eval" })).toThrow(
      "parseInspectEval: x.eval: the archive has no samples/<id>_epoch_<n>.json entry",
    );
    expect(() =>
      parseInspectEval(
        { "header.json": header, "samples/a_epoch_1.json": "{" },
        { source: "x.eval" },
      ),
    ).toThrow(/^parseInspectEval: x\.eval: samples\/a_epoch_1\.json: not valid JSON/);
    expect(() =>
      parseInspectEval(
        {
          "header.json": header,
          "samples/a_epoch_1.json": '{"id": "a", "scores": {"s": {"value": "Q"}}}',
        },
        { source: "x.eval" },
      ),
    ).toThrow(
      /^parseInspectEval: x\.eval: samples\/a_epoch_1\.json\.scores\.s\.value is not a score/,
    );
    expect(() =>
      parseInspectEval({ "header.json": header, "samples/a_epoch_1.json": 3 } as never),
    ).toThrow(TypeError);
  });
});

describe("parseInspectEval: errored and unscored samples", () => {
  it("reads them as parseInspectLog does, with the NaN constant in an entry", () => {
    const entries = {
      "header.json": JSON.stringify({ eval: { task: "arc", model: "m" }, status: "error" }),
      "samples/a_epoch_1.json": JSON.stringify({ id: "a", epoch: 1, scores: { s: { value: 1 } } }),
      "samples/b_epoch_1.json": '{"id": "b", "epoch": 1, "scores": {"s": {"value": NaN}}}',
      "samples/c_epoch_1.json": JSON.stringify({
        id: "c",
        epoch: 1,
        error: { message: "timeout", traceback: "" },
      }),
    };
    expect(() => parseInspectEval(entries, { source: "x.eval" })).toThrow(
      'parseInspectEval: x.eval: samples/b_epoch_1.json (id "b", epoch 1) is unscored',
    );
    const r = parseInspectEval(entries, { unscored: "skip" });
    expect(r.items).toEqual(["a"]);
    expect(r.unscoredSamples.map((s) => [s.id, s.reason, s.message])).toEqual([
      ["b", "unscored", ""],
      ["c", "error", "timeout"],
    ]);
  });
});
