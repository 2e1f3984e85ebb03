/**
 * Size budget: what a bundler ships for `import { pivotal, horvitzThompson }
 * from "evalsift"` — the built ESM entry (dist/index.js, run `npm run build`
 * first), tree-shaken and minified by esbuild, then gzipped. Fails (exit 1)
 * above the budget. Usage: `npx tsx scripts/size-budget.ts [budgetBytes]`.
 */
import { existsSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { build } from "esbuild";

const entry = new URL("../dist/index.js", import.meta.url).pathname;
const budget = Number(process.argv[2] ?? 10 * 1024);
if (!existsSync(entry)) {
  console.error(`size-budget: ${entry} not found; run npm run build first`);
  process.exit(2);
}

const imports = ["pivotal", "horvitzThompson"];
const result = await build({
  stdin: {
    contents: `export { ${imports.join(", ")} } from ${JSON.stringify(entry)};`,
    resolveDir: process.cwd(),
    loader: "js",
  },
  bundle: true,
  minify: true,
  treeShaking: true,
  format: "esm",
  platform: "browser",
  write: false,
  metafile: true,
  logLevel: "silent",
});
const code = result.outputFiles[0]?.contents ?? new Uint8Array();
const gz = gzipSync(code, { level: 9 }).length;
const inputs = Object.entries(result.metafile.outputs)[0]?.[1].inputs ?? {};
const top = Object.entries(inputs)
  .sort((a, b) => b[1].bytesInOutput - a[1].bytesInOutput)
  .slice(0, 5)
  .map(([file, v]) => `${file.replace(/^.*node_modules\//, "")} ${v.bytesInOutput} B`);
console.log(`import { ${imports.join(", ")} } from "evalsift"`);
console.log(`  minified ${code.length} B, min+gzip ${gz} B, budget ${budget} B`);
console.log(`  largest inputs: ${top.join("; ")}`);
if (!(gz <= budget)) {
  console.error(`size-budget: ${gz} B gzipped exceeds the budget of ${budget} B`);
  process.exit(1);
}
