import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRng } from "../../src/core/rng.js";
import { evaluateSubset } from "../../src/evaluate/evaluateSubset.js";
import { kennardStone } from "../../src/select/kennardStone.js";
import { baselineMethod } from "../../src/subset/baselineMethod.js";
import { embeddingMethod } from "../../src/subset/embeddingMethod.js";
import { outcomes } from "../../src/subset/outcomes.js";
import { buildCli, runCli } from "./_cli.js";

const RUNS = "test/cli/fixtures/runs.csv";
const VECTORS = "test/cli/fixtures/vectors.csv";

// Expected values come from the library called in-process on the same files, parsed here independently.
const records = readFileSync(RUNS, "utf8")
  .trim()
  .split("\n")
  .slice(1)
  .map((l) => {
    const [run = "", item = "", resolved = ""] = l.split(",");
    return { run, item, resolved: resolved === "1" ? (1 as const) : (0 as const) };
  });
const o = outcomes(records);
const vecRows = new Map(
  readFileSync(VECTORS, "utf8")
    .trim()
    .split("\n")
    .slice(1)
    .map((l) => {
      const [item = "", ...nums] = l.split(",");
      return [item, nums.map(Number)] as const;
    }),
);
const vectors = {
  data: Float64Array.from(o.items.flatMap((it) => vecRows.get(it) ?? [])),
  rows: o.items.length,
  cols: 2,
};

let cli: Awaited<ReturnType<typeof buildCli>>;
let work: string;
beforeAll(async () => {
  cli = await buildCli();
  work = mkdtempSync(join(tmpdir(), "evalsift-subset-"));
});
afterAll(() => {
  rmSync(work, { recursive: true, force: true });
});
const run = (...args: string[]) => runCli(cli.file, args);

describe("evalsift subset select", () => {
  it("chooses the consistency-stratified subset the library chooses (25% of 20 items = 5)", () => {
    const r = run("subset", "select", "--outcomes", RUNS, "--size", "25%", "--seed", "3", "--json");
    expect(r.code, r.stderr).toBe(0);
    const lib = baselineMethod("consistency").select({ history: o, k: 5 }, createRng(3));
    const got = JSON.parse(r.stdout);
    expect(got.method).toBe("Consist-Strat");
    expect(got.indices).toEqual(Array.from(lib));
    expect(got.items).toEqual(Array.from(lib, (i) => o.items[i]));
  });

  it("runs a selector within strata on CSV vectors aligned by item", () => {
    const r = run(
      "subset",
      "select",
      "--outcomes",
      RUNS,
      "--size",
      "5",
      "--method",
      "kennardStone",
      "--vectors",
      VECTORS,
      "--csv",
    );
    expect(r.code, r.stderr).toBe(0);
    const lib = embeddingMethod(kennardStone).select({ history: o, k: 5, vectors }, createRng(1));
    const idx = r.stdout
      .trim()
      .split("\n")
      .slice(1)
      .map((l) => Number(l.split(",")[1]));
    expect(idx).toEqual(Array.from(lib));
  });

  it("reads float32 NPY vectors (rows in item order) to the same subset as the CSV vectors", () => {
    const args = [
      "subset",
      "select",
      "--outcomes",
      RUNS,
      "--size",
      "5",
      "--method",
      "kennardStone",
      "--json",
    ];
    const a = run(...args, "--vectors", VECTORS);
    const b = run(...args, "--vectors", "test/cli/fixtures/vectors.npy");
    expect(b.code, b.stderr).toBe(0);
    expect(JSON.parse(b.stdout).indices).toEqual(JSON.parse(a.stdout).indices);
  });

  const errors: [string, string[], RegExp][] = [
    [
      "missing file",
      ["--outcomes", "nope.csv", "--size", "5"],
      /--outcomes: file not found: nope\.csv/,
    ],
    [
      "unknown method",
      ["--outcomes", RUNS, "--size", "5", "--method", "magic"],
      /unknown method "magic" \(valid: random, repo, difficulty, consistency, repoDifficulty, repoConsistency, centroid, facilityLocation, medoids, kennardStone, coreEdge\)/,
    ],
    [
      "selector without vectors",
      ["--outcomes", RUNS, "--size", "5", "--method", "centroid"],
      /needs --vectors FILE/,
    ],
    ["bad size", ["--outcomes", RUNS, "--size", "200%"], /--size must be a count in \[1, 20\]/],
    [
      "unknown column",
      ["--outcomes", VECTORS, "--size", "5"],
      /unknown column "run" \(columns: item, calls, cost\)/,
    ],
  ];
  for (const [name, args, msg] of errors) {
    it(`exits 2 on ${name}, writing nothing`, () => {
      const out = join(work, `${name.replace(/\W/g, "")}.csv`);
      const r = run("subset", "select", ...args, "--out", out);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(msg);
      expect(existsSync(out)).toBe(false);
    });
  }

  it("exits 2 on a malformed outcome at file:line:col", () => {
    const bad = join(work, "bad-runs.csv");
    writeFileSync(bad, "run,item,resolved\nr1,a,1\nr1,b,yes\n");
    const r = run("subset", "select", "--outcomes", bad, "--size", "1");
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('bad-runs.csv:3:6: malformed row: resolved "yes" is not 0 or 1');
  });
});

describe("evalsift subset evaluate", () => {
  it("reports the temporal protocol's RMSE and MaxErr as evaluateSubset computes them", () => {
    const r = run(
      "subset",
      "evaluate",
      "--outcomes",
      RUNS,
      "--size",
      "25%",
      "--window",
      "2",
      "--seeds",
      "5",
      "--json",
    );
    expect(r.code, r.stderr).toBe(0);
    const lib = evaluateSubset({
      outcomes: o,
      select: baselineMethod("consistency"),
      size: 5,
      window: 2,
      seeds: 5,
      seed: 1,
    });
    const got = JSON.parse(r.stdout);
    // both in percentage points: the library's RMSE is a rate, its MaxErr already in points
    expect(got.unit).toBe("percentage points");
    expect(got.rmse).toBe(100 * lib.rmse);
    expect(got.rmseBySplit).toEqual(Array.from(lib.rmseBySplit, (v) => 100 * v));
    expect(got.splits).toBe(lib.splits.length);
    expect(got.maxErr).toEqual({ ...lib.maxErr });
    expect(r.stderr).toBe(""); // no progress bar in a pipe
  });

  it("notes the exact number of choices when the splits are sampled (C(56, 23) = 3,167,295,784,216,200)", () => {
    // 57 runs of two items: C(56, 23) is a safe integer, printed exactly (the doubles gave ...201)
    const file = join(work, "runs57.csv");
    const lines = ["run,item,resolved"];
    for (let r = 0; r < 57; r++) lines.push(`r${r},a,${r % 2}`, `r${r},b,${(r >> 1) % 2}`);
    writeFileSync(file, `${lines.join("\n")}\n`);
    const r = run(
      "subset",
      "evaluate",
      "--outcomes",
      file,
      "--size",
      "1",
      "--window",
      "23",
      "--seeds",
      "1",
      "--json",
    );
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain(
      "note: 3,167,295,784,216,200 choices of 23 training runs (C(56, 23)); evaluated a random 10,000 of them",
    );
  });

  it("exits 2 when there are too few runs for the window", () => {
    const r = run("subset", "evaluate", "--outcomes", RUNS, "--size", "5", "--window", "9");
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("--window must be an integer in [1, 5]");
  });

  it("--help shows an example", () => {
    const r = run("subset", "evaluate", "--help");
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("example:\n  evalsift subset evaluate --outcomes runs.csv");
  });
});
