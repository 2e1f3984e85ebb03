/**
 * `npm run bench -- select`: the geometric selectors on seeded Gaussian data.
 *
 * 1. facilityLocation on 5,000 x 768, k = 500 (default RBF similarity with
 *    median-distance bandwidth): wall time and memory (peak RSS growth from
 *    process.resourceUsage().maxRSS, plus heap/arrayBuffers after the run);
 *    reference: a plain numpy greedy on the same data (scipy cdist, exp, full
 *    N x N similarity matrix, gains recomputed every round).
 * 2. centroid, kennardStone, coreEdge, medoids, facilityLocation and
 *    withinStrata(centroid) at 500 x 64 (k = 50) and 5,000 x 64 (k = 500);
 *    references where installed: numpy/scipy for centroid and Kennard–Stone,
 *    R cluster::pam(do.swap = FALSE) for the BUILD medoids.
 *
 * Reference times are measured inside the reference process (data loading
 * excluded); "same picks" compares the reference's picks with ours. In part
 * 2 both sides are timed the same way: one warm-up call, then the median of
 * the same number of calls (7 at 500 rows, 3 at 5,000), each side inside its
 * own process; the references' first (cold) call is printed next to it. In
 * part 1 both sides are one cold call (the numpy greedy alone takes minutes).
 * That numpy greedy recomputes all N x N gains every round (O(k N^2)): an
 * algorithmic baseline, not a tuned implementation such as apricot's lazy
 * greedy, so its ratio says little about numpy itself. Lines read
 * "ours X, ref Y, ref/ours = Z" (Z > 1: ours is faster). `--only-64` skips
 * part 1 (the slow one).
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createRng, type RowMatrix } from "../src/entry/core.js";
import {
  centroid,
  coreEdge,
  facilityLocation,
  kennardStone,
  medoids,
  withinStrata,
} from "../src/entry/subset.js";
import { fmtMs, hasCommand, medianMs } from "./_timing.js";

const python = "/usr/bin/python3";
const hasNumpy = hasCommand(python, ["-c", "import numpy, scipy.spatial"]);
const hasPam = hasCommand("Rscript", ["-e", "library(cluster)"]);
const dir = mkdtempSync(join(tmpdir(), "evalsift-bench-select-"));

function gaussian(n: number, d: number, seed: string): RowMatrix {
  const rng = createRng(seed);
  const data = new Float64Array(n * d);
  for (let t = 0; t < data.length; t++) {
    data[t] = Math.sqrt(-2 * Math.log(1 - rng())) * Math.cos(2 * Math.PI * rng());
  }
  return { data, rows: n, cols: d };
}

function dump(X: RowMatrix, name: string): string {
  const path = join(dir, `${name}.f64`);
  writeFileSync(path, new Uint8Array(X.data.buffer, X.data.byteOffset, X.data.byteLength));
  return path;
}

type RefTiming = { ms: number; coldMs?: number; picks: number[] };

/** Runs a Python snippet that prints one JSON line {ms, picks} (and coldMs if timed warm). */
function runPython(code: string): RefTiming | undefined {
  const r = spawnSync(python, ["-c", code], { encoding: "utf8", maxBuffer: 1 << 26 });
  if (r.status !== 0) {
    console.error(r.stderr);
    return undefined;
  }
  return JSON.parse(r.stdout.trim().split("\n").pop() as string);
}

const pyPrelude = (path: string, n: number, d: number) => `
import json, time, numpy as np
from scipy.spatial.distance import cdist, pdist, squareform
X = np.fromfile(${JSON.stringify(path)}, dtype='<f8').reshape(${n}, ${d})
`;

function pyFacilityLocation(path: string, n: number, d: number, k: number) {
  return runPython(`${pyPrelude(path, n, d)}
t0 = time.perf_counter()
D = squareform(pdist(X))
iu = np.triu_indices(${n}, 1)
h = float(np.median(D[iu]))
del iu
S = np.exp(-(D * D) / (2 * h * h))
del D
best = np.zeros(${n}); picks = []
for _ in range(${k}):
    g = np.maximum(S - best[:, None], 0.0).sum(axis=0)
    g[picks] = -1.0
    j = int(np.argmax(g)); picks.append(j)
    np.maximum(best, S[:, j], out=best)
ms = (time.perf_counter() - t0) * 1000
print(json.dumps({"ms": ms, "picks": picks, "h": h}))
`);
}

