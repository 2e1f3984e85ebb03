import type { Rng } from "../core/rng.js";
import { checkOptions, optionKeys } from "../core/validate.js";
import { initState, runContext } from "./_engine.js";
import type { Nsga2Problem, Nsga2State, Nsga2StepOptions } from "./types.js";

const KEYS = optionKeys<Nsga2StepOptions>()("populationSize", "crossoverRate", "mutationRate");

/**
 * Creates, repairs and evaluates the initial NSGA-II population: the state
 * that {@link nsga2Step} advances one generation at a time.
 *
 * Calls `problem.init(rng, i)` for i = 0..populationSize-1 (then `repair`, if
 * given), evaluates every genome, and ranks them by the constrained
 * {@link nonDominatedSort} with {@link crowdingDistance} per front.
 *
 * @param problem - The genome operators and the objective function.
 * @param rng - Uniform random source for selection, variation and the operators.
 * @param options - Population size (default 100, even, >= 4), crossover rate
 *   (default 0.9) and mutation rate (default 1).
 * @returns The generation-0 state; `rng` is used directly for the initial
 *   population, and the state's `stream` starts the record that makes
 *   {@link nsga2Step} a function of its state.
 * @throws {TypeError} If an operator is not a function, `problem` has a key
 *   other than `init`, `evaluate`, `violation`, `crossover`, `mutate` and
 *   `repair` (`nsga2Init: unknown key "problem.repiar" (did you mean
 *   "repair"?); ...`), `rng` is missing, or `evaluate` does not return an array
 *   of numbers (a Promise, from an `async` evaluate, is named as such: evaluate
 *   must be synchronous).
 * @throws {RangeError} If `populationSize` is odd, below 4 or above 2^26, a rate is outside
 *   [0, 1], `evaluate` returns a non-finite value or a different number of
 *   objectives (the message names the genome index), or `violation` returns a
 *   negative or non-finite value.
 * @see Deb, K. et al. (2002). NSGA-II. IEEE Trans. Evol. Comput. 6(2), 182-197.
 * @example
 * ```ts
 * const problem = {
 *   init: (rng: Rng) => rng() * 4 - 2,
 *   evaluate: (x: number) => [x * x, (x - 2) ** 2],
 *   crossover: (a: number, b: number) => [b, a] as const,
 *   mutate: (x: number, rng: Rng) => x + (rng() - 0.5) * 0.1,
 * };
 * const s0 = nsga2Init(problem, createRng(3), { populationSize: 8 });
 * s0.generation;      // 0
 * s0.objectives.rows; // 8
 * s0.objectives.cols; // 2
 * ```
 */
export function nsga2Init<G>(
  problem: Nsga2Problem<G>,
  rng: Rng,
  options?: Nsga2StepOptions,
): Nsga2State<G> {
  checkOptions("nsga2Init", options, KEYS);
  return initState("nsga2Init", problem, rng, options, runContext());
}
