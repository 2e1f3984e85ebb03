/**
 * `npm run bench -- subset-design-coverage`: coverage of the post-stratified
 * mean's design-based 95 % interval (the part of `estimateSubset`'s interval
 * that holds for any run) on every shared SWE-bench run: runs in date order,
 * strata from the runs before each — consistency strata (pass counts over
 * the 3 runs before, the paper's Consist-Strat) and pass-rate strata (the
 * pass rate over all runs before in `recommendSubset`'s 7 bands) — a random
 * draw of k items within them (20 draws per run), the run's own outcomes on
 * them; k = 25, 50, 100. Coverage and mean half-width, over all runs and by
 * the run's full rate (below 30 %, 30-60 %, 60 % and above).
 */

import { normalQuantile } from "../src/core/normal.js";
import { createRng } from "../src/entry/core.js";
import { stratifiedSubset } from "../src/entry/subset.js";
import { stratifiedEstimate } from "../src/subset/_subsetEstimators.js";
import { loadSwebenchAll } from "./_swebenchAll.js";

const loaded = loadSwebenchAll();
if (loaded === undefined) {
  console.log("subset-design-coverage: ../shared/data not found, nothing to do");
  process.exit(0);
}
const { outcomes: o, dateOf } = loaded;
const N = o.items.length;
const W = 3;
const DRAWS = 20;
const z = normalQuantile(0.975);
const order = o.runs
  .map((r, t) => [dateOf.get(r) as string, t] as const)
  .sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] - b[1]))
  .map((x) => x[1]);
const rate = (t: number) => {
  let s = 0;
  for (let i = 0; i < N; i++) s += o.data[t * N + i] as number;
  return s / N;
};
const bands = ["all", "below 30 %", "30-60 %", "60 % and above"] as const;
/** Stratum of every item from the runs `order[0..q)`, and the stratum count. */
const strataBefore = (kind: string, q: number): { g: Int32Array; H: number } => {
  const from = kind === "consistency" ? q - W : 0;
  const g = new Int32Array(N);
  for (let p = from; p < q; p++) {
    for (let i = 0; i < N; i++)
      g[i] = (g[i] as number) + (o.data[(order[p] as number) * N + i] as number);
  }
  if (kind === "consistency") return { g, H: W + 1 };
  const band = Int32Array.from(g, (v) =>
    v === 0 ? 0 : v === q ? 6 : 1 + Math.min(4, Math.floor((5 * v) / q - 1e-12)),
  );
  return { g: band, H: 7 };
};
for (const kind of ["consistency", "pass rate"])
  for (const K of [25, 50, 100]) {
    const cells = new Map<string, { n: number; covered: number; half: number }>();
    for (const b of bands) cells.set(b, { n: 0, covered: 0, half: 0 });
    for (let q = W; q < order.length; q++) {
      const t = order[q] as number;
      const { g, H } = strataBefore(kind, q);
      const sizes = new Int32Array(H);
      for (const h of g) sizes[h] = (sizes[h] as number) + 1;
      const f = rate(t);
      const band = f < 0.3 ? bands[1] : f < 0.6 ? bands[2] : bands[3];
      for (let s = 0; s < DRAWS; s++) {
        const items = stratifiedSubset(g, K, createRng(`design-coverage-${q}-${s}`));
        const y = Uint8Array.from(items, (i) => o.data[t * N + i] as number);
        const d = stratifiedEstimate(
          y,
          Int32Array.from(items, (i) => g[i] as number),
          sizes,
        );
        const half = z * Math.sqrt(d.v);
        for (const b of [bands[0], band]) {
          const c = cells.get(b) as { n: number; covered: number; half: number };
          c.n++;
          if (d.est - half <= f && f <= d.est + half) c.covered++;
          c.half += half;
        }
      }
    }
    const row = bands.map((b) => {
      const c = cells.get(b) as { n: number; covered: number; half: number };
      return `${b}: ${((100 * c.covered) / c.n).toFixed(1)} % (half-width ${(c.half / c.n).toFixed(3)}, ${c.n})`;
    });
    console.log(
      `${kind} strata, k = ${K}, ${order.length - W} runs x ${DRAWS} draws: ${row.join("; ")}`,
    );
  }
