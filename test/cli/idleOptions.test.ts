/**
 * Options that would do nothing are usage errors instead of being accepted
 * silently: --strata or --vectors with a method that reads neither, --json
 * with --csv, and a --json/--csv flag that contradicts the --out extension.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildCli, runCli, tcs } from "./_cli.js";

const FIX = "test/cli/fixtures";
const RUNS = `${FIX}/runs.csv`;
const VECTORS = `${FIX}/vectors.csv`;
const work = mkdtempSync(join(tmpdir(), "evalsift-idle-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));
let cli = { file: "" };
beforeAll(async () => {
  cli = await buildCli();
});
const subset = (verb: string, ...args: string[]) =>
  runCli(cli.file, ["subset", verb, "--outcomes", RUNS, "--size", "3", ...args]);
const plan = (...args: string[]) =>
  runCli(cli.file, tcs("plan", `${FIX}/preds.csv`, "score", "srs", "3", ...args));

describe("options a method does not read", () => {
  for (const verb of ["select", "evaluate"]) {
    it(`subset ${verb}: --strata or --vectors with a baseline method is a usage error`, () => {
      const strata = subset(verb, "--method", "consistency", "--strata", "kmeans");
      expect(strata.code).toBe(2);
      expect(strata.stderr).toContain(
        `subset ${verb}: --strata is for the selectors (centroid, facilityLocation, medoids, kennardStone, coreEdge); --method consistency does not use it`,
      );
      const vectors = subset(verb, "--method", "random", "--vectors", VECTORS);
      expect(vectors.code).toBe(2);
      expect(vectors.stderr).toContain("--vectors is for the selectors");
      // the default method is a baseline too
      expect(subset(verb, "--vectors", VECTORS).stderr).toContain(
        "--method consistency does not use it",
      );
      // a selector reads both
      const ok = subset(verb, "--method", "medoids", "--strata", "kmeans", "--vectors", VECTORS);
      expect(ok.code, ok.stderr).toBe(0);
    });
  }

  it("subset select --method auto: --vectors and --strata are refused", () => {
    for (const extra of [
      ["--vectors", VECTORS],
      ["--strata", "difficulty"],
    ]) {
      const r = subset("select", "--method", "auto", ...extra);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain(`${extra[0]} is for the selectors; --method auto chooses among`);
    }
  });
});

describe("output format asked for twice", () => {
  it("--json with --csv: choose one", () => {
    const r = plan("--json", "--csv");
    expect(r.code).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.stderr).toBe("evalsift: --json and --csv: choose one output format\n");
  });

  it("a flag that contradicts the --out extension is refused, nothing written", () => {
    const json = join(work, "o.json");
    const r = plan("--out", json, "--csv");
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(
      `--out ${json} names a .json file but --csv asks for CSV: drop --csv (the extension chooses JSON) or name the file .csv`,
    );
    expect(existsSync(json)).toBe(false);
    const csv = join(work, "o.csv");
    expect(plan("--out", csv, "--json").stderr).toContain("names a .csv file but --json asks");
    expect(existsSync(csv)).toBe(false);
  });

  it("the extension chooses when no flag does; a flag chooses for any other name", () => {
    const json = join(work, "p.json");
    expect(plan("--out", json, "--quiet").code).toBe(0);
    expect(() => JSON.parse(readFileSync(json, "utf8"))).not.toThrow();
    const agree = join(work, "q.json");
    expect(plan("--out", agree, "--json", "--quiet").code).toBe(0);
    const txt = join(work, "r.txt");
    expect(plan("--out", txt, "--json", "--quiet").code).toBe(0);
    expect(() => JSON.parse(readFileSync(txt, "utf8"))).not.toThrow();
    const help = runCli(cli.file, ["tcs", "plan", "--help"]).stdout;
    expect(help).toContain("one that contradicts a .json/.csv name is an error");
    expect(help).toContain("print JSON (not with --csv)");
  });
});
