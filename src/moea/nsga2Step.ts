import { readState, runContext, stepState } from "./_engine.js";
import type { Nsga2State, Nsga2StateInput } from "./types.js";

/**
 * Advances an NSGA-II run by one generation and returns the new state (the
 * old state is not modified).
 *
 * Stepping is a function of the state: the same state stepped twice gives
 * the same next state, and a step that threw (say `evaluate` returned NaN)
 * leaves its state as it was, so stepping it again gives what a clean step
 * would have. The live `rng` cannot be rewound, and deriving a fresh rng per
 * step from the state would change every seeded run of {@link nsga2} and
 * `identifySlices`; so the state does not read `rng` directly: every number a
 * step draws is recorded, and a state's `stream` marks where its step reads
 * the record (the operators receive a source reading it, not `rng` itself);
 * only numbers past the end of the record are drawn from `rng`, one at a
 * time when asked. Stepping each state
 * once therefore uses `rng` exactly as {@link nsga2} does (same seed, same
 * run). The record is shared by the states of a run and only ever appended
 * to, which changes nothing that any state's step gives (a `stream` shows as
 * `{}`: it keeps its position under a non-enumerable symbol). A state you
 * keep keeps the numbers drawn after it alive (8 bytes each), so drop states
 * you no longer need. A copy with another `rng` (`{ ...state, rng }`) continues
 * with numbers from that one.
 *
 * Algorithm (Deb et al. 2002): n parents are chosen by binary crowded
 * tournaments ({@link crowdedTournament}: two random permutations cut into
 * pairs); consecutive winners form pairs; each pair is passed to `crossover`
 * with probability `crossoverRate` (otherwise copied), each child to `mutate`
 * with probability `mutationRate`, and every changed child to `repair`. The n
 * children are evaluated; parents and children (2n) are sorted by constrained
 * {@link nonDominatedSort}; whole fronts are kept while they fit, and the
 * front that overflows is truncated by descending {@link crowdingDistance}
 * computed over that whole front (ties: parents first, then lower index).
 * Survivors keep the rank and crowding distance computed on the 2n set, as in
 * Deb's C code and DEAP.
 *
 * @param state - A state from {@link nsga2Init} or a previous step; its `rank`, `crowding`,
 *   `violation` and `objectives` may be plain arrays (`number[]`, `number[][]` or
 *   `{ data: number[], rows, cols }`), e.g. a state rebuilt in a notebook; in a plain `crowding`,
 *   `null` or `"Infinity"` reads as Infinity (what JSON or `toPlain(state, { nonFinite })` made of
 *   a front's boundary members). A serialised state needs its `problem` and `rng` put back.
 * @returns The next state; `generation` and `evaluations` are advanced.
 * @throws {TypeError} If `state` is not an NSGA-II state, `state.problem` is not an
 *   object or has a key other than its six operators (a misspelt `repiar` names
 *   the path and suggests `repair`), `state.rng` is not a function, an operator
 *   returns the wrong shape, or `evaluate` returns a Promise (it must be
 *   synchronous) or an objective that is not a number.
 * @throws {RangeError} If the state is inconsistent (a non-integer, negative
 *   or NaN `generation`/`evaluations`, an odd or out-of-range `populationSize`,
 *   a rate outside [0, 1], an array whose length is not `populationSize` (the
 *   message names the array and both lengths), or a non-finite objective, a
 *   negative or NaN violation, rank or crowding), or an offspring's objectives
 *   are non-finite or of the wrong count (the message names the offspring
 *   index), or its violation is negative or non-finite.
 * @see Deb, K. et al. (2002). NSGA-II. IEEE Trans. Evol. Comput. 6(2), 182-197.
 * @example
 * ```ts
 * const problem = {
 *   init: (rng: Rng) => rng() * 4 - 2,
 *   evaluate: (x: number) => [x * x, (x - 2) ** 2],
 *   crossover: (a: number, b: number, rng: Rng) => {
 *     const u = rng();
 *     return [u * a + (1 - u) * b, (1 - u) * a + u * b] as const;
 *   },
 *   mutate: (x: number, rng: Rng) => x + (rng() - 0.5) * 0.1,
 * };
 * let s = nsga2Init(problem, createRng(3), { populationSize: 8 });
 * nsga2Step(s).population.join() === nsga2Step(s).population.join(); // true (same state, same step)
 * for (let g = 0; g < 20; g++) s = nsga2Step(s);
 * s.generation;  // 20
 * s.evaluations; // 168
 * s.rank.every((r) => r === 0); // true
 * ```
 */
export function nsga2Step<G>(state: Nsga2State<G> | Nsga2StateInput<G>): Nsga2State<G> {
  return stepState("nsga2Step", readState("nsga2Step", state), runContext());
}
