/**
 * Whole-word replacement for what the language service cannot see: function
 * names inside strings, regexes and test titles of TS files (`const fn =
 * "old"`), and names in prose (Markdown docs, README, notebook, fuzz
 * findings). CHANGELOG.md is never touched (its history keeps the old names).
 *
 *   npx tsx scripts/codemods/words.ts renames.txt [--ts-values] [--prose]
 *
 * `--ts-values` replaces only names that start with a lower-case letter
 * (values) in TS files; `--prose` replaces every listed name, in file order,
 * in the prose files.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { projectFiles, ROOT } from "./_project.js";

const pairs = readFileSync(process.argv[2] ?? "", "utf8")
  .split("\n")
  .map((l) => l.trim())
  .filter((l) => l !== "" && !l.startsWith("#"))
  .map((l) => l.split(/\s+/) as [string, string, string]);
const args = new Set(process.argv.slice(3));

function walk(dir: string, ext: RegExp): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    if (name === "node_modules" || name === "api" || name === "dist") return [];
    return statSync(p).isDirectory() ? walk(p, ext) : ext.test(name) ? [p] : [];
  });
}

function apply(files: string[], list: [string, string, string][]): number {
  let changed = 0;
  for (const f of files) {
    const text = readFileSync(f, "utf8");
    let out = text;
    for (const [, from, to] of list)
      out = out.replace(new RegExp(`(?<![\\w$])${from}(?![\\w$])`, "g"), to);
    if (out !== text) {
      writeFileSync(f, out);
      changed++;
    }
  }
  return changed;
}

if (args.has("--ts-values")) {
  const values = pairs.filter(([, from]) => /^[a-z]/.test(from));
  console.log(
    "ts files changed:",
    apply([...projectFiles(), ...walk(join(ROOT, "test/fuzz"), /\.json$/)], values),
  );
}
if (args.has("--prose")) {
  const prose = [
    join(ROOT, "README.md"),
    ...walk(join(ROOT, "docs"), /\.md$/),
    ...walk(join(ROOT, "examples"), /\.(ipynb|md)$/),
  ];
  console.log("prose files changed:", apply(prose, pairs));
}
