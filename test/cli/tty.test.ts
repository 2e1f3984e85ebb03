import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { buildCli } from "./_cli.js";

// util-linux `script` runs the CLI on a pseudo-terminal (stdout and stderr both TTYs, merged).
const hasScript = existsSync("/usr/bin/script");

let cli: Awaited<ReturnType<typeof buildCli>>;
beforeAll(async () => {
  cli = await buildCli();
});

function onTty(args: string): string {
  const r = spawnSync(
    "/usr/bin/script",
    ["-qec", `${process.execPath} ${cli.file} ${args}`, "/dev/null"],
    {
      encoding: "utf8",
      timeout: 60_000,
    },
  );
  expect(r.status, r.stderr).toBe(0);
  return r.stdout.replaceAll("\r", "");
}

describe.skipIf(!hasScript)("evalsift on a terminal", () => {
  it("prints an aligned table instead of CSV", () => {
    const out = onTty("demo --reps 5 --n 30 --quiet");
    expect(out).toMatch(/^design +estimate +ci_lo/m);
    expect(out).toMatch(/^-{10} {2}-{8}/m);
    expect(out).not.toContain("design,estimate");
  });

  it("draws a progress bar on stderr, and none with --quiet", () => {
    const args =
      "subset evaluate --outcomes test/cli/fixtures/runs.csv --size 5 --window 2 --seeds 3";
    expect(onTty(args)).toMatch(/subset evaluate \[#+\s*\] \d+\/\d+/);
    expect(onTty(`${args} --quiet`)).not.toContain("subset evaluate [");
  });
});
