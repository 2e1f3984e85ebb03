/**
 * Finds a valid call for each public function by running every TSDoc
 * `@example` of `src/` (found and instrumented by test/docs/_examples.ts, then
 * compiled once by the parent: see `compileExamples` in _plan.ts) with each
 * export wrapped in a recorder that keeps the arguments of its first call that
 * returned, as a template (see _values.ts).
 */
import type { Callable, Surface } from "./_exports.js";
import { GenRef, isGenerator, type Tags, toTemplate } from "./_values.js";

type Fn = (...a: unknown[]) => unknown;

/** One example, instrumented (`// value` lines checked by `__check`) and compiled to JavaScript. */
export type CompiledExample = { readonly where: string; readonly js: string };

/** The first successful call of one function in the examples. */
export type Recorded = {
  readonly name: string;
  /** The argument templates, in order. */
  readonly args: readonly unknown[];
  /** `src/...ts:line` of the example that made the call. */
  readonly where: string;
};

/** Every recorded call, keyed by callable name, plus the tag registry the templates refer to. */
export type Recording = {
  readonly calls: ReadonlyMap<string, Recorded>;
  readonly tags: Tags;
};

const silent = { ...console, log: () => {}, info: () => {}, warn: () => {}, table: () => {} };

/** Runs the examples with recording wrappers around the exports of `api`. */
export function record(
  api: Record<string, unknown>,
  sf: Surface,
  examples: readonly CompiledExample[],
): Recording {
  const tags: Tags = { rngs: new WeakMap(), gens: new WeakMap() };
  const calls = new Map<string, Recorded>();
  const byFn = new Map<unknown, Callable>(sf.callables.map((c) => [c.fn, c]));
  let where = "";
  // Calls the library makes through a wrapped registry or callback (runGrid calling
  // strategies.srs with its own derived rng) are not the example's calls: only depth 0 records.
  let depth = 0;
  const wrap = (c: Callable): Fn =>
    function recorder(this: unknown, ...args: unknown[]): unknown {
      const top = depth === 0;
      // Copied before the call, in case the call (wrongly) changes its input.
      const template = top && !calls.has(c.name) ? args.map((a) => toTemplate(a, tags)) : undefined;
      depth++;
      let out: unknown;
      try {
        out = c.fn.apply(this, args);
      } finally {
        depth--;
      }
      if (!top) return out;
      if (template !== undefined) calls.set(c.name, { name: c.name, args: template, where });
      if (c.own === "createRng" && typeof out === "function") tags.rngs.set(out, args[0]);
      if (isGenerator(out))
        tags.gens.set(out, new GenRef(c.name, template ?? args.map((a) => toTemplate(a, tags))));
      return out;
    };
  const names = Object.keys(api);
  const shim = names.map((n) => {
    const v = api[n];
    const c = byFn.get(v);
    if (c !== undefined) return wrap(c);
    if (sf.registries.some((r) => r.name === n)) {
      const o = v as Record<string, unknown>;
      const copy: Record<string, unknown> = {};
      for (const k of Object.keys(o)) {
        const m = byFn.get(o[k]);
        copy[k] = m !== undefined ? wrap(m) : o[k];
      }
      return Object.freeze(copy);
    }
    return v;
  });
  const check = (): void => {};
  const throws = (f: () => unknown): void => {
    try {
      f();
    } catch {
      // An example's `// throws` line: the call is not a valid one and was not recorded.
    }
  };
  for (const ex of examples) {
    where = ex.where;
    try {
      new Function(...names, "__check", "__throws", "console", `{\n${ex.js}\n}`)(
        ...shim,
        check,
        throws,
        silent,
      );
    } catch {
      // A broken example is test/docs/examples.test.ts's business; its calls so far are kept.
    }
  }
  return { calls, tags };
}
