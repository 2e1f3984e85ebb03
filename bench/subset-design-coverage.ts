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
import { runRates, stratifiedEstimate } from "../src/subset/_subsetEstimators.js";
import { strataOf } from "../src/subset/recommendSubset.js";
import { writeShiftSection } from "./_shiftReport.js";
import { loadSwebenchAll } from "./_swebenchAll.js";

const loaded = loadSwebenchAll();
if (loaded === undefined) {
  console.log("subset-design-coverage: ../shared/data not found, nothing to do");
  process.exit(0);
}
// loadSwebenchAll gives the runs in date order
const { outcomes: o } = loaded;
const N = o.items.length;
const W = 3;
const DRAWS = 20;
const z = normalQuantile(0.975);
const rates = runRates(o);
const bands = ["all", "below 30 %", "30-60 %", "60 % and above"] as const;
const rows = [
  `| strata | k | ${bands.map((b) => `${b}: coverage (half-width, intervals)`).join(" | ")} |`,
  `|---|---|${bands.map(() => "---|").join("")}`,
];
for (const kind of ["consistency", "passRate"] as const)
  for (const K of [25, 50, 100]) {
    const cells = new Map<string, { n: number; covered: number; half: number }>();
    for (const b of bands) cells.set(b, { n: 0, covered: 0, half: 0 });
    for (let t = W; t < o.runs.length; t++) {
      const before = Array.from({ length: t }, (_, r) => r);
      const { g, H } = strataOf(o, before, kind, W);
      const sizes = new Int32Array(H);
      for (const h of g) sizes[h] = (sizes[h] as number) + 1;
      const f = rates[t] as number;
      const band = f < 0.3 ? bands[1] : f < 0.6 ? bands[2] : bands[3];
      for (let s = 0; s < DRAWS; s++) {
        const items = stratifiedSubset(g, K, createRng(`design-coverage-${t}-${s}`));
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
    rows.push(
      `| ${kind === "consistency" ? `consistency (${W} runs before)` : "pass rate (all runs before, 7 bands)"} | ${K} | ${bands
        .map((b) => {
          const c = cells.get(b) as { n: number; covered: number; half: number };
          return `${((100 * c.covered) / c.n).toFixed(1)} % (${(c.half / c.n).toFixed(3)}, ${c.n})`;
        })
        .join(" | ")} |`,
    );
    const row = bands.map((b) => {
      const c = cells.get(b) as { n: number; covered: number; half: number };
      return `${b}: ${((100 * c.covered) / c.n).toFixed(1)} % (half-width ${(c.half / c.n).toFixed(3)}, ${c.n})`;
    });
    console.log(
      `${kind} strata, k = ${K}, ${o.runs.length - W} runs x ${DRAWS} draws: ${row.join("; ")}`,
    );
  }
writeShiftSection(
  "subset-design-coverage",
  "The design-based part of the interval, on every shared run",
  [
    `Runs in date order; for each run t >= ${W}, strata from the runs before it, ${DRAWS} random within-strata draws of k items (seeds design-coverage-<t>-<draw>), the run's own outcomes on them, the post-stratified mean and its 95 % normal interval (the variance \`estimateSubset\` adds for a random subset, with the Jeffreys floor for strata whose sampled items agree). By the run's full rate.`,
    "",
    ...rows,
  ],
);
