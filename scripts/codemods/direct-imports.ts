/**
 * Rewrite `import { a, b } from ".../src/index.js"` in the given files into
 * imports from the modules that declare `a` and `b`, so a test loads only
 * what it tests (the whole library took 83 s of the suite's time when every
 * file imported the root). Namespace imports (`import * as api`) are kept.
 *
 *   npx tsx scripts/codemods/direct-imports.ts test
 */
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import ts from "typescript";
import { languageService, projectFiles, ROOT, rootExports, tsFiles } from "./_project.js";

const ls = languageService(projectFiles());
const program = ls.getProgram();
if (program === undefined) throw new Error("no program");
const exported = rootExports(program);
const targets = process.argv.slice(2).flatMap((d) => tsFiles(join(ROOT, d)));
let changed = 0;
for (const file of targets) {
  const sf = program.getSourceFile(file);
  if (sf === undefined) continue;
  const edits: { start: number; end: number; text: string }[] = [];
  for (const st of sf.statements) {
    if (!ts.isImportDeclaration(st) || !ts.isStringLiteral(st.moduleSpecifier)) continue;
    const spec = st.moduleSpecifier.text;
    if (!/(^|\/)src\/index\.js$/.test(spec)) continue;
    const clause = st.importClause;
    const named = clause?.namedBindings;
    if (clause === undefined || named === undefined || !ts.isNamedImports(named) || clause.name)
      continue;
    const groups = new Map<string, { names: string[]; types: string[] }>();
    for (const el of named.elements) {
      const name = (el.propertyName ?? el.name).text;
      const info = exported.get(name);
      if (info === undefined) throw new Error(`${file}: ${name} is not a root export`);
      let rel = relative(dirname(file), info.file).replace(/\.ts$/, ".js");
      if (!rel.startsWith(".")) rel = `./${rel}`;
      const g = groups.get(rel) ?? { names: [], types: [] };
      const text = el.propertyName ? `${el.propertyName.text} as ${el.name.text}` : el.name.text;
      if (clause.isTypeOnly || el.isTypeOnly || info.type) g.types.push(text);
      else g.names.push(text);
      groups.set(rel, g);
    }
    const lines: string[] = [];
    for (const [rel, g] of [...groups].sort((a, b) => a[0].localeCompare(b[0]))) {
      if (g.types.length > 0) lines.push(`import type { ${g.types.join(", ")} } from "${rel}";`);
      if (g.names.length > 0) lines.push(`import { ${g.names.join(", ")} } from "${rel}";`);
    }
    edits.push({ start: st.getStart(sf), end: st.getEnd(), text: lines.join("\n") });
  }
  if (edits.length === 0) continue;
  let text = readFileSync(file, "utf8");
  for (const e of edits.sort((a, b) => b.start - a.start))
    text = text.slice(0, e.start) + e.text + text.slice(e.end);
  writeFileSync(file, text);
  changed++;
}
console.log(`rewrote ${changed} files`);
