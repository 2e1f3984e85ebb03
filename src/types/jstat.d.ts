declare module "jstat" {
  /** The parts of jStat (https://github.com/jstat/jstat) that evalsift uses. */
  const jStat: {
    /** Studentized range distribution, ports of R's `ptukey` / `qtukey`. */
    readonly tukey: {
      /** P(Q <= q) for `nmeans` means and `df` degrees of freedom (`Infinity` allowed). */
      cdf(q: number, nmeans: number, df: number): number;
      /** Quantile: q with P(Q <= q) = p. */
      inv(p: number, nmeans: number, df: number): number;
    };
  };
  export default jStat;
}
