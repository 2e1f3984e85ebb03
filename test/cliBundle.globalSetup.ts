import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { bundleCli } from "./cliBundle.js";

declare module "vitest" {
  export interface ProvidedContext {
    /** The bundled CLI in a folder of the OS temp dir (no project node_modules reachable). */
    cliOutside: string;
    /** The same bundle in a folder inside the project (its optional renderers reachable). */
    cliInside: string;
  }
}

/**
 * Bundles `cli/main.ts` exactly as `tsup.cli.config.ts` does (ESM, node20, text
 * loader for the bundled demo data) once per `npm test`, in the main process, so
 * the CLI tests drive a built CLI on a clean clone without a prior `npm run
 * build`. Two copies: one in the OS temp dir, one inside the project (the CLI
 * finds the project's node_modules from there). Both are removed when the run
 * ends (a worker's own exit hooks do not run when vitest stops it, which left
 * `evalsift-cli-*` folders in the project).
 */
export default async function setup(project: TestProject): Promise<() => void> {
  const dirs = [
    mkdtempSync(join(tmpdir(), "evalsift-cli-")),
    mkdtempSync(join(process.cwd(), "evalsift-cli-")),
  ];
  const [outside, inside] = await Promise.all(
    dirs.map(async (dir) => {
      const outfile = join(dir, "cli.js");
      await bundleCli(outfile);
      return outfile;
    }),
  );
  project.provide("cliOutside", outside as string);
  project.provide("cliInside", inside as string);
  return () => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  };
}
