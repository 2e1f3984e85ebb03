import type { Rng } from "../../src/core/rng.js";
import type { Nsga2Problem } from "../../src/moea/types.js";

/**
 * Schaffer's problem SCH (Deb 2002, Table I): minimise x^2 and (x - 2)^2; the
 * Pareto set is [0, 2]. Genomes are frozen one-element arrays, so an engine
 * that wrote into a genome would throw.
 */
export function schaffer(): Nsga2Problem<readonly number[]> {
  return {
    init: (rng: Rng) => Object.freeze([rng() * 8 - 4]),
    evaluate: (g) => [(g[0] as number) ** 2, ((g[0] as number) - 2) ** 2],
    crossover: (a, b, rng) => {
      const u = rng();
      const x = a[0] as number;
      const y = b[0] as number;
      return [Object.freeze([u * x + (1 - u) * y]), Object.freeze([(1 - u) * x + u * y])];
    },
    mutate: (g, rng) => Object.freeze([(g[0] as number) + (rng() - 0.5) * 0.2]),
  };
}
