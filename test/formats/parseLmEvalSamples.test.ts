import { describe, expect, it } from "vitest";
import { confidence } from "../../src/features/confidence.js";
import { parseLmEvalSamples } from "../../src/formats/parseLmEvalSamples.js";
import { expected, fixture } from "./_fixtures.js";

const DATE = "2024-06-01T10-00-00.000000";
const file = (m: string, kind: string): string =>
  `lm-eval/${m}/${kind === "samples" ? `samples_arc_easy_${DATE}.jsonl` : `results_${DATE}.json`}`;

describe("parseLmEvalSamples(text, options)", () => {
  for (const model of ["EleutherAI/pythia-160m", "EleutherAI/pythia-410m"]) {
    it(`reads the ${model} fixture: acc and the softmax of the log-likelihoods (scipy)`, () => {
      const folder = model.replace("/", "__");
      const ref = expected.lmEval[model];
      if (ref === undefined) throw new Error("missing reference");
      const r = parseLmEvalSamples(fixture(file(folder, "samples")), {
        results: fixture(file(folder, "results")),
      });
      expect(r.runs).toEqual([model]);
      expect(r.items).toEqual(["0", "1", "2", "3", "4", "5"]);
      expect(Array.from(r.data)).toEqual(ref.acc);
      expect(Array.from(r.scores)).toEqual(ref.acc);
      expect(r.metric).toBe("acc");
      expect(r.filter).toBe("none");
      expect(r.probs?.rows).toBe(6);
      expect(r.probs?.cols).toBe(4);
      expect(Array.from(r.choices ?? [])).toEqual([4, 4, 4, 4, 4, 4]);
      const probs = Array.from(r.probs?.data ?? []);
      ref.probs.flat().forEach((p, k) => {
        expect(probs[k]).toBeCloseTo(p, 14);
      });
      // the features work on the result directly
      expect(confidence(r.probs ?? { data: new Float64Array(), rows: 0, cols: 0 }).length).toBe(6);
    });
  }

  it("names the run from options.run, results.model_name or config.model_args", () => {
    const line = '{"doc_id": 0, "acc": 1}';
    expect(parseLmEvalSamples(line, { run: "x" }).runs).toEqual(["x"]);
    expect(parseLmEvalSamples(line, { results: { model_name: "m" } }).runs).toEqual(["m"]);
    expect(
      parseLmEvalSamples(line, {
        results: { config: { model_args: "dtype=float16,pretrained=org/m2" } },
      }).runs,
    ).toEqual(["org/m2"]);
    expect(() => parseLmEvalSamples(line)).toThrow(TypeError);
    expect(() => parseLmEvalSamples(line, { results: { config: {} } })).toThrow(/no model_name/);
  });

  it("reads generation tasks (no probabilities), booleans, and chooses among filters", () => {
    const text = [
      '{"doc_id": 0, "filter": "strict-match", "filtered_resps": ["42"], "exact_match": 1.0}',
      '{"doc_id": 0, "filter": "flexible-extract", "filtered_resps": ["42"], "exact_match": 1.0}',
      '{"doc_id": 1, "filter": "strict-match", "filtered_resps": ["[invalid]"], "exact_match": 0.0}',
      '{"doc_id": 1, "filter": "flexible-extract", "filtered_resps": ["7"], "exact_match": true}',
    ].join("\n");
    expect(() => parseLmEvalSamples(text, { run: "m", source: "g.jsonl" })).toThrow(
      "parseLmEvalSamples: g.jsonl: the file holds several filters (strict-match, flexible-extract): choose one with options.filter",
    );
    const strict = parseLmEvalSamples(text, { run: "m", filter: "strict-match" });
    expect(strict.metric).toBe("exact_match");
    expect(Array.from(strict.data)).toEqual([1, 0]);
    expect(strict.probs).toBeUndefined();
    expect(
      Array.from(parseLmEvalSamples(text, { run: "m", filter: "flexible-extract" }).data),
    ).toEqual([1, 1]);
    expect(() => parseLmEvalSamples(text, { run: "m", filter: "none" })).toThrow(
      /matches no sample/,
    );
  });

  it("never reads generated text as log-likelihoods", () => {
    const text = '{"doc_id": 0, "filtered_resps": ["42", "17"], "exact_match": 1}';
    expect(parseLmEvalSamples(text, { run: "m" }).probs).toBeUndefined();
    const nums = '{"doc_id": 0, "filtered_resps": [-1.5, -0.5], "acc": 0}';
    expect(
      Array.from(parseLmEvalSamples(nums, { run: "m" }).probs?.data ?? []).map((p) => p.toFixed(4)),
    ).toEqual(["0.2689", "0.7311"]);
  });

  it("leaves its input objects unchanged", () => {
    const results = Object.freeze({
      model_name: "m",
      config: Object.freeze({ model_args: "pretrained=x" }),
    });
    expect(parseLmEvalSamples('{"doc_id": 0, "acc": 1}', { results }).runs).toEqual(["m"]);
  });

  it("pads items with fewer choices with probability 0", () => {
    const text = [
      '{"doc_id": 0, "filtered_resps": [["-1", "True"], ["-1", "False"]], "acc": 1}',
      '{"doc_id": 1, "filtered_resps": [["0", "True"], ["0", "False"], ["0", "False"], ["0", "False"]], "acc": 0}',
    ].join("\n");
    const r = parseLmEvalSamples(text, { run: "m" });
    expect(Array.from(r.probs?.data ?? [])).toEqual([0.5, 0.5, 0, 0, 0.25, 0.25, 0.25, 0.25]);
    expect(Array.from(r.choices ?? [])).toEqual([2, 4]);
  });

  it('reads "-inf" as a choice of probability 0, wherever the sample is', () => {
    const ok = '{"doc_id": 0, "filtered_resps": [["-0.5","True"],["-2.0","False"]], "acc": 1}';
    const inf = '{"doc_id": 1, "filtered_resps": [["-inf","False"],["-0.1","True"]], "acc": 1}';
    for (const text of [`${inf}\n${ok}`, `${ok}\n${inf}`]) {
      const r = parseLmEvalSamples(text, { run: "m" });
      const row = r.items.indexOf("1");
      expect(r.probs?.data[row * 2]).toBe(0);
      expect(r.probs?.data[row * 2 + 1]).toBe(1);
    }
    const nan = '{"doc_id": 1, "filtered_resps": [["nan","False"],["-0.1","True"]], "acc": 1}';
    for (const text of [`${nan}\n${ok}`, `${ok}\n${nan}`]) {
      expect(() => parseLmEvalSamples(text, { run: "m" })).toThrow(/is not a log-likelihood/);
    }
    const allInf = '{"doc_id": 1, "filtered_resps": [["-inf","False"],["-inf","True"]], "acc": 1}';
    expect(() => parseLmEvalSamples(`${ok}\n${allInf}`, { run: "m" })).toThrow(
      /is "-inf" for every choice/,
    );
  });

  it("reads a large multiple-choice file (no spread of one argument per sample)", () => {
    const lines: string[] = [];
    for (let i = 0; i < 200_000; i++)
      lines.push(
        `{"doc_id": ${i}, "filtered_resps": [["-0.5","True"],["-2.0","False"]], "acc": 1}`,
      );
    expect(parseLmEvalSamples(lines.join("\n"), { run: "m" }).probs?.rows).toBe(200_000);
  });

  it("errors name the source, the line and the field", () => {
    const o = { run: "m", source: "s.jsonl" };
    expect(() => parseLmEvalSamples('{"doc_id": 0, "acc": 1}\n{"doc_id": 0, "acc": 1}', o)).toThrow(
      'parseLmEvalSamples: s.jsonl: line 2: field "doc_id" repeats an earlier sample (got 0)',
    );
    expect(() => parseLmEvalSamples('{"doc_id": 0, "acc": 1}\n{oops', o)).toThrow(
      /^parseLmEvalSamples: s\.jsonl: line 2: is not valid JSON/,
    );
    expect(() => parseLmEvalSamples('{"doc_id": 0, "acc": 1}\n{"doc_id": 1}', o)).toThrow(
      'parseLmEvalSamples: s.jsonl: line 2: has no field "acc"',
    );
    expect(() => parseLmEvalSamples('{"doc_id": null, "acc": 1}', o)).toThrow(
      'parseLmEvalSamples: s.jsonl: line 1: field "doc_id" must be a string or an integer id (got null)',
    );
    expect(() => parseLmEvalSamples('{"doc_id": 0, "bleu": 3.5}', o)).toThrow(
      /has no acc or exact_match field/,
    );
    const mc = '{"doc_id": 0, "filtered_resps": [["-1", "False"], ["-2", "True"]], "acc": 1}';
    expect(() =>
      parseLmEvalSamples(
        `${mc}\n{"doc_id": 1, "filtered_resps": [["-1", "False"], ["x", "True"]], "acc": 0}`,
        o,
      ),
    ).toThrow(
      'parseLmEvalSamples: s.jsonl: line 2: field "filtered_resps"[1] is not a log-likelihood (a finite number or "-inf") (got ["x","True"])',
    );
    expect(() => parseLmEvalSamples("\n\n", o)).toThrow(
      "parseLmEvalSamples: s.jsonl: text has no samples",
    );
    expect(() => parseLmEvalSamples('["a"]', o)).toThrow(TypeError);
    expect(() => parseLmEvalSamples(3 as unknown as string, o)).toThrow(TypeError);
    expect(() => parseLmEvalSamples("", { run: "m", bogus: 1 } as never)).toThrow(
      /unknown option "bogus"/,
    );
  });
});
