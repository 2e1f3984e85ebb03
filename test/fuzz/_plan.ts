/**
 * The parent's side of planning: the examples, compiled once for all
 * children, and the fixed-seed subset that test/fuzz/fuzz.test.ts runs. (The
 * case list itself comes from a child, see `openPool`, so that the parent and
 * the children enumerate with the very same transformed code.)
 */
import { transformSync } from "esbuild";
import { collectExamples, instrument } from "../docs/_examples.js";
import type { CaseRef } from "./_case.js";
import type { CompiledExample } from "./_record.js";

/** Every `@example` of `root/src`, found, instrumented and compiled by the machinery of test/docs. */
export function compileExamples(root: string): CompiledExample[] {
  return collectExamples(root).map((ex) => ({
    where: ex.where,
    js: transformSync(instrument(ex.code, ex.firstLine), { loader: "ts", format: "esm" }).code,
  }));
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
