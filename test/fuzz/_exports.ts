/**
 * The public surface the fuzz harness exercises: every function value that
 * package exports (every entry, `test/helpers/api.ts`), directly or as a member of an exported registry
 * object such as `strategies`.
 */

type Fn = (...a: unknown[]) => unknown;

/** One callable of the public API. */
export type Callable = {
  /** How a user reaches it: `srsStrategy`, or `strategies.srs` for a registry member that is not exported itself. */
  readonly name: string;
  /** The function's own `name` (the prefix its error messages must carry). */
  readonly own: string;
  readonly fn: Fn;
  /** Other public paths to the same function (`strategies.srs` for `srsStrategy`). */
  readonly aliases: readonly string[];
  /** Positional parameter names read from the function's source (`{}` for a destructured one). */
  readonly params: readonly string[];
  /** Every name an error message may use for an argument: the parameters and destructured keys. */
  readonly names: readonly string[];
};

/** The public exports, classified. */
export type Surface = {
  readonly callables: readonly Callable[];
  /** Exported objects whose members are functions (`strategies`), with those member names. */
  readonly registries: ReadonlyArray<{
    readonly name: string;
    readonly members: readonly string[];
  }>;
  /** Exported values that are neither functions nor registries of functions. */
  readonly constants: readonly string[];
};

/** Splits `text` at top-level commas (outside brackets and strings). */
function splitTop(text: string): string[] {
  const parts: string[] = [];
  let d = 0;
  let quote = "";
  let cur = "";
  for (const c of text) {
    if (quote !== "") {
      if (c === quote) quote = "";
    } else if (c === '"' || c === "'" || c === "`") quote = c;
    else if ("([{".includes(c)) d++;
    else if (")]}".includes(c)) d--;
    else if (c === "," && d === 0) {
      parts.push(cur);
      cur = "";
      continue;
    }
    cur += c;
  }
  if (cur.trim() !== "") parts.push(cur);
  return parts;
}

/**
 * Parameter names of a function, from its source text:
 * `f(a, b = 1, { level = 0.95 } = {})` -> positional a, b, {} and all a, b, level.
 */
export function paramNames(fn: Fn): { positional: string[]; all: string[] } {
  const src = Function.prototype.toString.call(fn);
  const open = src.indexOf("(");
  if (open < 0) return { positional: [], all: [] };
  let d = 0;
  let end = open;
  for (let i = open; i < src.length; i++) {
    if (src[i] === "(") d++;
    else if (src[i] === ")" && --d === 0) {
      end = i;
      break;
    }
  }
  const out: string[] = [];
  const positional: string[] = [];
  for (const p of splitTop(src.slice(open + 1, end))) {
    const t = p.trim().replace(/^\.\.\./, "");
    if (t.startsWith("{") || t.startsWith("[")) {
      positional.push("{}");
      const inner = t.slice(1, t.lastIndexOf(t.startsWith("{") ? "}" : "]"));
      for (const q of splitTop(inner)) {
        const m = /^\s*(?:\.\.\.)?([A-Za-z_$][\w$]*)/.exec(q);
        if (m?.[1] !== undefined) out.push(m[1]);
      }
    } else {
      const m = /^([A-Za-z_$][\w$]*)/.exec(t);
      positional.push(m?.[1] ?? "?");
      if (m?.[1] !== undefined) out.push(m[1]);
    }
  }
  return { positional, all: out };
}

/** Classifies the exports of a module namespace (`import * as api`). */
export function surface(api: Record<string, unknown>): Surface {
  const callables: Callable[] = [];
  const registries: Array<{ name: string; members: string[] }> = [];
  const constants: string[] = [];
  const byFn = new Map<unknown, { name: string; aliases: string[] }>();
  const names = Object.keys(api).sort();
  for (const name of names) {
    const v = api[name];
    if (typeof v === "function") byFn.set(v, { name, aliases: [] });
  }
  const extra: Array<{ name: string; fn: Fn }> = [];
  for (const name of names) {
    const v = api[name];
    if (typeof v === "function") continue;
    const members =
      typeof v === "object" && v !== null
        ? Object.keys(v).filter((k) => typeof (v as Record<string, unknown>)[k] === "function")
        : [];
    if (members.length === 0) {
      constants.push(name);
      continue;
    }
    registries.push({ name, members });
    for (const m of members) {
      const fn = (v as Record<string, Fn>)[m] as Fn;
      const known = byFn.get(fn);
      if (known !== undefined) known.aliases.push(`${name}.${m}`);
      else {
        byFn.set(fn, { name: `${name}.${m}`, aliases: [] });
        extra.push({ name: `${name}.${m}`, fn });
      }
    }
  }
  const all: Array<{ name: string; fn: Fn }> = [
    ...names
      .filter((n) => typeof api[n] === "function")
      .map((n) => ({ name: n, fn: api[n] as Fn })),
    ...extra,
  ];
  for (const { name, fn } of all) {
    const p = paramNames(fn);
    callables.push({
      name,
      own: fn.name,
      fn,
      aliases: byFn.get(fn)?.aliases ?? [],
      params: p.positional,
      names: p.all,
    });
  }
  return { callables, registries, constants };
}
