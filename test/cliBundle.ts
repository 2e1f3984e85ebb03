import { build } from "esbuild";

/**
 * Bundles `cli/main.ts` to `outfile` exactly as `tsup.cli.config.ts` does (ESM,
 * node20, text loader for the bundled demo data, the shebang), so the tests
 * drive a built CLI on a clean clone without a prior `npm run build`.
 */
export async function bundleCli(outfile: string): Promise<void> {
  await build({
    entryPoints: ["cli/main.ts"],
    outfile,
    bundle: true,
    format: "esm",
    platform: "node",
    target: "node20",
    loader: { ".csv": "text", ".txt": "text" },
    banner: { js: "#!/usr/bin/env node" },
    logLevel: "silent",
  });
}
