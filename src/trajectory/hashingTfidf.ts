import { checkInteger, checkOptions, failType, optionKeys } from "../core/validate.js";
import { fmix32, hashNgrams } from "./_hash.js";
import type { Embedder } from "./embedder.js";

const KEYS = optionKeys<HashingTfidfOptions>()("dims", "ngrams", "idf", "sublinearTf");

/** Options of {@link hashingTfidf}. */
export type HashingTfidfOptions = {
  /** Output width (number of hash buckets). @defaultValue 768 (the paper's embedding width) */
  dims?: number;
  /** Longest word n-gram hashed; 2 hashes unigrams and bigrams. @defaultValue 2 */
  ngrams?: number;
  /** Weight buckets by smoothed inverse document frequency over the batch. @defaultValue true */
  idf?: boolean;
  /** Use 1 + ln(count) instead of the raw count. @defaultValue true */
  sublinearTf?: boolean;
};

/**
 * A built-in {@link Embedder}: hashing TF-IDF with no stored vocabulary,
 * deterministic on every runtime, rows L2-normalised.
 *
 * Algorithm (the hashing trick of Weinberger et al. 2009, as in scikit-learn's
 * `HashingVectorizer` + `TfidfTransformer`): tokens are ASCII identifiers and
 * `[PLACEHOLDER]`s of 2+ characters, lower-cased; every word n-gram
 * (n = 1..`ngrams`) is hashed with 32-bit FNV-1a over the n-gram's words
 * joined by one space, then mixed with MurmurHash3's 32-bit finaliser fmix32
 * (FNV's low bits alone spread poorly over small moduli); bucket = mixed mod
 * `dims`, sign = +1 if the mixed value's top bit is 0 else -1 (signed hashing,
 * so collisions cancel in expectation).
 * Per text, the signed bucket counts c become sign(c)(1 + ln|c|) when
 * `sublinearTf`; with `idf`, bucket j is multiplied by
 * ln((1 + n) / (1 + df_j)) + 1 where df_j counts the texts of the batch with a
 * non-zero bucket j (smoothed IDF, as `TfidfTransformer(smooth_idf=True)`), so
 * a text's vector depends on the batch it is embedded with. Each row is
 * divided by its Euclidean norm; a text without tokens gives a zero row.
 *
 * @param options - `dims` (default 768), `ngrams` (default 2), `idf` (default true), `sublinearTf` (default true).
 * @returns An embedder mapping `texts` to a `texts.length x dims` `RowMatrix`.
 * @throws {RangeError} If `dims` or `ngrams` is not a positive integer (`dims` at most 2^20, `ngrams` at most
 *   5).
 * @throws {TypeError} If an option has the wrong type; the embedder throws TypeError if `texts` is not an
 *   array of strings.
 * @see Weinberger, K. et al. (2009). Feature hashing for large scale multitask learning. ICML.
 * @see sklearn.feature_extraction.text.HashingVectorizer, TfidfTransformer
 * @see http://www.isthe.com/chongo/tech/comp/fnv/ (FNV-1a)
 * @example
 * ```ts
 * const embed = hashingTfidf({ dims: 8, ngrams: 1 });
 * const m = embed(["pytest tests", "pytest tests", ""]);
 * m.rows;                       // 3
 * m.cols;                       // 8
 * Array.from(m.data.slice(0, 8)); // [0, 0.7071067811865476, 0, 0, 0.7071067811865476, 0, 0, 0]
 * Array.from(m.data.slice(16));   // [0, 0, 0, 0, 0, 0, 0, 0] (no tokens)
 * ```
 */
export function hashingTfidf(options?: HashingTfidfOptions): Embedder {
  const FN = "hashingTfidf";
  checkOptions(FN, options, KEYS);
  const dims = options?.dims ?? 768;
  checkInteger(FN, "options.dims", dims, 1, 1 << 20);
  const ngrams = options?.ngrams ?? 2;
  checkInteger(FN, "options.ngrams", ngrams, 1, 5);
  const useIdf = options?.idf ?? true;
  const sublinear = options?.sublinearTf ?? true;
  if (typeof useIdf !== "boolean") failType(FN, "options.idf must be a boolean");
  if (typeof sublinear !== "boolean") failType(FN, "options.sublinearTf must be a boolean");

  return (texts: readonly string[]) => {
    if (!Array.isArray(texts)) failType(FN, "texts must be an array of strings");
    const n = texts.length;
    const data = new Float64Array(n * dims);
    const df = new Float64Array(dims);
    const state = new Uint32Array(2 * (ngrams + 1));
    for (let i = 0; i < n; i++) {
      const t = texts[i];
      if (typeof t !== "string") failType(FN, `texts[${i}] must be a string`);
      const off = i * dims;
      hashNgrams(t, ngrams, state, (h) => {
        const m = fmix32(h);
        const j = m % dims;
        data[off + j] = (data[off + j] as number) + (m >>> 31 === 0 ? 1 : -1);
      });
      for (let j = 0; j < dims; j++) {
        const c = data[off + j] as number;
        if (c !== 0) {
          df[j] = (df[j] as number) + 1;
          if (sublinear) data[off + j] = Math.sign(c) * (1 + Math.log(Math.abs(c)));
        }
      }
    }
    for (let i = 0; i < n; i++) {
      const off = i * dims;
      let ss = 0;
      for (let j = 0; j < dims; j++) {
        let v = data[off + j] as number;
        if (v !== 0 && useIdf) {
          v *= Math.log((1 + n) / (1 + (df[j] as number))) + 1;
          data[off + j] = v;
        }
        ss += v * v;
      }
      if (ss > 0) {
        const inv = 1 / Math.sqrt(ss);
        for (let j = 0; j < dims; j++) data[off + j] = (data[off + j] as number) * inv;
      }
    }
    return { data, rows: n, cols: dims };
  };
}
