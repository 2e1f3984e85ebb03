/**
 * Rewrite calls whose data or rng travel inside one object literal into the
 * positional form of docs/conventions.md: `f({ a: x, rng: r, ...rest })` ->
 * `f(x, r, { ...rest })` for the listed functions and fields.
 *
 *   npx tsx scripts/codemods/positional-args.ts src test bench cli examples
 *
 * A call whose argument is not an object literal (or spreads an unknown
 * object) is listed for a manual edit instead.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";
import { ROOT, tsFiles } from "./_project.js";

/** Function -> the fields that become positional, in order; the index of the first argument kept as is. */
const CALLS: Record<string, { lead: number; fields: string[] }> = {
  identifySlices: { lead: 0, fields: ["signals", "outcome", "rng"] },
  nsga2: { lead: 1, fields: ["rng"] },
  nsga2Init: { lead: 1, fields: ["rng"] },
};

const manual: string[] = [];
let changed = 0;
for (const file of process.argv.slice(2).flatMap((d) => tsFiles(join(ROOT, d)))) {
  const text = readFileSync(file, "utf8");
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.ES2022, true, ts.ScriptKind.TS);
  const edits: { start: number; end: number; text: string }[] = [];
  const visit = (n: ts.Node): void => {
    if (ts.isCallExpression(n) && ts.isIdentifier(n.expression) && n.expression.text in CALLS) {
      const spec = CALLS[n.expression.text] as { lead: number; fields: string[] };
      const arg = n.arguments[spec.lead];
      const where = `${file.replace(`${ROOT}/`, "")}:${sf.getLineAndCharacterOfPosition(n.getStart()).line + 1}`;
      if (arg === undefined || n.arguments.length !== spec.lead + 1) {
        ts.forEachChild(n, visit);
        return;
      }
      if (!ts.isObjectLiteralExpression(arg)) {
        manual.push(where);
        ts.forEachChild(n, visit);
        return;
      }
      const got = new Map<string, string>();
      const rest: string[] = [];
      for (const p of arg.properties) {
        const name = p.name && ts.isIdentifier(p.name) ? p.name.text : undefined;
        if (name !== undefined && spec.fields.includes(name)) {
          if (ts.isPropertyAssignment(p)) got.set(name, p.initializer.getText(sf));
          else if (ts.isShorthandPropertyAssignment(p)) got.set(name, name);
          else rest.push(p.getText(sf));
        } else rest.push(p.getText(sf));
      }
      if (spec.fields.some((f) => !got.has(f))) {
        manual.push(where);
        ts.forEachChild(n, visit);
        return;
      }
      const lead = n.arguments.slice(0, spec.lead).map((a) => a.getText(sf));
      const args = [...lead, ...spec.fields.map((f) => got.get(f) as string)];
      if (rest.length > 0) args.push(`{ ${rest.join(", ")} }`);
      edits.push({
        start: n.arguments.pos,
        end: n.arguments.end,
        text: args.join(", "),
      });
      return;
    }
    ts.forEachChild(n, visit);
  };
  visit(sf);
  if (edits.length === 0) continue;
  let out = text;
  for (const e of edits.sort((a, b) => b.start - a.start))
    out = out.slice(0, e.start) + e.text + out.slice(e.end);
  writeFileSync(file, out);
  changed++;
}
console.log(`rewrote ${changed} files`);
if (manual.length > 0) console.log(`edit by hand:\n${manual.join("\n")}`);
