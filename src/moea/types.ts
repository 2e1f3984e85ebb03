import type { Rng } from "../core/rng.js";
import type { RowMatrix } from "../core/rowMatrix.js";
import type { Plain } from "../core/toPlain.js";

/**
 * A multi-objective problem over genomes of type `G`, all objectives minimised
 * (negate an objective to maximise it). Operators must not modify their
 * arguments: the engine shares genome objects between parents, offspring and
 * earlier states.
 */
export type Nsga2Problem<G> = {
  /** Creates the `index`-th genome of the initial population. */
  readonly init: (rng: Rng, index: number) => G;
  /** Objective values of a genome (same length for every genome, finite). */
  readonly evaluate: (genome: G) => ArrayLike<number>;
  /**
   * Total constraint violation of a genome: 0 when feasible, a positive finite
   * number otherwise. Default: every genome is feasible.
   */
  readonly violation?: (genome: G) => number;
  /** Recombines two parents into two new offspring. */
  readonly crossover: (a: G, b: G, rng: Rng) => readonly [G, G];
  /** Returns a mutated copy of a genome (per-gene rates belong to the operator). */
  readonly mutate: (genome: G, rng: Rng) => G;
  /**
   * Returns a repaired copy of a genome; applied to every initial genome and
   * to every offspring that crossover or mutation produced. Default: none.
   */
  readonly repair?: (genome: G, rng: Rng) => G;
};

/** Options of one NSGA-II generation (and of the initial population). */
export type Nsga2StepOptions = {
  /** Number of genomes kept each generation; even and at least 4. Default 100. */
  readonly populationSize?: number;
  /** Chance that a pair of selected parents is passed to `crossover` (else copied). Default 0.9. */
  readonly crossoverRate?: number;
  /** Chance that each offspring is passed to `mutate`. Default 1. */
  readonly mutationRate?: number;
};

/**
 * The state of an NSGA-II run after a generation: a plain object; a step
 * returns a new state and leaves the old one untouched (it shares genomes).
 */
export type Nsga2State<G> = {
  /** The problem being solved. */
  readonly problem: Nsga2Problem<G>;
  /** Population size. */
  readonly populationSize: number;
  /** Crossover rate. */
  readonly crossoverRate: number;
  /** Mutation rate. */
  readonly mutationRate: number;
  /** The random source (stateful: steps advance it). */
  readonly rng: Rng;
  /** Generations completed (0 for the initial population). */
  readonly generation: number;
  /** Calls to `evaluate` so far. */
  readonly evaluations: number;
  /** The genomes, ordered by survival: front by front. */
  readonly population: readonly G[];
  /** Objective values, one row per genome. */
  readonly objectives: RowMatrix;
  /** Total constraint violation per genome (all 0 without a `violation` function). */
  readonly violation: Float64Array;
  /** Front index per genome (0 = non-dominated), from the constrained sort. */
  readonly rank: Int32Array;
  /** Crowding distance per genome within its front (Infinity at the boundaries). */
  readonly crowding: Float64Array;
};

/**
 * What {@link nsga2Step} accepts: an {@link Nsga2State} whose `objectives`,
 * `violation`, `rank` and `crowding` may also be plain arrays (`number[][]`
 * or `{ data: number[], rows, cols }`, and `number[]`), converted once.
 */
export type Nsga2StateInput<G> = Omit<
  Nsga2State<G>,
  "objectives" | "violation" | "rank" | "crowding"
> & {
  readonly objectives:
    | Nsga2State<G>["objectives"]
    | Plain<Nsga2State<G>["objectives"]>
    | number[][];
  readonly violation: Float64Array | readonly number[];
  readonly rank: Int32Array | readonly number[];
  readonly crowding: Float64Array | readonly number[];
};
