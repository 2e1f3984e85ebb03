import { spawnSync } from "node:child_process";
import { dirname } from "node:path";
import { inject } from "vitest";

/** Result of one CLI run. */
export type CliRun = { readonly code: number; readonly stdout: string; readonly stderr: string };

/**
 * The CLI bundle made once per run by `test/cliBundle.globalSetup.ts` (built
 * exactly as `tsup.cli.config.ts` builds it, removed when the run ends).
 * `inside: true` gives the copy inside the project, which finds the project's
 * node_modules (its optional renderers); the default copy is in the OS temp dir.
 * Kept async with a `dispose` (which does nothing) for its callers.
 */
export async function buildCli(
  where: { inside?: boolean } = {},
): Promise<{ file: string; dir: string; dispose: () => void }> {
  const file = inject(where.inside === true ? "cliInside" : "cliOutside");
  return { file, dir: dirname(file), dispose: () => {} };
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
