/**
 * Output files checked before a run: an empty name (an unset `$OUT`), an
 * output that is one of the run's own inputs, `--save` into a missing folder;
 * and labels keyed by id when the input's ids repeat; a group's --help and a
 * misspelt flag's suggestion.
 */
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildCli, runCli } from "./_cli.js";

const FIX = "test/cli/fixtures";
const work = mkdtempSync(join(tmpdir(), "evalsift-outputs-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));
let cli = { file: "" };
beforeAll(async () => {
  cli = await buildCli();
});
const plan = [
  "tcs",
  "plan",
  "--feature",
  "score",
  "--strategy",
  "srs",
  "--budget",
  "3",
  "--seed",
  "1",
];

describe("output files", () => {
  it("an empty --out is a usage error, not an internal one", () => {
    const r = runCli(cli.file, [...plan, "--input", join(FIX, "preds.csv"), "--out", ""]);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe("evalsift: --out: the file name is empty\n");
  });

  it("--out onto the run's own --labels or --input file is refused and leaves it as it was", () => {
    const input = join(work, "preds.csv");
    copyFileSync(join(FIX, "preds.csv"), input);
    const labels = join(work, "labels.csv");
    writeFileSync(labels, "id,label\ncase-0,1\n");
    for (const [flag, target] of [
      ["--labels", labels],
      ["--input", input],
    ] as const) {
      const before = readFileSync(target, "utf8");
      const args = [...plan, "--input", input, "--id", "id", "--labels", labels, "--out", target];
      const r = runCli(cli.file, args, work);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain(`is also the ${flag} file: the run would overwrite its own input`);
      expect(readFileSync(target, "utf8")).toBe(before);
    }
  });

  it("--save into a missing folder fails before the run", () => {
    const hist = join(work, "hist.csv");
    writeFileSync(hist, "run,a,b,c,d\nr1,1,0,1,0\nr2,1,1,0,0\nr3,0,1,1,1\n");
    const r = runCli(cli.file, [
      "subset",
      "select",
      "--outcomes",
      hist,
      "--size",
      "2",
      "--method",
      "auto",
      "--save",
      join(work, "nodir", "rec.json"),
    ]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^evalsift: --save: folder not found: /);
  });
});

describe("labels keyed by id", () => {
  it("refuse an input whose ids repeat, naming the id and its rows", () => {
    const input = join(work, "dup.csv");
    writeFileSync(input, "id,score\nq1,0.9\nq2,0.5\nq1,0.7\nq3,0.2\n");
    const labels = join(work, "dup-labels.csv");
    writeFileSync(labels, "id,label\nq1,1\n");
    const r = runCli(cli.file, [...plan, "--input", input, "--id", "id", "--labels", labels]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('need unique ids, but the input\'s id "q1" is on data rows 0 and 2');
  });
});

describe("help and flag typos", () => {
  it("`evalsift tcs --help` lists the group's commands and exits 0", () => {
    const r = runCli(cli.file, ["tcs", "--help"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("evalsift tcs plan");
    expect(r.stdout).toContain("evalsift tcs estimate");
  });

  it("a misspelt flag suggests the nearest one", () => {
    const r = runCli(cli.file, ["tcs", "plan", "--budgt", "3"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/unknown option --budgt \(did you mean --budget\?\)/);
  });
});
