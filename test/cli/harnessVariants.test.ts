/**
 * Real variants of harness output and outcome tables the CLI must read: Inspect logs with an
 * errored or unscored sample (--unscored), SWE-bench per-instance report.json files given by a
 * pattern (one run per run folder), an lm-eval samples file in the current folder (the run is
 * named after the folder, not "."), outcome tables written by pandas (True/False), JSON output of
 * non-finite numbers, and the CLI run from source with tsx.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { toJson } from "../../cli/output.js";
import { toPlain } from "../../src/core/toPlain.js";
import { buildCli, runCli, tcs } from "./_cli.js";

let cli: Awaited<ReturnType<typeof buildCli>>;
let work: string;
beforeAll(async () => {
  cli = await buildCli();
  work = mkdtempSync(join(tmpdir(), "evalsift-variants-"));
});
afterAll(() => {
  rmSync(work, { recursive: true, force: true });
});
const run = (...args: string[]) => runCli(cli.file, args);
const write = (name: string, text: string): string => {
  const f = join(work, name);
  mkdirSync(join(f, ".."), { recursive: true });
  writeFileSync(f, text);
  return f;
};
/** The runs of a --from input, from the message `tcs plan --run` gives for a run it lacks. */
const runsOf = (from: string, input: string, cwd?: string): string => {
  const r = runCli(
    cli.file,
    [...tcs("plan", input, "score", "srs", "2"), "--from", from, "--run", "?"],
    cwd,
  );
  expect(r.code, r.stderr).toBe(2);
  return /\(runs: (.*)\)/.exec(r.stderr)?.[1] ?? r.stderr;
};

