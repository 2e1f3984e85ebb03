/**
 * Small helpers of the CASPER replication benches (bench/replicate-casper.ts,
 * bench/replicate-casper-real.ts): sample mean and sd, number formats, and a
 * line collector that also prints.
 */

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
