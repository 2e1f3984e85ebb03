/**
 * Builds the labelling page (apps/label) into one self-contained HTML file:
 * apps/label/main.ts bundled by esbuild (IIFE, minified, browser) and inlined
 * into apps/label/index.html, so it works from file:// and any static host
 * with no network. Usage: `npx tsx scripts/build-label.ts [outDir]`
 * (default apps/label/dist); prints the bundle's size.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { build } from "esbuild";

/** Builds the page into `outDir`; returns the HTML file and the script's raw and gzipped sizes. */
export async function buildLabelPage(
  outDir: string,
): Promise<{ file: string; bytes: number; gzip: number }> {
  const root = new URL("../apps/label/", import.meta.url).pathname;
  const result = await build({
    entryPoints: [join(root, "main.ts")],
    bundle: true,
    minify: true,
    format: "iife",
    platform: "browser",
    target: "es2020",
    write: false,
    logLevel: "silent",
  });
  const js = result.outputFiles[0]?.text ?? "";
  const html = readFileSync(join(root, "index.html"), "utf8");
  // a "</script" inside the bundle would end the inline script early
  const safe = js.replaceAll("</script", "<\\/script");
  const out = html.replace("<!--bundle-->", () => `<script>${safe}</script>`);
  mkdirSync(outDir, { recursive: true });
  const file = join(outDir, "index.html");
  writeFileSync(file, out);
  return { file, bytes: Buffer.byteLength(js), gzip: gzipSync(js, { level: 9 }).length };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const outDir = process.argv[2] ?? new URL("../apps/label/dist/", import.meta.url).pathname;
  const r = await buildLabelPage(outDir);
  console.log(
    `build-label: ${r.file} (script ${(r.bytes / 1024).toFixed(1)} KiB, ${(r.gzip / 1024).toFixed(1)} KiB gzipped)`,
  );
}