/**
 * Times `f()` (defined by `body`, returning the picks) like medianMs times ours:
 * the first call is the warm-up (its time is reported as coldMs), then the median of `reps` calls.
 */
const pyWarm = (body: string, reps: number) => `${body}
t0 = time.perf_counter(); picks = f(); cold = (time.perf_counter() - t0) * 1000
ts = []
for _ in range(${reps}):
    t0 = time.perf_counter(); f(); ts.append((time.perf_counter() - t0) * 1000)
print(json.dumps({"ms": float(np.median(ts)), "coldMs": cold, "picks": picks}))
`;

function pyCentroid(path: string, n: number, d: number, k: number, reps: number) {
  return runPython(`${pyPrelude(path, n, d)}
${pyWarm(
  `def f():
    dist = cdist(X, X.mean(axis=0, keepdims=True))[:, 0]
    return [int(i) for i in np.lexsort((np.arange(${n}), dist))[:${k}]]`,
  reps,
)}`);
}

function pyKennardStone(path: string, n: number, d: number, k: number, reps: number) {
  return runPython(`${pyPrelude(path, n, d)}
${pyWarm(
  `def f():
    D = squareform(pdist(X))
    t = int(np.argmax(D))  # row-major: the first maximum has i < j, lowest pair
    i, j = divmod(t, ${n})
    picks = [i, j]
    mind = np.minimum(D[:, i], D[:, j])
    mind[picks] = -1.0
    while len(picks) < ${k}:
        s = int(np.argmax(mind)); picks.append(s)
        np.minimum(mind, D[:, s], out=mind)
        mind[picks] = -1.0
    return picks`,
  reps,
)}`);
}

function rPam(path: string, n: number, d: number, k: number, reps: number) {
  // first call = warm-up (reported as coldMs), then the median of `reps` calls, as for ours
  const code = `
suppressPackageStartupMessages(library(cluster))
x <- matrix(readBin(${JSON.stringify(path)}, "double", ${n * d}, size = 8, endian = "little"), ${n}, ${d}, byrow = TRUE)
x <- x[${n}:1, , drop = FALSE]
f <- function() pam(x, ${k}, do.swap = FALSE, metric = "euclidean", stand = FALSE)
cold <- system.time(p <- f())[["elapsed"]]
ts <- replicate(${reps}, system.time(f())[["elapsed"]])
cat(sprintf('{"ms": %.3f, "coldMs": %.3f, "picks": [%s]}\\n', 1000 * median(ts), 1000 * cold, paste(sort(${n} - p$id.med), collapse = ",")))
`;
  const r = spawnSync("Rscript", ["-e", code], { encoding: "utf8", maxBuffer: 1 << 26 });
  if (r.status !== 0) {
    console.error(r.stderr);
    return undefined;
  }
  return JSON.parse(r.stdout.trim().split("\n").pop() as string) as RefTiming;
}

