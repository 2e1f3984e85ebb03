/**
 * Argument templates for the fuzz harness: a recorded call's arguments are
 * kept as a template (plain data plus markers for the things that cannot be
 * copied: seeded rngs, ask/tell generators, user callbacks), and every case
 * builds fresh argument values from it, so no case sees another case's state.
 */

/** A typed array of any numeric kind. */
export type Typed =
  | Int8Array
  | Uint8Array
  | Uint8ClampedArray
  | Int16Array
  | Uint16Array
  | Int32Array
  | Uint32Array
  | Float32Array
  | Float64Array;

/** An rng the example built with `createRng(seed)`: each case gets a fresh one. */
export class RngRef {
  constructor(readonly seed: unknown) {}
}

/** A generator the example got from a public function: each case calls `producer` again. */
export class GenRef {
  constructor(
    readonly producer: string,
    readonly args: readonly unknown[],
  ) {}
}

/** A user function (callback, or an rng not built by `createRng`), kept by reference. */
export class FnRef {
  constructor(readonly fn: (...a: unknown[]) => unknown) {}
}

/** An object that is neither plain data nor a typed array (a class instance), kept by reference. */
export class Opaque {
  constructor(readonly value: unknown) {}
}

/** The error a mutated rng or callback throws; seeing it come back out of the call is correct. */
export class FuzzSentinel extends Error {
  constructor() {
    super("fuzz sentinel: thrown by the harness's own callback");
    this.name = "FuzzSentinel";
  }
}

/** A mutated rng or callback. */
export class FnMut {
  constructor(
    readonly kind: "returns1" | "returnsNaN" | "constantHalf" | "throws",
    /** For "returnsNaN" on a callback: its arguments are still passed through. */
    readonly label: string,
  ) {}
}

export const isTyped = (v: unknown): v is Typed =>
  ArrayBuffer.isView(v) && !(v instanceof DataView);

export const isPlain = (v: unknown): v is Record<string, unknown> => {
  if (typeof v !== "object" || v === null) return false;
  const p = Object.getPrototypeOf(v);
  return p === Object.prototype || p === null;
};

/** Whether `v` looks like a `RowMatrix` (`{ data: Float64Array, rows, cols }`). */
export const isRowMatrix = (v: unknown): v is { data: Typed; rows: number; cols: number } =>
  isPlain(v) && isTyped(v.data) && typeof v.rows === "number" && typeof v.cols === "number";

export const isGenerator = (v: unknown): v is Generator<unknown, unknown, unknown> =>
  typeof v === "object" &&
  v !== null &&
  typeof (v as Generator).next === "function" &&
  typeof (v as Generator).throw === "function" &&
  typeof (v as Generator)[Symbol.iterator] === "function";

/** Registry of the rngs `createRng` returned while recording, and of the generators public functions returned. */
export type Tags = {
  readonly rngs: WeakMap<object, unknown>;
  readonly gens: WeakMap<object, GenRef>;
};

/** Turns a live value into a template (deep copy of data, markers for the rest). */
export function toTemplate(v: unknown, tags: Tags, seen = new Map<object, unknown>()): unknown {
  if (typeof v === "function") {
    const seed = tags.rngs.get(v);
    return seed !== undefined ? new RngRef(seed) : new FnRef(v as (...a: unknown[]) => unknown);
  }
  if (typeof v !== "object" || v === null) return v;
  const gen = tags.gens.get(v);
  if (gen !== undefined) return gen;
  const again = seen.get(v);
  if (again !== undefined) return again;
  if (isTyped(v)) return v.slice();
  if (Array.isArray(v)) {
    const out: unknown[] = [];
    seen.set(v, out);
    for (const x of v) out.push(toTemplate(x, tags, seen));
    return out;
  }
  if (isPlain(v)) {
    const out: Record<string, unknown> = {};
    seen.set(v, out);
    for (const [k, x] of Object.entries(v)) out[k] = toTemplate(x, tags, seen);
    return out;
  }
  if (v instanceof Map) {
    const out = new Map<unknown, unknown>();
    seen.set(v, out);
    for (const [k, x] of v) out.set(k, toTemplate(x, tags, seen));
    return out;
  }
  if (v instanceof Set) {
    const out = new Set<unknown>();
    seen.set(v, out);
    for (const x of v) out.add(toTemplate(x, tags, seen));
    return out;
  }
  return new Opaque(v);
}

/** What `materialize` needs from the library: a fresh seeded rng and the producers of generators. */
export type Env = {
  readonly createRng: (seed: never) => () => number;
  readonly call: (name: string, args: unknown[]) => unknown;
};

function mutFn(m: FnMut): (...a: unknown[]) => unknown {
  switch (m.kind) {
    case "returns1":
      return () => 1;
    case "returnsNaN":
      return () => Number.NaN;
    case "constantHalf":
      return () => 0.5;
    case "throws":
      return () => {
        throw new FuzzSentinel();
      };
  }
}

