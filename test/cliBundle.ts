import { build } from "esbuild";
import type { Options } from "tsup";
import cliConfig from "../tsup.cli.config.js";

/**
 * Bundles `cli/main.ts` to `outfile` with the options of `tsup.cli.config.ts`
 * itself (entry, format, platform, target, tsconfig, loaders, banner), so the
 * tests drive the CLI `npm run build` would make, on a clean clone without a
 * prior build.
 */
export async function bundleCli(outfile: string): Promise<void> {
  await bundle(Object.values((cliConfig as Options).entry as Record<string, string>), outfile);
}

/**
 * Bundles `cli/run.ts` (the command's logic without its process, whose
 * `runInProcess` the CLI tests call in a worker thread) with the same options.
 */
export async function bundleCliInProcess(outfile: string): Promise<void> {
  await bundle(["cli/run.ts"], outfile);
}

async function bundle(entryPoints: string[], outfile: string): Promise<void> {
  const o = cliConfig as Options;
  await build({
    entryPoints,
    outfile,
    bundle: true,
    format: (o.format as readonly ("esm" | "cjs" | "iife")[])[0],
    platform: o.platform,
    target: o.target as string,
    tsconfig: o.tsconfig,
    loader: o.loader,
    banner: o.banner as Record<string, string>,
    logLevel: "silent",
  });
}
