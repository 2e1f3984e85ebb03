/**
 * The fixed-seed fuzz subset: for every public function its example's valid
 * call, its same-seed determinism check and 4 seeded mutations, run in child
 * processes under the harness's time and memory limits. Fails on any crash,
 * hang, nondeterminism, input mutation, non-finite result or error that does
 * not name the function (`other`), and on a misspelt key or an array with a
 * hole taken without an error. The full run is `npm run fuzz`; its current
 * findings are in docs/reliability.md and test/fuzz/findings.json.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type CaseRef, type Outcome, type Plan, SELFTEST } from "./_case.js";
import { subset } from "./_plan.js";
import { openPool, type Pool } from "./_pool.js";
import { failureLines, HOLE, TYPO } from "./_report.js";

const SEED = 20261201;
const PER_FUNCTION = 4;
const selftests: CaseRef[] = ["crash", "hang", "memory"].map((id) => ({
  fn: SELFTEST,
  id,
  what: id,
}));
let pool: Pool | undefined;
let plan: Plan = { cases: [], callables: 0, registries: [], constants: [], noExample: [] };
let chosen: CaseRef[] = [];
let out: Outcome[] = [];

beforeAll(async () => {
  pool = await openPool(process.cwd(), { workers: 2, timeoutMs: 2000 });
  plan = pool.plan;
  chosen = subset(plan.cases, SEED, PER_FUNCTION);
  out = await pool.run([...selftests, ...chosen]);
}, 120_000);

afterAll(() => pool?.close());

describe("the fuzz harness", () => {
  it("sees every public function through an example", () => {
    expect(plan.noExample).toEqual([]);
    expect(plan.callables).toBeGreaterThan(100);
    expect(new Set(chosen.map((k) => k.fn)).size).toBe(plan.callables);
  });

  it("classifies a child that aborts as crash, one that never returns as hang, one that eats memory as crash", () => {
    const cls = Object.fromEntries(out.filter((o) => o.fn === SELFTEST).map((o) => [o.id, o.cls]));
    expect(cls).toEqual({ crash: "crash", hang: "hang", memory: "crash" });
  });

  it("runs every valid example call without an error", () => {
    const bad = out.filter((o) => o.id === "valid" && o.cls !== "ok");
    expect(bad.map((o) => `${o.fn}: ${o.cls} ${o.detail}`)).toEqual([]);
  });
});

describe(`the fuzz subset (seed ${SEED}, ${PER_FUNCTION} mutations per function)`, () => {
  it("has no crash, hang, nondeterminism, input mutation, non-finite result or misnamed error", () => {
    const lines = failureLines(out.filter((o) => o.fn !== SELFTEST));
    expect(lines, `${lines.length} failing fuzz cases:\n${lines.join("\n")}`).toEqual([]);
  });

  it("takes no misspelt or unknown options key and no array with a hole without an error", () => {
    const silent = out.filter((o) => o.cls === "ok" && (TYPO.test(o.id) || HOLE.test(o.id)));
    expect(silent.map((o) => `${o.fn} ${o.id}`)).toEqual([]);
  });
});
