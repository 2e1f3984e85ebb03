import type { Rng } from "../core/rng.js";
import type { RowMatrix } from "../core/rowMatrix.js";
import {
  asBinary,
  asRowMatrix,
  checkBinary,
  checkInteger,
  checkNumber,
  checkOptions,
  checkRng,
  checkRowMatrix,
  draw,
  fail,
  failType,
  maxLength,
  optionKeys,
} from "../core/validate.js";
import { maxGenerations } from "../moea/_limits.js";
import { kneePoint } from "../moea/kneePoint.js";
import { type Nsga2Solution, nsga2 } from "../moea/nsga2.js";
import { makeEvaluator, type SliceStats } from "./_objectives.js";
import {
  checkSliceBounds,
  drawPartition,
  huxInto,
  mutateInto,
  partitionScratch,
  repairOrKeep,
} from "./_partition.js";

const KEYS = optionKeys<IdentifySlicesOptions>()(
  "minSize",
  "maxSize",
  "populationSize",
  "generations",
  "crossoverRate",
  "mutationRate",
  "maxMutations",
  "moveRate",
  "swapRate",
  "onProgress",
);

const EMPTY = new Float64Array(0);

/**
 * The defaults of {@link identifySlices}: the paper's tuned configuration (its
 * Table 5, first column), read by the function and printed by the CLI help.
 *
 * @example
 * ```ts
 * identifySlicesDefaults.generations; // 6907
 * ```
 */
export const identifySlicesDefaults: Readonly<{
  minSize: number;
  maxSize: number;
  populationSize: number;
  generations: number;
  crossoverRate: number;
  mutationRate: number;
  maxMutations: number;
  moveRate: number;
  swapRate: number;
}> = Object.freeze({
  minSize: 5,
  maxSize: 19,
  populationSize: 136,
  generations: 6907,
  crossoverRate: 0.994,
  mutationRate: 0.219,
  maxMutations: 2,
  moveRate: 0.5,
  swapRate: 0.5,
});

/** Options of {@link identifySlices}; each default is in {@link identifySlicesDefaults}. */
export type IdentifySlicesOptions = {
  /** Smallest slice size, >= 2. @defaultValue 5 */
  readonly minSize?: number;
  /** Largest slice size, in [minSize, N]. @defaultValue 19 */
  readonly maxSize?: number;
  /** NSGA-II population size, even and >= 4. @defaultValue 136 */
  readonly populationSize?: number;
  /** Generations after the initial population, >= 1. @defaultValue 6907 */
  readonly generations?: number;
  /** Chance that a selected pair goes through HUX crossover. @defaultValue 0.994 */
  readonly crossoverRate?: number;
  /** Chance that an offspring goes through move/swap mutation. @defaultValue 0.219 */
  readonly mutationRate?: number;
  /** Most move and most swap attempts per mutation, >= 1. @defaultValue 2 */
  readonly maxMutations?: number;
  /** Probability of each move / swap attempt inside a mutation. @defaultValue 0.5 */
  readonly moveRate?: number;
  /** See `moveRate`. @defaultValue 0.5 */
  readonly swapRate?: number;
  /** Called with (generation, generations) after the initial population and each generation. Default: none. */
  readonly onProgress?: (done: number, total: number) => void;
};

/** One distinct partition of the final non-dominated front (distinct up to the slice ids: the same partition under other ids appears once). */
export type SliceSolution = {
  /** Slice id per instance (ids in [0, N), not renumbered). */
  readonly sliceOf: Int32Array;
  /** `[OI, Intra_SD, -Inter_SD]`, see {@link sliceObjectives}. */
  readonly objectives: Float64Array;
};

