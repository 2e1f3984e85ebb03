import { describe, expect, it } from "vitest";
import { createRng } from "../../src/core/rng.js";
import { hypergeometricCs } from "../../src/estimate/hypergeometricCs.js";
import { distinctOrders, everMisses, isMonotone } from "./_sequences.js";

const u8 = (xs: number[]) => new Uint8Array(xs);

/** log Gamma for positive integers and half-integers is not needed: a, b integers here. */
function logFactorial(n: number): number {
  let s = 0;
  for (let k = 2; k <= n; k++) s += Math.log(k);
  return s;
}

/**
 * The prior-posterior ratio computed the long way, as WSR (2020) define it:
 * the beta-binomial(N, a, b) prior over every m (integer a, b), the posterior
 * after each draw by Bayes' rule normalised over all m, R = prior / posterior,
 * the set { m : R < 1 / alpha } intersected over time.
 */
function bruteForce(y: number[], N: number, level: number, a: number, b: number) {
  const logBeta = (x: number, z: number) =>
    logFactorial(x - 1) + logFactorial(z - 1) - logFactorial(x + z - 1);
  const prior = Array.from({ length: N + 1 }, (_, m) =>
    Math.exp(
      logFactorial(N) -
        logFactorial(m) -
        logFactorial(N - m) +
        logBeta(m + a, N - m + b) -
        logBeta(a, b),
    ),
  );
  let post = [...prior];
  let S = 0;
  let lo = 0;
  let hi = N;
  const lower: number[] = [];
  const upper: number[] = [];
  y.forEach((x, i) => {
    const left = N - i;
    post = post.map((p, m) => {
      const ones = m - S;
      const pr = x === 1 ? ones / left : (left - ones) / left;
      return ones < 0 || ones > left ? 0 : p * pr;
    });
    const z = post.reduce((s, v) => s + v, 0);
    post = post.map((p) => p / z);
    S += x;
    const inSet = post.map((p, m) => p > 0 && (prior[m] as number) / p < 1 / (1 - level));
    const l = inSet.indexOf(true);
    const h = inSet.lastIndexOf(true);
    if (Math.max(lo, l) <= Math.min(hi, h)) {
      lo = Math.max(lo, l);
      hi = Math.min(hi, h);
    }
    lower.push(lo / N);
    upper.push(hi / N);
  });
  return { lower, upper };
}

