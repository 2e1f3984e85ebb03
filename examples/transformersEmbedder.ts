/**
 * A real embedding model behind evalsift's synchronous `Embedder`, without
 * making it a dependency: an adapter for a local sentence-embedding model run
 * by `@huggingface/transformers` (Transformers.js, ONNX Runtime underneath)
 * whose weights you supply. Not part of the package: copy it into your
 * project, `npm install @huggingface/transformers`, and point it at a model
 * folder (e.g. an ONNX export of `nomic-ai/nomic-embed-text-v1.5`, the
 * paper's model, or `Xenova/all-MiniLM-L6-v2`).
 *
 * evalsift's `Embedder` is synchronous (the library does no IO), while model
 * inference is asynchronous. So the adapter embeds the texts up front, in
 * batches, and returns a synchronous embedder that looks each text up:
 *
 * ```ts
 * import { sanitize, stepTexts } from "evalsift/trajectory";
 * import { trajectoryVectors } from "evalsift/subset";
 * import { loadTransformersExtractor, precomputedEmbedder } from "./transformersEmbedder.js";
 *
 * const clean = sanitize(trajectories);                       // fit the sanitiser once
 * const texts = clean.trajectories.flatMap((t) => stepTexts(t));
 * const extract = await loadTransformersExtractor("/models", "nomic-embed-text-v1.5");
 * const embedder = await precomputedEmbedder(texts, extract, { prefix: "clustering: " });
 * const { vectors } = trajectoryVectors(clean.trajectories, items, {
 *   embedder,
 *   sanitize: { rules: clean.rules },                          // the same texts again
 * });
 * ```
 *
 * With `onnxruntime-node` directly, write a `FeatureExtractor` that tokenises,
 * runs the session and mean-pools the last hidden state; everything else stays
 * the same. The tests (test/subset/transformersEmbedder.test.ts) drive the
 * adapter with a stub extractor; no model is downloaded.
 */
import type { Embedder } from "../src/entry/trajectory.js";

/** What a Transformers.js `feature-extraction` pipeline returns: a tensor with `data` and `dims` ([batch, width]). */
export type EmbeddingTensor = {
  readonly data: Float32Array | Float64Array;
  readonly dims: readonly number[];
};

/** A batch text-embedding call, e.g. a Transformers.js feature-extraction pipeline. */
export type FeatureExtractor = (
  texts: string[],
  options: { pooling: "mean"; normalize: boolean },
) => Promise<EmbeddingTensor>;

/** Options of {@link precomputedEmbedder}. */
export type PrecomputedEmbedderOptions = {
  /** Texts per model call. @defaultValue 32 */
  readonly batchSize?: number;
  /** Task prefix prepended to every text (nomic-embed-text wants `"clustering: "`). @defaultValue "" */
  readonly prefix?: string;
  /** L2-normalise the rows (passed to the pipeline). @defaultValue true */
  readonly normalize?: boolean;
  /** Called after each model call with (texts embedded, distinct texts). */
  readonly onProgress?: (done: number, total: number) => void;
};

/**
 * Loads a local model with Transformers.js (never downloads: remote models
 * are disabled). `@huggingface/transformers` is imported dynamically, so this
 * file compiles and its tests run without the package installed.
 *
 * @param modelDir - Folder holding the model folders (Transformers.js `env.localModelPath`).
 * @param model - The model folder's name inside `modelDir`.
 */
export async function loadTransformersExtractor(
  modelDir: string,
  model: string,
): Promise<FeatureExtractor> {
  const specifier = "@huggingface/transformers";
  const mod = (await import(specifier)) as {
    env: { allowRemoteModels: boolean; localModelPath: string };
    pipeline: (task: "feature-extraction", model: string) => Promise<FeatureExtractor>;
  };
  mod.env.allowRemoteModels = false;
  mod.env.localModelPath = modelDir;
  return mod.pipeline("feature-extraction", model);
}

/**
 * Embeds every distinct text once with `extract` and returns a synchronous
 * evalsift `Embedder` that returns their rows (a text it has not seen is an
 * error, so a mismatch between the precomputed and the requested texts is
 * caught, not silently embedded as zeros).
 *
 * @param texts - Every text the embedder will be asked for (e.g. the sanitised step texts).
 * @param extract - The model call.
 * @param options - `batchSize` (32), `prefix` (""), `normalize` (true), `onProgress`.
 * @returns The embedder.
 */
export async function precomputedEmbedder(
  texts: readonly string[],
  extract: FeatureExtractor,
  options: PrecomputedEmbedderOptions = {},
): Promise<Embedder> {
  const fn = "precomputedEmbedder";
  const { batchSize = 32, prefix = "", normalize = true, onProgress } = options;
  if (!Number.isInteger(batchSize) || !(batchSize >= 1)) {
    throw new RangeError(`${fn}: options.batchSize must be an integer >= 1 (got ${batchSize})`);
  }
  const distinct = [...new Set(texts)];
  const row = new Map<string, number>();
  let width = -1;
  let data = new Float64Array(0);
  for (let lo = 0; lo < distinct.length; lo += batchSize) {
    const batch = distinct.slice(lo, lo + batchSize);
    const out = await extract(
      batch.map((t) => prefix + t),
      { pooling: "mean", normalize },
    );
    const [rows, cols] = out.dims;
    if (out.dims.length !== 2 || rows !== batch.length || cols === undefined || !(cols >= 1)) {
      throw new RangeError(
        `${fn}: the model returned dims [${out.dims.join(", ")}] for ${batch.length} texts`,
      );
    }
    if (width < 0) {
      width = cols;
      data = new Float64Array(distinct.length * width);
    } else if (cols !== width) {
      throw new RangeError(`${fn}: the model returned width ${cols} after width ${width}`);
    }
    for (let t = 0; t < out.data.length; t++) {
      const v = out.data[t] as number;
      if (!Number.isFinite(v)) {
        throw new RangeError(
          `${fn}: the model returned a non-finite value for text ${lo + Math.floor(t / width)}`,
        );
      }
      data[lo * width + t] = v;
    }
    batch.forEach((t, i) => {
      row.set(t, lo + i);
    });
    onProgress?.(lo + batch.length, distinct.length);
  }
  return (asked) => {
    const w = Math.max(width, 1);
    const m = new Float64Array(asked.length * w);
    asked.forEach((t, i) => {
      const r = row.get(t);
      if (r === undefined) {
        throw new RangeError(
          `${fn}: text ${i} was not precomputed (${JSON.stringify(t.slice(0, 60))})`,
        );
      }
      m.set(data.subarray(r * w, (r + 1) * w), i * w);
    });
    return { data: m, rows: asked.length, cols: w };
  };
}
