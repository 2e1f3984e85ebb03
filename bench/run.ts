/**
 * `npm run bench -- <name> [args]` runs `bench/<name>.ts`. Each benchmark prints
 * medians and, where the reference tool is installed, the reference's time on
 * the same input in the same run and the ratio.
 */
import { readdirSync } from "node:fs";
import { dirname } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const available = readdirSync(here)
  .filter((f) => f.endsWith(".ts") && !f.startsWith("_") && f !== "run.ts")
  .map((f) => f.slice(0, -3))
  .sort();
const name = process.argv[2];
if (name === undefined || !available.includes(name)) {
  console.error(`usage: npm run bench -- <name>\navailable: ${available.join(", ")}`);
  process.exit(name === undefined ? 0 : 2);
}
await import(pathToFileURL(`${here}/${name}.ts`).href);
