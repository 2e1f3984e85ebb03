import type { Rng } from "../core/rng.js";
import {
  asFloat64Array,
  checkOptions,
  checkRng,
  fail,
  optionKeys,
  toInt32Array,
} from "../core/validate.js";
import { checkViolation } from "./_dominance.js";
import { checkCrowding, tournamentInto } from "./_tournament.js";

const KEYS = optionKeys<CrowdedTournamentOptions>()("violation");

/** Options of {@link crowdedTournament}. */
export type CrowdedTournamentOptions = {
  /**
   * Total constraint violation of each member (0 = feasible). When given,
   * feasibility and then smaller violation decide before rank. Default: all feasible.
   */
  readonly violation?: ArrayLike<number>;
};

/**
 * Binary crowded tournament selection (constrained), the mating selection of NSGA-II.
 *
 * Algorithm: draw two independent uniform permutations of the n members and
 * cut each into n/2 consecutive pairs, as Deb's C code and DEAP's
 * `selTournamentDCD` do, so each member enters exactly two tournaments and n
 * winners come out. A tournament is decided by, in order: feasible beats
 * infeasible, smaller violation beats larger, lower rank beats higher, larger
 * crowding distance beats smaller, and otherwise a fair coin. Ranks from a
 * constrained {@link nonDominatedSort} already encode the first two rules;
 * they are repeated so that unconstrained ranks can be passed too. Unlike DEAP
 * (which compares by dominance), the paper's crowded-comparison operator on
 * ranks is used.
 *
 * @param rank - Front index of each member (0 = best), e.g. from {@link nonDominatedSort}.
 * @param crowding - Crowding distance of each member (>= 0, Infinity allowed).
 * @param rng - Uniform random source.
 * @param options - Optional constraint violations.
 * @returns An `Int32Array` of n winner indices, in tournament order (pair them
 *   consecutively for crossover).
 * @throws {TypeError} If an argument has the wrong type.
 * @throws {RangeError} If n is odd or below 2, lengths differ, a rank is
 *   negative, a crowding distance is negative or NaN, or a violation is
 *   negative or non-finite.
 * @see Deb, K. et al. (2002). NSGA-II. IEEE Trans. Evol. Comput. 6(2), 182-197.
 * @see DEAP `tools.selTournamentDCD`
 * @example
 * ```ts
 * const rank = new Int32Array([0, 0, 1, 1]);
 * const crowding = new Float64Array([Infinity, 1, Infinity, 0.5]);
 * crowdedTournament(rank, crowding, createRng(1)); // Int32Array [1, 0, 1, 0]
 * ```
 */
export function crowdedTournament(
  rank: ArrayLike<number>,
  crowding: ArrayLike<number>,
  rng: Rng,
  options: CrowdedTournamentOptions = {},
): Int32Array {
  const fn = "crowdedTournament";
  const crowding64 = asFloat64Array(fn, "crowding", crowding);
  const rank32 = toInt32Array(fn, "rank", rank, { min: 0 });
  const n = rank32.length;
  if (n < 2 || n % 2 !== 0) fail(fn, "rank length must be even and at least 2", n);
  checkCrowding(fn, "crowding", crowding64, n);
  checkRng(fn, rng);
  checkOptions(fn, options, KEYS);
  const violation =
    options.violation === undefined
      ? undefined
      : asFloat64Array(fn, "violation", options.violation);
  checkViolation(fn, violation, n);
  const out = new Int32Array(n);
  tournamentInto(fn, rank32, crowding64, violation, rng, out);
  return out;
}
