/**
 * The case list: every public callable, its valid call from the examples, and
 * its mutations; plus the fixed-seed subset that test/fuzz/fuzz.test.ts runs.
 */
import { transformSync } from "esbuild";
import * as api from "../../src/index.js";
import { collectExamples, instrument } from "../docs/_examples.js";
import { type CaseRef, casesOf } from "./_case.js";
import { type Surface, surface } from "./_exports.js";
import { type CompiledExample, record } from "./_record.js";

/** Every `@example` of `root/src`, found, instrumented and compiled by the machinery of test/docs. */
export function compileExamples(root: string): CompiledExample[] {
  return collectExamples(root).map((ex) => ({
    where: ex.where,
    js: transformSync(instrument(ex.code, ex.firstLine), { loader: "ts", format: "esm" }).code,
  }));
}

/** Everything the parent needs to know before it starts the children. */
export type Plan = {
  readonly surface: Surface;
  /** The compiled examples, handed to the children so they record the same calls. */
  readonly examples: readonly CompiledExample[];
  readonly cases: readonly CaseRef[];
  /** Callables no example calls (nothing to mutate: a documentation gap). */
  readonly noExample: readonly string[];
};

/** Records the examples in this process and lists every case. */
export function plan(root: string): Plan {
  const lib = api as Record<string, unknown>;
  const sf = surface(lib);
  const examples = compileExamples(root);
  const rec = record(lib, sf, examples);
  const cases: CaseRef[] = [];
  for (const c of sf.callables)
    for (const k of casesOf(rec, c)) cases.push({ fn: k.fn, id: k.id, what: k.what });
  return {
    surface: sf,
    examples,
    cases,
    noExample: sf.callables.filter((c) => !rec.calls.has(c.name)).map((c) => c.name),
  };
}

/** FNV-1a, 32 bits: a fixed pseudo-random rank for a case, independent of the other cases. */
function rank(seed: number, s: string): number {
  let h = (2166136261 ^ seed) >>> 0;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619) >>> 0;
  return h;
}

/**
 * The fixed subset: per callable its valid call, its determinism check, and
 * the `perFn` mutations of lowest seeded rank. Adding a case elsewhere never
 * changes which cases another function gets.
 */
export function subset(cases: readonly CaseRef[], seed: number, perFn: number): CaseRef[] {
  const byFn = new Map<string, CaseRef[]>();
  for (const k of cases) byFn.set(k.fn, [...(byFn.get(k.fn) ?? []), k]);
  const out: CaseRef[] = [];
  for (const group of byFn.values()) {
    const fixed = group.filter((k) => k.id === "valid" || k.id === "determinism");
    const picked = group
      .filter((k) => k.id !== "valid" && k.id !== "determinism")
      .map((k) => ({ k, r: rank(seed, `${k.fn}#${k.id}`) }))
      .sort((a, b) => a.r - b.r)
      .slice(0, perFn)
      .map((x) => x.k);
    out.push(...fixed, ...picked);
  }
  return out;
}
