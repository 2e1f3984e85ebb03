import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { build } from "esbuild";
import { ENTRIES } from "../../scripts/entries.js";

/**
 * Bundles the package (every entry: the root and `evalsift/<job>`) with its
 * dependencies into one browser/Deno ESM file: from the built `dist/` when it
 * exists and is newer than every file of `src/` (what users get), else from
 * the sources (the same code, so `npm test` works on a clean clone, and an
 * edit to src/ without a rebuild is tested, not the old build).
 */
export async function bundlePackage(outfile: string): Promise<string> {
  const outputs = ["index", ...ENTRIES.map((e) => `entry/${e}`)].map((f) =>
    join(process.cwd(), `dist/${f}.js`),
  );
  const built =
    outputs.every((f) => existsSync(f)) &&
    Math.min(...outputs.map((f) => statSync(f).mtimeMs)) >= newestMtime(join(process.cwd(), "src"));
  const files = built
    ? ["dist/index.js", ...ENTRIES.map((e) => `dist/entry/${e}.js`)]
    : ["src/index.ts", ...ENTRIES.map((e) => `src/entry/${e}.ts`)];
  const entry = built ? "dist/" : "src/";
  await build({
    stdin: {
      contents: files
        .map((f) => `export * from ${JSON.stringify(join(process.cwd(), f))};`)
        .join("\n"),
      resolveDir: process.cwd(),
      loader: "ts",
    },
    outfile,
    bundle: true,
    format: "esm",
    platform: "browser",
    target: "es2022",
    logLevel: "silent",
  });
  return entry;
}

/** The seeded computation every runtime must reproduce bit for bit. */
export const parityScript = (from: string): string => `
import { createRng, dsa, inclusionProbabilities, pivotal, horvitzThompson, hajek, srs } from ${JSON.stringify(from)};
const N = 60;
const risk = Float64Array.from({ length: N }, (_, i) => 0.05 + ((i * 37) % 50) / 50);
const pik = inclusionProbabilities(risk, 12);
const sample = pivotal(pik, createRng(42));
const y = Float64Array.from(sample, (i) => (i % 3 === 0 ? 1 : 0));
const pk = Float64Array.from(sample, (i) => pik[i]);
const ht = horvitzThompson(y, pk, N);
const hj = hajek(y, pk);
const s = srs(N, 10, createRng("browser-and-deno"));
// DSA runs the WebAssembly nearest-neighbour kernel where the runtime has it
const g = createRng("dsa-parity");
const act = (n) => ({ data: Float64Array.from({ length: n * 7 }, () => g() * 4 - 2), rows: n, cols: 7 });
const train = act(90);
const test = act(25);
const trainClass = Int32Array.from({ length: 90 }, (_, i) => i % 3);
const testClass = Int32Array.from({ length: 25 }, (_, i) => (i * 2) % 3);
const surprise = Array.from(dsa(train, trainClass, test, testClass));
export const parity = { sample: Array.from(sample), ht, hj, srs: Array.from(s), surprise };
`;

/** The latest modification time of the files under `dir`. */
function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}
