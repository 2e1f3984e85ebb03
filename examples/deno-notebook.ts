// evalsift in a Deno notebook: the code cells of examples/deno-notebook.ipynb,
// separated by `// %%` lines (test/runtime/deno.test.ts checks they agree and
// runs this file under Deno). The notebook imports "npm:evalsift" where this
// file imports the sources; the test runs it against the bundled package.

// %%
// evalsift is not on npm yet: from a checkout, run `npm install && npm run build`
// and replace the three imports below with the build (paths from examples/):
//   import { createRng } from "../dist/entry/core.js";
//   import { horvitzThompson, inclusionProbabilities, pivotal } from "../dist/entry/estimate.js";
//   import { rmseByBudgetSpec } from "../dist/entry/plot.js";
import { createRng } from "../src/entry/core.js";
import { horvitzThompson, inclusionProbabilities, pivotal } from "../src/entry/estimate.js";
import { rmseByBudgetSpec } from "../src/entry/plot.js";

// A test set of 1,000 inputs with a risk score each (e.g. 1 - confidence);
// failures are more likely where the risk is high.
const N = 1000;
const risk = Float64Array.from({ length: N }, (_, i) => 0.02 + ((i * 37) % 100) / 100);
const isFailure = (i: number): number => (((i * 7919) % 1000) / 1000 < risk[i] * 0.3 ? 1 : 0);

// %%
// Label 100 inputs chosen by pivotal sampling with probability proportional to
// risk, then estimate the failure rate with its 95 % confidence interval.
const pik = inclusionProbabilities(risk, 100);
const sample = pivotal(pik, createRng(7));
const y = Float64Array.from(sample, (i) => isFailure(i));
const est = horvitzThompson(
  y,
  Float64Array.from(sample, (i) => pik[i]),
  N,
);
const truth = Array.from({ length: N }, (_, i) => isFailure(i)).reduce((a, b) => a + b, 0) / N;
console.log(
  `estimate ${est.estimate.toFixed(4)}, 95% CI [${est.ci[0].toFixed(4)}, ${est.ci[1].toFixed(4)}], truth ${truth}`,
);

// %%
// RMSE of the estimate over 200 seeds at three budgets, as a Vega-Lite chart.
const points = [25, 50, 100].map((n) => {
  const p = inclusionProbabilities(risk, n);
  let sq = 0;
  for (let s = 0; s < 200; s++) {
    const idx = pivotal(p, createRng(s));
    const e = horvitzThompson(
      Float64Array.from(idx, (i) => isFailure(i)),
      Float64Array.from(idx, (i) => p[i]),
      N,
    );
    sq += (e.estimate - truth) ** 2;
  }
  return { strategy: "pivotal + HT", budget: n, rmse: Math.sqrt(sq / 200) };
});
const spec = rmseByBudgetSpec(points, { title: "RMSE of the failure-rate estimate" });
// Deno.jupyter exists only in the Deno Jupyter kernel; elsewhere print the spec's summary.
type Jupyter = { display: (data: unknown, options: unknown) => Promise<unknown> };
let jupyter: Jupyter | undefined;
try {
  jupyter = (globalThis as { Deno?: { jupyter?: Jupyter } }).Deno?.jupyter;
} catch {
  // `deno run` defines Deno.jupyter as a getter that throws outside the kernel.
}
if (jupyter !== undefined) {
  await jupyter.display({ "application/vnd.vegalite.v5+json": spec }, { raw: true });
} else {
  console.log(JSON.stringify({ estimate: est, points, mark: spec.mark }));
}