/** Builds fresh argument values from a template. */
export function materialize(t: unknown, env: Env): unknown {
  if (typeof t !== "object" || t === null) return t;
  if (t instanceof RngRef) return env.createRng(t.seed as never);
  if (t instanceof GenRef)
    return env.call(
      t.producer,
      t.args.map((a) => materialize(a, env)),
    );
  if (t instanceof FnRef) return t.fn;
  if (t instanceof FnMut) return mutFn(t);
  if (t instanceof Opaque) return t.value;
  if (isTyped(t)) return t.slice();
  if (Array.isArray(t)) return t.map((x) => materialize(x, env));
  if (t instanceof Map) return new Map([...t].map(([k, x]) => [k, materialize(x, env)]));
  if (t instanceof Set) return new Set([...t].map((x) => materialize(x, env)));
  const out: Record<string, unknown> = {};
  for (const [k, x] of Object.entries(t)) out[k] = materialize(x, env);
  return out;
}

const num = (x: number): string =>
  Number.isNaN(x) ? "NaN" : Object.is(x, -0) ? "-0" : Number.isFinite(x) ? String(x) : `${x}`;

/**
 * A canonical string of a value, for "did the input change" and "are two
 * results identical": typed arrays keep their kind, NaN and -0 are spelled out,
 * functions and generators compare by kind only.
 */
export function canon(v: unknown, seen = new Set<object>()): string {
  if (typeof v === "number") return num(v);
  if (typeof v === "string") return JSON.stringify(v);
  if (typeof v === "function") return "fn";
  if (typeof v !== "object" || v === null) return String(v);
  if (seen.has(v)) return "[cycle]";
  if (isTyped(v))
    return `${v.constructor.name}[${Array.from(v as ArrayLike<number>, num).join(",")}]`;
  if (isGenerator(v)) return "generator";
  seen.add(v);
  let s: string;
  if (Array.isArray(v)) s = `[${v.map((x) => canon(x, seen)).join(",")}]`;
  else if (v instanceof Map)
    s = `Map{${[...v].map(([k, x]) => `${canon(k, seen)}=>${canon(x, seen)}`).join(",")}}`;
  else if (v instanceof Set) s = `Set{${[...v].map((x) => canon(x, seen)).join(",")}}`;
  else
    s = `{${Object.entries(v)
      .map(([k, x]) => `${k}:${canon(x, seen)}`)
      .join(",")}}`;
  seen.delete(v);
  return s;
}

/** Paths (array indices folded to `[]`) of the non-finite numbers and of the undefined/null values in a result. */
export type Shape = { readonly nonFinite: Set<string>; readonly missing: Set<string> };

/** Walks a result and records where it holds NaN/±Infinity or undefined/null (at most `budget` numbers are read). */
export function shape(v: unknown): Shape {
  const nonFinite = new Set<string>();
  const missing = new Set<string>();
  let budget = 2_000_000;
  const seen = new Set<object>();
  const walk = (x: unknown, path: string): void => {
    if (budget <= 0) return;
    if (typeof x === "number") {
      budget--;
      if (!Number.isFinite(x)) nonFinite.add(path);
      return;
    }
    if (x === undefined || x === null) {
      missing.add(path);
      return;
    }
    if (typeof x !== "object" || seen.has(x) || isGenerator(x)) return;
    seen.add(x);
    if (isTyped(x)) {
      for (let i = 0; i < x.length && budget > 0; i++, budget--)
        if (!Number.isFinite(x[i])) {
          nonFinite.add(`${path}[]`);
          break;
        }
      return;
    }
    if (Array.isArray(x)) for (const e of x) walk(e, `${path}[]`);
    else if (x instanceof Map) for (const [, e] of x) walk(e, `${path}{}`);
    else if (x instanceof Set) for (const e of x) walk(e, `${path}{}`);
    else for (const [k, e] of Object.entries(x)) walk(e, `${path}.${k}`);
  };
  walk(v, "");
  return { nonFinite, missing };
}

/** Human-readable one-line description of a template value, for the findings list. */
export function brief(t: unknown): string {
  if (t instanceof RngRef) return `createRng(${JSON.stringify(t.seed)})`;
  if (t instanceof GenRef) return `${t.producer}(...)`;
  if (t instanceof FnRef) return "fn";
  if (t instanceof FnMut) return `fn:${t.kind}`;
  if (t instanceof Opaque) return "object";
  if (isTyped(t)) return `${t.constructor.name}(${t.length})`;
  if (Array.isArray(t)) return `Array(${t.length})`;
  if (typeof t === "object" && t !== null) return "{...}";
  return typeof t === "number" ? num(t) : (JSON.stringify(t) ?? String(t));
}
