import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildCli, type CliRun, runCli, spawnCli } from "./_cli.js";

// The CLI tests run the default bundle in-process (runCli -> runInProcess of
// cli/run.ts in a worker thread). This file checks that a run there is the run
// of the command: the same exit code, stdout, stderr and --out file as
// `node cli.js` in its own process, on the README's commands and on the
// help, version, usage-error, bad-input and output-file paths.
const EX = "examples/cli";
const readme = readFileSync("README.md", "utf8");
const block =
  /```sh\n([\s\S]*?)```/.exec(readme.slice(readme.indexOf("## Command line")))?.[1] ?? "";

/** The README line's words after `evalsift`, its input files as paths from the project root. */
function readmeArgs(line: string): string[] {
  const out: string[] = [];
  const re = /'([^']*)'|"([^"]*)"|(\S+)/g;
  for (let m = re.exec(line); m !== null; m = re.exec(line)) out.push(m[1] ?? m[2] ?? m[3] ?? "");
  return out.slice(1).map((w) => (existsSync(join(EX, w)) ? join(EX, w) : w));
}

const readmeLines = block.split("\n").filter((l) => l.startsWith("evalsift "));
const plan = ["tcs", "plan", "--input", join(EX, "preds.csv"), "--feature", "entropy"];
const others: string[][] = [
  [],
  ["--version"],
  ["--help"],
  ["tcs", "--help"],
  ["subset", "select", "--help"],
  ["tcs", "nope"],
  [...plan, "--strategy", "kcenter", "--budget", "20", "--seed", "7", "--json"],
  [...plan, "--strategy", "kcentre", "--budget", "20", "--seed", "7"],
  [...plan, "--strategy", "srs", "--budget", "-3", "--seed", "7"],
  [...plan, "--strategy", "srs", "--budget", "20", "--sed", "7"],
  [...plan, "--strategy", "srs", "--budget", "20", "--seed", "7", "--labels", "missing.csv"],
  [...plan, "--strategy", "srs", "--budget", "20", "--seed", "7", "--json", "--csv"],
  ["tcs", "plan", "--input", "test/cli/fixtures/malformed.csv", "--feature", "entropy"],
];

let cli: Awaited<ReturnType<typeof buildCli>>;
let work: string;
beforeAll(async () => {
  cli = await buildCli();
  work = mkdtempSync(join(tmpdir(), "evalsift-inprocess-"));
});
afterAll(() => {
  rmSync(work, { recursive: true, force: true });
});

const same = (a: CliRun, b: CliRun): void => {
  expect(a.code).toBe(b.code);
  expect(a.stdout).toBe(b.stdout);
  expect(a.stderr).toBe(b.stderr);
};

describe("in-process runs are the command's runs", () => {
  it("the README has its command block", () => {
    expect(readmeLines.length).toBeGreaterThanOrEqual(7);
  });
  for (const line of readmeLines) {
    it(line, () => {
      const args = readmeArgs(line);
      const r = runCli(cli.file, args);
      expect(r.code, r.stderr).toBe(0);
      same(r, spawnCli(cli.file, args));
    });
  }
  for (const args of others) {
    it(`evalsift ${args.join(" ")}`, () => {
      same(runCli(cli.file, args), spawnCli(cli.file, args));
    });
  }
  it("--out writes the same file, prints nothing and leaves no temporary file", () => {
    const a = join(work, "a.json");
    const b = join(work, "b.json");
    const args = [...plan, "--strategy", "ssrs", "--budget", "30", "--seed", "3"];
    const ra = runCli(cli.file, [...args, "--out", a]);
    const rb = spawnCli(cli.file, [...args, "--out", b]);
    same(ra, rb);
    expect(ra.code).toBe(0);
    expect(ra.stdout).toBe("");
    expect(readFileSync(a, "utf8")).toBe(readFileSync(b, "utf8"));
    expect(JSON.parse(readFileSync(a, "utf8"))).toBeTypeOf("object");
  });
  it("runs in this process: a hundred runs take well under a process start each", () => {
    const t0 = performance.now();
    const version = spawnCli(cli.file, ["--version"]);
    for (let k = 0; k < 100; k++) {
      // each answer is its own call's (a shifted answer once came from a late wake-up)
      const r = runCli(cli.file, k % 2 === 0 ? ["--version"] : ["tcs", "nope"]);
      expect(r.code).toBe(k % 2 === 0 ? 0 : 2);
      if (k % 2 === 0) expect(r.stdout).toBe(version.stdout);
    }
    // a process start alone is ~0.1-0.25 s on this machine; 100 of them would take >= 10 s
    // (the spawn above included)
    expect(performance.now() - t0).toBeLessThan(5_000);
  });
});
