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
  /**
   * Objective values of a genome (numbers, finite, the same count for every
   * genome). Called synchronously: an `async` function (one returning a
   * Promise) is refused with a TypeError.
   */
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

declare const streamBrand: unique symbol;

/**
 * Where a state's next step reads its random numbers: a position on the
 * record of every number the steps of a run have drawn from its `rng`.
 * Opaque; a state keeps it when copied (`{ ...state }`), and a state without
 * one starts a new record at the current point of its `rng`.
 */
export type Nsga2Stream = { readonly [streamBrand]: "Nsga2Stream" };

/**
 * The state of an NSGA-II run after a generation: a plain object; a step
 * returns a new state and leaves the old one untouched (it shares genomes).
 * Stepping is a function of the state: the same state stepped twice, or
 * stepped again after a step that threw, gives the same next state (see
 * {@link Nsga2State.stream}).
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
  /**
   * The random source the run was started with. Steps draw from it only for
   * numbers no step of this run has drawn before, so a run that steps each
   * state once uses it exactly as `nsga2` does; replacing it in a copy
   * (`{ ...state, rng }`) continues the run with numbers from the new one.
   */
  readonly rng: Rng;
  /**
   * The position of this state on the record of the numbers that steps have
   * drawn from `rng`: the step from this state reads the record from here,
   * so its result does not depend on what was stepped before or after it.
   * The record is shared by the states of a run and kept (8 bytes a number)
   * while a state before it is referenced: drop states you no longer need.
   */
  readonly stream: Nsga2Stream;
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
 * or `{ data: number[], rows, cols }`, and `number[]`), converted once, and
 * whose `stream` may be left out or be one that is not a state's (a state
 * rebuilt by hand or from a serialised copy, where it comes back as `{}`):
 * its step then starts a new record at the current point of `rng`.
 */
export type Nsga2StateInput<G> = Omit<
  Nsga2State<G>,
  "objectives" | "violation" | "rank" | "crowding" | "stream"
> & {
  readonly stream?: Nsga2Stream;
  readonly objectives:
    | Nsga2State<G>["objectives"]
    | Plain<Nsga2State<G>["objectives"]>
    | number[][];
  readonly violation: Float64Array | readonly number[];
  readonly rank: Int32Array | readonly number[];
  readonly crowding: Float64Array | readonly number[];
};
