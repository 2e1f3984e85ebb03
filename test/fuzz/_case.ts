/**
 * Runs one fuzz case in the current process and classifies what happened.
 * The child processes of _pool.ts call this; crashes and hangs are classified
 * by the parent, which sees the child die or time out.
 */
import type { Callable, Surface } from "./_exports.js";
import { mutations } from "./_mutate.js";
import type { Recording } from "./_record.js";
import {
  canon,
  type Env,
  FuzzSentinel,
  GenRef,
  isGenerator,
  isPlain,
  materialize,
  RngRef,
  type Shape,
  shape,
} from "./_values.js";

/** The outcome classes, worst first. */
export const CLASSES = [
  "crash",
  "hang",
  "nondeterministic",
  "mutation",
  "nonfinite",
  "other",
  "typed",
  "ok",
] as const;
export type Class = (typeof CLASSES)[number];

/** The classes a healthy library never shows (the subset test fails on these). */
export const FAILING: ReadonlySet<Class> = new Set(
  CLASSES.filter((c) => c !== "typed" && c !== "ok"),
);

/** The pseudo-function whose cases (`crash`, `hang`, `memory`) check the harness itself. */
export const SELFTEST = "__fuzz_selftest__";

/** What one case did. */
export type Outcome = {
  /** Callable name (`srsStrategy`, `strategies.srs` for an unexported member). */
  readonly fn: string;
  /** `valid`, `determinism` or a mutation id (`a0:NaN-inside`). */
  readonly id: string;
  readonly what: string;
  readonly cls: Class;
  /** The error message, the non-finite paths, the changed argument, ... */
  readonly detail: string;
  /** For an error: the function name its message starts with (`""` if none). */
  readonly named?: string;
  /** For a typed error: whether the message names an argument. */
  readonly namesArg?: boolean;
  readonly ms: number;
};

/** A case as the parent addresses it. */
export type CaseRef = { readonly fn: string; readonly id: string; readonly what: string };

/** The case list and the surface facts, as a child reports them to the parent. */
export type Plan = {
  readonly cases: readonly CaseRef[];
  readonly callables: number;
  readonly registries: Surface["registries"];
  readonly constants: readonly string[];
  /** Callables no example calls (nothing to mutate: a documentation gap). */
  readonly noExample: readonly string[];
};

/** Lists every case of every callable. */
export function planOf(sf: Surface, rec: Recording): Plan {
  const cases: CaseRef[] = [];
  for (const c of sf.callables)
    for (const k of casesOf(rec, c)) cases.push({ fn: k.fn, id: k.id, what: k.what });
  return {
    cases,
    callables: sf.callables.length,
    registries: sf.registries,
    constants: sf.constants,
    noExample: sf.callables.filter((c) => !rec.calls.has(c.name)).map((c) => c.name),
  };
}

/** The cases of one callable: the valid call, the determinism check where an rng is taken, every mutation. */
export function casesOf(
  rec: Recording,
  c: Callable,
): Array<CaseRef & { args: readonly unknown[] }> {
  const r = rec.calls.get(c.name);
  if (r === undefined) return [];
  const out: Array<CaseRef & { args: readonly unknown[] }> = [
    { fn: c.name, id: "valid", what: `the example's call (${r.where})`, args: r.args },
  ];
  if (hasRng(r.args))
    out.push({ fn: c.name, id: "determinism", what: "same seed twice", args: r.args });
  for (const m of mutations(r.args, c.params)) out.push({ fn: c.name, ...m });
  return out;
}

function hasRng(t: unknown, depth = 0): boolean {
  if (t instanceof RngRef) return true;
  if (depth > 4 || typeof t !== "object" || t === null || t instanceof GenRef) return false;
  if (Array.isArray(t)) return t.some((x) => hasRng(x, depth + 1));
  return isPlain(t) && Object.values(t).some((x) => hasRng(x, depth + 1));
}

/** Keys of the plain objects in the arguments (options keys an error may name). */
function keysOf(t: unknown, into: Set<string>, depth = 0): void {
  if (depth > 2 || typeof t !== "object" || t === null) return;
  if (Array.isArray(t)) {
    if (t.length > 0) keysOf(t[0], into, depth + 1);
    return;
  }
  if (!isPlain(t)) return;
  for (const [k, v] of Object.entries(t)) {
    into.add(k);
    keysOf(v, into, depth + 1);
  }
}

/** A deterministic label for an ask/tell generator's yielded index (a failure every third unit). */
const label = (i: unknown): number => (typeof i === "number" && i % 3 === 0 ? 1 : 0);

/**
 * Most steps a returned generator is driven: lazy iterators (e.g.
 * `iterateTemporalSplits`) may be meant to be long or endless, so only their
 * first steps are checked.
 */
const MAX_STEPS = 10_000;

/** Calls a function and, if it returns a generator, drives it with `label` (at most {@link MAX_STEPS} steps). */
function invoke(c: Callable, args: unknown[]): unknown {
  const out = c.fn(...args);
  if (!isGenerator(out)) return out;
  const yields: unknown[] = [];
  let step = out.next();
  while (step.done !== true && yields.length < MAX_STEPS) {
    yields.push(step.value);
    step = out.next(label(step.value));
  }
  return { yields, value: step.done === true ? step.value : undefined };
}

/** Runs cases of the callables of one surface against one recording. */
export class CaseRunner {
  private readonly byName: Map<string, Callable>;
  private readonly cases = new Map<string, Map<string, CaseRef & { args: readonly unknown[] }>>();
  private readonly baselines = new Map<string, Shape>();
  private readonly env: Env;

