/**
 * Loading DeepEST's five classifiers (`../shared/data/deepest`, 10,000 test
 * inputs each: two MNIST, two CIFAR-10 and one CIFAR-100 model; outcome and
 * softmax confidence per input) through `test/helpers/sharedData.ts`. Not
 * used to choose any default: the benches run them as a check on data the
 * library was not tuned on (their natural failure rates run from 0.95 % to
 * 30 %). Not part of the library.
 */
import { parseSimpleCsv, readShared } from "../test/helpers/sharedData.js";

/** The five DeepEST models, by file name (without `.csv`). */
export const DEEPEST_MODELS = [
  "CN5_MNIST",
  "LN5_MNIST",
  "VGG16_CIFAR10",
  "CN12_CIFAR10",
  "VGG16_CIFAR100",
] as const;
/** A DeepEST model name. */
export type DeepestModel = (typeof DEEPEST_MODELS)[number];

/** One DeepEST model's test set: 1 = Fail (misprediction), and the softmax confidence. */
export type DeepestPopulation = {
  readonly model: DeepestModel;
  readonly y: Uint8Array;
  readonly confidence: Float64Array;
};

/**
 * One model's test set, or undefined when `../shared/data` is absent. The
 * files differ in header case (`Outcome`/`outcome`, `Confidence`/`confidence`);
 * an outcome other than Pass/Fail or a confidence outside [0, 1] throws.
 */
export function loadDeepest(model: DeepestModel): DeepestPopulation | undefined {
  const text = readShared(`deepest/${model}.csv`);
  if (text === undefined) return undefined;
  const recs = parseSimpleCsv(text).map((r) => {
    const lower: Record<string, string> = {};
    for (const [k, v] of Object.entries(r)) lower[k.toLowerCase()] = v;
    return lower;
  });
  const y = new Uint8Array(recs.length);
  const confidence = new Float64Array(recs.length);
  recs.forEach((r, i) => {
    const o = r.outcome;
    if (o !== "Pass" && o !== "Fail")
      throw new Error(`deepest/${model}.csv row ${i + 2}: outcome ${o}`);
    const c = Number(r.confidence);
    if (!(c >= 0 && c <= 1))
      throw new Error(`deepest/${model}.csv row ${i + 2}: confidence ${r.confidence}`);
    y[i] = o === "Fail" ? 1 : 0;
    confidence[i] = c;
  });
  return { model, y, confidence };
}
