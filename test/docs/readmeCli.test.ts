import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { buildCli, runCli } from "../cli/_cli.js";

// The README's "Command line" block, run verbatim (with `evalsift` = the built
// CLI) from examples/cli, which holds an input file for every line.
const readme = readFileSync("README.md", "utf8");
const section = readme.slice(readme.indexOf("## Command line"));
const block = /```sh\n([\s\S]*?)```/.exec(section)?.[1] ?? "";
const lines = block.split("\n").filter((l) => l.startsWith("evalsift "));

/** Splits a shell line into words (single and double quotes, no expansion). */
function words(line: string): string[] {
  const out: string[] = [];
  const re = /'([^']*)'|"([^"]*)"|(\S+)/g;
  for (let m = re.exec(line); m !== null; m = re.exec(line)) out.push(m[1] ?? m[2] ?? m[3] ?? "");
  return out;
}

describe("README command-line examples", () => {
  let cli: Awaited<ReturnType<typeof buildCli>>;
  beforeAll(async () => {
    cli = await buildCli();
  });

  it("has the block", () => {
    expect(lines.length).toBeGreaterThanOrEqual(7);
  });
  for (const line of lines) {
    it(line, () => {
      const r = runCli(cli.file, words(line).slice(1), "examples/cli");
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout.length).toBeGreaterThan(0);
    });
  }
});
