import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildCli, runCli } from "./_cli.js";
import { DETAILS, expected, F, items, LEADERBOARD, LM } from "./_formats.js";

// Every --from run is checked against the same command on a plain table written here from the
// fixture script's independent reference (test/fixtures/formats/expected.json), so the importers,
// the file discovery and the verbs are tested together against numbers the library did not make.

let cli: Awaited<ReturnType<typeof buildCli>>;
let work: string;
beforeAll(async () => {
  cli = await buildCli();
  work = mkdtempSync(join(tmpdir(), "evalsift-formats-"));
});
afterAll(() => {
  rmSync(work, { recursive: true, force: true });
});
const run = (...args: string[]) => runCli(cli.file, args);

/** A long-format outcomes CSV (run, item, resolved). */
function outcomesCsv(
  name: string,
  runs: readonly [string, readonly string[], readonly number[]][],
): string {
  const file = join(work, name);
  const lines = ["run,item,resolved"];
  for (const [r, ids, values] of runs)
    ids.forEach((id, i) => {
      lines.push(`${r},${id},${values[i]}`);
    });
  writeFileSync(file, `${lines.join("\n")}\n`);
  return file;
}

const select = (...args: string[]) => {
  const r = run("subset", "select", "--size", "3", "--seed", "5", "--json", ...args);
  expect(r.code, r.stderr).toBe(0);
  return JSON.parse(r.stdout) as { items: string[]; indices: number[] };
};

describe("evalsift subset --from", () => {
  const sweRuns: [string, readonly string[], readonly number[]][] = [
    ...LEADERBOARD.map(
      (s) => [s, items, expected.swebench.leaderboard[s] ?? []] as [string, string[], number[]],
    ),
    [
      "gemini-3-pro-preview.mini-v1.15.0",
      expected.swebench.harness.items,
      expected.swebench.harness.resolved,
    ],
    [DETAILS, items, expected.swebench.details],
  ];

  it("swebench: leaderboard results.json (a glob), a harness run report and per_instance_details.json", () => {
    const inputs = [
      `${F}/swebench/2024*/results/results.json`,
      `${F}/swebench/gemini-3-pro-preview.mini-v1.15.0.json`,
      `${F}/swebench/${DETAILS}/per_instance_details.json`,
    ].join(",");
    const got = select(
      "--from",
      "swebench",
      "--outcomes",
      inputs,
      "--items",
      `${F}/swebench/items.txt`,
    );
    expect(got).toEqual(select("--outcomes", outcomesCsv("swe.csv", sweRuns)));
    const e = run(
      "subset",
      "evaluate",
      "--size",
      "5",
      "--window",
      "2",
      "--seeds",
      "3",
      "--json",
      "--from",
      "swebench",
      "--outcomes",
      inputs,
      "--items",
      `${F}/swebench/items.txt`,
    );
    expect(e.code, e.stderr).toBe(0);
    const t = run(
      "subset",
      "evaluate",
      "--size",
      "5",
      "--window",
      "2",
      "--seeds",
      "3",
      "--json",
      "--outcomes",
      join(work, "swe.csv"),
    );
    expect(JSON.parse(e.stdout)).toEqual(JSON.parse(t.stdout));
  });

  it("swebench: a folder of per-instance report.json files is one run", () => {
    const dir = join(work, "gemini-run");
    for (const id of ["astropy__astropy-12907", "astropy__astropy-13977"]) {
      mkdirSync(join(dir, id), { recursive: true });
      copyFileSync(`${F}/swebench/reports/${id}.report.json`, join(dir, id, "report.json"));
    }
    const r = run(
      "subset",
      "select",
      "--from",
      "swebench",
      "--outcomes",
      dir,
      "--size",
      "1",
      "--json",
    );
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain("of 2 items from 1 runs");
  });

  it("lm-eval: several samples files are several runs, named by their results_*.json", () => {
    const models = Object.keys(expected.lmEval);
    const got = select("--from", "lm-eval", "--outcomes", `${F}/lm-eval/*/samples_*.jsonl`);
    const ids = ["0", "1", "2", "3", "4", "5"];
    const csv = outcomesCsv(
      "lm.csv",
      models.map((m) => [m, ids, expected.lmEval[m]?.acc ?? []]),
    );
    expect(got).toEqual(select("--outcomes", csv));
  });

  it("inspect: a JSON log and a .eval log (zip) are two runs", () => {
    const models = ["openai/gpt-4o-mini", "anthropic/claude-3-5-haiku"];
    const got = select(
      "--from",
      "inspect",
      "--outcomes",
      `${F}/inspect/arc.json,${F}/inspect/arc.eval`,
    );
    const csv = outcomesCsv(
      "inspect.csv",
      models.map((m) => [m, expected.inspect[m]?.items ?? [], expected.inspect[m]?.correct ?? []]),
    );
    expect(got).toEqual(select("--outcomes", csv));
  });

  it("promptfoo: one run per provider", () => {
    const { runs, items: tests, data } = expected.promptfoo;
    const got = select("--from", "promptfoo", "--outcomes", `${F}/promptfoo/results.json`);
    const csv = outcomesCsv(
      "pf.csv",
      runs.map((r, k) => [r, tests, data.slice(k * tests.length, (k + 1) * tests.length)]),
    );
    expect(got).toEqual(select("--outcomes", csv));
  });
});

