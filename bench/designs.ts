/**
 * `npm run bench -- designs [--quick]`: inclusionProbabilities, srs, systematicPps and
 * pivotal at N = 10,000 and 415,416 (`--quick`: 10,000 only) with n = 200 and n = N / 10, on a fixed
 * seeded positive size vector (exponential sizes, so n = N / 10 caps a few
 * units at 1). When `Rscript` with the `sampling` package is installed, R's
 * `inclusionprobabilities`, `UPsystematic` and `UPpivotal` are timed on the
 * same sizes and the same pik (written to a temp file as float64), inside R
 * (R start-up excluded), in the same run; medians and ratios (R/ours, > 1:
 * ours is faster) are printed. Both sides are timed the same way: warm-up,
 * then `inner` doubled until one batch of inner calls lasts at least 50 ms,
 * then the median over repetitions of (elapsed / inner).
 * R's `inclusionprobabilities` and `UPsystematic` are vectorised R;
 * `UPpivotal` is interpreted R (a `while` loop over the N units in the
 * sampling package), so the pivotal ratio and its ">= 100x" target are
 * against interpreted R, not against compiled code. The outputs are checked:
 * max |pik_R - pik_ours| of the inclusion probabilities, and the sample sizes
 * of R's UPpivotal and UPsystematic draws (n expected).
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { createRng } from "../src/entry/core.js";
import { inclusionProbabilities, pivotal, srs, systematicPps } from "../src/entry/estimate.js";
import { batchedMedianMs, fmtMs, hasCommand } from "./_timing.js";

type Row = { op: string; N: number; n: number; ours: number; r?: number; target?: number };

const hasR = hasCommand("Rscript", ["-e", "suppressMessages(library(sampling))"]);
const dir = mkdtempSync(join(tmpdir(), "evalsift-bench-designs-"));
const rows: Row[] = [];
/** One line per case: R's inclusion probabilities against ours, and R's draw sizes. */
const checks: string[] = [];
// medians are only comparable on a quiet machine; say how busy it was
const load = () => loadavg()[0]?.toFixed(2);
console.log(`load average at start: ${load()}`);
const cases: { N: number; n: number; file: string }[] = [];
const sizesN = process.argv.includes("--quick") ? [10_000] : [10_000, 415_416];

try {
  for (const N of sizesN) {
    const rng = createRng(`bench-designs-${N}`);
    const size = Float64Array.from({ length: N }, () => -Math.log(1 - rng()) + 0.01);
    writeFileSync(join(dir, `size-${N}.bin`), new Uint8Array(size.buffer));
    for (const n of [200, Math.floor(N / 10)]) {
      const pik = inclusionProbabilities(size, n);
      const file = join(dir, `pik-${N}-${n}.bin`);
      writeFileSync(file, new Uint8Array(pik.buffer));
      cases.push({ N, n, file });
      const reps = N > 100_000 ? 7 : 15;
      const r = createRng("draws");
      rows.push({
        op: "inclusionProbabilities",
        N,
        n,
        ours: batchedMedianMs(() => inclusionProbabilities(size, n), reps),
        target: 2,
      });
      rows.push({ op: "srs", N, n, ours: batchedMedianMs(() => srs(N, n, r), reps) });
      rows.push({
        op: "systematicPps",
        N,
        n,
        ours: batchedMedianMs(() => systematicPps(pik, r), reps),
        target: 5,
      });
      rows.push({
        op: "pivotal",
        N,
        n,
        ours: batchedMedianMs(() => pivotal(pik, r), reps),
        target: 100,
      });
    }
  }

  if (hasR) {
    // each timing: median over reps of (elapsed / inner), inner doubled until one batch
    // really lasts >= 50 ms (system.time has 1 ms granularity, so one call cannot calibrate it)
    const script = `
suppressMessages(library(sampling))
args <- commandArgs(TRUE)
dir <- args[1]
cases <- read.csv(file.path(dir, "cases.csv"))
timeit <- function(f, reps) {
  f()
  inner <- 1L
  repeat {
    el <- system.time(for (k in seq_len(inner)) f())[["elapsed"]]
    if (el >= 0.05 || inner >= 1048576L) break
    inner <- inner * 2L
  }
  t <- replicate(reps, system.time(for (k in seq_len(inner)) f())[["elapsed"]] / inner)
  median(t) * 1000
}
set.seed(1)
out <- character(0)
for (r in seq_len(nrow(cases))) {
  N <- cases$N[r]; n <- cases$n[r]
  a <- readBin(file.path(dir, sprintf("size-%d.bin", N)), "double", N)
  pik <- readBin(cases$file[r], "double", N)
  reps <- if (N > 100000) 3 else 7
  ip <- timeit(function() inclusionprobabilities(a, n), reps)
  sy <- timeit(function() UPsystematic(pik), reps)
  pv <- timeit(function() UPpivotal(pik), reps)
  dpik <- max(abs(inclusionprobabilities(a, n) - pik))
  out <- c(out, sprintf("%d,%d,%.6f,%.6f,%.6f,%.3e,%d,%d", N, n, ip, sy, pv, dpik,
                        as.integer(round(sum(UPpivotal(pik)))), as.integer(round(sum(UPsystematic(pik))))))
}
writeLines(out)
writeLines(paste("sampling", packageVersion("sampling"), R.version.string), stderr())
`;
    writeFileSync(join(dir, "bench.R"), script);
    writeFileSync(
      join(dir, "cases.csv"),
      `N,n,file\n${cases.map((c) => `${c.N},${c.n},${c.file}`).join("\n")}\n`,
    );
    const res = spawnSync("Rscript", [join(dir, "bench.R"), dir], { encoding: "utf8" });
    if (res.status !== 0) throw new Error(`Rscript failed: ${res.stderr}`);
    console.log(`reference: ${res.stderr.trim()}`);
    for (const line of res.stdout.trim().split("\n")) {
      const [N, n, ip, sy, pv, dpik, nPiv, nSys] = line.split(",").map(Number);
      checks.push(
        `N = ${N}, n = ${n}: max |pik_R - pik_ours| = ${dpik?.toExponential(1)}; R's draw sizes: UPpivotal ${nPiv}, UPsystematic ${nSys} (n = ${n})${dpik !== undefined && dpik < 1e-12 && nPiv === n && nSys === n ? "" : "  <- MISMATCH"}`,
      );
      const set = (op: string, ms: number | undefined) => {
        const row = rows.find((x) => x.op === op && x.N === N && x.n === n);
        if (row !== undefined) row.r = ms;
      };
      set("inclusionProbabilities", ip);
      set("systematicPps", sy);
      set("pivotal", pv);
    }
  } else {
    console.log("Rscript with the sampling package not found: R timings skipped.");
  }

  for (const c of checks) console.log(c);
  const pad = (s: string, w: number) => s.padStart(w);
  console.log(
    `${"operation".padEnd(24)}${pad("N", 9)}${pad("n", 8)}${pad("evalsift", 12)}${pad("R sampling", 12)}${pad("R/ours", 9)}${pad("target", 8)}`,
  );
  for (const x of rows) {
    const ratio = x.r === undefined ? "" : `${(x.r / x.ours).toFixed(1)}x`;
    const target = x.target === undefined ? "" : `>=${x.target}x`;
    console.log(
      `${x.op.padEnd(24)}${pad(String(x.N), 9)}${pad(String(x.n), 8)}${pad(fmtMs(x.ours), 12)}${pad(x.r === undefined ? "-" : fmtMs(x.r), 12)}${pad(ratio, 9)}${pad(target, 8)}`,
    );
  }
  console.log(`load average at end: ${load()}`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
