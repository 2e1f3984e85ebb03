/**
 * `npm run bench -- cli-io [--mb N]`: streamed CSV input of the `evalsift`
 * command (issue 16). Generates an N MB (default 1024) CSV of 4 numeric
 * columns (class probabilities p0..p3 written with up to 17 significant digits, as
 * JavaScript and numpy print doubles) in a temporary folder, bundles the CLI
 * as `test/cli/_cli.ts` does, runs
 * `evalsift tcs plan --input FILE --feature entropy --strategy srs --budget 100`
 * (which parses all four columns) as a child process under `/usr/bin/time -v`,
 * and prints the wall time, CPU time, throughput and peak RSS relative to the
 * file. Targets: peak RSS <= 3x the file, >= 50 MB/s. The file is read right after it is
 * written, so from the page cache: MB/s is parse throughput, not disk I/O. The file is deleted at the end.
 */
import { spawnSync } from "node:child_process";
import { closeSync, mkdtempSync, openSync, rmSync, statSync, writeSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createRng } from "../src/index.js";
import { buildCli } from "../test/cli/_cli.js";
import { hasCommand } from "./_timing.js";

const arg = process.argv.indexOf("--mb");
const MB = arg > 0 ? Number(process.argv[arg + 1]) : 1024;
const dir = mkdtempSync(join(tmpdir(), "evalsift-cli-io-"));
const file = join(dir, "preds.csv");
const cli = await buildCli();
try {
  // 4,096 distinct rows drawn at random: the parser sees realistic 17-digit cells, the generator stays fast.
  const rng = createRng("cli-io");
  const pool = Array.from({ length: 4096 }, () => {
    const a = rng();
    const b = (1 - a) * rng();
    const c = (1 - a - b) * rng();
    return `${a},${b},${c},${Math.max(0, 1 - a - b - c)}\n`;
  });
  const fd = openSync(file, "w");
  writeSync(fd, "p0,p1,p2,p3\n");
  let bytes = 0;
  let rows = 0;
  const target = MB * 2 ** 20;
  while (bytes < target) {
    let text = "";
    for (let k = 0; k < 20_000; k++) text += pool[Math.floor(rng() * pool.length)];
    rows += 20_000;
    bytes += writeSync(fd, text);
  }
  closeSync(fd);
  const size = statSync(file).size;
  const args = [
    cli.file,
    "tcs",
    "plan",
    "--input",
    file,
    "--feature",
    "entropy",
    "--strategy",
    "srs",
    "--budget",
    "100",
    "--quiet",
  ];
  const timed = hasCommand("/usr/bin/time", ["true"]);
  const t0 = performance.now();
  const r = timed
    ? spawnSync("/usr/bin/time", ["-v", process.execPath, ...args], { encoding: "utf8" })
    : spawnSync(process.execPath, args, { encoding: "utf8" });
  const wall = (performance.now() - t0) / 1000;
  if (r.status !== 0) throw new Error(`the CLI failed (${r.status}): ${r.stderr}`);
  const field = (name: string): number =>
    Number(new RegExp(`${name}: ([\\d.:]+)`).exec(r.stderr)?.[1]);
  const cpu = field("User time \\(seconds\\)") + field("System time \\(seconds\\)");
  const peak = field("Maximum resident set size \\(kbytes\\)") * 1024;
  const mb = size / 1e6;
  console.log(
    `cli-io: evalsift tcs plan --feature entropy on a ${mb.toFixed(0)} MB CSV (${rows.toLocaleString("en")} rows x 4 numeric columns)`,
  );
  console.log(
    `  wall ${wall.toFixed(1)} s -> ${(mb / wall).toFixed(1)} MB/s (target >= 50; parse throughput, file in the page cache)`,
  );
  if (timed) {
    console.log(`  CPU ${cpu.toFixed(1)} s -> ${(mb / cpu).toFixed(1)} MB per CPU-second`);
    console.log(
      `  peak RSS ${(peak / 1e6).toFixed(0)} MB = ${(peak / size).toFixed(2)} x the file (target <= 3)`,
    );
  } else console.log("  peak RSS: /usr/bin/time not found");
} finally {
  rmSync(dir, { recursive: true, force: true });
}
