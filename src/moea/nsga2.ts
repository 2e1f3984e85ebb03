import type { Rng } from "../core/rng.js";
import { checkInteger, checkOptions, fail, failType, optionKeys } from "../core/validate.js";
import { initState, runContext, stepState } from "./_engine.js";
import { maxGenerations } from "./_limits.js";
import type { Nsga2Problem, Nsga2State, Nsga2StepOptions } from "./types.js";

const KEYS = optionKeys<Nsga2Options<unknown>>()(
  "populationSize",
  "crossoverRate",
  "mutationRate",
  "generations",
  "onProgress",
  "stop",
);

/** Options of {@link nsga2}: those of {@link nsga2Init} plus the run length and callbacks. */
export type Nsga2Options<G> = Nsga2StepOptions & {
  /** Number of generations after the initial population (>= 1). Required. */
  readonly generations: number;
  /** Called after the initial population (done = 0) and after each generation. Default: none. */
  readonly onProgress?: (done: number, total: number) => void;
  /**
   * Called after each generation; returning true ends the run early. Default: never stop early.
   * `nsga2Step(state)` inside `stop` is a look-ahead: it gives the state the run makes next and
   * leaves the run unchanged. A state kept and stepped after the run has moved on does not
   * reproduce the run (the loop reads `rng` without recording it, for speed): for states to
   * step again later, run {@link nsga2Init} and {@link nsga2Step} yourself.
   */
  readonly stop?: (state: Nsga2State<G>) => boolean;
};

/** Per-generation statistics recorded by {@link nsga2}. */
export type Nsga2Generation = {
  /** Generation (0 = initial population). */
  readonly generation: number;
  /** Calls to `evaluate` so far. */
  readonly evaluations: number;
  /** Number of population members of rank 0. */
  readonly frontSize: number;
  /** Number of feasible population members (violation 0). */
  readonly feasible: number;
  /** Per-objective minimum over the rank-0 members. */
  readonly ideal: Float64Array;
  /** Per-objective maximum over the rank-0 members. */
  readonly nadir: Float64Array;
};

/** One member of the final non-dominated front. */
export type Nsga2Solution<G> = {
  /** The genome. */
  readonly genome: G;
  /** Its objective values. */
  readonly objectives: Float64Array;
};

/** Result of {@link nsga2}. */
export type Nsga2Result<G> = {
  /** The final population, ordered front by front. */
  readonly population: readonly G[];
  /**
   * The feasible members of rank 0 of the final population, in population
   * order (empty when no member is feasible). Duplicated genomes appear as often
   * as they occur.
   */
  readonly front: readonly Nsga2Solution<G>[];
  /** Statistics of the initial population and of every generation run. */
  readonly history: readonly Nsga2Generation[];
};

function summarise<G>(s: Nsga2State<G>): Nsga2Generation {
  const { data, cols: m } = s.objectives;
  const ideal = new Float64Array(m).fill(Number.POSITIVE_INFINITY);
  const nadir = new Float64Array(m).fill(Number.NEGATIVE_INFINITY);
  let frontSize = 0;
  let feasible = 0;
  for (let i = 0; i < s.populationSize; i++) {
    if (s.violation[i] === 0) feasible++;
    if (s.rank[i] !== 0) continue;
    frontSize++;
    for (let k = 0; k < m; k++) {
      const v = data[i * m + k] as number;
      if (v < (ideal[k] as number)) ideal[k] = v;
      if (v > (nadir[k] as number)) nadir[k] = v;
    }
  }
  return {
    generation: s.generation,
    evaluations: s.evaluations,
    frontSize,
    feasible,
    ideal,
    nadir,
  };
}

