import type { Rng } from "../core/rng.js";
import type { RowMatrix } from "../core/rowMatrix.js";
import type { Outcomes } from "./outcomes.js";

/** What a {@link SubsetMethod} sees when it picks a subset: the past only. */
export type SubsetContext = {
  /** Outcomes of the training runs only (chronological), over all items. */
  readonly history: Outcomes;
  /** Number of items to pick, 1 <= k <= items. */
  readonly k: number;
  /** Item vectors (one row per item, e.g. pooled trajectory embeddings of the training runs), when available. */
  readonly vectors?: RowMatrix;
};

/**
 * A subset selection method, as a plain record: its name, whether it draws
 * at random, and the function that picks `k` distinct item indices from a
 * {@link SubsetContext}. Build one with {@link baselineMethod} or
 * {@link embeddingMethod}, or write your own.
 */
export type SubsetMethod = {
  /** Display name, e.g. `"Consist-Strat"` or `"Centroid [ES]"`. */
  readonly name: string;
  /** True when the pick depends on `rng` (evaluated over many seeds); false for deterministic methods (evaluated once). */
  readonly stochastic: boolean;
  /**
   * Picks `ctx.k` distinct item indices (any order); `rng` is the uniform
   * source in [0, 1) of a stochastic method (a deterministic one ignores it).
   */
  readonly select: (ctx: SubsetContext, rng: Rng) => Int32Array;
};
