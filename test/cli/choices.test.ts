/**
 * Misspelt option values get the nearest valid one (the core's nearestKey, as
 * misspelt flags do); --method is case-insensitive like --strategy; the
 * strategy list in errors names `active`, which is accepted.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { buildCli, runCli } from "./_cli.js";

const FIX = "test/cli/fixtures";
const PREDS = `${FIX}/preds.csv`;
const RUNS = `${FIX}/runs.csv`;
let cli = { file: "" };
beforeAll(async () => {
  cli = await buildCli();
});
const plan = (...args: string[]) =>
  runCli(cli.file, ["tcs", "plan", "--input", PREDS, "--budget", "4", ...args]);
const select = (...args: string[]) =>
  runCli(cli.file, ["subset", "select", "--outcomes", RUNS, "--size", "3", ...args]);

describe("did you mean, for option values", () => {
  it('--strategy pivotl: did you mean "pivotal"?, and the list names active', () => {
    const r = plan("--feature", "score", "--strategy", "pivotl");
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('unknown strategy "pivotl" (did you mean "pivotal"?) (valid: srs,');
    expect(r.stderr).toContain("kCenterStrat, active)");
    expect(plan("--feature", "score", "--strategy", "activ").stderr).toContain(
      '(did you mean "active"?)',
    );
    expect(plan("--feature", "score", "--strategy", "kcentr").stderr).toContain(
      '(did you mean "kCenter"?)',
    );
    expect(runCli(cli.file, ["tcs", "plan", "--help"]).stdout).toMatch(/kCenterStrat, or active/);
  });

  it('--method consistensy: did you mean "consistency"?', () => {
    const r = select("--method", "consistensy");
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(
      'unknown method "consistensy" (did you mean "consistency"?) (valid: random,',
    );
    expect(select("--method", "medoid", "--vectors", `${FIX}/vectors.csv`).stderr).toContain(
      '(did you mean "medoids"?)',
    );
  });

  it("--method is case-insensitive, like --strategy", () => {
    const lower = select("--method", "consistency", "--csv", "--quiet");
    expect(lower.code, lower.stderr).toBe(0);
    for (const m of ["Consistency", "CONSISTENCY"]) {
      const r = select("--method", m, "--csv", "--quiet");
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toBe(lower.stdout);
    }
    const med = ["--vectors", `${FIX}/vectors.csv`, "--csv", "--quiet"];
    const a = select("--method", "facilityLocation", "--strata", "kmeans", ...med);
    expect(a.code, a.stderr).toBe(0);
    expect(select("--method", "FacilityLocation", "--strata", "KMeans", ...med).stdout).toBe(
      a.stdout,
    );
  });

  it("other enumerated values and column names suggest too", () => {
    const wilsn = plan("--feature", "score", "--strategy", "srs", "--interval", "wilsn");
    expect(wilsn.stderr).toContain('(got "wilsn"; did you mean "wilson"?)');
    expect(
      plan("--feature", "score", "--strategy", "srs", "--orientation", "hihger").stderr,
    ).toContain('(got "hihger"; did you mean "higher"?)');
    expect(plan("--feature", "scroe", "--strategy", "srs").stderr).toContain(
      'unknown column "scroe" for --feature (did you mean "score"?)',
    );
    expect(plan("--feature", "entrpy", "--strategy", "srs").stderr).toContain(
      '(did you mean "entropy"?)',
    );
    expect(
      select("--method", "medoids", "--strata", "kmean", "--vectors", `${FIX}/vectors.csv`).stderr,
    ).toContain('unknown --strata "kmean" (did you mean "kmeans"?)');
    expect(plan("--feature", "score", "--strategy", "srs", "--id", "ID").stderr).toContain(
      'unknown column "ID" (did you mean "id"?)',
    );
  });

  it("a value far from every valid one gets no guess", () => {
    const r = plan("--feature", "score", "--strategy", "magic");
    expect(r.stderr).not.toContain("did you mean");
  });
});
