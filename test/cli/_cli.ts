import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { inject } from "vitest";
import { bundleCli } from "../cliBundle.js";

/** Result of one CLI run. */
export type CliRun = { readonly code: number; readonly stdout: string; readonly stderr: string };

/**
 * The CLI bundle, built exactly as `tsup.cli.config.ts` builds it. Under vitest
 * it is the one `test/cliBundle.globalSetup.ts` made once per run (removed when
 * the run ends); in a plain script (`test/label/label.browser.ts`, run by tsx)
 * it is bundled here into the OS temp dir and removed when the process exits.
 * `inside: true` gives the copy inside the project, which finds the project's
 * node_modules (its optional renderers); the default copy is in the OS temp dir.
 */
export async function buildCli(where: { inside?: boolean } = {}): Promise<{ file: string }> {
  const file =
    process.env.VITEST !== undefined
      ? inject(where.inside === true ? "cliInside" : "cliOutside")
      : await bundleForScript(where.inside === true);
  return { file };
}

async function bundleForScript(inside: boolean): Promise<string> {
  const dir = mkdtempSync(join(inside ? process.cwd() : tmpdir(), "evalsift-cli-"));
  process.once("exit", () => rmSync(dir, { recursive: true, force: true }));
  const file = join(dir, "cli.js");
  await bundleCli(file);
  return file;
}

/** Runs `node cli.js ...args` with stdout/stderr captured (pipes, so no TTY). */
export function runCli(file: string, args: readonly string[], cwd?: string): CliRun {
  const r = spawnSync(process.execPath, [file, ...args], {
    encoding: "utf8",
    cwd,
    timeout: 60_000,
  });
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}

/** `tcs <verb> --input <input> --feature <feature> --strategy <strategy> --budget <budget>` plus `more`. */
export const tcs = (
  verb: string,
  input: string,
  feature: string,
  strategy: string,
  budget: string,
  ...more: string[]
): string[] => [
  "tcs",
  verb,
  "--input",
  input,
  "--feature",
  feature,
  "--strategy",
  strategy,
  "--budget",
  budget,
  ...more,
];
