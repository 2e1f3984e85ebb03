/**
 * `npm run bench -- shift-floor`: how low the RMSE of a subset estimate can go
 * on the four framework-shift scenarios of `bench/recommend-shift.ts`, with
 * an oracle no estimator has.
 *
 * For each test run y (its outcomes on all N items) the least-squares fit of
 * y on item features known from the history alone: the strata (9 pass-rate
 * bands over all history runs: never, 7 bands of (0, 1), always; or the
 * pass counts over the last 3 history runs, Consist-Strat's), then the same
 * plus the q leading principal components of the history's outcome matrix
 * (items as observations, each item's outcomes centred over the runs). The
 * fit uses all N outcomes of the test run, so its coefficients are the best
 * any estimator could learn. With e the residuals and S_e^2 = sum e^2 /
 * (N - 1) (averaged over the test runs):
 * - design floor sqrt((1 - k / N) S_e^2 / k): the standard error of the
 *   regression (difference) estimator with these oracle coefficients under a
 *   random draw of k items (within the strata, proportional allocation), the
 *   smallest RMSE of any estimate that is linear in a random subset's outcomes
 *   with coefficients fitted on those features;
 * - unseen-item noise sqrt((N - k) S_e^2) / N: the error left when the oracle
 *   model predicts the N - k items not labelled, for any subset, random or
 *   chosen (a floor for model-based estimators whose residuals are
 *   uncorrelated).
 * Beside it, the recommended estimate (`recommendSubset` with default options,
 * seeds shift-0..9 as the recommend-shift section x10) with its mean squared
 * error split into the squared bias per test run (its error averaged over the
 * seeds, less the seeds' share of it) and the variance over the seeds (the
 * draw of the subset).
 */
import { createRng } from "../src/entry/core.js";
import { estimateSubset, recommendSubset } from "../src/entry/subset.js";
import { cholesky, cholSolve } from "../src/features/_linalg.js";
import { writeShiftSection } from "./_shiftReport.js";
import { shiftScenariosOrSkip } from "./_shiftScenarios.js";

const K = 50;
/** Issue 14's RMSE target, for the column of the subset size whose design floor reaches it (a report, not a tuning target). */
const TARGET = 0.03;
const SEEDS = 10;
const QS = [5, 10, 20, 40];
const { N, scenarios } = shiftScenariosOrSkip();

/** Eigenvectors (columns of v, row-major n x n) and eigenvalues of a symmetric matrix, cyclic Jacobi. */
function jacobi(a: Float64Array, n: number): { values: Float64Array; v: Float64Array } {
  const A = Float64Array.from(a);
  const v = new Float64Array(n * n);
  for (let i = 0; i < n; i++) v[i * n + i] = 1;
  for (let sweep = 0; sweep < 60; sweep++) {
    let off = 0;
    for (let p = 0; p < n; p++)
      for (let q = p + 1; q < n; q++) off += (A[p * n + q] as number) ** 2;
    if (off < 1e-22) break;
    for (let p = 0; p < n; p++) {
      for (let q = p + 1; q < n; q++) {
        const apq = A[p * n + q] as number;
        if (Math.abs(apq) < 1e-300) continue;
        const theta = ((A[q * n + q] as number) - (A[p * n + p] as number)) / (2 * apq);
        const t = Math.sign(theta || 1) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
        const c = 1 / Math.sqrt(t * t + 1);
        const s = t * c;
        for (let k = 0; k < n; k++) {
          const akp = A[k * n + p] as number;
          const akq = A[k * n + q] as number;
          A[k * n + p] = c * akp - s * akq;
          A[k * n + q] = s * akp + c * akq;
        }
        for (let k = 0; k < n; k++) {
          const apk = A[p * n + k] as number;
          const aqk = A[q * n + k] as number;
          A[p * n + k] = c * apk - s * aqk;
          A[q * n + k] = s * apk + c * aqk;
        }
        for (let k = 0; k < n; k++) {
          const vkp = v[k * n + p] as number;
          const vkq = v[k * n + q] as number;
          v[k * n + p] = c * vkp - s * vkq;
          v[k * n + q] = s * vkp + c * vkq;
        }
      }
    }
  }
  return { values: Float64Array.from({ length: n }, (_, i) => A[i * n + i] as number), v };
}

