/**
 * ZDT test problems (Zitzler, Deb & Thiele 2000) and their true Pareto
 * fronts, shared by the moea tests and `bench/zdt.ts`. Not part of the library.
 */
import type { Rng } from "../../src/core/rng.js";
import type { RowMatrix } from "../../src/core/rowMatrix.js";
import { rowMatrix } from "../../src/core/rowMatrix.js";
import { polynomialMutation } from "../../src/moea/polynomialMutation.js";
import { sbx } from "../../src/moea/sbx.js";
import type { Nsga2Problem } from "../../src/moea/types.js";

export type Zdt = {
  readonly name: string;
  /** Number of decision variables. */
  readonly n: number;
  readonly low: Float64Array;
  readonly high: Float64Array;
  readonly evaluate: (x: Float64Array) => [number, number];
  /** `k` points of the true front with f1 evenly spaced over each segment. */
  readonly trueFront: (k: number) => RowMatrix;
  /** Extremes of the true front, smallest f1 first (for `spread`). */
  readonly extremes: RowMatrix;
};

function sumFrom1(x: Float64Array): number {
  let s = 0;
  for (let i = 1; i < x.length; i++) s += x[i] as number;
  return s;
}

function sampled(segments: [number, number][], k: number, f2: (f1: number) => number): RowMatrix {
  const total = segments.reduce((s, [a, b]) => s + (b - a), 0);
  const rows: number[][] = [];
  for (const [a, b] of segments) {
    const kk = Math.max(2, Math.round((k * (b - a)) / total));
    for (let i = 0; i < kk; i++) {
      const f1 = a + ((b - a) * i) / (kk - 1);
      rows.push([f1, f2(f1)]);
    }
  }
  return rowMatrix(rows);
}

function unit(n: number): [Float64Array, Float64Array] {
  return [new Float64Array(n).fill(0), new Float64Array(n).fill(1)];
}

const zdt1f = (f1: number) => 1 - Math.sqrt(f1);
const zdt2f = (f1: number) => 1 - f1 * f1;
const zdt3f = (f1: number) => 1 - Math.sqrt(f1) - f1 * Math.sin(10 * Math.PI * f1);
// Pareto-optimal f1 ranges of ZDT3 (Deb 2001, Multi-Objective Optimization Using EAs, Table 22).
const zdt3Segments: [number, number][] = [
  [0, 0.0830015349],
  [0.182228728, 0.2577623634],
  [0.4093136748, 0.4538821041],
  [0.6183967944, 0.6525117038],
  [0.8233317983, 0.8518328654],
];
// ZDT6's smallest Pareto-optimal f1 = min over x1 of 1 - exp(-4 x1) sin^6(6 pi x1).
const zdt6Min = 0.2807753191;

export function zdt1(n = 30): Zdt {
  const [low, high] = unit(n);
  return {
    name: "ZDT1",
    n,
    low,
    high,
    evaluate: (x) => {
      const f1 = x[0] as number;
      const g = 1 + (9 * sumFrom1(x)) / (n - 1);
      return [f1, g * (1 - Math.sqrt(f1 / g))];
    },
    trueFront: (k) => sampled([[0, 1]], k, zdt1f),
    extremes: rowMatrix([
      [0, 1],
      [1, 0],
    ]),
  };
}

export function zdt2(n = 30): Zdt {
  const [low, high] = unit(n);
  return {
    name: "ZDT2",
    n,
    low,
    high,
    evaluate: (x) => {
      const f1 = x[0] as number;
      const g = 1 + (9 * sumFrom1(x)) / (n - 1);
      return [f1, g * (1 - (f1 / g) ** 2)];
    },
    trueFront: (k) => sampled([[0, 1]], k, zdt2f),
    extremes: rowMatrix([
      [0, 1],
      [1, 0],
    ]),
  };
}

export function zdt3(n = 30): Zdt {
  const [low, high] = unit(n);
  const last = zdt3Segments[4] as [number, number];
  return {
    name: "ZDT3",
    n,
    low,
    high,
    evaluate: (x) => {
      const f1 = x[0] as number;
      const g = 1 + (9 * sumFrom1(x)) / (n - 1);
      const h = 1 - Math.sqrt(f1 / g) - (f1 / g) * Math.sin(10 * Math.PI * f1);
      return [f1, g * h];
    },
    trueFront: (k) => sampled(zdt3Segments, k, zdt3f),
    extremes: rowMatrix([
      [0, 1],
      [last[1], zdt3f(last[1])],
    ]),
  };
}

export function zdt4(n = 10): Zdt {
  const low = new Float64Array(n).fill(-5);
  const high = new Float64Array(n).fill(5);
  low[0] = 0;
  high[0] = 1;
  return {
    name: "ZDT4",
    n,
    low,
    high,
    evaluate: (x) => {
      const f1 = x[0] as number;
      let s = 0;
      for (let i = 1; i < n; i++) {
        const v = x[i] as number;
        s += v * v - 10 * Math.cos(4 * Math.PI * v);
      }
      const g = 1 + 10 * (n - 1) + s;
      return [f1, g * (1 - Math.sqrt(f1 / g))];
    },
    trueFront: (k) => sampled([[0, 1]], k, zdt1f),
    extremes: rowMatrix([
      [0, 1],
      [1, 0],
    ]),
  };
}

export function zdt6(n = 10): Zdt {
  const [low, high] = unit(n);
  return {
    name: "ZDT6",
    n,
    low,
    high,
    evaluate: (x) => {
      const x1 = x[0] as number;
      const f1 = 1 - Math.exp(-4 * x1) * Math.sin(6 * Math.PI * x1) ** 6;
      const g = 1 + 9 * (sumFrom1(x) / (n - 1)) ** 0.25;
      return [f1, g * (1 - (f1 / g) ** 2)];
    },
    trueFront: (k) => sampled([[zdt6Min, 1]], k, zdt2f),
    extremes: rowMatrix([
      [zdt6Min, zdt2f(zdt6Min)],
      [1, 0],
    ]),
  };
}

/** The NSGA-II problem of Deb 2002 / DEAP's example: uniform init, SBX eta 20, PM eta 20, pm 1/n. */
export function zdtProblem(z: Zdt): Nsga2Problem<Float64Array> {
  const { n } = z;
  // Scalar bounds when every variable shares them (as DEAP's example passes them).
  const uniform = z.low.every((v) => v === z.low[0]) && z.high.every((v) => v === z.high[0]);
  const low = uniform ? (z.low[0] as number) : z.low;
  const high = uniform ? (z.high[0] as number) : z.high;
  // Built once, as DEAP's toolbox.register binds the operators' parameters once.
  const sbxOptions = { low, high, eta: 20 };
  const mutationOptions = { low, high, eta: 20, probability: 1 / n };
  return {
    init: (rng: Rng) => {
      const x = new Float64Array(n);
      for (let i = 0; i < n; i++) {
        const l = z.low[i] as number;
        x[i] = l + rng() * ((z.high[i] as number) - l);
      }
      return x;
    },
    evaluate: z.evaluate,
    crossover: (a, b, rng) => sbx(a, b, rng, sbxOptions),
    mutate: (x, rng) => polynomialMutation(x, rng, mutationOptions),
  };
}

export const zdtAll = [zdt1, zdt2, zdt3, zdt4, zdt6] as const;
