import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { build } from "esbuild";

/** Result of one CLI run. */
export type CliRun = { readonly code: number; readonly stdout: string; readonly stderr: string };

/**
 * Bundles `cli/main.ts` exactly as `tsup.cli.config.ts` does (ESM, node20,
 * text loader for the bundled demo data) into a temporary folder, so
 * `npm test` on a clean clone drives a built CLI without a prior `npm run build`.
 * `parent` is the folder the temporary folder goes in: one inside the project
 * lets the CLI find the project's node_modules (its optional renderers).
 */
export async function buildCli(
  parent = tmpdir(),
): Promise<{ file: string; dir: string; dispose: () => void }> {
  const dir = mkdtempSync(join(parent, "evalsift-cli-"));
  const file = join(dir, "cli.js");
  await build({
    entryPoints: ["cli/main.ts"],
    outfile: file,
    bundle: true,
    format: "esm",
    platform: "node",
    target: "node20",
    loader: { ".csv": "text", ".txt": "text" },
    banner: { js: "#!/usr/bin/env node" },
    logLevel: "silent",
  });
  return { file, dir, dispose: () => rmSync(dir, { recursive: true, force: true }) };
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
