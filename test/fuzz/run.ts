/**
 * The full fuzz run (`npm run fuzz`): every case of every public function,
 * in child processes; writes docs/reliability.md and test/fuzz/findings.json
 * and prints the counts. Options: `--workers N` (default 2), `--timeout MS`
 * (default 2000), `--only NAME[,NAME]` (run those functions, write nothing).
 */
import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { openPool } from "./_pool.js";
import { countByClass, failureLines, findingsJson, reliabilityMd, topFailing } from "./_report.js";

const argv = process.argv.slice(2);
const flag = (name: string): string | undefined => {
  const i = argv.indexOf(name);
  return i >= 0 ? argv[i + 1] : undefined;
};
const workers = Number(flag("--workers") ?? 2);
const timeoutMs = Number(flag("--timeout") ?? 2000);
const only = flag("--only")?.split(",");
const heapMb = 512;
const rssMb = 1024;
const root = process.cwd();

const t0 = performance.now();
let last = 0;
const pool = await openPool(root, {
  workers,
  timeoutMs,
  heapMb,
  rssMb,
  onOutcome: (_o, done, total) => {
    const now = performance.now();
    if (now - last > 10_000 || done === total) {
      last = now;
      process.stderr.write(`fuzz: ${done}/${total} cases, ${((now - t0) / 1000).toFixed(0)} s\n`);
    }
  },
});
const p = pool.plan;
const cases = only === undefined ? p.cases : p.cases.filter((k) => only.includes(k.fn));
let out: Awaited<ReturnType<typeof pool.run>>;
try {
  out = await pool.run(cases);
} finally {
  pool.close();
}
const wallSeconds = (performance.now() - t0) / 1000;
let commit = "unknown";
try {
  commit = execFileSync("git", ["rev-parse", "--short", "HEAD"], { cwd: root }).toString().trim();
} catch {
  // Not a git checkout: the report says "unknown".
}
const info = {
  command: "npm run fuzz",
  commit,
  node: process.version,
  wallSeconds,
  workers,
  timeoutMs,
  heapMb,
  rssMb,
  callables: p.callables,
  registries: p.registries,
  constants: p.constants,
  noExample: p.noExample,
};
if (only === undefined) {
  writeFileSync(join(root, "docs", "reliability.md"), reliabilityMd(out, info));
  writeFileSync(join(root, "test", "fuzz", "findings.json"), findingsJson(out, info));
}
const lines = failureLines(out);
console.log(lines.join("\n"));
console.log(
  `\n${out.length} cases in ${wallSeconds.toFixed(1)} s:`,
  JSON.stringify(countByClass(out)),
  `\ntop failing: ${topFailing(out)
    .slice(0, 10)
    .map((t) => `${t.fn} ${t.failing}`)
    .join(", ")}`,
);
if (only === undefined) console.log("wrote docs/reliability.md and test/fuzz/findings.json");
