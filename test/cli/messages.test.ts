/**
 * Usage errors name the CLI's flags and files, not the library's arguments:
 * a header-only input, slice sizes that do not fit (saying when a value is the
 * default), an odd --population, an SRS-only --interval with another
 * strategy, and a --level written as a percentage.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildCli, runCli, tcs } from "./_cli.js";

const FIX = "test/cli/fixtures";
const PREDS = `${FIX}/preds.csv`;
const TESTS = `${FIX}/tests.csv`;
const work = mkdtempSync(join(tmpdir(), "evalsift-messages-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));
let cli = { file: "" };
beforeAll(async () => {
  cli = await buildCli();
});
/** The first `rows` lines of a fixture after its header, as a new file. */
function head(fixture: string, rows: number, name: string): string {
  const f = join(work, name);
  const lines = readFileSync(fixture, "utf8").split("\n");
  writeFileSync(f, `${lines.slice(0, rows + 1).join("\n")}\n`);
  return f;
}
const fail = (...args: string[]): string => {
  const r = runCli(cli.file, args);
  expect(r.code, r.stdout).toBe(2);
  expect(r.stderr).not.toMatch(/toRisk|identifySlices|rankSlices|strategies\.|options\./);
  return r.stderr;
};
const identify = ["slices", "identify", "--outcome", "passed", "--signals", "sig_*"];

describe("messages name the flag or the file", () => {
  it("a header-only --input names the file, in every verb that reads one", () => {
    const preds = head(PREDS, 0, "preds-head.csv");
    expect(fail(...tcs("plan", preds, "score", "srs", "2"))).toBe(
      `evalsift: ${preds}: --input has no data rows, only the header line\n`,
    );
    expect(fail(...tcs("plan", preds, "entropy", "srs", "2"))).toContain(
      `${preds}: --input has no data rows`,
    );
    const tests = head(TESTS, 0, "tests-head.csv");
    expect(fail(...identify, "--input", tests)).toContain(`${tests}: --input has no data rows`);
    const rank = join(work, "rank-head.csv");
    writeFileSync(rank, "slice,pick,outcome_v0,outcome_v1,score_v0,score_v1\n");
    expect(fail("slices", "rank", "--input", rank)).toContain(`${rank}: --input has no data rows`);
  });

  it("slices identify: a default slice size that does not fit says it is the default and names the flag", () => {
    const twelve = head(TESTS, 12, "tests-12.csv");
    expect(fail(...identify, "--input", twelve)).toContain(
      "slices identify: the default --max-size 19 exceeds the 12 tests of --input; give --max-size N with 5 <= N <= 12",
    );
    expect(fail(...identify, "--input", twelve, "--max-size", "13")).toContain(
      "slices identify: --max-size 13 exceeds the 12 tests of --input",
    );
    const three = head(TESTS, 3, "tests-3.csv");
    expect(fail(...identify, "--input", three)).toContain(
      "slices identify: --input has 3 tests; slicing needs at least 4",
    );
    const eight = head(TESTS, 8, "tests-8.csv");
    expect(fail(...identify, "--input", eight, "--max-size", "8")).toContain(
      "slices identify: --input has 8 tests, fewer than two slices of the default --min-size 5 (10); give --min-size N with N <= 4",
    );
    expect(fail(...identify, "--input", TESTS, "--min-size", "9", "--max-size", "7")).toContain(
      "slices identify: --min-size 9 exceeds --max-size 7",
    );
    expect(fail(...identify, "--input", TESTS, "--min-size", "7", "--max-size", "7")).toContain(
      "slices identify: no partition of the 24 tests into slices of --min-size 7 to --max-size 7 tests exists",
    );
  });

  it("slices identify: an odd --population names the flag", () => {
    expect(fail(...identify, "--input", TESTS, "--population", "21")).toContain(
      "slices identify: --population must be even (NSGA-II mates its population in pairs; got 21, try 22)",
    );
    expect(fail(...identify, "--input", TESTS, "--generations", "2000000")).toContain(
      '--generations must be an integer in [1, 1000000] (got "2000000")',
    );
  });

  it("tcs plan: an SRS-only --interval with another strategy names --interval and --strategy", () => {
    expect(fail(...tcs("plan", PREDS, "score", "pivotal", "5", "--interval", "wilson"))).toContain(
      "tcs plan: --interval wilson assumes a simple random sample, so it works with --strategy srs only; for --strategy pivotal use one of wald, t, beta,",
    );
    const srs = runCli(cli.file, tcs("plan", PREDS, "score", "srs", "5", "--interval", "wilson"));
    expect(srs.code, srs.stderr).toBe(0);
  });

  it("tcs estimate: a proportion --interval with real labels names --interval and the row", () => {
    const est = (labels: string, interval: string) =>
      runCli(
        cli.file,
        tcs(
          "estimate",
          PREDS,
          "score",
          "srs",
          "3",
          "--real-labels",
          "--interval",
          interval,
          "--labels",
          labels,
        ),
      );
    const plan = runCli(cli.file, tcs("plan", PREDS, "score", "srs", "3", "--json"));
    const rows = (JSON.parse(plan.stdout) as { next: { row: number }[] }).next.map((x) => x.row);
    const labels = join(work, "real-labels.csv");
    writeFileSync(
      labels,
      `row,label\n${rows.map((r, k) => `${r},${[0.5, 0.2, 1][k]}`).join("\n")}\n`,
    );
    const r = est(labels, "wilson");
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      `evalsift: --interval wilson is for 0/1 labels, but --labels gives row ${rows[0]} the label 0.5; for real-valued labels use --interval t or wald (beta for labels in [0, 1])\n`,
    );
    expect(est(labels, "t").code).toBe(0);
    // a design proportion method takes labels in [0, 1] (Korn–Graubard), not beyond
    expect(est(labels, "beta").code).toBe(0);
    writeFileSync(
      labels,
      `row,label\n${rows.map((r, k) => `${r},${[1.5, 0.2, 1][k]}`).join("\n")}\n`,
    );
    expect(est(labels, "beta").stderr).toBe(
      `evalsift: --interval beta is for labels in [0, 1], but --labels gives row ${rows[0]} the label 1.5; for other real-valued labels use --interval t or wald\n`,
    );
  });

  it("tcs plan: --level 95 says the range plainly and suggests 0.95", () => {
    const level = (v: string) => fail(...tcs("plan", PREDS, "score", "srs", "5", "--level", v));
    expect(level("95")).toBe(
      'evalsift: tcs plan: --level must be a decimal number in (0, 1), e.g. 0.95 (got "95"; did you mean 0.95?)\n',
    );
    expect(level("90%")).toContain('(got "90%"; did you mean 0.9?)');
    expect(level("1")).toContain('(got "1")\n');
    expect(level("0")).not.toContain("did you mean");
  });
});