/** Mean over the rows of `ys` of the residual S^2 (divisor N - 1) of the least-squares fit on the columns of X (N x p). */
function residualS2(X: Float64Array[], ys: Float64Array[]): number {
  const p = X.length;
  const G = new Float64Array(p * p);
  for (let a = 0; a < p; a++)
    for (let b = 0; b <= a; b++) {
      let s = 0;
      const xa = X[a] as Float64Array;
      const xb = X[b] as Float64Array;
      for (let i = 0; i < N; i++) s += (xa[i] as number) * (xb[i] as number);
      G[a * p + b] = s;
      G[b * p + a] = s;
    }
  for (let a = 0; a < p; a++) G[a * p + a] = (G[a * p + a] as number) * (1 + 1e-12) + 1e-12;
  const L = cholesky(G, p);
  if (L === undefined) throw new Error("shift-floor: singular design");
  let total = 0;
  for (const y of ys) {
    const xy = new Float64Array(p);
    for (let a = 0; a < p; a++) {
      let s = 0;
      const xa = X[a] as Float64Array;
      for (let i = 0; i < N; i++) s += (xa[i] as number) * (y[i] as number);
      xy[a] = s;
    }
    const beta = cholSolve(L, p, xy);
    let ss = 0;
    for (let i = 0; i < N; i++) {
      let f = 0;
      for (let a = 0; a < p; a++) f += (beta[a] as number) * ((X[a] as Float64Array)[i] as number);
      ss += ((y[i] as number) - f) ** 2;
    }
    total += ss / (N - 1);
  }
  return total / ys.length;
}

const dummies = (label: Int32Array): Float64Array[] => {
  const ids = [...new Set(label)].sort((a, b) => a - b);
  return ids.map((h) => Float64Array.from(label, (g) => (g === h ? 1 : 0)));
};
/** Smallest k with sqrt((1 - k/N) S^2 / k) <= TARGET. */
const kFor = (s2: number) => Math.ceil(s2 / (TARGET * TARGET + s2 / N));
const design = (s2: number) => Math.sqrt(((1 - K / N) * s2) / K);
const unseen = (s2: number) => Math.sqrt((N - K) * s2) / N;
let lowest = Number.POSITIVE_INFINITY;
const fmt = (s2: number) => {
  lowest = Math.min(lowest, design(s2));
  return `${design(s2).toFixed(4)} (${unseen(s2).toFixed(4)})`;
};

