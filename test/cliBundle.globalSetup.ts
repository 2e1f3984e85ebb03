import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { bundleCli, bundleCliInProcess } from "./cliBundle.js";

declare module "vitest" {
  export interface ProvidedContext {
    /** The bundled CLI in a folder of the OS temp dir (no project node_modules reachable). */
    cliOutside: string;
    /** The same bundle in a folder inside the project (its optional renderers reachable). */
    cliInside: string;
    /** `cli/run.ts` bundled the same way, next to `cliOutside`: `runInProcess` for the CLI tests. */
    cliInProcess: string;
  }
}

/**
 * Bundles `cli/main.ts` exactly as `tsup.cli.config.ts` does (ESM, node20, text
 * loader for the bundled demo data) once per `npm test`, in the main process, so
 * the CLI tests drive a built CLI on a clean clone without a prior `npm run
 * build`. Two copies: one in the OS temp dir, one inside the project (the CLI
 * finds the project's node_modules from there). Both are removed when the run
 * ends (a worker's own exit hooks do not run when vitest stops it, which left
 * `evalsift-cli-*` folders in the project). A third bundle, of `cli/run.ts`,
 * serves the in-process runs of `test/cli/_cli.ts`.
 */
export default async function setup(project: TestProject): Promise<() => void> {
  const dirs = [
    mkdtempSync(join(tmpdir(), "evalsift-cli-")),
    mkdtempSync(join(process.cwd(), "evalsift-cli-")),
  ];
  const inProcess = join(dirs[0] as string, "run.js");
  const [outside, inside] = await Promise.all([
    ...dirs.map(async (dir) => {
      const outfile = join(dir, "cli.js");
      await bundleCli(outfile);
      return outfile;
    }),
    bundleCliInProcess(inProcess),
  ]);
  project.provide("cliOutside", outside as string);
  project.provide("cliInside", inside as string);
  project.provide("cliInProcess", inProcess);
  return () => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  };
}
