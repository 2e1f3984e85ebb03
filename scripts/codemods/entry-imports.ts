/**
 * Rewrite `import { ... } from ".../src/index.js"` (bench, cli, examples,
 * scripts) into imports from the job entries of src/entry/ — the root when
 * it has every name, else one import per entry — so code outside the library
 * uses the entry points users see (`evalsift/tcs` is `src/entry/tcs.ts`).
 *
 *   npx tsx scripts/codemods/entry-imports.ts bench cli examples scripts
 */
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import ts from "typescript";
import { ENTRIES } from "../entries.js";
import { languageService, projectFiles, ROOT, tsFiles } from "./_project.js";

const ls = languageService(projectFiles());
const program = ls.getProgram();
if (program === undefined) throw new Error("no program");
const checker = program.getTypeChecker();
function names(file: string): Set<string> {
  const sf = program?.getSourceFile(file);
  const sym = sf && checker.getSymbolAtLocation(sf);
  if (sym === undefined) throw new Error(`no module ${file}`);
  return new Set(checker.getExportsOfModule(sym).map((s) => s.name));
}
const root = names(join(ROOT, "src/index.ts"));
const entries = ENTRIES.map((e) => ({
  e,
  file: join(ROOT, `src/entry/${e}.ts`),
  names: names(join(ROOT, `src/entry/${e}.ts`)),
}));
let changed = 0;
for (const file of process.argv.slice(2).flatMap((d) => tsFiles(join(ROOT, d)))) {
  const sf = program.getSourceFile(file);
  if (sf === undefined) continue;
  const edits: { start: number; end: number; text: string }[] = [];
  for (const st of sf.statements) {
    if (!ts.isImportDeclaration(st) || !ts.isStringLiteral(st.moduleSpecifier)) continue;
    if (!/(^|\/)src\/index\.js$/.test(st.moduleSpecifier.text)) continue;
    const clause = st.importClause;
    const named = clause?.namedBindings;
    if (clause === undefined || named === undefined || !ts.isNamedImports(named)) continue;
    const els = named.elements.map((el) => ({
      name: (el.propertyName ?? el.name).text,
      text: `${el.isTypeOnly && !clause.isTypeOnly ? "type " : ""}${el.getText(sf).replace(/^type\s+/, "")}`,
    }));
    if (els.every((el) => root.has(el.name))) continue;
    const groups = new Map<string, string[]>();
    for (const el of els) {
      const hit = entries.find((x) => x.names.has(el.name));
      if (hit === undefined) throw new Error(`${file}: ${el.name} is in no entry`);
      let rel = relative(dirname(file), hit.file).replace(/\.ts$/, ".js");
      if (!rel.startsWith(".")) rel = `./${rel}`;
      groups.set(rel, [...(groups.get(rel) ?? []), el.text]);
    }
    const kw = clause.isTypeOnly ? "import type" : "import";
    const text = [...groups]
      .sort((a, b) => a[0].localeCompare(b[0]))
      .map(([rel, list]) => `${kw} { ${list.join(", ")} } from "${rel}";`)
      .join("\n");
    edits.push({ start: st.getStart(sf), end: st.getEnd(), text });
  }
  if (edits.length === 0) continue;
  let text = readFileSync(file, "utf8");
  for (const e of edits.sort((a, b) => b.start - a.start))
    text = text.slice(0, e.start) + e.text + text.slice(e.end);
  writeFileSync(file, text);
  changed++;
}
console.log(`rewrote ${changed} files`);