/** Result of {@link identifySlices}. */
export type IdentifySlicesResult = {
  /** The chosen partition: `front[chosen].sliceOf`. */
  readonly sliceOf: Int32Array;
  /** Distinct partitions of the final non-dominated front, in population order. */
  readonly front: readonly SliceSolution[];
  /** Index into `front` of the knee point. */
  readonly chosen: number;
  /** How the knee was found (see `kneePoint` in the moea folder). */
  readonly kneeMethod: "normalBoundary" | "asf";
  /** Objective evaluations done incrementally (touched slices only) vs from scratch. */
  readonly evaluations: { readonly incremental: number; readonly full: number };
};

/**
 * CASPER-SI: partitions a test suite into slices with consistent outcomes and
 * compact, well-separated behavioural signals, by NSGA-II over slice-id vectors.
 *
 * Algorithm: genomes are `Int32Array` slice ids; the initial population comes
 * from {@link randomSlices}; variation is {@link huxCrossover} then
 * {@link mutateSlices}'s moves and swaps, each followed by
 * {@link repairSlices}'s procedure, so every genome satisfies the size bounds
 * (no constraint violation is needed). The three minimised objectives are
 * those of {@link sliceObjectives}. Evaluation is incremental: every child
 * remembers the evaluated genome it derives from and per-slice sizes,
 * failure counts, pairwise-distance sums and centroid sums are updated by
 * moving the differing instances one at a time (O(|from| + |to| + d) per
 * move; above N / 10 moves the touched slices are recomputed instead;
 * pairwise distances are cached for N <= 2048). Each slice also keeps its
 * nearest other centroid: only changed slices, and unchanged ones whose
 * nearest slice changed and moved away, search all centroids (each such pair
 * measured once); the others keep theirs unless a changed centroid came
 * closer (all unchanged centroids are at least the old nearest distance
 * away), which gives exactly the minimum of a full O(m^2 d) search; for
 * 8 <= d <= 11 that search runs in a WebAssembly SIMD kernel where the
 * runtime has one (the same bits as the JavaScript scan; speed in
 * docs/replication/casper-speed.md). Incremental values equal the
 * from-scratch ones up to rounding (tested to 1e-9). The result is
 * the final rank-0 front, deduplicated, and its knee point by `kneePoint`
 * (Das's normal-boundary distance on the normalised front, falling back to the
 * equal-weight achievement function); the paper picks, among knee points, the
 * one nearest the origin, which the single-knee rule replaces.
 *
 * @param signals - N x d behavioural signals, one row per instance (standardise them first).
 * @param outcome - 0/1 outcome per instance (1 = pass / resolved).
 * @param rng - Uniform random source in [0, 1).
 * @param options - The search settings; defaults in {@link identifySlicesDefaults}.
 * @returns The chosen partition, the front and the index of the knee.
 * @throws {TypeError} If `signals`, `outcome`, `rng` or `onProgress` has the wrong type, or `options` has an
 *   unknown field.
 * @throws {RangeError} If `outcome` and `signals` lengths differ, a signal is
 *   non-finite, an outcome is not 0/1, the size bounds are invalid (minSize <
 *   2, minSize > maxSize, maxSize > N, N < 2 minSize), `populationSize` is odd,
 *   below 4 or above 2^26, `generations` is not in [1, 1e6], a rate is outside [0, 1], `rng`
 *   returns a value outside [0, 1), or the signals are so large that a partition's objectives
 *   exceed the largest double (`identifySlices: signals are too large: ...; rescale signals`;
 *   signals beyond 2^±400 are otherwise evaluated in an exactly rescaled form).
 * @see Muse, B. A. et al. CASPER, section 2.2.3.
 * @see Deb, K. et al. (2002). NSGA-II. IEEE Trans. Evol. Comput. 6(2), 182-197.
 * @example
 * ```ts
 * // Two well separated groups of 6, each with a uniform outcome.
 * const X = rowMatrix(Array.from({ length: 12 }, (_, i) => [i < 6 ? i * 0.01 : 5 + i * 0.01]));
 * const outcome = new Uint8Array(12).map((_, i) => (i < 6 ? 1 : 0));
 * const r = identifySlices(X, outcome, createRng(1), { minSize: 3, maxSize: 6,
 *   populationSize: 20, generations: 60 });
 * r.sliceOf; // Int32Array [0, 0, 0, 0, 0, 0, 2, 2, 2, 2, 2, 2]
 * r.front[r.chosen].objectives; // Float64Array [0, 0.02333333333333338, -5.059999999999999]
 * ```
 */
