import type { Rng } from "../core/rng.js";
import {
  checkInteger,
  checkNumber,
  checkOptions,
  checkRng,
  checkSameLength,
  draw,
  fail,
  failType,
  optionKeys,
  toBinary,
} from "../core/validate.js";
import { words } from "./_text.js";

const KEYS = optionKeys<LeakageProbeOptions>()("folds", "epochs", "alpha", "eta0", "minDf", "topK");

/** Options of {@link leakageProbe}. */
export type LeakageProbeOptions = {
  /** Number of stratified cross-validation folds. @defaultValue 5 */
  folds?: number;
  /** Passes of SGD over the training texts. @defaultValue 30 */
  epochs?: number;
  /** L2 penalty. @defaultValue 1e-4 */
  alpha?: number;
  /** Initial learning rate eta0 of the schedule eta_t = eta0 / (1 + eta0 * alpha * t). @defaultValue 0.5 */
  eta0?: number;
  /** Words must occur in at least this many training texts to enter the vocabulary. @defaultValue 2 */
  minDf?: number;
  /** Number of top-weighted words reported. @defaultValue 20 */
  topK?: number;
};

/** A word and its logistic-regression coefficient (positive pushes towards outcome 1). */
export type WeightedWord = {
  /** The word (lower-cased identifier or placeholder). */
  readonly word: string;
  /** Its coefficient in the model fitted on all texts. */
  readonly weight: number;
};

/** Result of {@link leakageProbe}. */
export type LeakageProbeResult = {
  /** Cross-validated accuracy: correct held-out predictions / number of texts. */
  readonly accuracy: number;
  /** Binomial standard error sqrt(acc (1 - acc) / n): a rough error bar, folds are not independent. */
  readonly se: number;
  /** Accuracy of each fold. */
  readonly foldAccuracies: Float64Array;
  /** Accuracy of always predicting the majority outcome. */
  readonly baseline: number;
  /** The `topK` words with the largest |coefficient| in the model fitted on all texts. */
  readonly topWords: readonly WeightedWord[];
  /** Vocabulary size of the model fitted on all texts. */
  readonly vocabularySize: number;
};

type Sparse = { idx: Int32Array; val: Float64Array };

type Vectoriser = { vocab: Map<string, number>; idf: Float64Array; words: string[] };

function fitVectoriser(docs: readonly string[][], minDf: number): Vectoriser {
  const df = new Map<string, number>();
  for (const d of docs) for (const w of new Set(d)) df.set(w, (df.get(w) ?? 0) + 1);
  const kept = [...df.entries()].filter(([, c]) => c >= minDf).map(([w]) => w);
  kept.sort();
  const vocab = new Map<string, number>();
  const idf = new Float64Array(kept.length);
  kept.forEach((w, j) => {
    vocab.set(w, j);
    idf[j] = Math.log((1 + docs.length) / (1 + (df.get(w) as number))) + 1;
  });
  return { vocab, idf, words: kept };
}

function transform(doc: readonly string[], v: Vectoriser): Sparse {
  const tf = new Map<number, number>();
  for (const w of doc) {
    const j = v.vocab.get(w);
    if (j !== undefined) tf.set(j, (tf.get(j) ?? 0) + 1);
  }
  const idx = Int32Array.from([...tf.keys()].sort((a, b) => a - b));
  const val = new Float64Array(idx.length);
  let ss = 0;
  for (let k = 0; k < idx.length; k++) {
    const j = idx[k] as number;
    const x = (tf.get(j) as number) * (v.idf[j] as number);
    val[k] = x;
    ss += x * x;
  }
  if (ss > 0) {
    const inv = 1 / Math.sqrt(ss);
    for (let k = 0; k < val.length; k++) val[k] = (val[k] as number) * inv;
  }
  return { idx, val };
}

type Model = { w: Float64Array; b: number };

/** Fisher-Yates shuffle in place. */
function shuffle(a: number[], rng: Rng): void {
  for (let i = a.length - 1; i > 0; i--) {
    const k = Math.floor(draw("leakageProbe", rng) * (i + 1));
    const tmp = a[i] as number;
    a[i] = a[k] as number;
    a[k] = tmp;
  }
}

