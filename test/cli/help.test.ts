import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { identifySlicesDefaults } from "../../src/slices/identifySlices.js";
import { buildCli, runCli } from "./_cli.js";

let cli: Awaited<ReturnType<typeof buildCli>>;
let work: string;
beforeAll(async () => {
  cli = await buildCli();
  work = mkdtempSync(join(tmpdir(), "evalsift-help-"));
});
afterAll(() => {
  rmSync(work, { recursive: true, force: true });
});
const run = (...args: string[]) => runCli(cli.file, args);

describe("what a new user trips over", () => {
  it("--version prints the package version", () => {
    const { version } = JSON.parse(readFileSync("package.json", "utf8")) as { version: string };
    const r = run("--version");
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(`evalsift ${version}\n`);
    expect(run("--help").stdout).toContain("evalsift --version");
  });

  it("slices identify --help prints identifySlicesDefaults as numbers", () => {
    const help = run("slices", "identify", "--help").stdout;
    expect(help).not.toMatch(/identifySlices' default/);
    const d = identifySlicesDefaults;
    expect(help).toMatch(new RegExp(`--min-size N +smallest slice \\(default ${d.minSize}\\)`));
    expect(help).toMatch(new RegExp(`--max-size N +largest slice \\(default ${d.maxSize}\\)`));
    expect(help).toMatch(new RegExp(`population size \\(default ${d.populationSize}\\)`));
    expect(help).toMatch(new RegExp(`generations \\(default ${d.generations}\\)`));
  });

  it("a .json array is refused with the conversion to JSON Lines; a .json of one object per line is read", () => {
    const rows = [
      { id: "a", score: 0.9 },
      { id: "b", score: 0.2 },
      { id: "c", score: 0.5 },
    ];
    const array = join(work, "preds.json");
    writeFileSync(array, JSON.stringify(rows, null, 2));
    const args = ["--feature", "score", "--strategy", "srs", "--budget", "2", "--csv"];
    const bad = run("tcs", "plan", "--input", array, ...args);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("holds a JSON array. Convert it with: jq -c '.[]'");
    const lines = join(work, "lines.json");
    writeFileSync(lines, `${rows.map((r) => JSON.stringify(r)).join("\n")}\n`);
    const ok = run("tcs", "plan", "--input", lines, ...args);
    expect(ok.code, ok.stderr).toBe(0);
    expect(ok.stdout.split("\n")[0]).toBe("order,row,id,risk");
  });
});
