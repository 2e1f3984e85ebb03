/**
 * Shared setup of the one-off codemods in this folder (used to apply the
 * naming grammar of docs/conventions.md mechanically; kept so each rename
 * commit can be reproduced and reviewed).
 */

import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import ts from "typescript";

export const ROOT = resolve(import.meta.dirname, "../..");

export function tsFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    if (name === "node_modules" || name === "dist" || name === "fixtures") return [];
    return statSync(p).isDirectory()
      ? tsFiles(p)
      : p.endsWith(".ts") && !p.endsWith(".d.ts")
        ? [p]
        : [];
  });
}

export function projectFiles(): string[] {
  return ["src", "test", "bench", "scripts", "examples", "cli"].flatMap((d) =>
    tsFiles(join(ROOT, d)),
  );
}

export function languageService(files: string[]): ts.LanguageService {
  const versions = new Map(files.map((f) => [f, 0]));
  const host: ts.LanguageServiceHost = {
    getScriptFileNames: () => files,
    getScriptVersion: (f) => String(versions.get(f) ?? 0),
    getScriptSnapshot: (f) => {
      try {
        return ts.ScriptSnapshot.fromString(readFileSync(f, "utf8"));
      } catch {
        return undefined;
      }
    },
    getCurrentDirectory: () => ROOT,
    getCompilationSettings: () => ({
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      strict: true,
      skipLibCheck: true,
      types: ["node"],
      resolveJsonModule: true,
    }),
    getDefaultLibFileName: (o) => ts.getDefaultLibFilePath(o),
    fileExists: ts.sys.fileExists,
    readFile: ts.sys.readFile,
    readDirectory: ts.sys.readDirectory,
    directoryExists: ts.sys.directoryExists,
    getDirectories: ts.sys.getDirectories,
  };
  return ts.createLanguageService(host, ts.createDocumentRegistry());
}

/** Every name exported by src/index.ts with the file that declares it. */
export function rootExports(program: ts.Program): Map<string, { file: string; type: boolean }> {
  const checker = program.getTypeChecker();
  const index = program.getSourceFile(join(ROOT, "src/index.ts"));
  if (index === undefined) throw new Error("no src/index.ts");
  const sym = checker.getSymbolAtLocation(index);
  if (sym === undefined) throw new Error("no module symbol");
  const out = new Map<string, { file: string; type: boolean }>();
  for (const e of checker.getExportsOfModule(sym)) {
    const target = e.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(e) : e;
    const decl = target.declarations?.[0];
    if (decl === undefined) continue;
    const isValue = (target.flags & ts.SymbolFlags.Value) !== 0;
    out.set(e.name, { file: decl.getSourceFile().fileName, type: !isValue });
  }
  return out;
}