describe("evalsift tcs --from", () => {
  const model = "EleutherAI/pythia-160m";
  const ref = expected.lmEval[model] ?? { acc: [], probs: [] };
  const plan = (...args: string[]) =>
    run("tcs", "plan", "--strategy", "sups", "--budget", "3", "--seed", "2", "--json", ...args);

  it("lm-eval: entropy of the choice probabilities, rows identified by doc_id", () => {
    const table = join(work, "probs.csv");
    writeFileSync(
      table,
      `id,p0,p1,p2,p3\n${ref.probs.map((p, i) => `${i},${p.join(",")}`).join("\n")}\n`,
    );
    const a = plan(
      "--from",
      "lm-eval",
      "--input",
      LM("EleutherAI__pythia-160m"),
      "--feature",
      "entropy",
    );
    const b = plan("--input", table, "--feature", "entropy", "--id", "id");
    expect(a.code, a.stderr).toBe(0);
    const next = (s: string) =>
      (JSON.parse(s) as { next: { row: number; id: string; risk: number }[] }).next;
    const na = next(a.stdout);
    const nb = next(b.stdout);
    expect(na.map((x) => [x.row, x.id])).toEqual(nb.map((x) => [x.row, x.id]));
    na.forEach((x, k) => {
      expect(x.risk).toBeCloseTo(nb[k]?.risk ?? Number.NaN, 12);
    });
  });

  it("labels keyed by item id with --failure-label 0 give the estimate of row labels with 1 = failure", () => {
    const args = [
      "--from",
      "lm-eval",
      "--input",
      LM("EleutherAI__pythia-160m"),
      "--feature",
      "entropy",
    ];
    const planned = JSON.parse(plan(...args).stdout) as { next: { row: number; id: string }[] };
    const byId = join(work, "by-id.csv");
    const byRow = join(work, "by-row.csv");
    // the harness's own acc as labels: 1 = correct, so failure is 0
    writeFileSync(
      byId,
      `id,label\n${planned.next.map((x) => `${x.id},${ref.acc[x.row]}`).join("\n")}\n`,
    );
    writeFileSync(
      byRow,
      `row,label\n${planned.next.map((x) => `${x.row},${1 - (ref.acc[x.row] ?? 0)}`).join("\n")}\n`,
    );
    const est = (...more: string[]) =>
      run(
        "tcs",
        "estimate",
        "--strategy",
        "sups",
        "--budget",
        "3",
        "--seed",
        "2",
        "--json",
        ...args,
        ...more,
      );
    const a = est("--labels", byId, "--failure-label", "0");
    const b = est("--labels", byRow);
    expect(a.code, a.stderr).toBe(0);
    expect(JSON.parse(a.stdout)).toEqual(JSON.parse(b.stdout));
    const c = est("--labels", byId, "--failure-label", "0", "--real-labels");
    expect(c.code).toBe(2);
    expect(c.stderr).toContain(
      "--failure-label 0 flips 0/1 labels and cannot be used with --real-labels",
    );
  });

  it("promptfoo, inspect and swebench: --feature score of one run (--run picks it)", () => {
    const pf = plan(
      "--from",
      "promptfoo",
      "--input",
      `${F}/promptfoo/results.json`,
      "--feature",
      "score",
      "--orientation",
      "lower",
    );
    expect(pf.code).toBe(2);
    expect(pf.stderr).toContain(
      "--input holds 2 runs (openai:gpt-4o-mini, ollama:chat:llama3.1): choose one with --run",
    );
    for (const args of [
      [
        "--from",
        "promptfoo",
        "--input",
        `${F}/promptfoo/results.json`,
        "--run",
        "ollama:chat:llama3.1",
      ],
      ["--from", "inspect", "--input", `${F}/inspect/arc.eval`],
      ["--from", "swebench", "--input", `${F}/swebench/${DETAILS}/per_instance_details.json`],
    ]) {
      const r = plan(...args, "--feature", "score", "--orientation", "lower");
      expect(r.code, r.stderr).toBe(0);
      const got = JSON.parse(r.stdout) as { next: { id: string }[] };
      expect(got.next.length).toBeGreaterThan(0);
      expect(typeof got.next[0]?.id).toBe("string");
    }
  });
});

