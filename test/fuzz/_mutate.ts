/**
 * One-mutation-per-case variants of a recorded valid call: every number,
 * array, typed array, RowMatrix, options object, rng and callback in the
 * arguments (nested ones included, a few levels deep) is broken in each of the
 * ways below, the rest of the call left valid.
 */
import {
  FnMut,
  FnRef,
  GenRef,
  isPlain,
  isRowMatrix,
  isTyped,
  Opaque,
  RngRef,
  type Typed,
} from "./_values.js";

/** One mutated call. */
export type Mutation = {
  /** Stable id within the function, e.g. `a0.level:NaN`. */
  readonly id: string;
  /** Readable form with the parameter's name, e.g. `options.level -> NaN`. */
  readonly what: string;
  readonly args: readonly unknown[];
};

const NUMBERS: ReadonlyArray<[string, number]> = [
  ["NaN", Number.NaN],
  ["+Infinity", Number.POSITIVE_INFINITY],
  ["-Infinity", Number.NEGATIVE_INFINITY],
  ["-1", -1],
  ["0", 0],
  ["1e9", 1e9],
  ["2**53", 2 ** 53],
];

/** How deep into nested objects and arrays mutations go, and how many fields of one object. */
const MAX_DEPTH = 3;
const MAX_FIELDS = 16;

type Ctor = new (a: ArrayLike<number> | number) => Typed;
const ctorOf = (t: Typed): Ctor => t.constructor as Ctor;
const isIntKind = (t: Typed): boolean => !(t instanceof Float64Array || t instanceof Float32Array);

/** The typed array kind a function is least likely to accept in place of `t`'s. */
function wrongKind(t: Typed): Ctor {
  if (t instanceof Float64Array) return Int32Array;
  if (t instanceof Int32Array) return Float64Array;
  if (t instanceof Uint8Array) return Int32Array;
  return Float64Array;
}

/** A misspelling of an options key the way users make them: `level` -> `levl`. */
export function misspell(key: string): string {
  if (key.length < 3) return `${key}${key.slice(-1)}`;
  return key.slice(0, -2) + key.slice(-1);
}

/** Reports one mutation: `id` and `what` are suffixes of the path to the mutated node (`.level:NaN`, `.level -> NaN`). */
type Out = (id: string, what: string, value: unknown) => void;

function typedMutations(t: Typed, leaf: (id: string, what: string, v: unknown) => void): void {
  const C = ctorOf(t);
  const mid = Math.floor(t.length / 2);
  leaf("empty", "empty", new C(0));
  const longer = new C(t.length + 1);
  longer.set(t);
  longer[t.length] = t.length > 0 ? (t[t.length - 1] as number) : 0;
  leaf("len+1", "length + 1 (lengths mismatch)", longer);
  if (t.length > 0) {
    const inside = (v: number, id: string, what: string): void => {
      const c = t.slice();
      c[mid] = v;
      leaf(id, what, c);
    };
    if (!isIntKind(t)) inside(Number.NaN, "NaN-inside", `NaN at [${mid}]`);
    else if (t instanceof Uint8Array) inside(2, "2-inside", `2 at [${mid}] (not 0/1)`);
    else {
      inside(-1, "-1-inside", `-1 at [${mid}]`);
      inside(2 ** 31 - 1, "max-inside", `2**31-1 at [${mid}]`);
    }
  }
  leaf("number[]", "number[] instead of the typed array", Array.from(t as ArrayLike<number>));
  const W = wrongKind(t);
  leaf(`as-${W.name}`, `${W.name} instead of ${t.constructor.name}`, new W(t));
}

