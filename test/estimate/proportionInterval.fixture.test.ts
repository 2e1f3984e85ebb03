import { describe, expect, it } from "vitest";
import { studentTQuantile } from "../../src/core/studentT.js";
import { klBounds } from "../../src/estimate/_klBounds.js";
import type { IntervalMethod } from "../../src/estimate/proportionInterval.js";
import { proportionInterval } from "../../src/estimate/proportionInterval.js";
import fx from "../fixtures/intervals.json";

// Reference numbers: R survey::svyciprop and base R, written by
// scripts/fixtures/intervals.R (see its header for the designs).
type Pair = [number, number];
type Case = (typeof fx.design)[number];
type PerLevel = {
  beta?: number[];
  logit?: number[];
  likelihood?: number[];
  xlogit?: number[];
  asin?: number[];
  mean?: number[];
  asinAngle?: number[];
  likelihoodExact?: number[];
  glmCoef?: number;
  dispersion?: number;
};
const relErr = (a: number, b: number): number =>
  a === b ? 0 : Math.abs(a - b) / Math.max(Math.abs(b), 1e-300);
const clip01 = (v: number): number => Math.min(1, Math.max(0, v));
const input = (c: Case) => ({
  estimate: c.estimate,
  variance: c.variance,
  n: c.nrow,
  df: c.degf,
});
// boundary: every y = 0 or every y = 1 (the weighted mean may round to 1 - 1e-16)
const interior = fx.design.filter((c) => c.successes > 0 && c.successes < c.nrow);
const boundary = fx.design.filter((c) => c.successes === 0 || c.successes === c.nrow);
const levels = ["0.9", "0.95"] as const;
const per = (c: Case, lev: string): PerLevel => (c.ci as Record<string, PerLevel>)[lev] as PerLevel;

function expectClose(got: Pair, want: number[], tol: number, where: string): void {
  expect(relErr(got[0], want[0] as number), `${where} lower`).toBeLessThan(tol);
  expect(relErr(got[1], want[1] as number), `${where} upper`).toBeLessThan(tol);
}