/**
 * Runs NSGA-II, the elitist non-dominated sorting genetic algorithm, on any
 * genome type; all objectives are minimised (negate one to maximise it).
 *
 * The loop is {@link nsga2Init} followed by `generations` calls of
 * {@link nsga2Step} (see there for the algorithm), stopping early when
 * `stop(state)` returns true. With real-valued genomes use {@link sbx} and
 * {@link polynomialMutation} as operators. Constraints are handled by Deb's
 * constrained domination through `problem.violation`.
 *
 * @param problem - The genome operators and objective function.
 * @param rng - Uniform random source for selection, variation and the operators.
 * @param options - Population size (default 100, even, >= 4), `generations`
 *   (required, >= 1), crossover rate (default 0.9), mutation rate (default 1,
 *   the chance an offspring is passed to `mutate`), `onProgress` and `stop`
 *   (default none).
 * @returns The final population, its feasible non-dominated front and the
 *   per-generation history.
 * @throws {TypeError} If an operator or callback is not a function, `problem`
 *   has a key other than its six operators (a misspelt key names its path,
 *   e.g. `problem.repiar`, and suggests the key meant), `rng` is missing,
 *   an operator returns the wrong shape, `evaluate` returns a Promise (it must
 *   be synchronous) or an objective that is not a number.
 * @throws {RangeError} If `generations` is not an integer in [1, 1e6],
 *   `populationSize` is odd, below 4 or above 2^26, a rate is outside [0, 1], or
 *   `evaluate` returns a non-finite value (the message names the genome or
 *   offspring index).
 * @see Deb, K., Pratap, A., Agarwal, S., Meyarivan, T. (2002). A fast and elitist
 *   multiobjective genetic algorithm: NSGA-II. IEEE Trans. Evol. Comput. 6(2), 182-197.
 * @see pymoo `NSGA2`, DEAP `examples/ga/nsga2.py`
 * @example
 * ```ts
 * // Schaffer's problem: minimise x^2 and (x - 2)^2; the Pareto set is [0, 2].
 * const problem = {
 *   init: (rng: Rng) => rng() * 4 - 2,
 *   evaluate: (x: number) => [x * x, (x - 2) ** 2],
 *   crossover: (a: number, b: number, rng: Rng) => {
 *     const u = rng();
 *     return [u * a + (1 - u) * b, (1 - u) * a + u * b] as const;
 *   },
 *   mutate: (x: number, rng: Rng) => x + (rng() - 0.5) * 0.1,
 * };
 * const { front, history } = nsga2(problem, createRng(1), { populationSize: 20, generations: 30 });
 * front.length;   // 20
 * history.length; // 31
 * history[30].evaluations; // 620 (20 initial + 30 generations x 20)
 * history[30].frontSize;   // 20
 * ```
 */
export function nsga2<G>(
  problem: Nsga2Problem<G>,
  rng: Rng,
  options: Nsga2Options<G>,
): Nsga2Result<G> {
  const fn = "nsga2";
  if (typeof options !== "object" || options === null || Array.isArray(options)) {
    failType(fn, "options must be an object with at least generations");
  }
  checkOptions(fn, options, KEYS);
  const { generations, onProgress, stop } = options;
  if (generations === undefined) fail(fn, "generations is required");
  checkInteger(fn, "generations", generations, 1, maxGenerations);
  if (onProgress !== undefined && typeof onProgress !== "function") {
    failType(fn, "onProgress must be a function");
  }
  if (stop !== undefined && typeof stop !== "function") failType(fn, "stop must be a function");
  // the loop steps each state once: it reads rng directly, not through the record
  const ctx = runContext(true);
  let state = initState(fn, problem, rng, options, ctx);
  const history: Nsga2Generation[] = [summarise(state)];
  onProgress?.(0, generations);
  for (let g = 1; g <= generations; g++) {
    state = stepState(fn, state, ctx);
    history.push(summarise(state));
    onProgress?.(g, generations);
    if (stop?.(state) === true) break;
  }
  const { data, cols: m } = state.objectives;
  const front: Nsga2Solution<G>[] = [];
  for (let i = 0; i < state.populationSize; i++) {
    if (state.rank[i] !== 0 || state.violation[i] !== 0) continue;
    front.push({
      genome: state.population[i] as G,
      objectives: data.slice(i * m, i * m + m),
    });
  }
  return { population: state.population, front, history };
}
