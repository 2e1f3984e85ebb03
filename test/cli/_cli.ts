import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { build } from "esbuild";

/** Result of one CLI run. */
export type CliRun = { readonly code: number; readonly stdout: string; readonly stderr: string };

/** One bundle per folder and worker process: the CLI test files share it (the suite runs with `isolate: false`). */
const builds = new Map<string, Promise<string>>();

/**
 * Bundles `cli/main.ts` exactly as `tsup.cli.config.ts` does (ESM, node20,
 * text loader for the bundled demo data) into a temporary folder, so
 * `npm test` on a clean clone drives a built CLI without a prior `npm run build`.
 * `parent` is the folder the temporary folder goes in: one inside the project
 * lets the CLI find the project's node_modules (its optional renderers).
 * The bundle is made once per `parent` in a worker process and removed when
 * the process exits; `dispose` is kept for the callers and does nothing.
 */
export async function buildCli(
  parent = tmpdir(),
): Promise<{ file: string; dir: string; dispose: () => void }> {
  let made = builds.get(parent);
  if (made === undefined) {
    made = (async () => {
      const dir = mkdtempSync(join(parent, "evalsift-cli-"));
      process.once("exit", () => rmSync(dir, { recursive: true, force: true }));
      await build({
        entryPoints: ["cli/main.ts"],
        outfile: join(dir, "cli.js"),
        bundle: true,
        format: "esm",
        platform: "node",
        target: "node20",
        loader: { ".csv": "text", ".txt": "text" },
        banner: { js: "#!/usr/bin/env node" },
        logLevel: "silent",
      });
      return dir;
    })();
    builds.set(parent, made);
  }
  const dir = await made;
  return { file: join(dir, "cli.js"), dir, dispose: () => {} };
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