const split = [
  "| scenario | recommended RMSE | sqrt(mean squared bias of a run) | sqrt(variance over seeds) | largest bias of a run |",
  "|---|---|---|---|---|",
];
const rows = [
  `| scenario | strata | raw S^2 | strata alone | ${QS.map((q) => `+ ${q} PCs`).join(" | ")} | k for a design floor of ${TARGET.toFixed(3)}: strata alone / most PCs |`,
  `|---|---|---|---|${QS.map(() => "---|").join("")}---|`,
];
for (const { name, history: H, test: T } of scenarios) {
  const R = H.runs.length;
  const ys = T.runs.map((_, r) => Float64Array.from(T.data.subarray(r * N, (r + 1) * N)));
  // item-centred history (R x N) and its Gram matrix over runs
  const C = new Float64Array(R * N);
  for (let i = 0; i < N; i++) {
    let m = 0;
    for (let r = 0; r < R; r++) m += H.data[r * N + i] as number;
    m /= R;
    for (let r = 0; r < R; r++) C[r * N + i] = (H.data[r * N + i] as number) - m;
  }
  const G = new Float64Array(R * R);
  for (let a = 0; a < R; a++)
    for (let b = 0; b <= a; b++) {
      let s = 0;
      for (let i = 0; i < N; i++) s += (C[a * N + i] as number) * (C[b * N + i] as number);
      G[a * R + b] = s;
      G[b * R + a] = s;
    }
  const { values, v } = jacobi(G, R);
  const order = Array.from({ length: R }, (_, j) => j).sort(
    (a, b) => (values[b] as number) - (values[a] as number),
  );
  // item-space component j: C^T u_j (its scale does not change the fit)
  const pcs = order
    .filter((j) => (values[j] as number) > 1e-9 * (values[order[0] as number] as number))
    .map((j) => {
      const out = new Float64Array(N);
      for (let r = 0; r < R; r++) {
        const u = v[r * R + j] as number;
        for (let i = 0; i < N; i++) out[i] = (out[i] as number) + u * (C[r * N + i] as number);
      }
      return out;
    });
  const passCount = (from: number): Int32Array =>
    Int32Array.from({ length: N }, (_, i) => {
      let c = 0;
      for (let r = from; r < R; r++) c += H.data[r * N + i] as number;
      return c;
    });
  const all = passCount(0);
  const bands = Int32Array.from(all, (c) =>
    c === 0 ? 0 : c === R ? 8 : 1 + Math.min(6, Math.floor((7 * c) / R)),
  );
  const err = ys.map(() => [] as number[]);
  for (let s = 0; s < SEEDS; s++) {
    const rec = recommendSubset(H, K, createRng(`shift-${s}`));
    ys.forEach((y, r) => {
      const e = estimateSubset(
        rec,
        Uint8Array.from(rec.items, (i) => y[i] as number),
      );
      let f = 0;
      for (const x of y) f += x;
      (err[r] as number[]).push(e.estimate - f / N);
    });
  }
  let b2 = 0;
  let vs = 0;
  let worst = 0;
  for (const e of err) {
    const m = e.reduce((a, x) => a + x, 0) / e.length;
    // s^2 with divisor S - 1; m^2 - s^2 / S is unbiased for the squared bias, and the two parts add up to the MSE exactly
    const s2 = e.reduce((a, x) => a + (x - m) ** 2, 0) / (e.length - 1);
    b2 += (m * m - s2 / e.length) / err.length;
    vs += s2 / err.length;
    if (Math.abs(m) > Math.abs(worst)) worst = m;
  }
  split.push(
    `| ${name} | ${Math.sqrt(b2 + vs).toFixed(4)} | ${Math.sqrt(Math.max(0, b2)).toFixed(4)} | ${Math.sqrt(vs).toFixed(4)} | ${worst >= 0 ? "+" : ""}${worst.toFixed(3)} |`,
  );
  const raw = residualS2([new Float64Array(N).fill(1)], ys);
  for (const [sname, label] of [
    ["pass-rate bands (9)", bands],
    ["Consist-Strat (last 3 runs)", passCount(Math.max(0, R - 3))],
  ] as const) {
    const D = dummies(label);
    const s2 = QS.map((q) => (q <= pcs.length ? residualS2([...D, ...pcs.slice(0, q)], ys) : NaN));
    const alone = residualS2(D, ys);
    const most = s2.filter((v) => !Number.isNaN(v)).at(-1) ?? alone;
    const cells = s2.map((v) => (Number.isNaN(v) ? "-" : fmt(v)));
    rows.push(
      `| ${name} | ${sname} | ${fmt(raw)} | ${fmt(alone)} | ${cells.join(" | ")} | ${kFor(alone)} / ${kFor(most)} of ${N} |`,
    );
  }
}
writeShiftSection("shift-floor", "How low can it go: an oracle floor for the subset estimate", [
  `Per scenario, the test runs' outcomes on all ${N} items fitted by least squares on features the history gives (stratum indicators, then also the leading principal components of the history's item outcomes); the fit sees every outcome of the test run, so no estimator can learn better coefficients from these features (bench/shift-floor.ts's header has the formulas). Each cell: the design floor at k = ${K}, sqrt((1 - k/N) S_e^2 / k), the RMSE of the difference estimator with those coefficients under a random draw within the strata, and in brackets the unseen-item noise sqrt((N - k) S_e^2) / N, the error left by a model that knew the oracle coefficients, for any subset. S_e^2: residual variance averaged over the test runs. Last column: the smallest k whose design floor is at most ${TARGET.toFixed(3)}, S_e^2 / (${TARGET.toFixed(3)}^2 + S_e^2 / N), with the strata alone and with the most components the history allows. Compare the recommend-shift sections above.`,
  "",
  ...rows,
  "",
  `The recommended estimate on the same scenarios (seeds shift-0..${SEEDS - 1}, as the recommend-shift section x${SEEDS}): its mean squared error over (seed, test run) pairs split into the squared bias of each test run (its error averaged over the seeds, less the part the seeds' noise adds, m^2 - s^2 / S) and the variance over the seeds s^2 (the draw of the subset); the two add up to the MSE (a negative estimate of the squared bias, possible when the seeds' noise exceeds it, is shown as 0.0000).`,
  "",
  ...split,
  "",
  `Lowest design floor over the table: ${lowest.toFixed(4)}, ${lowest > 0.03 ? "above" : "not above"} issue 14's target of 0.030 at k = ${K}. A random subset cannot get there with these features; a subset estimate below the design floor must predict the unlabelled items from coefficients learned on the history (the stepwise subset and ridge, IRT), and under a change of framework those coefficients need not hold: the bias column above measures how far they moved here.`,
]);
