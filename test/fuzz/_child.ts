/**
 * A fuzz worker process (forked by _pool.ts, which transforms this file and src/
 * to JavaScript once): records the examples' calls (compiled by the parent, read
 * from the JSON file named by `EVALSIFT_FUZZ_EXAMPLES`), then runs the cases
 * the parent sends, one at a time, telling the parent when each case's own
 * call starts so the per-case time limit does not include the set-up.
 */
import { readFileSync } from "node:fs";
import * as api from "../helpers/api.js";
import { CaseRunner, planOf, SELFTEST } from "./_case.js";
import { surface } from "./_exports.js";
import { record } from "./_record.js";

/** Parent -> child: run one case, or list them all. */
export type ToChild =
  | { readonly type: "run"; readonly fn: string; readonly id: string }
  | { readonly type: "plan" };

const lib = api as Record<string, unknown>;
const sf = surface(lib);
const examples = JSON.parse(readFileSync(process.env.EVALSIFT_FUZZ_EXAMPLES ?? "", "utf8"));
const rec = record(lib, sf, examples);
const runner = new CaseRunner(sf, rec, api.createRng as never);
const send = (m: unknown): void => {
  process.send?.(m);
};
// Library code must not print; a stray console call would only slow the run down.
for (const k of ["log", "info", "warn", "error", "debug", "table"] as const) console[k] = () => {};

/** The harness's own check cases: a child that aborts, one that never returns, one that eats memory. */
function selftest(id: string): void {
  // Typed arrays live outside the V8 heap: only the resident-memory watchdog stops this. Most of
  // the memory is taken before "start", so a slow machine does not turn it into a hang.
  const keep: Float64Array[] = [];
  if (id === "memory") for (let i = 0; i < 7; i++) keep.push(new Float64Array(2 ** 24).fill(1));
  send({ type: "start", fn: SELFTEST, id });
  if (id === "crash") process.abort();
  if (id === "hang") for (;;);
  if (id === "memory") for (;;) keep.push(new Float64Array(2 ** 24).fill(1));
}

process.on("message", (m: ToChild) => {
  if (m.type === "plan") {
    send({ type: "plan", plan: planOf(sf, rec) });
    return;
  }
  if (m.fn === SELFTEST) {
    selftest(m.id);
    return;
  }
  runner.prepare(m.fn);
  send({ type: "start", fn: m.fn, id: m.id });
  send({ type: "done", outcome: runner.run(m.fn, m.id) });
});
send({ type: "ready", pid: process.pid });