  constructor(
    readonly sf: Surface,
    readonly rec: Recording,
    createRng: (seed: never) => () => number,
  ) {
    this.byName = new Map(sf.callables.map((c) => [c.name, c]));
    this.env = {
      createRng,
      call: (name, args) => {
        const c = this.byName.get(name);
        if (c === undefined) throw new Error(`fuzz: no callable ${name}`);
        return c.fn(...args);
      },
    };
  }

  /** The case list of one callable (computed once). */
  casesFor(fn: string): Map<string, CaseRef & { args: readonly unknown[] }> {
    let m = this.cases.get(fn);
    if (m === undefined) {
      const c = this.byName.get(fn);
      m = new Map(c === undefined ? [] : casesOf(this.rec, c).map((k) => [k.id, k]));
      this.cases.set(fn, m);
    }
    return m;
  }

  /** Runs the valid call once so mutated results can be compared with it (call before timing a case). */
  prepare(fn: string): void {
    if (this.baselines.has(fn)) return;
    const c = this.byName.get(fn);
    const valid = this.casesFor(fn).get("valid");
    let s: Shape = { nonFinite: new Set(), missing: new Set() };
    if (c !== undefined && valid !== undefined) {
      try {
        s = shape(
          invoke(
            c,
            valid.args.map((a) => materialize(a, this.env)),
          ),
        );
      } catch {
        // The valid case itself reports the error.
      }
    }
    this.baselines.set(fn, s);
  }

  /** Runs one case and classifies it (crash and hang are the parent's to see). */
  run(fn: string, id: string): Outcome {
    const c = this.byName.get(fn);
    const k = this.casesFor(fn).get(id);
    const t0 = performance.now();
    const done = (cls: Class, detail: string, extra: Partial<Outcome> = {}): Outcome => ({
      fn,
      id,
      what: k?.what ?? "",
      cls,
      detail,
      ...extra,
      ms: Math.round((performance.now() - t0) * 10) / 10,
    });
    if (c === undefined || k === undefined) return done("other", `fuzz: no case ${fn}#${id}`);
    this.prepare(fn);
    if (id === "determinism") {
      const once = (): string => {
        try {
          return canon(
            invoke(
              c,
              k.args.map((a) => materialize(a, this.env)),
            ),
          );
        } catch (e) {
          return `threw ${String(e)}`;
        }
      };
      const a = once();
      const b = once();
      return a === b
        ? done("ok", "identical results")
        : done("nondeterministic", `first ${a.slice(0, 120)} vs second ${b.slice(0, 120)}`);
    }
    const args = k.args.map((a) => materialize(a, this.env));
    const before = args.map((a) => canon(a));
    let result: unknown;
    let error: unknown;
    let threw = false;
    try {
      result = invoke(c, args);
    } catch (e) {
      threw = true;
      error = e;
    }
    const changed = args.flatMap((a, i) =>
      canon(a) !== before[i] ? [c.params[i] ?? `arg${i}`] : [],
    );
    if (changed.length > 0) return done("mutation", `input changed: ${changed.join(", ")}`);
    if (threw) return this.classifyError(c, k.args, error, done);
    const s = shape(result);
    const base = this.baselines.get(fn) ?? { nonFinite: new Set(), missing: new Set() };
    const bad = [...s.nonFinite].filter((p) => !base.nonFinite.has(p));
    const missing = [...s.missing].filter((p) => !base.missing.has(p));
    if (bad.length > 0 || missing.length > 0) {
      const parts = [
        bad.length > 0
          ? `non-finite at ${bad
              .slice(0, 4)
              .map((p) => p || "(result)")
              .join(", ")}`
          : "",
        missing.length > 0
          ? `undefined/null at ${missing
              .slice(0, 4)
              .map((p) => p || "(result)")
              .join(", ")}`
          : "",
      ].filter((x) => x !== "");
      return done("nonfinite", parts.join("; "));
    }
    return done("ok", "no error, finite result");
  }

  private classifyError(
    c: Callable,
    template: readonly unknown[],
    e: unknown,
    done: (cls: Class, detail: string, extra?: Partial<Outcome>) => Outcome,
  ): Outcome {
    if (e instanceof FuzzSentinel) return done("ok", "the callback's own error came back out");
    if (!(e instanceof Error))
      return done("other", `threw a non-Error: ${String(e)}`, { named: "" });
    const cls = e.constructor.name;
    const msg = e.message.split("\n")[0] ?? "";
    const named = /^([A-Za-z_$][\w$.]*): /.exec(msg)?.[1] ?? "";
    const accepted = new Set([c.own, c.name, ...c.aliases]);
    for (const a of template) {
      if (!(a instanceof GenRef)) continue;
      // a generator's errors name its producer: its own name or its public path (`strategies.srs`)
      const producer = this.byName.get(a.producer);
      accepted.add(producer?.own ?? a.producer);
      accepted.add(producer?.name ?? a.producer);
      for (const alias of producer?.aliases ?? []) accepted.add(alias);
    }
    const shown = `${cls}: ${msg.slice(0, 160)}`;
    if (!accepted.has(named))
      return done(
        "other",
        named === "" ? `no function name: ${shown}` : `names ${named}: ${shown}`,
        {
          named,
        },
      );
    if (cls !== "RangeError" && cls !== "TypeError")
      return done("other", `wrong class: ${shown}`, { named });
    const words = new Set([...c.names, ...c.params]);
    for (const a of template) keysOf(a, words);
    const rest = msg.slice(named.length + 1);
    const namesArg = [...words].some(
      (w) =>
        w !== "{}" && new RegExp(`(^|[^\\w$])${w.replace(/\$/g, "\\$")}([^\\w$]|$)`).test(rest),
    );
    return done("typed", shown, { named, namesArg });
  }
}
