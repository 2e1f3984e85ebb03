/**
 * Small helpers of the CASPER replication benches (bench/replicate-casper.ts,
 * bench/replicate-casper-real.ts): sample mean and sd, number formats, and a
 * line collector that also prints, and the change classifiers trained on
 * historical run pairs.
 */
import {
  type ChangeCategory,
  type ChangeClassifier,
  fitLogistic,
  predictLogistic,
} from "../src/entry/slices.js";

/** Arithmetic mean (NaN for no values). */
export const mean = (xs: ArrayLike<number>): number => {
  let s = 0;
  for (let i = 0; i < xs.length; i++) s += xs[i] as number;
  return s / xs.length;
};

/** Sample standard deviation (n - 1 denominator; 0 for one value). */
export const sd = (xs: ArrayLike<number>): number => {
  const m = mean(xs);
  let s = 0;
  for (let i = 0; i < xs.length; i++) s += ((xs[i] as number) - m) ** 2;
  return Math.sqrt(s / Math.max(1, xs.length - 1));
};

/** A share as a percentage with one decimal. */
export const pct = (x: number): string => `${(100 * x).toFixed(1)}%`;

/** Three decimals. */
export const f3 = (x: number): string => x.toFixed(3);

/** Report lines plus `say`, which appends a line and prints it. */
export function reportLines(): { lines: string[]; say: (s?: string) => void } {
  const lines: string[] = [];
  return {
    lines,
    say: (s = "") => {
      lines.push(s);
      console.log(s);
    },
  };
}

/**
 * The paper's two change classifiers (regression, improvement), logistic on
 * (deltaFR of the picks, sampling ratio), trained on consecutive pairs of the
 * `history` runs (outcome vectors in date order) with the truth of the whole
 * slice, and combined by the 0.5 rule.
 */
export function trainChangeClassifiers(
  history: readonly Uint8Array[],
  sliceOf: Int32Array,
  picks: readonly Int32Array[],
): ChangeClassifier {
  const size = new Map<number, number>();
  for (const s of sliceOf) size.set(s, (size.get(s) ?? 0) + 1);
  const ids = [...size.keys()].sort((a, b) => a - b);
  const feats: number[][] = [];
  const isR: number[] = [];
  const isI: number[] = [];
  for (let a = 0; a + 1 < history.length; a++) {
    const ya = history[a] as Uint8Array;
    const yb = history[a + 1] as Uint8Array;
    for (const s of ids) {
      const list = picks[s] ?? new Int32Array(0);
      let fa = 0;
      let fb = 0;
      for (const i of list) {
        if (ya[i] === 0) fa++;
        if (yb[i] === 0) fb++;
      }
      let FA = 0;
      let FB = 0;
      for (let i = 0; i < sliceOf.length; i++) {
        if (sliceOf[i] !== s) continue;
        if (ya[i] === 0) FA++;
        if (yb[i] === 0) FB++;
      }
      feats.push([(fb - fa) / list.length, list.length / (size.get(s) as number)]);
      isR.push(FB > FA ? 1 : 0);
      isI.push(FB < FA ? 1 : 0);
    }
  }
  const F = { data: Float64Array.from(feats.flat()), rows: feats.length, cols: 2 };
  // a label that never occurs in these pairs has no logistic fit (fitLogistic refuses one
  // outcome only): its probability is that constant
  const fitOr = (labels: number[]) =>
    labels.every((v) => v === labels[0])
      ? (labels[0] ?? 0)
      : fitLogistic(F, Uint8Array.from(labels));
  const mR = fitOr(isR);
  const mI = fitOr(isI);
  return (d, ratio): Exclude<ChangeCategory, "untested"> => {
    const x = { data: Float64Array.from([d, ratio]), rows: 1, cols: 2 };
    const pR = typeof mR === "number" ? mR : (predictLogistic(mR, x)[0] as number);
    const pI = typeof mI === "number" ? mI : (predictLogistic(mI, x)[0] as number);
    if (pR < 0.5 && pI < 0.5) return "unchanged";
    return pR >= pI ? "regressed" : "improved";
  };
}
