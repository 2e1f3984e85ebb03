import { createRng } from "../../../src/core/rng.js";
import type { IrtItems } from "../../../src/subset/irt/types.js";
import type { Outcomes } from "../../../src/subset/outcomes.js";

/** Standard normal draws by Box-Muller from a seeded source (test helper). */
export function normals(seed: string, n: number, sd = 1, mean = 0): Float64Array {
  const rng = createRng(seed);
  const out = new Float64Array(n);
  for (let t = 0; t < n; t++) {
    const u = 1 - rng();
    const v = rng();
    out[t] = mean + sd * Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  }
  return out;
}

/** Simulated 0/1 outcomes of a 2PL model (a = 1 gives Rasch), runs x items. */
export function simulate(
  seed: string,
  theta: Float64Array,
  a: Float64Array,
  b: Float64Array,
): Outcomes {
  const rng = createRng(seed);
  const R = theta.length;
  const N = b.length;
  const data = new Uint8Array(R * N);
  for (let r = 0; r < R; r++) {
    for (let i = 0; i < N; i++) {
      const p = 1 / (1 + Math.exp(-(a[i] as number) * ((theta[r] as number) - (b[i] as number))));
      data[r * N + i] = rng() < p ? 1 : 0;
    }
  }
  return {
    runs: Array.from({ length: R }, (_, r) => `r${r}`),
    items: Array.from({ length: N }, (_, i) => `i${i}`),
    data,
  };
}

/** Pearson correlation (test helper). */
export function corr(x: ArrayLike<number>, y: ArrayLike<number>): number {
  const n = x.length;
  let mx = 0;
  let my = 0;
  for (let i = 0; i < n; i++) {
    mx += x[i] as number;
    my += y[i] as number;
  }
  mx /= n;
  my /= n;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < n; i++) {
    const dx = (x[i] as number) - mx;
    const dy = (y[i] as number) - my;
    sxy += dx * dy;
    sxx += dx * dx;
    syy += dy * dy;
  }
  return sxy / Math.sqrt(sxx * syy);
}

/** Random 2PL items: log a ~ N(0, logASd^2), b ~ N(0, bSd^2), prior N(0, 1) (test helper). */
export function randomItems(seed: string, N: number, logASd = 0.3, bSd = 1.5): IrtItems {
  return {
    model: "2pl",
    a: normals(`${seed}-a`, N, logASd).map(Math.exp),
    b: normals(`${seed}-b`, N, bSd),
    thetaMean: 0,
    thetaSd: 1,
  };
}