export function identifySlices(
  signals: RowMatrix | readonly ArrayLike<number>[],
  outcome: ArrayLike<number | boolean>,
  rng: Rng,
  options?: IdentifySlicesOptions,
): IdentifySlicesResult {
  const fn = "identifySlices";
  const signalsMatrix = asRowMatrix(fn, "signals", signals);
  const outcome01 = asBinary(fn, "outcome", outcome);
  const settings = readInput(fn, signalsMatrix, outcome01, rng, options);
  const { minSize, maxSize, maxMutations, moveRate, swapRate } = settings;
  const n = signalsMatrix.rows;
  const ev = makeEvaluator(signalsMatrix, outcome01, "wasm", fn);
  const sc = partitionScratch(n);
  // Statistics and objective values of every evaluated genome still in the
  // population or just made. After each generation the entries of genomes
  // that left the population are dropped and their statistics arrays reused
  // (`stop` sees each new population), so a long run allocates little per child.
  // A genome's member lists (Evaluator.membersOf) are made the first time it
  // is a parent and kept while it lives: most parents have several children.
  const known = new Map<
    Int32Array,
    { stats: SliceStats; values: Float64Array; members: Int32Array | undefined }
  >();
  const spare: SliceStats[] = [];
  const spareMembers: Int32Array[] = [];
  // Each unevaluated genome points at the evaluated genome it was derived
  // from; every offspring is evaluated within its generation, so the map is
  // emptied after each one.
  const origin = new Map<Int32Array, Int32Array>();
  const root = (g: Int32Array): Int32Array => origin.get(g) ?? g;
  const counts = { incremental: 0, full: 0 };
  const collect = (population: readonly Int32Array[]): boolean => {
    origin.clear();
    const alive = new Set(population);
    for (const [g, e] of known) {
      if (alive.has(g)) continue;
      known.delete(g);
      spare.push(e.stats);
      if (e.members !== undefined) spareMembers.push(e.members);
    }
    return false;
  };

  const checkedRng = (): number => draw(fn, rng);
  const result = nsga2<Int32Array>(
    {
      init: (r) => drawPartition(fn, n, minSize, maxSize, r),
      evaluate: (g) => {
        const done = known.get(g);
        if (done !== undefined) return done.values;
        const parent = origin.get(g);
        const from = parent === undefined ? undefined : known.get(parent);
        let st: SliceStats;
        if (parent !== undefined && from !== undefined) {
          // Always a spare, so that no two genomes share a statistics array.
          from.members ??= ev.membersOf(
            parent,
            from.stats,
            spareMembers.pop() ?? new Int32Array(n),
          );
          st = ev.derive(parent, from.stats, g, spare.pop() ?? EMPTY, from.members);
          counts.incremental++;
        } else {
          st = ev.full(g);
          counts.full++;
        }
        const f = ev.objectives(st, new Float64Array(3));
        known.set(g, { stats: st, values: f, members: undefined });
        return f;
      },
      crossover: (a, b, r) => {
        const [o1, o2] = huxInto(fn, a, b, r, sc);
        origin.set(o1, root(a));
        origin.set(o2, root(b));
        return [o1, o2];
      },
      mutate: (g, r) => {
        const out = mutateInto(fn, g, r, minSize, maxSize, maxMutations, moveRate, swapRate, sc);
        origin.set(out, root(g));
        return out;
      },
      repair: (g, r) => {
        // Genomes are never modified once returned, so a valid one is its own
        // repaired copy; one made by crossover or mutation this generation (it
        // has an origin) is held by nobody else yet, so it is repaired in place.
        const o = origin.get(g);
        const out = repairOrKeep(fn, g, minSize, maxSize, r, sc, o !== undefined);
        if (out !== g && o !== undefined) origin.set(out, o);
        return out;
      },
    },
    checkedRng,
    {
      populationSize: settings.populationSize,
      generations: settings.generations,
      crossoverRate: settings.crossoverRate,
      mutationRate: settings.mutationRate,
      onProgress: settings.onProgress,
      stop: (state) => collect(state.population),
    },
  );
  const front = distinctFront(result.front);
  const knee = kneeOfFront(front);
  return {
    sliceOf: (front[knee.index] as SliceSolution).sliceOf,
    front,
    chosen: knee.index,
    kneeMethod: knee.method,
    evaluations: counts,
  };
}

