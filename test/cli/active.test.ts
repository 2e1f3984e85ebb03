import { appendFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRng } from "../../src/core/rng.js";
import { entropy } from "../../src/features/entropy.js";
import { toRisk } from "../../src/features/toRisk.js";
import { activeStrategy } from "../../src/tcs/activeStrategy.js";
import { runStrategy } from "../../src/tcs/runStrategy.js";
import { buildCli, runCli } from "./_cli.js";

const FIX = "test/cli/fixtures";
const PREDS = join(FIX, "preds.csv");

// Expected values come from the library called in-process on the JSONL twin of preds.csv.
const records = readFileSync(join(FIX, "preds.jsonl"), "utf8")
  .split("\n")
  .filter((l) => l !== "")
  .map((l) => JSON.parse(l) as { id: string; probs: number[]; score: number });
const N = records.length;
const probs = { data: Float64Array.from(records.flatMap((r) => r.probs)), rows: N, cols: 3 };
const risk = toRisk(entropy(probs), "higher");
const predictions = Float64Array.from(records, (r) => r.score);
const truth = (i: number): number => ((records[i]?.score ?? 0) > 0.6 ? 1 : 0);

let cli: Awaited<ReturnType<typeof buildCli>>;
let work: string;
beforeAll(async () => {
  cli = await buildCli();
  work = mkdtempSync(join(tmpdir(), "evalsift-active-"));
});
afterAll(() => {
  rmSync(work, { recursive: true, force: true });
});

const run = (...args: string[]) => runCli(cli.file, args);
const base = ["--input", PREDS, "--feature", "entropy", "--budget", "12", "--seed", "5"];

describe("evalsift tcs plan|estimate --strategy active --predictions COLUMN", () => {
  it("plans the pilot, then the active sample, and estimates as the library does", () => {
    const labels = join(work, "labels.csv");
    writeFileSync(labels, "row,label\n");
    const args = [...base, "--strategy", "active", "--predictions", "score", "--labels", labels];
    const first = run("tcs", "plan", ...args, "--json");
    expect(first.code, first.stderr).toBe(0);
    const pilot = JSON.parse(first.stdout).next.map((x: { row: number }) => x.row) as number[];
    expect(pilot).toHaveLength(3); // 25% of 12
    for (const row of pilot) appendFileSync(labels, `${row},${truth(row)}\n`);
    const second = run("tcs", "plan", ...args, "--json");
    expect(second.code, second.stderr).toBe(0);
    const rest = JSON.parse(second.stdout).next.map((x: { row: number }) => x.row) as number[];
    expect(rest).toHaveLength(9);
    const expected = runStrategy(activeStrategy(risk, 12, createRng(5), { predictions }), truth);
    expect([...pilot, ...rest]).toEqual(Array.from(expected.indices));
    for (const row of rest) appendFileSync(labels, `${row},${truth(row)}\n`);
    const est = run("tcs", "estimate", ...args, "--json");
    expect(est.code, est.stderr).toBe(0);
    const out = JSON.parse(est.stdout);
    expect(out.strategy).toBe("active");
    expect(out.estimate).toBe(expected.estimate.estimate);
    expect(out.ci).toEqual(expected.estimate.ci);
  });

  it("runs active without --predictions (calibrating the risk)", () => {
    const r = run("tcs", "plan", ...base, "--strategy", "Active", "--json");
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).next).toHaveLength(3);
  });

  it("rejects --predictions with another strategy, a missing column and values outside [0, 1]", () => {
    const other = run("tcs", "plan", ...base, "--strategy", "srs", "--predictions", "score");
    expect(other.code).not.toBe(0);
    expect(other.stderr).toContain("--predictions needs --strategy active");
    const missing = run("tcs", "plan", ...base, "--strategy", "active", "--predictions", "nope");
    expect(missing.code).not.toBe(0);
    expect(missing.stderr).toContain("nope");
    const bad = join(work, "bad.csv");
    writeFileSync(bad, `${readFileSync(PREDS, "utf8").trim()}\n`.replace(",0.996\n", ",1.996\n"));
    const out = run(
      "tcs",
      "plan",
      ...base.map((x) => (x === PREDS ? bad : x)),
      "--strategy",
      "active",
      "--predictions",
      "score",
    );
    expect(out.code).not.toBe(0);
    // the library's message in the CLI's terms: the verb, the strategy and the flag
    expect(out.stderr).toContain(
      "tcs plan: --strategy active: --predictions (data row 0) is above 1",
    );
  });
});