describe(`proportionInterval against R ${fx.meta.R}, survey ${fx.meta.packages.survey}`, () => {
  it("covers srs, stratified, pps and with-replacement designs, interior and boundary estimates", () => {
    expect(new Set(fx.design.map((c) => c.design))).toEqual(new Set(["srs", "strat", "pps", "wr"]));
    expect(interior.length).toBeGreaterThanOrEqual(40);
    expect(boundary.length).toBeGreaterThanOrEqual(16);
  });

  for (const method of ["beta", "xlogit", "mean"] as const) {
    it(`"${method}" matches svyciprop(method = "${method}") to 1e-8${method === "mean" ? " (R's bounds clipped to [0, 1])" : ""}`, () => {
      let checked = 0;
      for (const c of interior)
        for (const lev of levels) {
          const want = per(c, lev)[method];
          expect(want, `${c.name}: R gave no interval`).toBeDefined();
          const got = proportionInterval(input(c), method, Number(lev));
          const ref = method === "mean" ? (want as number[]).map(clip01) : (want as number[]);
          expectClose(got, ref, 1e-8, `${c.name} at ${lev}`);
          checked++;
        }
      expect(checked).toBe(2 * interior.length);
    });
  }

  it('"asin" matches svyciprop(method = "asin") to 1e-8 where R\'s angle stays in [0, pi/2], else gives 0 (or 1) there', () => {
    let folded = 0;
    for (const c of interior)
      for (const lev of levels) {
        const r = per(c, lev);
        const got = proportionInterval(input(c), "asin", Number(lev));
        const angle = r.asinAngle as number[];
        const want = r.asin as number[];
        if ((angle[0] as number) >= 0) expect(relErr(got[0], want[0] as number)).toBeLessThan(1e-8);
        else {
          folded++;
          expect(got[0]).toBe(0);
          // R's sin^2 of a negative angle folds back above 0 (sometimes above p)
          expect(want[0]).toBeGreaterThan(0);
        }
        if ((angle[1] as number) <= Math.PI / 2)
          expect(relErr(got[1], want[1] as number)).toBeLessThan(1e-8);
        else expect(got[1]).toBe(1);
      }
    expect(folded).toBeGreaterThan(0);
  });

  it('"logit" is the "xlogit" number; R\'s differs by < 1e-6 relative, through glm\'s convergence tolerance', () => {
    let worst = 0;
    for (const c of interior)
      for (const lev of levels) {
        const r = per(c, lev);
        const got = proportionInterval(input(c), "logit", Number(lev));
        expect(got).toEqual(proportionInterval(input(c), "xlogit", Number(lev)));
        // R's intercept is IRLS-converged to glm's epsilon = 1e-8 on the deviance, not exactly logit(p)
        const gap = Math.abs((r.glmCoef as number) - Math.log(c.estimate / (1 - c.estimate)));
        expect(gap, c.name).toBeLessThan(1e-7);
        const want = r.logit as number[];
        const e = Math.max(relErr(got[0], want[0] as number), relErr(got[1], want[1] as number));
        expect(e, `${c.name} at ${lev}`).toBeLessThan(1e-6);
        worst = Math.max(worst, e);
      }
    expect(worst).toBeGreaterThan(1e-10);
  });

  // R's design effect lambda = cov.unscaled / naive.cov takes naive.cov from
  // glm's working weights of the last-but-one IRLS iterate, so it differs
  // from n v / (p (1 - p)) by up to ~2e-4 relative; the bounds move with it.
  const lambdaGap = (c: Case, r: PerLevel & { lambda?: number }): number =>
    relErr((c.nrow * c.variance) / (c.estimate * (1 - c.estimate)), r.lambda as number);

  it("\"likelihood\" solves the statistic R profiles: klBounds with R's lambda and dispersion equals R's exact root to 1e-12", () => {
    for (const c of interior)
      for (const lev of levels) {
        const r = per(c, lev) as PerLevel & { lambda?: number };
        const t = studentTQuantile((1 - Number(lev)) / 2, c.degf);
        const c0 = ((r.dispersion as number) * (r.lambda as number) * t * t) / (2 * c.nrow);
        expectClose(
          klBounds(c.estimate, c0),
          r.likelihoodExact as number[],
          1e-12,
          `${c.name} at ${lev}`,
        );
      }
  });

  it("\"likelihood\" with R's dispersion is R's exact root up to R's lambda error (< 5 x its relative size + 1e-9)", () => {
    for (const c of interior)
      for (const lev of levels) {
        const r = per(c, lev) as PerLevel & { lambda?: number };
        const got = proportionInterval(
          { ...input(c), dispersion: r.dispersion as number },
          "likelihood",
          Number(lev),
        );
        expectClose(
          got,
          r.likelihoodExact as number[],
          5 * lambdaGap(c, r) + 1e-9,
          `${c.name} at ${lev}`,
        );
      }
  });

  it('"likelihood" is within 1 % of svyciprop\'s spline-interpolated bounds', () => {
    let worst = 0;
    for (const c of interior)
      for (const lev of levels) {
        const r = per(c, lev);
        const got = proportionInterval(
          { ...input(c), dispersion: r.dispersion as number },
          "likelihood",
          Number(lev),
        );
        const spline = r.likelihood as number[];
        for (const i of [0, 1])
          worst = Math.max(worst, relErr(got[i] as number, spline[i] as number));
      }
    expect(worst).toBeLessThan(0.01);
    expect(worst).toBeGreaterThan(1e-6);
  });

  it("the default dispersion n / (n - 1) is R's for equal-weight designs (srs)", () => {
    for (const c of interior.filter((d) => d.design === "srs"))
      for (const lev of levels) {
        const r = per(c, lev) as PerLevel & { lambda?: number };
        expect(relErr(c.nrow / (c.nrow - 1), r.dispersion as number)).toBeLessThan(1e-7);
        const got = proportionInterval(input(c), "likelihood", Number(lev));
        expectClose(
          got,
          r.likelihoodExact as number[],
          5 * lambdaGap(c, r) + 1e-7,
          `${c.name} at ${lev}`,
        );
      }
  });

  it("at p = 0 or 1 R gives NaN or a zero-width interval for every method", () => {
    for (const c of boundary)
      for (const lev of levels) {
        const r = per(c, lev);
        for (const m of ["beta", "logit", "likelihood", "xlogit", "asin", "mean"] as const) {
          const v = r[m];
          if (v !== undefined)
            expect(Math.abs((v[1] as number) - (v[0] as number)), `${c.name} ${m}`).toBeLessThan(
              1e-9,
            );
        }
      }
  });

  it("at p = 0 or 1 every design method gives Clopper-Pearson's interval for n (R binom.test) when df = n - 1", () => {
    let checked = 0;
    for (const c of boundary.filter((d) => d.degf === d.nrow - 1))
      for (const lev of levels) {
        const x = c.successes;
        const b = fx.binomial.find((d) => d.n === c.nrow && d.x === x && d.level === Number(lev));
        if (b === undefined) continue;
        for (const m of [
          "beta",
          "logit",
          "likelihood",
          "xlogit",
          "asin",
          "mean",
        ] as IntervalMethod[]) {
          expectClose(
            proportionInterval(input(c), m, Number(lev)),
            b.clopperPearson,
            1e-12,
            `${c.name} ${m}`,
          );
        }
        checked++;
      }
    expect(checked).toBeGreaterThanOrEqual(8);
  });
});

describe(`SRS binary methods against base R ${fx.meta.R}`, () => {
  for (const method of [
    "clopperPearson",
    "wilson",
    "jeffreys",
    "agrestiCoull",
    "hypergeometric",
  ] as const) {
    it(`"${method}" matches R to 1e-8${method === "hypergeometric" ? " (exact M / N from phyper over every M)" : ""}`, () => {
      for (const c of fx.binomial) {
        const got = proportionInterval(
          { estimate: c.x / c.n, variance: 0, n: c.n, N: c.N, successes: c.x },
          method,
          c.level,
        );
        const want = c[method];
        const where = `x = ${c.x}, n = ${c.n}, N = ${c.N}, level ${c.level}`;
        if (method === "hypergeometric") expect(got, where).toEqual(want);
        else {
          for (const i of [0, 1]) {
            const w = want[i] as number;
            if (w === 0 || w === 1) expect(got[i], where).toBe(w);
            else expect(relErr(got[i] as number, w), where).toBeLessThan(1e-8);
          }
        }
      }
    });
  }
});