function fitSgd(
  xs: readonly Sparse[],
  y: readonly number[],
  dims: number,
  rng: Rng,
  epochs: number,
  alpha: number,
  eta0: number,
): Model {
  const v = new Float64Array(dims);
  let scale = 1;
  let b = 0;
  let t = 0;
  const order = xs.map((_, i) => i);
  for (let e = 0; e < epochs; e++) {
    shuffle(order, rng);
    for (const i of order) {
      const x = xs[i] as Sparse;
      const eta = eta0 / (1 + eta0 * alpha * t);
      t++;
      let z = b;
      for (let k = 0; k < x.idx.length; k++)
        z += scale * (v[x.idx[k] as number] as number) * (x.val[k] as number);
      const p = 1 / (1 + Math.exp(-z));
      const g = p - (y[i] as number);
      // L2 shrinkage by rescaling, so an update costs O(non-zeros)
      scale *= 1 - eta * alpha;
      if (scale < 1e-9) {
        for (let j = 0; j < dims; j++) v[j] = (v[j] as number) * scale;
        scale = 1;
      }
      for (let k = 0; k < x.idx.length; k++) {
        const j = x.idx[k] as number;
        v[j] = (v[j] as number) - (eta * g * (x.val[k] as number)) / scale;
      }
      b -= eta * g;
    }
  }
  const w = new Float64Array(dims);
  for (let j = 0; j < dims; j++) w[j] = (v[j] as number) * scale;
  return { w, b };
}

function predict(x: Sparse, m: Model): number {
  let z = m.b;
  for (let k = 0; k < x.idx.length; k++)
    z += (m.w[x.idx[k] as number] as number) * (x.val[k] as number);
  return z >= 0 ? 1 : 0;
}

/**
 * Phase 4 of trajectory sanitisation: how well a linear text classifier
 * predicts the outcome from the text, and which words it relies on.
 *
 * Algorithm: TF-IDF over word tokens (ASCII identifiers and `[PLACEHOLDER]`s,
 * lower-cased; vocabulary = words in at least `minDf` training texts; raw term
 * counts times smoothed IDF ln((1+n)/(1+df)) + 1; rows L2-normalised, as
 * scikit-learn's `TfidfVectorizer`) and logistic regression fitted by
 * stochastic gradient descent on the log-loss with an L2 penalty `alpha`
 * (learning rate eta0 / (1 + eta0 alpha t), samples shuffled by `rng` every
 * epoch, as `SGDClassifier(loss="log_loss")` with an inverse-scaling
 * schedule). Accuracy is estimated by stratified `folds`-fold cross-validation
 * (each outcome's texts shuffled by `rng` and dealt round-robin to folds; the
 * vectoriser and model are refitted on each training split). The top words
 * come from a model fitted on all texts. Run it on raw and on sanitised texts:
 * accuracy may stay similar (task words still correlate with outcome) but
 * outcome words (passed, failed) and repository names should leave the top
 * words.
 *
 * @param texts - One text per trajectory.
 * @param outcomes - 1 = passed (resolved), 0 = failed, one per text.
 * @param rng - Uniform source in [0, 1) for fold assignment and SGD order.
 * @param options - `folds` (5), `epochs` (30), `alpha` (1e-4), `eta0` (0.5), `minDf` (2), `topK` (20).
 * @returns Cross-validated accuracy with a binomial SE, per-fold accuracies, the majority baseline and the top-weighted words.
 * @throws {TypeError} If `texts` is not an array of strings, `outcomes` is not a `Uint8Array` or an array of
 *   0/1 or booleans or `rng` is not a function.
 * @throws {RangeError} If lengths differ, an outcome is not 0/1, an outcome has fewer texts than `folds`, or
 *   an option is out of range.
 * @see Paper 2 (trajectory-aware subset selection), section 4.2.4; Bottou (2010), large-scale learning with SGD.
 * @see sklearn.linear_model.SGDClassifier, sklearn.feature_extraction.text.TfidfVectorizer
 * @example
 * ```ts
 * const texts = ["all tests passed", "tests passed fine", "passed again", "tests failed", "failed badly", "it failed"];
 * const r = leakageProbe(texts, new Uint8Array([1, 1, 1, 0, 0, 0]), createRng(1), { folds: 3, minDf: 1 });
 * r.accuracy;          // 1
 * r.topWords[0].word;  // "failed"
 * r.topWords[0].weight < 0; // true (pushes towards outcome 0)
 * ```
 */
