import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";

/** One `@example` code block found in a TSDoc comment under `src/`. */
export type Example = {
  /** `src/...ts:line` of the opening fence. */
  readonly where: string;
  /** The code, comment stars removed. */
  readonly code: string;
  /** 1-based line in the source file of the first code line. */
  readonly firstLine: number;
};

/** The `.ts` files (not `.d.ts`) under `dir`, recursively. */
export function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? walk(join(dir, e.name))
      : e.name.endsWith(".ts") && !e.name.endsWith(".d.ts")
        ? [join(dir, e.name)]
        : [],
  );
}

/** Every fenced code block after an `@example` tag in a doc comment of `src/` (and README.md's ```ts blocks). */
export function collectExamples(root: string): Example[] {
  const out: Example[] = [];
  for (const file of walk(join(root, "src")).sort()) {
    const lines = readFileSync(file, "utf8").split("\n");
    let inExample = false;
    for (let i = 0; i < lines.length; i++) {
      const text = (lines[i] ?? "").replace(/^\s*\*\s?/, "");
      if (/^\s*\*?\s*@example\b/.test(lines[i] ?? "")) {
        inExample = true;
        continue;
      }
      if (/^\s*\*\s*@\w+/.test(lines[i] ?? "") || /\*\/\s*$/.test(lines[i] ?? ""))
        inExample = false;
      if (inExample && /^```(ts|typescript|js)?\s*$/.test(text.trim())) {
        const code: string[] = [];
        const start = i + 1;
        for (i++; i < lines.length; i++) {
          const t = (lines[i] ?? "").replace(/^\s*\*\s?/, "");
          if (t.trim().startsWith("```")) break;
          code.push(t);
        }
        out.push({
          where: `${relative(root, file)}:${start}`,
          code: code.join("\n"),
          firstLine: start + 1,
        });
      }
    }
  }
  return out;
}

const DECLARATION =
  /^\s*(const|let|var|import|export|function|class|type|interface|for|if|while|return|throw)\b/;
const LITERAL_START =
  /^(-?\d|-?\.\d|\[|\{|"|'|true\b|false\b|null\b|undefined\b|NaN\b|-?Infinity\b|(Int8|Uint8|Int16|Uint16|Int32|Uint32|Float32|Float64)Array\b)/;

/** Open brackets minus closed ones, outside string literals. */
function depth(text: string): number {
  let d = 0;
  let quote = "";
  for (const c of text) {
    if (quote !== "") {
      if (c === quote) quote = "";
    } else if (c === '"' || c === "'") quote = c;
    else if (c === "[" || c === "{" || c === "(") d++;
    else if (c === "]" || c === "}" || c === ")") d--;
  }
  return d;
}

/**
 * Rewrites `expr; // value` lines (and an `expr;` line followed by a
 * comment-only `// value` line) into `__check(expr, "value", line);` when the
 * comment starts with a literal; other lines are kept as they are.
 */
export function instrument(code: string, firstLine: number): string {
  const lines = code.split("\n");
  const out: string[] = [];
  for (let k = 0; k < lines.length; k++) {
    const line = lines[k] ?? "";
    let m = /^(\s*)([^/].*?);\s*\/\/\s*(.+)$/.exec(line);
    let consumed = 0;
    if (m === null) {
      const next = /^\s*\/\/\s*(.+)$/.exec(lines[k + 1] ?? "");
      const stmt = /^(\s*)([^/].*?);\s*$/.exec(line);
      if (stmt !== null && next !== null) {
        m = [line, stmt[1] ?? "", stmt[2] ?? "", next[1] ?? ""] as unknown as RegExpExecArray;
        consumed = 1;
      }
    }
    const expr = m?.[2] ?? "";
    let comment = (m?.[3] ?? "").trim();
    // A shown value may wrap onto following comment-only lines until its brackets balance.
    while (m !== null && depth(comment) > 0) {
      const more = /^\s*\/\/\s*(.*)$/.exec(lines[k + consumed + 1] ?? "");
      if (more === null) break;
      comment = `${comment} ${(more[1] ?? "").trim()}`;
      consumed++;
    }
    const isExpr =
      m !== null && !DECLARATION.test(expr) && depth(expr) === 0 && !/\bawait\b/.test(expr);
    const indent = m?.[1] ?? "";
    if (isExpr && (/^throws\b/.test(comment) || LITERAL_START.test(comment))) {
      const call = /^throws\b/.test(comment)
        ? `__throws(() => (${expr}), ${JSON.stringify(comment)}, ${firstLine + k});`
        : `__check((${expr}), ${JSON.stringify(comment)}, ${firstLine + k});`;
      out.push(`${indent}${call}`);
      for (let c = 0; c < consumed; c++) out.push("");
      k += consumed;
    } else out.push(line);
  }
  return out.join("\n");
}

/** Formats a value in the notation the examples use: `Int32Array [1, 2]`, `[1, "a"]`, `{ a: 1 }`. */
export function show(v: unknown): string {
  if (typeof v === "string") return JSON.stringify(v);
  if (typeof v === "number") return Object.is(v, -0) ? "-0" : String(v);
  if (typeof v !== "object" || v === null) return String(v);
  if (ArrayBuffer.isView(v) && !(v instanceof DataView)) {
    return `${v.constructor.name} [${Array.from(v as unknown as ArrayLike<number>, show).join(", ")}]`;
  }
  if (Array.isArray(v)) return `[${v.map(show).join(", ")}]`;
  if (v instanceof Set) return `Set {${[...v].map(show).join(", ")}}`;
  if (v instanceof Map)
    return `Map {${[...v].map(([a, b]) => `${show(a)} => ${show(b)}`).join(", ")}}`;
  const entries = Object.entries(v as Record<string, unknown>);
  return entries.length === 0
    ? "{}"
    : `{ ${entries.map(([k, x]) => `${k}: ${show(x)}`).join(", ")} }`;
}

const norm = (s: string): string =>
  s
    .replace(/\s+/g, "")
    .replace(/'/g, '"')
    .replace(/([{,])"?([A-Za-z_$][\w$]*)"?:/g, "$1$2:");

/**
 * Whether a shown comment agrees with the actual value: the comment must start
 * with the value's notation (whitespace and quote style ignored), followed by
 * its end or a non-literal character (so `0.5` does not accept `0.55`). A
 * `...` or `…` in the comment ends the compared part (an elided tail).
 */
export function agrees(actual: unknown, comment: string): boolean {
  const want = norm(comment);
  const got = norm(show(actual));
  const cut = want.search(/\.\.\.|…/);
  if (cut >= 0) return got.startsWith(want.slice(0, cut));
  if (!want.startsWith(got)) return false;
  const next = want.charAt(got.length);
  return next === "" || !/[\w.\]}"]/.test(next) || /^[\w.]/.test(got.slice(-1)) === false;
}

/**
 * Whether a thrown error agrees with a `// throws RangeError: message` comment:
 * same class name, and the message starts with the shown text (up to a `...`).
 */
export function throwsAgrees(thrown: unknown, comment: string): boolean {
  const m = /^throws\s+(\w+)(?::\s*(.*))?$/.exec(comment.trim());
  if (m === null || !(thrown instanceof Error)) return false;
  if (thrown.name !== m[1] && thrown.constructor.name !== m[1]) return false;
  const shown = (m[2] ?? "").trim();
  if (shown === "") return true;
  const cut = shown.search(/\.\.\.|…/);
  return thrown.message.startsWith(cut >= 0 ? shown.slice(0, cut) : shown);
}
