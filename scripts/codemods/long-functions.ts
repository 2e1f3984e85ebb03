/** Lists the functions of src/ whose body is longer than 100 lines (longest first). */

import { readFileSync } from "node:fs";
import ts from "typescript";
import { ROOT, tsFiles } from "./_project.js";

const out: [number, string][] = [];
for (const f of tsFiles(`${ROOT}/src`)) {
  const sf = ts.createSourceFile(f, readFileSync(f, "utf8"), ts.ScriptTarget.ES2022, true);
  const visit = (n: ts.Node) => {
    if (
      (ts.isFunctionDeclaration(n) ||
        ts.isArrowFunction(n) ||
        ts.isFunctionExpression(n) ||
        ts.isMethodDeclaration(n)) &&
      n.body
    ) {
      const a = sf.getLineAndCharacterOfPosition(n.body.getStart()).line;
      const b = sf.getLineAndCharacterOfPosition(n.body.getEnd()).line;
      const name =
        (n as ts.FunctionDeclaration).name?.getText() ??
        (ts.isVariableDeclaration(n.parent) ? n.parent.name.getText() : "<anon>");
      if (b - a > 100) out.push([b - a, `${f.replace(`${ROOT}/`, "")}:${a + 1} ${name}`]);
    }
    ts.forEachChild(n, visit);
  };
  visit(sf);
}
for (const [n, s] of out.sort((x, y) => y[0] - x[0])) console.log(n, s);