describe("hypergeometricCs(y, N, options)", () => {
  it("matches the prior-posterior ratio computed by Bayes' rule over every m", () => {
    const g = createRng("hg-brute");
    for (const [N, a, b] of [
      [30, 1, 1],
      [25, 2, 3],
      [40, 1, 4],
    ] as const) {
      for (let rep = 0; rep < 5; rep++) {
        const M = Math.floor(g() * (N + 1));
        const pop: number[] = Array.from({ length: N }, (_, i) => (i < M ? 1 : 0));
        for (let i = N - 1; i > 0; i--) {
          const j = Math.floor(g() * (i + 1));
          [pop[i], pop[j]] = [pop[j] as number, pop[i] as number];
        }
        // level 0.93: 1 / alpha is not a ratio of small integers, so no R_t(m) ties with it
        const ref = bruteForce(pop, N, 0.93, a, b);
        const cs = hypergeometricCs(u8(pop), N, { level: 0.93, prior: { a, b } });
        expect(Array.from(cs.lower)).toEqual(ref.lower);
        expect(Array.from(cs.upper)).toEqual(ref.upper);
      }
    }
  });

  it("misses the truth at some t with probability at most alpha, exactly over every draw order", () => {
    // all C(N, M) orders are equally likely under SRS; alpha = 0.2 so the bound is not slack by far
    const N = 10;
    let worst = 0;
    for (let M = 0; M <= N; M++) {
      const orders = distinctOrders(Array.from({ length: N }, (_, i) => (i < M ? 1 : 0)));
      let miss = 0;
      for (const o of orders) {
        const cs = hypergeometricCs(u8(o), N, { level: 0.8 });
        if (everMisses(cs.lower, cs.upper, M / N)) miss++;
        // unless it missed, the sequence ends on the true mean
        else expect([cs.lower[N - 1], cs.upper[N - 1]]).toEqual([M / N, M / N]);
        expect(isMonotone(cs.lower, cs.upper)).toBe(true);
      }
      worst = Math.max(worst, miss / orders.length);
    }
    expect(worst).toBeLessThanOrEqual(0.2);
  });

  it("pins the true mean after all N draws and stays within 1/N of the running mean", () => {
    const g = createRng("hg-pin-2");
    const N = 200;
    const pop: number[] = Array.from({ length: N }, () => (g() < 0.15 ? 1 : 0));
    const mu = pop.reduce((s, v) => s + v, 0) / N;
    const cs = hypergeometricCs(u8(pop), N);
    expect(cs.lower[N - 1]).toBe(mu);
    expect(cs.upper[N - 1]).toBe(mu);
    let S = 0;
    pop.forEach((v, t) => {
      S += v;
      const mean = S / (t + 1);
      expect(cs.lower[t] as number).toBeLessThanOrEqual(mean + 1 / N);
      expect(cs.upper[t] as number).toBeGreaterThanOrEqual(mean - 1 / N);
    });
    expect(isMonotone(cs.lower, cs.upper)).toBe(true);
  });

  it("excludes counts the draws rule out, accepts a Float64Array and reports its settings", () => {
    const cs = hypergeometricCs(new Float64Array([1, 1, 1]), 5, { level: 0.9 });
    expect(cs.lower[2]).toBeGreaterThanOrEqual(3 / 5);
    expect(cs.level).toBe(0.9);
    expect(cs.method).toBe("hypergeometric prior-posterior ratio (beta-binomial 1, 1)");
    expect(hypergeometricCs(u8([]), 5).lower.length).toBe(0);
  });

  it("catches a broken sequence: too few labels and a too-low level give a wider, not narrower, interval", () => {
    const y = u8([0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
    const a = hypergeometricCs(y, 100, { level: 0.95 });
    const b = hypergeometricCs(y, 100, { level: 0.5 });
    expect((a.upper[19] as number) - (a.lower[19] as number)).toBeGreaterThan(
      (b.upper[19] as number) - (b.lower[19] as number),
    );
  });

  it("does not mutate its input", () => {
    const y = u8([1, 0, 1]);
    hypergeometricCs(y, 10);
    expect(y).toEqual(u8([1, 0, 1]));
  });

  describe("rejects bad input", () => {
    const cases: [string, () => unknown, ErrorConstructor, RegExp][] = [
      [
        "y not typed",
        () => hypergeometricCs("1, 0" as never, 5),
        TypeError,
        /hypergeometricCs: y must be/,
      ],
      [
        "non-binary y",
        () => hypergeometricCs(new Float64Array([1, 0.5]), 5),
        RangeError,
        /hypergeometricCs: y\[1\] must be 0 or 1/,
      ],
      ["y = 2", () => hypergeometricCs(u8([2]), 5), RangeError, /y\[0\] must be 0 or 1/],
      [
        "N < n",
        () => hypergeometricCs(u8([1, 0, 1]), 2),
        RangeError,
        /hypergeometricCs: N must be at least the number of labels \(3\)/,
      ],
      [
        "N not integer",
        () => hypergeometricCs(u8([1]), 2.5),
        RangeError,
        /hypergeometricCs: N must be an integer/,
      ],
      [
        "N Infinity",
        () => hypergeometricCs(u8([1]), Number.POSITIVE_INFINITY),
        RangeError,
        /hypergeometricCs: N must be an integer/,
      ],
      [
        "N not a number",
        () => hypergeometricCs(u8([1]), "5" as never),
        TypeError,
        /hypergeometricCs: N must be a number/,
      ],
      [
        "level 1",
        () => hypergeometricCs(u8([1]), 5, { level: 1 }),
        RangeError,
        /hypergeometricCs: options.level must be less than 1/,
      ],
      [
        "level 0",
        () => hypergeometricCs(u8([1]), 5, { level: 0 }),
        RangeError,
        /hypergeometricCs: options.level must be greater than 0/,
      ],
      [
        "level NaN",
        () => hypergeometricCs(u8([1]), 5, { level: Number.NaN }),
        RangeError,
        /hypergeometricCs: options.level must be finite/,
      ],
      [
        "prior a 0",
        () => hypergeometricCs(u8([1]), 5, { prior: { a: 0 } }),
        RangeError,
        /hypergeometricCs: options.prior.a must be greater than 0/,
      ],
      [
        "prior b NaN",
        () => hypergeometricCs(u8([1]), 5, { prior: { b: Number.NaN } }),
        RangeError,
        /options.prior.b must be finite/,
      ],
      [
        "prior not object",
        () => hypergeometricCs(u8([1]), 5, { prior: 1 as never }),
        TypeError,
        /options.prior must be an object/,
      ],
      [
        "options not object",
        () => hypergeometricCs(u8([1]), 5, 3 as never),
        TypeError,
        /hypergeometricCs: options must be an object/,
      ],
    ];
    it.each(cases)("%s", (_, call, type, message) => {
      expect(call).toThrow(type);
      expect(call).toThrow(message);
    });
  });
});

describe("hypergeometricCs: keys of options.prior", () => {
  it("rejects a misspelt prior key, naming its path, instead of ignoring it", () => {
    const call = () => hypergeometricCs(u8([0, 0, 1, 0]), 20, { prior: { a: 5, bb: 9 } as never });
    expect(call).toThrow(TypeError);
    expect(call).toThrow(
      /^hypergeometricCs: unknown key "options\.prior\.bb" \(did you mean "b"\?\); valid keys of options\.prior: a, b$/,
    );
    // the spelt-out keys still work, alone or together
    expect(hypergeometricCs(u8([0, 0, 1, 0]), 20, { prior: { a: 5 } }).upper.length).toBe(4);
    expect(hypergeometricCs(u8([0, 0, 1, 0]), 20, { prior: { a: 5, b: 9 } }).upper.length).toBe(4);
  });
});