describe("--from inspect: errored and unscored samples", () => {
  const header = { eval: { task: "arc", model: "m" }, status: "error" };
  const log = (samples: unknown[]) => JSON.stringify({ ...header, samples });
  let file = "";
  beforeAll(() => {
    file = write(
      "inspect/log.json",
      // Inspect writes the unscored sentinel as the constant NaN (not strict JSON)
      log([
        { id: 1, epoch: 1, scores: { match: { value: "C" } } },
        { id: 2, epoch: 1, error: { message: "RateLimitError: 429", traceback: "" } },
        { id: 3, epoch: 1, scores: { match: { value: "I" } } },
        { id: 4, epoch: 1, scores: { match: { value: null } } },
      ]).replace('"value":null', '"value":NaN'),
    );
  });

  it("fails by default, naming the sample, the error and the flag that reads it", () => {
    const r = run(...tcs("plan", file, "score", "srs", "2"), "--from", "inspect");
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(
      `evalsift: parseInspectLog: ${file}: samples[1] (id "2", epoch 1) errored ("RateLimitError: 429"): it has no scores; give --unscored skip to leave such samples out (as Inspect's metrics do) or --unscored incorrect to count them as 0`,
    );
  });

  it("--unscored skip leaves them out with a note; incorrect counts them as 0", () => {
    const skip = run(
      ...tcs("plan", file, "score", "srs", "2"),
      "--from",
      "inspect",
      "--unscored",
      "skip",
      "--json",
    );
    expect(skip.code, skip.stderr).toBe(0);
    expect(skip.stderr).toContain(
      `note: ${file}: left out 2 samples without a score (1 errored, 1 unscored): 2#1, 4#1`,
    );
    const ids = (JSON.parse(skip.stdout) as { next: { id: string }[] }).next.map((x) => x.id);
    expect(ids.sort()).toEqual(["1", "3"]);
    const incorrect = run(
      "subset",
      "select",
      "--outcomes",
      file,
      "--from",
      "inspect",
      "--unscored",
      "incorrect",
      "--size",
      "4",
      "--json",
      "--quiet",
    );
    expect(incorrect.code, incorrect.stderr).toBe(0);
    expect((JSON.parse(incorrect.stdout) as { items: string[] }).items.sort()).toEqual([
      "1",
      "2",
      "3",
      "4",
    ]);
  });

  it("--unscored is checked and is for --from inspect only", () => {
    const bad = run(
      ...tcs("plan", file, "score", "srs", "2"),
      "--from",
      "inspect",
      "--unscored",
      "skipp",
    );
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--unscored must be one of fail, skip, incorrect (got "skipp"');
    const other = run(...tcs("plan", file, "score", "srs", "2"), "--from", "promptfoo");
    expect(other.code).toBe(2);
    const noFrom = run(...tcs("plan", file, "score", "srs", "2"), "--unscored", "skip");
    expect(noFrom.stderr).toContain("--unscored needs --from");
    const swe = run(
      ...tcs("plan", file, "score", "srs", "2"),
      "--from",
      "swebench",
      "--unscored",
      "skip",
    );
    expect(swe.stderr).toContain("--input: --unscored is for --from inspect");
  });
});

describe("--from swebench: per-instance report.json files", () => {
  const report = (id: string, resolved: boolean) =>
    JSON.stringify({ [id]: { patch_exists: true, resolved } });
  let root = "";
  beforeAll(() => {
    root = join(work, "logs", "run_evaluation");
    for (const [runId, ids] of [
      ["run1", ["a__a-1", "a__a-2", "b__b-3"]],
      ["run2", ["a__a-1", "a__a-2", "b__b-3"]],
    ] as const) {
      ids.forEach((id, k) => {
        write(
          `logs/run_evaluation/${runId}/gpt-4o/${id}/report.json`,
          report(id, runId === "run1" ? k === 1 : k !== 1),
        );
      });
    }
  });

  it("a pattern of one run's report.json files is one run, named after the folder of the instances", () => {
    expect(runsOf("swebench", `${root}/run1/gpt-4o/*/report.json`)).toBe("gpt-4o");
    // the same as the folder itself
    expect(runsOf("swebench", `${root}/run1/gpt-4o`)).toBe("gpt-4o");
    const r = run(
      "subset",
      "select",
      "--outcomes",
      `${root}/run1/gpt-4o/*/report.json`,
      "--from",
      "swebench",
      "--size",
      "3",
      "--json",
      "--quiet",
    );
    expect(r.code, r.stderr).toBe(0);
    expect((JSON.parse(r.stdout) as { items: string[] }).items.sort()).toEqual([
      "a__a-1",
      "a__a-2",
      "b__b-3",
    ]);
  });

  it("two runs of one model by one pattern: one run each, named run/model", () => {
    expect(runsOf("swebench", `${root}/*/gpt-4o/*/report.json`)).toBe("run1/gpt-4o, run2/gpt-4o");
  });

  it("a single report.json named without a pattern is refused with what to pass", () => {
    const f = `${root}/run1/gpt-4o/a__a-1/report.json`;
    const r = run(
      "subset",
      "select",
      "--outcomes",
      f,
      "--from",
      "swebench",
      "--size",
      "1",
      "--quiet",
    );
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(
      `${f}: a single per-instance report (one instance of a run): pass the folder that holds the run's reports (${root}/run1/gpt-4o) or the reports themselves (${root}/run1/gpt-4o/*/report.json)`,
    );
  });
});

describe("--from lm-eval: a samples file in the current folder", () => {
  it("names the run after the folder, not '.'", () => {
    const dir = join(work, "my-model");
    write(
      "my-model/samples_arc_easy_2024-05-01T12-00-00.jsonl",
      [
        '{"doc_id": 0, "filter": "none", "filtered_resps": [["-0.5", "True"], ["-2.0", "False"]], "acc": 1.0}',
        '{"doc_id": 1, "filter": "none", "filtered_resps": [["-3.0", "False"], ["-1.0", "True"]], "acc": 0.0}',
      ].join("\n"),
    );
    expect(runsOf("lm-eval", "samples_arc_easy_2024-05-01T12-00-00.jsonl", dir)).toBe(
      basename(dir),
    );
  });
});

describe("0/1 columns written by pandas: True/False", () => {
  it("subset select reads resolved True/False (any case) as 1/0", () => {
    const rows = (v: (k: number) => string) =>
      ["run,item,resolved"]
        .concat(Array.from({ length: 12 }, (_, k) => `r${k % 3},i${Math.floor(k / 3)},${v(k)}`))
        .join("\n");
    const bits = (k: number) => (k * 7) % 5 < 2;
    const numeric = write(
      "tf/num.csv",
      rows((k) => (bits(k) ? "1" : "0")),
    );
    const words = ["True", "true", "TRUE"];
    const text = write(
      "tf/bool.csv",
      rows((k) => (bits(k) ? (words[k % 3] as string) : k % 2 === 0 ? "False" : '"false"')),
    );
    const sel = (f: string) =>
      run("subset", "select", "--outcomes", f, "--size", "2", "--seed", "1", "--json", "--quiet");
    const a = sel(numeric);
    const b = sel(text);
    expect(b.code, b.stderr).toBe(0);
    expect(b.stdout).toBe(a.stdout);
    const bad = sel(
      write(
        "tf/bad.csv",
        rows(() => "yes"),
      ),
    );
    expect(bad.stderr).toContain('resolved "yes" is not 0 or 1 (or true/false)');
  });

  it("tcs estimate reads labels True/False (any case) as 1/0", () => {
    const preds = "test/cli/fixtures/preds.csv";
    const plan = run(...tcs("plan", preds, "score", "srs", "3", "--seed", "1"), "--json");
    const rows = (JSON.parse(plan.stdout) as { next: { row: number }[] }).next.map((x) => x.row);
    const labels = (v: string[]) =>
      `row,label\n${rows.map((r, k) => `${r},${v[k] as string}`).join("\n")}\n`;
    const est = (f: string) =>
      run(...tcs("estimate", preds, "score", "srs", "3", "--seed", "1"), "--labels", f, "--json");
    const a = est(write("tf/labels01.csv", labels(["1", "0", "0"])));
    const b = est(write("tf/labelsTF.csv", labels(["True", "false", "FALSE"])));
    expect(b.code, b.stderr).toBe(0);
    expect(b.stdout).toBe(a.stdout);
  });
});

describe("JSON output of non-finite numbers", () => {
  it("writes NaN and +-Infinity as toPlain's nonFinite 'string' does, never null", () => {
    const json = {
      df: Number.POSITIVE_INFINITY,
      lo: Number.NEGATIVE_INFINITY,
      v: Number.NaN,
      a: Float64Array.of(1, Number.POSITIVE_INFINITY),
      n: 2,
    };
    const text = toJson({ columns: [], rows: [], json });
    expect(JSON.parse(text)).toEqual(toPlain(json, { nonFinite: "string" }));
    expect(JSON.parse(text)).toEqual({
      df: "Infinity",
      lo: "-Infinity",
      v: "NaN",
      a: [1, "Infinity"],
      n: 2,
    });
  });
});

describe("the CLI from source", () => {
  it("npx tsx cli/main.ts runs a verb (the demo's .txt/.csv assets do not break the load)", () => {
    const r = spawnSync(
      process.execPath,
      [
        "node_modules/tsx/dist/cli.mjs",
        "cli/main.ts",
        "demo",
        "--reps",
        "2",
        "--n",
        "20",
        "--csv",
        "--quiet",
      ],
      { encoding: "utf8", timeout: 60_000 },
    );
    expect(r.stderr).toBe("");
    expect(r.status).toBe(0);
    expect(r.stdout.split("\n")[0]).toBe(
      "design,estimate,ci_lo,ci_hi,true_rate,rmse,bias,coverage,mean_ci_width",
    );
  }, 60_000);
});
