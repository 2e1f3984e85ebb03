import type { RowMatrix } from "../core/rowMatrix.js";

/**
 * A text embedding model: maps a batch of texts to one row per text (same
 * order), all rows of the same width. Plug in any model (a hosted API wrapped
 * synchronously over precomputed vectors, a local ONNX model, ...) or use the
 * built-in {@link hashingTfidf}. Implementations must not mutate `texts` and
 * should be deterministic.
 */
export type Embedder = (texts: readonly string[]) => RowMatrix;