/** Every mutation of the template node `t` (a parameter or field called `name`), each reported with `emit`. */
function walk(
  t: unknown,
  name: string,
  depth: number,
  isOptions: boolean,
  emit: Out,
  inOptions = false,
): void {
  const leaf = (id: string, what: string, v: unknown): void => emit(`:${id}`, ` -> ${what}`, v);
  const child =
    (key: string, rebuild: (v: unknown) => unknown): Out =>
    (id, what, v) =>
      emit(`${key}${id}`, `${key}${what}`, rebuild(v));
  if (typeof t === "number") {
    for (const [id, x] of NUMBERS) if (!Object.is(x, t)) leaf(id, id, x);
    return;
  }
  if (typeof t === "string") {
    if (t !== "") leaf("empty-string", '""', "");
    return;
  }
  if (t instanceof RngRef || (t instanceof FnRef && (name === "rng" || name === "random"))) {
    leaf("rng-returns-1", "rng returns 1", new FnMut("returns1", "rng"));
    leaf("rng-returns-NaN", "rng returns NaN", new FnMut("returnsNaN", "rng"));
    leaf("rng-constant-0.5", "rng returns 0.5 always", new FnMut("constantHalf", "rng"));
    leaf("rng-throws", "rng throws", new FnMut("throws", "rng"));
    return;
  }
  if (t instanceof FnRef) {
    leaf("callback-returns-NaN", "callback returns NaN", new FnMut("returnsNaN", "callback"));
    leaf("callback-throws", "callback throws", new FnMut("throws", "callback"));
    return;
  }
  if (t instanceof GenRef || t instanceof Opaque || typeof t !== "object" || t === null) return;
  if (depth > MAX_DEPTH) return;
  if (isTyped(t)) {
    typedMutations(t, leaf);
    return;
  }
  if (Array.isArray(t)) {
    leaf("empty", "empty", []);
    if (t.length > 0) leaf("len+1", "length + 1 (lengths mismatch)", [...t, t[t.length - 1]]);
    const mid = Math.floor(t.length / 2);
    if (t.length > 0) {
      const holed = [...t];
      delete holed[mid];
      leaf("hole-inside", `a hole at [${mid}] (a sparse array)`, holed);
    }
    if (t.length > 0 && typeof t[mid] === "number") {
      const c = [...t];
      c[mid] = Number.NaN;
      leaf("NaN-inside", `NaN at [${mid}]`, c);
    }
    const first = t[0];
    if (t.length > 0 && typeof first === "object" && first !== null)
      walk(
        first,
        name,
        depth + 1,
        false,
        child("[0]", (v) => [v, ...t.slice(1)]),
      );
    return;
  }
  if (!isPlain(t)) return;
  if (isRowMatrix(t)) {
    leaf("matrix-malformed", "{ data: Float64Array(0), rows: 1e9, cols: 0 }", {
      ...t,
      data: new Float64Array(0),
      rows: 1e9,
      cols: 0,
    });
    leaf("matrix-rows+1", `rows ${t.rows} -> ${t.rows + 1} (rows*cols != data.length)`, {
      ...t,
      rows: t.rows + 1,
    });
    if (t.data.length > 0 && !isIntKind(t.data)) {
      const d = t.data.slice();
      d[Math.floor(d.length / 2)] = Number.NaN;
      leaf("matrix-NaN-inside", "NaN inside data", { ...t, data: d });
    }
    return;
  }
  const keys = Object.keys(t);
  if (isOptions) {
    leaf("unknown-key", "unknown key { levl: 0.9 } added", { ...t, levl: 0.9 });
    misspeltKey(t, keys, leaf);
    leaf("non-object", "42 instead of an options object", 42);
  } else if (inOptions && !isDictionary(t, keys)) {
    // an object inside options (options.sequential, options.prior, ...): a misspelt key
    misspeltKey(t, keys, leaf);
  }
  for (const key of keys.slice(0, MAX_FIELDS))
    walk(
      t[key],
      key,
      depth + 1,
      false,
      child(`.${key}`, (v) => ({ ...t, [key]: v })),
      isOptions,
    );
}

/**
 * Whether an object inside options is a dictionary whose keys the user names
 * (runGrid's `features: { risk }` and `strategies: { srs }`): every value a
 * typed array or a function (an rng or callback reference). A misspelt key of
 * it is another name, not a typo.
 */
function isDictionary(t: Record<string, unknown>, keys: readonly string[]): boolean {
  return (
    keys.length > 0 &&
    keys.every((k) => isTyped(t[k]) || t[k] instanceof FnRef || t[k] instanceof RngRef)
  );
}

/** The copy of `t` with its first key whose misspelling is not itself a key misspelt. */
function misspeltKey(
  t: Record<string, unknown>,
  keys: readonly string[],
  leaf: (id: string, what: string, v: unknown) => void,
): void {
  const k = keys.find((x) => !(misspell(x) in t));
  if (k === undefined) return;
  const c: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(t)) c[key === k ? misspell(k) : key] = v;
  leaf(`misspelt-${k}`, `key ${k} misspelt ${misspell(k)}`, c);
}

/** Parameter names of an options object (`input` is the one-object signature of identifySlices, runGrid, ...). */
const OPTION_NAMES = new Set(["options", "opts", "input"]);

/** Whether argument `i` of a call is its options object (named `options`, or a trailing plain object). */
export function isOptionsArg(
  args: readonly unknown[],
  params: readonly string[],
  i: number,
): boolean {
  const t = args[i];
  if (!isPlain(t) || isRowMatrix(t)) return false;
  const p = params[i];
  if (p !== undefined && OPTION_NAMES.has(p)) return true;
  return i > 0 && i === args.length - 1 && p !== undefined && p !== "{}" && /option/i.test(p);
}

/** All single mutations of a recorded call. */
export function mutations(args: readonly unknown[], params: readonly string[]): Mutation[] {
  const out: Mutation[] = [];
  const seen = new Set<string>();
  args.forEach((a, i) => {
    walk(a, params[i] ?? "", 0, isOptionsArg(args, params, i), (id, what, v) => {
      let full = `a${i}${id}`;
      for (let k = 2; seen.has(full); k++) full = `a${i}${id}#${k}`;
      seen.add(full);
      const next = [...args];
      next[i] = v;
      out.push({ id: full, what: `${params[i] ?? `arg${i}`}${what}`, args: next });
    });
  });
  // An options parameter the example left out gets the two mutations that need no defaults to break.
  for (let i = args.length; i < params.length; i++) {
    if (!OPTION_NAMES.has(params[i] ?? "")) continue;
    const at = (v: unknown): unknown[] => [
      ...args,
      ...new Array(i - args.length).fill(undefined),
      v,
    ];
    out.push({
      id: `a${i}:unknown-key`,
      what: `${params[i]} -> { levl: 0.9 } (none given)`,
      args: at({ levl: 0.9 }),
    });
    out.push({ id: `a${i}:non-object`, what: `${params[i]} -> 42 (none given)`, args: at(42) });
  }
  return out;
}
