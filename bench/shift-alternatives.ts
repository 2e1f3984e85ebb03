/**
 * `npm run bench -- shift-alternatives`: estimators that `recommendSubset`
 * does not use, measured on the same four framework-shift scenarios as
 * `bench/recommend-shift.ts` (k = 50 of 500, 10 seeds), to see whether any
 * of them reaches issue 14's RMSE <= 0.030:
 * - the subset of Consist-Strat (pass counts over the last 3 history runs) or
 *   of 7 pass-rate bands over the history, scored by the plain mean, or by
 *   tinyBenchmarks' p-IRT with a 2PL or Rasch model fitted on the history
 *   (`fitIrt` + `predictIrt`, EAP ability);
 * - pass-rate bands (0, 7 bands of (0, 1), 1) over all / the 20 / the 5 most
 *   recent history runs with Neyman or proportional allocation and the
 *   post-stratified mean (a design-unbiased estimate, its SRS-within-strata
 *   variance; a stratum given no item contributes its history pass rate).
 * Prints RMSE and the coverage of the 95 % intervals over the test runs.
 */
import { createRng } from "../src/entry/core.js";
import { neymanAllocation, stratifiedSrs } from "../src/entry/estimate.js";
import { fitIrt, predictIrt, stratifiedSubset } from "../src/entry/subset.js";
import { writeShiftSection } from "./_shiftReport.js";
import { shiftScenariosOrSkip } from "./_shiftScenarios.js";

const SEEDS = 10;
const K = 50;
const { N, scenarios } = shiftScenariosOrSkip();

type Acc = { se: number; cov: number; n: number; interval: boolean };
const rows = ["| scenario | estimator | RMSE | 95 % coverage |", "|---|---|---|---|"];
for (const { name, history: H, test: T, truth } of scenarios) {
  const R = H.runs.length;
  const acc = new Map<string, Acc>();
  const add = (k: string, est: number, lo: number, hi: number, f: number) => {
    const a = acc.get(k) ?? { se: 0, cov: 0, n: 0, interval: !Number.isNaN(lo) };
    a.se += (est - f) ** 2;
    a.cov += lo <= f && f <= hi ? 1 : 0;
    a.n++;
    acc.set(k, a);
  };
  const passRate = (recent: number): Float64Array =>
    Float64Array.from({ length: N }, (_, i) => {
      let c = 0;
      for (let r = R - recent; r < R; r++) c += H.data[r * N + i] as number;
      return c / recent;
    });
  const bands = (p: Float64Array): Int32Array =>
    Int32Array.from(p, (v) => (v === 0 ? 0 : v === 1 ? 8 : 1 + Math.min(6, Math.floor(v * 7))));
  const items = { "2pl": fitIrt(H, { model: "2pl" }), rasch: fitIrt(H, { model: "rasch" }) };
  const recent3 = new Int32Array(N);
  for (let i = 0; i < N; i++)
    for (let r = Math.max(0, R - 3); r < R; r++)
      recent3[i] = (recent3[i] as number) + (H.data[r * N + i] as number);
  const allBands = bands(passRate(R));
  for (let s = 0; s < SEEDS; s++) {
    const rng = createRng(`shift-alt-${s}`);
    for (const [sub, subset] of [
      ["Consist-Strat", stratifiedSubset(recent3, K, rng)],
      ["pass-rate bands", stratifiedSubset(allBands, K, rng)],
    ] as const) {
      truth.forEach((f, r) => {
        const y = Uint8Array.from(subset, (i) => T.data[r * N + i] as number);
        let m = 0;
        for (const v of y) m += v;
        add(`${sub}, subset mean`, m / K, Number.NaN, Number.NaN, f);
        for (const [model, it] of Object.entries(items)) {
          const p = predictIrt(it, subset, y, { ability: "eap" }).pirt;
          add(`${sub}, p-IRT ${model}`, p.estimate, p.ci[0], p.ci[1], f);
        }
      });
    }
  }
  for (const recent of [...new Set([R, Math.min(R, 20), Math.min(R, 5)])]) {
    const p = passRate(recent);
    const st = bands(p);
    const size = new Float64Array(9);
    for (const h of st) size[h] = (size[h] as number) + 1;
    // S_h: within-stratum outcome SD averaged over the recent runs, at least 0.15
    const sd = Float64Array.from({ length: 9 }, (_, h) => {
      let v = 0;
      for (let r = R - recent; r < R; r++) {
        let a = 0;
        let c = 0;
        for (let i = 0; i < N; i++) {
          if (st[i] !== h) continue;
          a += H.data[r * N + i] as number;
          c++;
        }
        if (c > 1) v += ((a / c) * (1 - a / c) * c) / (c - 1);
      }
      return Math.max(0.15, Math.sqrt(v / recent));
    });
    const live = [...size.keys()].filter((h) => (size[h] as number) > 0);
    for (const [rule, alloc] of [
      [
        "Neyman",
        neymanAllocation(
          live.map((h) => size[h] as number),
          live.map((h) => sd[h] as number),
          K,
        ),
      ],
      [
        "proportional",
        neymanAllocation(
          live.map((h) => size[h] as number),
          live.map(() => 1),
          K,
        ),
      ],
    ] as const) {
      const full = new Int32Array(9);
      live.forEach((h, q) => {
        full[h] = alloc[q] as number;
      });
      const key = `pass-rate bands over ${recent} runs, ${rule}, post-stratified mean`;
      for (let s = 0; s < SEEDS; s++) {
        const subset = stratifiedSrs(st, full, createRng(`shift-alt-ney-${s}`));
        truth.forEach((f, r) => {
          let est = 0;
          let v = 0;
          for (let h = 0; h < 9; h++) {
            const Nh = size[h] as number;
            if (Nh === 0) continue;
            const W = Nh / N;
            if (full[h] === 0) {
              let m = 0;
              for (let i = 0; i < N; i++) if (st[i] === h) m += p[i] as number;
              est += (W * m) / Nh;
              continue;
            }
            let a = 0;
            let c = 0;
            for (const i of subset) {
              if (st[i] !== h) continue;
              a += T.data[r * N + i] as number;
              c++;
            }
            const m = a / c;
            est += W * m;
            const s2 = c > 1 ? (a - c * m * m) / (c - 1) : 0.25;
            v += (W * W * s2 * (1 - c / Nh)) / c;
          }
          const half = 1.96 * Math.sqrt(v);
          add(key, est, est - half, est + half, f);
        });
      }
    }
  }
  console.log(`\n${name}: history ${R} runs, test ${T.runs.length} runs`);
  for (const [k, a] of acc) {
    const cov = a.interval ? `${((100 * a.cov) / a.n).toFixed(1)} %` : "- (no interval)";
    rows.push(`| ${name} | ${k} | ${Math.sqrt(a.se / a.n).toFixed(4)} | ${cov} |`);
    console.log(`  ${k.padEnd(66)} RMSE ${Math.sqrt(a.se / a.n).toFixed(4)}  95 % coverage ${cov}`);
  }
}
writeShiftSection("shift-alternatives", "Estimators the recommendation does not use", [
  `Subsets and estimators outside \`recommendSubset\`'s candidates (bench/shift-alternatives.ts's header lists them), ${SEEDS} seeds.`,
  "",
  ...rows,
]);
