import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRng } from "../../src/core/rng.js";
import { identifySlices } from "../../src/slices/identifySlices.js";
import { rankSlices } from "../../src/slices/rankSlices.js";
import { representatives } from "../../src/slices/representatives.js";
import { buildCli, runCli } from "./_cli.js";

const TESTS = "test/cli/fixtures/tests.csv";
const lines = readFileSync(TESTS, "utf8")
  .trim()
  .split("\n")
  .slice(1)
  .map((l) => l.split(","));
const n = lines.length;
const signals = {
  data: Float64Array.from(lines.flatMap((f) => [Number(f[1]), Number(f[2])])),
  rows: n,
  cols: 2,
};
const outcome = Uint8Array.from(lines, (f) => Number(f[3]));
const opts = [
  "--generations",
  "30",
  "--population",
  "20",
  "--min-size",
  "3",
  "--max-size",
  "12",
  "--seed",
  "5",
];

let cli: Awaited<ReturnType<typeof buildCli>>;
let work: string;
beforeAll(async () => {
  cli = await buildCli();
  work = mkdtempSync(join(tmpdir(), "evalsift-slices-"));
});
afterAll(() => {
  rmSync(work, { recursive: true, force: true });
});
const run = (...args: string[]) => runCli(cli.file, args);

describe("evalsift slices identify and rank", () => {
  it("identify gives identifySlices' partition and the closest representatives; rank gives rankSlices' order", () => {
    const id = run(
      "slices",
      "identify",
      "--input",
      TESTS,
      "--outcome",
      "passed",
      "--signals",
      "sig_a,sig_b",
      ...opts,
      "--picks",
      "2",
      "--csv",
    );
    expect(id.code, id.stderr).toBe(0);
    const lib = identifySlices(signals, outcome, createRng(5), {
      generations: 30,
      populationSize: 20,
      minSize: 3,
      maxSize: 12,
    });
    const rows = id.stdout
      .trim()
      .split("\n")
      .slice(1)
      .map((l) => l.split(",").map(Number));
    expect(rows.map((r) => r[1])).toEqual(Array.from(lib.sliceOf));
    const picks = representatives(lib.sliceOf, signals, 2, "closest");
    const picked = new Set(picks.flatMap((p) => Array.from(p)));
    expect(rows.map((r) => r[2])).toEqual(rows.map((_r, i) => (picked.has(i) ? 1 : 0)));

    // V1: every test in the slice of test 0 fails now; scores rise by 0.5 where V1 fails.
    const outcomeV1 = Uint8Array.from(outcome, (o, i) =>
      lib.sliceOf[i] === lib.sliceOf[0] ? 0 : o,
    );
    const scoreV0 = Float64Array.from({ length: n }, (_, i) => (i % 4) / 4);
    const scoreV1 = Float64Array.from(scoreV0, (s, i) => s + (outcomeV1[i] === 0 ? 0.5 : 0));
    const csv = ["slice,pick,outcome_v0,outcome_v1,score_v0,score_v1"];
    for (let i = 0; i < n; i++) {
      const p = picked.has(i);
      csv.push(
        `${lib.sliceOf[i]},${p ? 1 : 0},${outcome[i]},${p ? outcomeV1[i] : ""},${scoreV0[i]},${p ? scoreV1[i] : ""}`,
      );
    }
    const results = join(work, "results.csv");
    writeFileSync(results, `${csv.join("\n")}\n`);
    const rk = run("slices", "rank", "--input", results, "--json");
    expect(rk.code, rk.stderr).toBe(0);
    const expected = rankSlices({
      sliceOf: lib.sliceOf,
      picks,
      outcomeV0: outcome,
      outcomeV1,
      scoreV0,
      scoreV1,
    });
    const got = JSON.parse(rk.stdout);
    expect(got.ranking).toEqual(Array.from(expected.ranking));
    expect(got.category).toEqual([...expected.category]);
  });

  const errors: [string, string[], RegExp][] = [
    [
      "neither --signals nor --vectors",
      ["--input", TESTS, "--outcome", "passed"],
      /give exactly one of --signals COLS and --vectors FILE/,
    ],
    [
      "unknown signal column",
      ["--input", TESTS, "--outcome", "passed", "--signals", "sig_a,sig_z"],
      /unknown column "sig_z"/,
    ],
    [
      "a non-binary outcome",
      ["--input", TESTS, "--outcome", "sig_a", "--signals", "sig_b"],
      /tests\.csv:3:4: malformed row: column "sig_a" holds 5.2, not 0 or 1/,
    ],
    [
      "missing file",
      ["--input", "nope.csv", "--outcome", "passed", "--signals", "sig_*"],
      /--input: file not found: nope\.csv/,
    ],
  ];
  for (const [name, args, msg] of errors) {
    it(`identify exits 2 on ${name}, writing nothing`, () => {
      const out = join(work, "never.csv");
      const r = run("slices", "identify", ...args, "--out", out);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(msg);
      expect(existsSync(out)).toBe(false);
    });
  }

  it("rank exits 2 on a picked row without its V1 outcome, at file:line:col", () => {
    const bad = join(work, "bad.csv");
    writeFileSync(
      bad,
      "slice,pick,outcome_v0,outcome_v1,score_v0,score_v1\n0,1,1,1,0.5,0.5\n0,1,1,,0.5,0.5\n",
    );
    const r = run("slices", "rank", "--input", bad);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('bad.csv:3:7: malformed row: outcome_v1 "" is not 0 or 1');
  });

  it("rank exits 2 on a missing column", () => {
    const r = run("slices", "rank", "--input", TESTS);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('unknown column "slice"');
  });

  for (const verb of ["identify", "rank"]) {
    it(`slices ${verb} --help shows an example`, () => {
      const r = run("slices", verb, "--help");
      expect(r.code).toBe(0);
      expect(r.stdout).toContain(`example:\n  evalsift slices ${verb} `);
    });
  }
});
