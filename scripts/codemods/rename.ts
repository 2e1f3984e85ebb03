/**
 * Rename exported declarations project-wide with the TypeScript language
 * service (every reference in src, test, bench, scripts, examples and cli),
 * then the same words in the Markdown docs, the README, the notebook and
 * the CLI help text (whole-word replacement).
 *
 *   npx tsx scripts/codemods/rename.ts renames.txt
 *
 * Each line of renames.txt: `path/to/file.ts oldName newName` (the file that
 * declares oldName); `# ...` lines are comments. Prose files get the
 * whole-word replacement only for lines marked `!` at the end (names that are
 * not ordinary English words, so replacing them in prose is safe).
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";
import { languageService, projectFiles, ROOT } from "./_project.js";

const spec = readFileSync(process.argv[2] ?? "", "utf8")
  .split("\n")
  .map((l) => l.trim())
  .filter((l) => l !== "" && !l.startsWith("#"))
  .map((l) => {
    const [file, from, to, bang] = l.split(/\s+/);
    if (file === undefined || from === undefined || to === undefined)
      throw new Error(`bad line: ${l}`);
    return { file: join(ROOT, file), from, to, prose: bang === "!" };
  });

const files = projectFiles();
const contents = new Map<string, string>();
const read = (f: string): string => contents.get(f) ?? readFileSync(f, "utf8");

for (const { file, from, to } of spec) {
  // Rebuild the service each time so positions refer to the current text.
  const ls = languageService(files);
  const program = ls.getProgram();
  const sf = program?.getSourceFile(file);
  if (sf === undefined) throw new Error(`not in project: ${file}`);
  let pos = -1;
  const visit = (node: ts.Node): void => {
    if (pos >= 0) return;
    if (
      (ts.isFunctionDeclaration(node) ||
        ts.isTypeAliasDeclaration(node) ||
        ts.isInterfaceDeclaration(node) ||
        ts.isClassDeclaration(node) ||
        ts.isVariableDeclaration(node)) &&
      node.name !== undefined &&
      ts.isIdentifier(node.name) &&
      node.name.text === from
    )
      pos = node.name.getStart(sf);
    ts.forEachChild(node, visit);
  };
  visit(sf);
  if (pos < 0) throw new Error(`${from} not declared in ${file}`);
  const locs = ls.findRenameLocations(file, pos, false, false, {
    providePrefixAndSuffixTextForRename: false,
  });
  if (locs === undefined) throw new Error(`cannot rename ${from}`);
  const byFile = new Map<string, ts.RenameLocation[]>();
  for (const l of locs) byFile.set(l.fileName, [...(byFile.get(l.fileName) ?? []), l]);
  for (const [f, ls2] of byFile) {
    let text = readFileSync(f, "utf8");
    for (const l of [...ls2].sort((a, b) => b.textSpan.start - a.textSpan.start))
      text =
        text.slice(0, l.textSpan.start) + to + text.slice(l.textSpan.start + l.textSpan.length);
    writeFileSync(f, text);
  }
  // Mentions in comments and strings of the TS files (TSDoc {@link x}, `x`).
  const word = new RegExp(`(?<![\\w$.])${from}(?![\\w$])`, "g");
  for (const f of files) {
    const text = readFileSync(f, "utf8");
    const fixed = text.replace(/\/\*\*[\s\S]*?\*\/|\/\/[^\n]*/g, (c) => c.replace(word, to));
    if (fixed !== text) writeFileSync(f, fixed);
  }
  console.log(`${from} -> ${to}: ${locs.length} references in ${byFile.size} files`);
}
void read;
