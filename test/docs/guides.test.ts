import { readdirSync, readFileSync } from "node:fs";
import { transformSync } from "esbuild";
import { describe, expect, it } from "vitest";
import * as api from "../helpers/api.js";
import { agrees, instrument, show, throwsAgrees } from "./_examples.js";

const names = Object.keys(api);
const values = names.map((n) => (api as Record<string, unknown>)[n]);
const silent = { ...console, log: () => {} };

/** The ```ts blocks of a guide, with their first line numbers. */
function blocks(file: string): { line: number; code: string }[] {
  const lines = readFileSync(file, "utf8").split("\n");
  const out: { line: number; code: string }[] = [];
  for (let i = 0; i < lines.length; i++) {
    if (/^```ts\s*$/.test(lines[i] ?? "")) {
      const start = i + 2;
      const code: string[] = [];
      for (i++; i < lines.length && !(lines[i] ?? "").startsWith("```"); i++)
        code.push(lines[i] ?? "");
      out.push({ line: start, code: code.join("\n") });
    }
  }
  return out;
}

const guides = [
  "README.md",
  ...readdirSync("docs")
    .filter((f) => f.endsWith(".md"))
    .map((f) => `docs/${f}`),
];

/** The runtime names each `import { ... } from "evalsift..."` of a block takes, by entry. */
function imports(code: string): { entry: string; names: string[] }[] {
  const out: { entry: string; names: string[] }[] = [];
  for (const m of code.matchAll(
    /^import\s+(type\s+)?\{([^}]*)\}\s+from\s+"(evalsift(?:\/[a-z]+)?)";$/gm,
  )) {
    if (m[1] !== undefined) continue; // import type: no runtime names
    const names = (m[2] ?? "")
      .split(",")
      .map((n) => n.trim())
      .filter((n) => n !== "" && !n.startsWith("type "))
      .map((n) => n.split(/\s+as\s+/)[0] as string);
    out.push({ entry: m[3] as string, names });
  }
  return out;
}

/** The module of a package entry, from the sources. */
function entryModule(entry: string): Promise<Record<string, unknown>> {
  const sub = entry.slice("evalsift".length);
  return import(sub === "" ? "../../src/index.js" : `../../src/entry${sub}.js`);
}

describe("the imports of the guides' ts blocks name what their entries export", () => {
  for (const file of guides) {
    for (const b of blocks(file)) {
      const list = imports(b.code);
      if (list.length === 0) continue;
      it(`${file}:${b.line}`, async () => {
        const missing: string[] = [];
        for (const { entry, names } of list) {
          const mod = await entryModule(entry);
          for (const n of names) if (!(n in mod)) missing.push(`${n} is not in "${entry}"`);
        }
        expect(missing).toEqual([]);
      });
    }
  }
});

describe("the ts blocks of README.md and the guides in docs/ run and print what they show", () => {
  it("finds guides with code", () => {
    expect(guides.flatMap(blocks).length).toBeGreaterThan(5);
  });
  for (const file of guides) {
    for (const b of blocks(file)) {
      it(`${file}:${b.line}`, () => {
        // Imports from the package are served from the sources; `console.log(x); // v` checks x.
        const code = b.code
          .replace(/^import[\s\S]*?from "evalsift(\/[a-z]+)?";$/gm, (m) =>
            m.replace(/[^\n]/g, "").replace(/\n/g, "\n"),
          )
          .replace(/^(\s*)console\.log\((.*)\);(\s*\/\/.*)$/gm, "$1$2;$3");
        const failures: string[] = [];
        const check = (actual: unknown, comment: string, line: number): void => {
          if (!agrees(actual, comment))
            failures.push(`line ${line}: shows ${comment}, actual ${show(actual)}`);
        };
        const throws = (f: () => unknown, comment: string, line: number): void => {
          try {
            f();
          } catch (e) {
            if (!throwsAgrees(e, comment))
              failures.push(`line ${line}: shows ${comment}, threw ${String(e)}`);
            return;
          }
          failures.push(`line ${line}: shows ${comment}, but did not throw`);
        };
        const js = transformSync(instrument(code, b.line), { loader: "ts", format: "esm" }).code;
        new Function(...names, "__check", "__throws", "console", `{\n${js}\n}`)(
          ...values,
          check,
          throws,
          silent,
        );
        expect(failures).toEqual([]);
      });
    }
  }
});
