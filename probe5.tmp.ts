import { createRng } from "./src/entry/core.js";
import { modelAssisted, ppiMean, srs } from "./src/entry/estimate.js";
const N = 20000, R = 2000;
for (const miss of [0.02, 0.05]) for (const n of [30, 50, 100, 200]) {
  const rng = createRng(`hard-${miss}`);
  const yhat = Float64Array.from({ length: N }, () => (rng() < 0.3 ? 1 : 0));
  const y = Float64Array.from(yhat, (v) => (v === 0 && rng() < miss / 0.7 ? 1 : v));
  const mu = y.reduce((a, b) => a + b, 0) / N;
  const r2 = createRng(`hs-${miss}-${n}`);
  const c = { ppi: 0, ppiWald: 0, ma: 0, maReliable: 0, agree: 0 };
  for (let r = 0; r < R; r++) {
    const s = srs(N, n, r2);
    const ys = Float64Array.from(s, (i) => y[i]), fs = Float64Array.from(s, (i) => yhat[i]);
    if (ys.every((v, k) => v === fs[k])) c.agree++;
    const p = ppiMean(ys, fs, yhat);
    if (p.ci[0] <= mu && mu <= p.ci[1]) c.ppi++;
    const pw = ppiMean(ys, fs, yhat, { interval: "wald" });
    if (pw.ci[0] <= mu && mu <= pw.ci[1]) c.ppiWald++;
    const m = modelAssisted(ys, fs, new Float64Array(n).fill(n / N), yhat);
    if (m.ci[0] <= mu && mu <= m.ci[1]) c.ma++;
    if (m.reliable) c.maReliable++;
  }
  console.log(`miss ${miss} n=${n}: all-agree ${(100 * c.agree / R).toFixed(1)}%; ppiMean beta ${(100 * c.ppi / R).toFixed(1)}%, wald ${(100 * c.ppiWald / R).toFixed(1)}%; modelAssisted ${(100 * c.ma / R).toFixed(1)}% (reliable ${(100 * c.maReliable / R).toFixed(1)}%)`);
}