describe("evalsift slices identify --from", () => {
  it("swebench: V0 outcomes of one run, signals from --vectors, rows identified by instance id", () => {
    const sub = LEADERBOARD[0] as string;
    const resolved = expected.swebench.leaderboard[sub] ?? [];
    const vectors = join(work, "signals.csv");
    writeFileSync(
      vectors,
      `a,b\n${items.map((_, i) => `${(i * 7) % 5},${(i * 3) % 4}`).join("\n")}\n`,
    );
    const table = join(work, "tests.csv");
    writeFileSync(table, `id,passed\n${items.map((id, i) => `${id},${resolved[i]}`).join("\n")}\n`);
    const opts = [
      "--generations",
      "10",
      "--population",
      "12",
      "--min-size",
      "3",
      "--max-size",
      "10",
      "--seed",
      "4",
    ];
    const harness = [
      "--from",
      "swebench",
      "--input",
      `${F}/swebench/${sub}/results/results.json`,
      "--items",
      `${F}/swebench/items.txt`,
    ];
    const identify = (...args: string[]) => run("slices", "identify", ...args, ...opts);
    const a = identify(...harness, "--vectors", vectors, "--json");
    const b = identify(
      "--input",
      table,
      "--outcome",
      "passed",
      "--id",
      "id",
      "--vectors",
      vectors,
      "--json",
    );
    expect(a.code, a.stderr).toBe(0);
    expect(JSON.parse(a.stdout)).toEqual(JSON.parse(b.stdout));
    expect(identify(...harness, "--vectors", vectors, "--csv").stdout.split("\n")[1]).toMatch(
      /^0,astropy__astropy-12907,/,
    );
    const missing = identify(...harness);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain("give exactly one of --signals COLS and --vectors FILE");
  });
});

describe("evalsift --from: errors name the file, line and field", () => {
  const fail = (...args: string[]) => {
    const r = run(...args);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe("");
    return r.stderr;
  };

  it("checks the options", () => {
    expect(
      fail("subset", "select", "--outcomes", "x.csv", "--size", "2", "--metric", "acc"),
    ).toContain("subset select: --metric needs --from");
    expect(fail("subset", "select", "--from", "helm", "--outcomes", "x", "--size", "2")).toContain(
      '--from must be one of lm-eval, inspect, swebench, promptfoo (got "helm")',
    );
    expect(
      fail(
        "subset",
        "select",
        "--from",
        "lm-eval",
        "--outcomes",
        `${F}/nothing/*.jsonl`,
        "--size",
        "2",
      ),
    ).toContain("--outcomes: no file matches");
    expect(
      fail(
        "subset",
        "select",
        "--from",
        "swebench",
        "--outcomes",
        `${F}/swebench/${LEADERBOARD[0]}/results/results.json`,
        "--size",
        "2",
      ),
    ).toContain(
      "a leaderboard results.json lists only resolved ids: give the benchmark's instance ids with --items FILE",
    );
    expect(
      fail(
        "tcs",
        "plan",
        "--from",
        "inspect",
        "--input",
        `${F}/inspect/arc.json`,
        "--feature",
        "entropy",
        "--strategy",
        "srs",
        "--budget",
        "2",
      ),
    ).toContain("--feature entropy needs choice probabilities");
  });

  it("reports the library's message with the file, line and field", () => {
    const bad = join(work, "samples_x_2024-01-01T00-00-00.jsonl");
    writeFileSync(bad, '{"doc_id": 0, "acc": 1}\n{"doc_id": 1, "acc": 0.5}\n');
    expect(
      fail("subset", "select", "--from", "lm-eval", "--outcomes", bad, "--size", "1"),
    ).toContain(
      `parseLmEvalSamples: ${bad}: line 2: field "acc" must be 0 or 1 (a correctness metric) (got 0.5)`,
    );
    const truncated = join(work, "cut.eval");
    writeFileSync(truncated, readFileSync(`${F}/inspect/arc.eval`).subarray(0, 200));
    expect(
      fail("subset", "select", "--from", "inspect", "--outcomes", truncated, "--size", "1"),
    ).toContain(`${truncated}: not a readable zip archive`);
    expect(
      fail(
        "subset",
        "select",
        "--from",
        "lm-eval",
        "--outcomes",
        `${LM("EleutherAI__pythia-160m")},${LM("EleutherAI__pythia-160m")}`,
        "--size",
        "1",
      ),
    ).toContain('combineRuns: run name "EleutherAI/pythia-160m" appears twice');
  });
});