export function leakageProbe(
  texts: readonly string[],
  outcomes: ArrayLike<number | boolean>,
  rng: Rng,
  options?: LeakageProbeOptions,
): LeakageProbeResult {
  const FN = "leakageProbe";
  if (!Array.isArray(texts)) failType(FN, "texts must be an array of strings");
  for (let i = 0; i < texts.length; i++) {
    if (typeof texts[i] !== "string") failType(FN, `texts[${i}] must be a string`);
  }
  const outcomes01 = toBinary(FN, "outcomes", outcomes);
  checkSameLength(FN, "texts", texts, "outcomes", outcomes01);
  checkRng(FN, rng);
  checkOptions(FN, options, KEYS);
  const folds = options?.folds ?? 5;
  checkInteger(FN, "options.folds", folds, 2);
  const epochs = options?.epochs ?? 30;
  checkInteger(FN, "options.epochs", epochs, 1);
  const alpha = options?.alpha ?? 1e-4;
  checkNumber(FN, "options.alpha", alpha, 0, 1e3);
  const eta0 = options?.eta0 ?? 0.5;
  checkNumber(FN, "options.eta0", eta0, 0, 1e3, { lower: true });
  const minDf = options?.minDf ?? 2;
  checkInteger(FN, "options.minDf", minDf, 1);
  const topK = options?.topK ?? 20;
  checkInteger(FN, "options.topK", topK, 0);

  const n = texts.length;
  const byClass: number[][] = [[], []];
  for (let i = 0; i < n; i++) (byClass[outcomes01[i] as number] as number[]).push(i);
  const smaller = Math.min((byClass[0] as number[]).length, (byClass[1] as number[]).length);
  if (smaller < folds) {
    fail(FN, `each outcome needs at least ${folds} texts (one per fold)`, smaller);
  }
  const docs = texts.map((t) => words(t));
  const y = Array.from(outcomes01);
  const fold = new Int32Array(n);
  let dealt = 0;
  for (const cls of byClass) {
    const idx = cls.slice();
    shuffle(idx, rng);
    for (const i of idx) fold[i] = dealt++ % folds;
  }
  const foldAccuracies = new Float64Array(folds);
  let correct = 0;
  for (let f = 0; f < folds; f++) {
    const train: number[] = [];
    const test: number[] = [];
    for (let i = 0; i < n; i++) (fold[i] === f ? test : train).push(i);
    const vec = fitVectoriser(
      train.map((i) => docs[i] as string[]),
      minDf,
    );
    const model = fitSgd(
      train.map((i) => transform(docs[i] as string[], vec)),
      train.map((i) => y[i] as number),
      vec.words.length,
      rng,
      epochs,
      alpha,
      eta0,
    );
    let ok = 0;
    for (const i of test) if (predict(transform(docs[i] as string[], vec), model) === y[i]) ok++;
    foldAccuracies[f] = ok / test.length;
    correct += ok;
  }
  const vec = fitVectoriser(docs, minDf);
  const model = fitSgd(
    docs.map((d) => transform(d, vec)),
    y,
    vec.words.length,
    rng,
    epochs,
    alpha,
    eta0,
  );
  const order = vec.words.map((_, j) => j);
  order.sort((a, b) => Math.abs(model.w[b] as number) - Math.abs(model.w[a] as number) || a - b);
  const topWords = order
    .slice(0, topK)
    .map((j) => ({ word: vec.words[j] as string, weight: model.w[j] as number }));
  const accuracy = correct / n;
  const ones = (byClass[1] as number[]).length;
  return {
    accuracy,
    se: Math.sqrt((accuracy * (1 - accuracy)) / n),
    foldAccuracies,
    baseline: Math.max(ones, n - ones) / n,
    topWords,
    vocabularySize: vec.words.length,
  };
}