/** The last phase of {@link identifySlices}: the knee point of the deduplicated front's objectives. */
function kneeOfFront(front: readonly SliceSolution[]): ReturnType<typeof kneePoint> {
  const F = new Float64Array(front.length * 3);
  front.forEach((s, i) => {
    F.set(s.objectives, i * 3);
  });
  return kneePoint({ data: F, rows: front.length, cols: 3 });
}

/** The input with its defaults filled in, every field checked. */
function readInput(
  fn: string,
  signals: unknown,
  outcome: unknown,
  rng: unknown,
  options: IdentifySlicesOptions | undefined,
): Required<Omit<IdentifySlicesOptions, "onProgress">> & Pick<IdentifySlicesOptions, "onProgress"> {
  checkOptions(fn, options, KEYS);
  const d = identifySlicesDefaults;
  const {
    minSize = d.minSize,
    maxSize = d.maxSize,
    populationSize = d.populationSize,
    generations = d.generations,
    crossoverRate = d.crossoverRate,
    mutationRate = d.mutationRate,
    maxMutations = d.maxMutations,
    moveRate = d.moveRate,
    swapRate = d.swapRate,
    onProgress,
  } = options ?? {};
  checkRowMatrix(fn, "signals", signals);
  checkBinary(fn, "outcome", outcome);
  if (outcome.length !== signals.rows) {
    fail(fn, `outcome and signals lengths differ (${outcome.length} vs ${signals.rows})`);
  }
  const n = signals.rows;
  checkSliceBounds(fn, n, minSize, maxSize);
  checkRng(fn, rng);
  checkInteger(fn, "populationSize", populationSize, 4, maxLength / 2);
  if (populationSize % 2 !== 0) fail(fn, "populationSize must be even", populationSize);
  checkInteger(fn, "generations", generations, 1, maxGenerations);
  checkNumber(fn, "crossoverRate", crossoverRate, 0, 1);
  checkNumber(fn, "mutationRate", mutationRate, 0, 1);
  checkInteger(fn, "maxMutations", maxMutations, 1);
  checkNumber(fn, "moveRate", moveRate, 0, 1);
  checkNumber(fn, "swapRate", swapRate, 0, 1);
  if (onProgress !== undefined && typeof onProgress !== "function") {
    failType(fn, "onProgress must be a function");
  }
  return {
    minSize,
    maxSize,
    populationSize,
    generations,
    crossoverRate,
    mutationRate,
    maxMutations,
    moveRate,
    swapRate,
    onProgress,
  };
}

/** The distinct partitions of the final front, in population order. */
function distinctFront(solutions: readonly Nsga2Solution<Int32Array>[]): SliceSolution[] {
  const front: SliceSolution[] = [];
  const seen = new Set<string>();
  for (const s of solutions) {
    // slice ids renumbered by first appearance: the same partition under other ids is one
    const first = new Map<number, number>();
    const key = Array.from(s.genome, (id) => {
      let c = first.get(id);
      if (c === undefined) {
        c = first.size;
        first.set(id, c);
      }
      return c;
    }).join(",");
    if (seen.has(key)) continue;
    seen.add(key);
    front.push({ sliceOf: s.genome, objectives: s.objectives });
  }
  return front;
}
