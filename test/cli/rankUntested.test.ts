/**
 * `slices rank` and slices without a picked test: nothing was observed there,
 * so they are "untested" (listed last, no impact or change), not "unchanged";
 * no picked test at all is a usage error.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rankSlices } from "../../src/slices/rankSlices.js";
import { buildCli, runCli } from "./_cli.js";

const work = mkdtempSync(join(tmpdir(), "evalsift-rank-untested-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));
let cli = { file: "" };
beforeAll(async () => {
  cli = await buildCli();
});
const HEADER = "slice,pick,outcome_v0,outcome_v1,score_v0,score_v1";
/** slice, pick, outcome V0, outcome V1 (picked rows), score V0, score V1 (picked rows) */
type Row = [number, 0 | 1, 0 | 1, 0 | 1, number, number];
// slice 0 regressed, slice 1 tested and unchanged with |delta f| 0.05, slice 2 untested, slice 3
// improved, slice 4 tested and unchanged with no score change: the library ranks the untested
// slice 2 (impact 0, lower id) before the tested slice 4
const ROWS: Row[] = [
  [0, 1, 1, 0, 0.1, 0.9],
  [0, 0, 1, 0, 0.2, 0],
  [1, 1, 1, 1, 0.3, 0.35],
  [1, 0, 0, 0, 0.4, 0],
  [2, 0, 1, 0, 0.5, 0],
  [2, 0, 1, 0, 0.6, 0],
  [3, 1, 0, 1, 0.5, 0.1],
  [3, 0, 1, 0, 0.6, 0],
  [4, 1, 1, 1, 0.7, 0.7],
  [4, 0, 1, 0, 0.8, 0],
];
function table(name: string, rows: readonly Row[]): string {
  const f = join(work, name);
  const lines = rows.map(([s, p, o0, o1, f0, f1]) =>
    [s, p, o0, p === 1 ? o1 : "", f0, p === 1 ? f1 : ""].join(","),
  );
  writeFileSync(f, `${HEADER}\n${lines.join("\n")}\n`);
  return f;
}

describe("slices rank: slices without a picked test", () => {
  it("are untested, listed after every tested slice, with no impact or change", () => {
    const f = table("some.csv", ROWS);
    const csv = runCli(cli.file, ["slices", "rank", "--input", f, "--csv"]);
    expect(csv.code, csv.stderr).toBe(0);
    expect(csv.stdout).toBe(
      [
        "rank,slice,category,impact,delta_failure_rate,picked,size",
        "1,0,regressed,0.8,1,1,2",
        "2,3,improved,0.4,-1,1,2",
        `3,1,unchanged,${0.35 - 0.3},0,1,2`,
        "4,4,unchanged,0,0,1,2",
        "5,2,untested,,,0,2",
        "",
      ].join("\n"),
    );
    expect(csv.stderr).toContain("1 of 5 slices have no picked test: listed last as untested");
    const json = JSON.parse(
      runCli(cli.file, ["slices", "rank", "--input", f, "--json", "--quiet"]).stdout,
    );
    expect(json.ranking).toEqual([0, 3, 1, 4, 2]);
    expect(json.category).toEqual(["regressed", "unchanged", "untested", "improved", "unchanged"]);
    expect(json.impact[2]).toBeNull();
    expect(json.deltaFailureRate[2]).toBeNull();
    expect(json.picked).toEqual([1, 1, 0, 1, 1]);
    // the tested slices keep the library's categories, impacts and order
    const lib = rankSlices({
      sliceOf: ROWS.map((r) => r[0]),
      picks: [[0], [2], [], [6], [8]],
      outcomeV0: ROWS.map((r) => r[2]),
      outcomeV1: ROWS.map((r) => r[3]),
      scoreV0: ROWS.map((r) => r[4]),
      scoreV1: ROWS.map((r) => r[5]),
    });
    // the CLI prints the library's ranking and categories (untested after tested slice 4)
    expect(Array.from(lib.ranking)).toEqual(json.ranking);
    expect(lib.category).toEqual(json.category);
    expect(json.impact.filter((_: unknown, s: number) => s !== 2)).toEqual(
      Array.from(lib.impact).filter((_, s) => s !== 2),
    );
  });

  it("no picked test at all is a usage error naming the pick column and the file", () => {
    const f = table(
      "none.csv",
      ROWS.map((r) => [r[0], 0, r[2], 0, r[4], 0]),
    );
    const r = runCli(cli.file, ["slices", "rank", "--input", f]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.stderr).toContain(
      `slices rank: no test is picked (column pick is 0 on all 10 rows of ${f}), so no slice can be ranked`,
    );
  });

  it("the help says what untested means", () => {
    const r = runCli(cli.file, ["slices", "rank", "--help"]);
    expect(r.stdout).toContain("untested");
    expect(r.stdout).toContain("never as\nunchanged");
  });
});
