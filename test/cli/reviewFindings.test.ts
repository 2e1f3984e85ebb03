import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildCli, runCli } from "./_cli.js";
import { F } from "./_formats.js";

// Each case came from a review of the CLI (2026-12-07) and failed before its fix.
let cli: Awaited<ReturnType<typeof buildCli>>;
let work: string;
beforeAll(async () => {
  cli = await buildCli();
  work = mkdtempSync(join(tmpdir(), "evalsift-review-"));
});
afterAll(() => rmSync(work, { recursive: true, force: true }));
const run = (...args: string[]) => runCli(cli.file, args);
/** `subset select --from promptfoo` on a results file (the fixture unless given), size 2. */
const promptfoo = (extra: string[], file = `${F}/promptfoo/results.json`) =>
  run("subset", "select", "--from", "promptfoo", "--outcomes", file, "--size", "2", ...extra);

describe("CLI review findings", () => {
  it("--filter picks one of an lm-eval file's filters (gsm8k-style files could not be read)", () => {
    const lines: string[] = [];
    for (let d = 0; d < 4; d++) {
      for (const [filter, v] of [
        ["strict-match", d % 2],
        ["flexible-extract", 1],
      ] as const) {
        lines.push(JSON.stringify({ doc_id: d, filter, filtered_resps: ["x"], exact_match: v }));
      }
    }
    const file = join(work, "samples_gsm8k_2024-06-01T10-00-00.000000.jsonl");
    writeFileSync(file, `${lines.join("\n")}\n`);
    const args = ["subset", "select", "--from", "lm-eval", "--outcomes", file, "--size", "2"];
    const without = run(...args);
    expect(without.code).toBe(2);
    // the message names the flag, not the library option
    expect(without.stderr).toContain("choose one with --filter");
    const ok = run(...args, "--filter", "strict-match", "--json");
    expect(ok.code, ok.stderr).toBe(0);
    const other = promptfoo(["--filter", "x"]);
    expect(other.code).toBe(2);
    expect(other.stderr).toContain("--filter is for --from lm-eval");
  });

  it("a BOM at the start of a harness file or a recommendation is read past", () => {
    const src = readFileSync(`${F}/promptfoo/results.json`);
    const bom = join(work, "bom.json");
    writeFileSync(bom, Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), src]));
    const r = promptfoo([], bom);
    expect(r.code, r.stderr).toBe(0);
  });

  it("--metric with a harness that has no metric is refused, not ignored", () => {
    const r = promptfoo(["--metric", "foo"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("--metric is for --from lm-eval or inspect");
  });

  it("two outputs into one file, or an output name ending in a separator, are refused before the run", () => {
    const same = join(work, "same.vl.json");
    const a = run("demo", "--reps", "5", "--out", same, "--plot", same);
    expect(a.code).toBe(2);
    expect(a.stderr).toContain("is also the --out file: give each output its own file");
    const b = run("demo", "--reps", "5", "--plot", `${join(work, "adir.vl.json")}/`);
    expect(b.code).toBe(2);
    expect(b.stderr).toContain("is not a file name (it ends in a separator)");
  });

  it("a column given two roles is a usage error naming it (it crashed inside the reader)", () => {
    const tests = join(work, "tests.csv");
    writeFileSync(tests, "test,sig_a,passed\nt0,0,0\nt1,1,1\nt2,2,0\nt3,3,1\nt4,4,0\nt5,5,1\n");
    const a = run(
      "slices",
      "identify",
      "--input",
      tests,
      "--outcome",
      "passed",
      "--signals",
      "sig_a,test",
      "--id",
      "test",
      "--generations",
      "2",
    );
    expect(a.code).toBe(2);
    expect(a.stderr).toContain("--signals names test, the --id column; a column fills one role");
    const rank = join(work, "rank.csv");
    writeFileSync(
      rank,
      "slice,pick,outcome_v0,outcome_v1,score_v0,score_v1\n0,1,1,1,0.5,0.5\n0,0,0,,0.2,\n",
    );
    const b = run("slices", "rank", "--input", rank, "--score-v1", "score_v0");
    expect(b.code).toBe(2);
    expect(b.stderr).toContain("the column score_v0 is given for two roles");
  });

  it("a folder given to --from lm-eval is a usage error naming it (EISDIR came out raw)", () => {
    const r = run("subset", "select", "--from", "lm-eval", "--outcomes", work, "--size", "2");
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("is a folder: give its files");
  });

  it("a misspelt command group or --version gets a suggestion", () => {
    expect(run("slice", "rank").stderr).toContain('did you mean "slices rank"?');
    expect(run("--verison").stderr).toContain('did you mean "--version"?');
  });

  it("a recommendation file holding null is 'not a recommendation', not a crash", () => {
    const rec = join(work, "null.json");
    writeFileSync(rec, "null\n");
    const resp = join(work, "resp.csv");
    writeFileSync(resp, "item,resolved\na,1\n");
    const r = run("subset", "estimate", "--recommendation", rec, "--responses", resp);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("not a recommendation JSON");
  });
});