function sameSet(a: ArrayLike<number>, b: ArrayLike<number>): boolean {
  const x = Array.from(a).sort((p, q) => p - q);
  const y = Array.from(b).sort((p, q) => p - q);
  return x.length === y.length && x.every((v, i) => v === y[i]);
}
function sameOrder(a: ArrayLike<number>, b: ArrayLike<number>): boolean {
  return a.length === b.length && Array.from(a).every((v, i) => v === b[i]);
}
const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MB`;

function line(
  name: string,
  ms: number,
  ref?: { ms: number; coldMs?: number | undefined; ok: boolean; tool: string },
) {
  const refText =
    ref === undefined
      ? ""
      : `, ${ref.tool} ${fmtMs(ref.ms)}, ${ref.tool}/ours = ${(ref.ms / ms).toFixed(2)}${ref.coldMs === undefined ? "" : ` (${ref.tool} first call ${fmtMs(ref.coldMs)})`}; same picks: ${ref.ok ? "yes" : "NO"}`;
  console.log(`${name.padEnd(34)} ours ${fmtMs(ms).padStart(10)}${refText}`);
}
const only64 = process.argv.includes("--only-64");

// ---- 1. facility location, 5,000 x 768, k = 500
if (!only64) {
  const n = 5000;
  const d = 768;
  const k = 500;
  const X = gaussian(n, d, "bench-select-fl-768");
  console.log(`facilityLocation on ${n} x ${d}, k = ${k} (default RBF, median bandwidth)`);
  const rss0 = process.resourceUsage().maxRSS * 1024;
  const mem0 = process.memoryUsage();
  const t0 = performance.now();
  const picks = facilityLocation(X, k);
  const ms = performance.now() - t0;
  const rss1 = process.resourceUsage().maxRSS * 1024;
  const mem1 = process.memoryUsage();
  console.log(
    `  stored path (N <= maxMatrixRows = 5000): ${fmtMs(ms)} (one run); peak RSS ${mb(rss1)} (+${mb(rss1 - rss0)} during the call; X itself is ${mb(X.data.byteLength)}, the packed similarity triangle ${mb(n * (n - 1) * 4)}); after the call heapUsed ${mb(mem1.heapUsed)}, arrayBuffers ${mb(mem1.arrayBuffers)} (before: ${mb(mem0.arrayBuffers)})`,
  );
  if (hasNumpy) {
    const ref = pyFacilityLocation(dump(X, "fl768"), n, d, k);
    if (ref !== undefined) {
      line("  vs numpy plain greedy (full S, one cold call each)", ms, {
        ms: ref.ms,
        ok: sameOrder(picks, ref.picks),
        tool: "numpy",
      });
    }
  }
  const small = 1000;
  const Xs: RowMatrix = { data: X.data.subarray(0, small * d), rows: small, cols: d };
  const tStored = medianMs(() => facilityLocation(Xs, 100), 3);
  const tFly = medianMs(() => facilityLocation(Xs, 100, { maxMatrixRows: 0 }), 1);
  const same = sameOrder(
    facilityLocation(Xs, 100),
    facilityLocation(Xs, 100, { maxMatrixRows: 0 }),
  );
  console.log(
    `  ${small} x ${d}, k = 100: stored ${fmtMs(tStored)} vs on-the-fly (maxMatrixRows: 0, O(N) memory) ${fmtMs(tFly)}; same picks: ${same ? "yes" : "NO"}`,
  );
}

// ---- 2. the selectors at 500 x 64 and 5,000 x 64
for (const [n, k] of [
  [500, 50],
  [5000, 500],
] as const) {
  const d = 64;
  const X = gaussian(n, d, `bench-select-${n}`);
  const strata = Int32Array.from({ length: n }, (_, i) => (i * 7919) % 5);
  const path = hasNumpy || hasPam ? dump(X, `x${n}`) : "";
  const reps = n <= 500 ? 7 : 3;
  console.log(
    `\nselectors on ${n} x ${d}, k = ${k} (median of ${reps} after a warm-up call, on both sides)`,
  );
  const c = centroid(X, k);
  const tc = medianMs(() => centroid(X, k), reps);
  const rc = hasNumpy ? pyCentroid(path, n, d, k, reps) : undefined;
  line(
    "centroid",
    tc,
    rc && { ms: rc.ms, coldMs: rc.coldMs, ok: sameOrder(c, rc.picks), tool: "numpy" },
  );
  const ks = kennardStone(X, k);
  const tks = medianMs(() => kennardStone(X, k), reps);
  const rks = hasNumpy ? pyKennardStone(path, n, d, k, reps) : undefined;
  line(
    "kennardStone",
    tks,
    rks && { ms: rks.ms, coldMs: rks.coldMs, ok: sameOrder(ks, rks.picks), tool: "numpy" },
  );
  line(
    "coreEdge (edgeShare 0.1)",
    medianMs(() => coreEdge(X, k), reps),
  );
  const m = medoids(X, k);
  const tm = medianMs(() => medoids(X, k), reps);
  const rm = hasPam ? rPam(path, n, d, k, reps) : undefined;
  line(
    "medoids (PAM BUILD)",
    tm,
    rm && { ms: rm.ms, coldMs: rm.coldMs, ok: sameSet(m, rm.picks), tool: "R pam" },
  );
  line(
    "facilityLocation (RBF)",
    medianMs(() => facilityLocation(X, k), reps),
  );
  line(
    "withinStrata(5 strata, centroid)",
    medianMs(() => withinStrata(strata, k, centroid, X), reps),
  );
}
rmSync(dir, { recursive: true, force: true });
