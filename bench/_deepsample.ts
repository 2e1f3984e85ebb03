/**
 * Loading the DeepSample CIFAR-10 data (per-input outcomes and features of
 * models D, E, F) and DeepSample's published per-repetition results, through
 * `test/helpers/sharedData.ts`. Not part of the library.
 */
import { parseSimpleCsv, readShared } from "../test/helpers/sharedData.js";

/** The three CIFAR-10 models of DeepSample's study. */
export const MODELS = ["D", "E", "F"] as const;
/** A CIFAR-10 model name. */
export type Model = (typeof MODELS)[number];
/**
 * DeepSample's three CIFAR-100 models (15,000 inputs each, same columns),
 * added to the benches after the library's defaults were set, as a check on
 * data they were not chosen on (the active strategy's equal pilot, chosen on
 * CIFAR-10, was checked on them; it also mended a coverage shortfall they
 * showed).
 */
export const CIFAR100_MODELS = ["G", "H", "I"] as const;
/** A CIFAR-100 model name. */
export type Cifar100Model = (typeof CIFAR100_MODELS)[number];
/** The auxiliary variables DeepSample used. */
export const FEATURES = ["confidence", "dsa", "lsa"] as const;
/** An auxiliary variable name. */
export type Feature = (typeof FEATURES)[number];

/** One model's population. */
export type Population<M extends Model | Cifar100Model = Model> = {
  readonly model: M;
  /** 1 = Fail (misprediction), 0 = Pass. */
  readonly y: Uint8Array;
  /**
   * Risk per feature, oriented as DeepSample's `InitializerTF.readTestFrames`
   * does: `1 - confidence` for confidence (column 3), DSA and LSA as stored
   * (columns 4, 5; already scaled to [0, 1] in the files). A zero risk (an
   * input with confidence exactly 1, or the one input at DSA/LSA 0) is
   * raised to the smallest positive risk of the same feature: DeepSample
   * gives such inputs zero weight, which RHC-S cannot take (it needs every
   * size positive); the smallest positive value keeps them nearly
   * never drawn, as in DeepSample, and changes nothing else.
   */
  readonly risk: Record<Feature, Float64Array>;
  /** The model's predicted class per input (column `SUT`), known without a label. */
  readonly predicted: Int32Array;
};

/** Reads `per_input/model{m}_final.csv`; `undefined` when the shared data is absent. */
export function loadPopulation<M extends Model | Cifar100Model>(
  model: M,
): Population<M> | undefined {
  const text = readShared(`deepsample/per_input/model${model}_final.csv`);
  if (text === undefined) return undefined;
  const recs = parseSimpleCsv(text);
  const N = recs.length;
  const y = new Uint8Array(N);
  const confidence = new Float64Array(N);
  const dsa = new Float64Array(N);
  const lsa = new Float64Array(N);
  const predicted = new Int32Array(N);
  recs.forEach((r, i) => {
    const outcome = r.outcome;
    if (outcome !== "Pass" && outcome !== "Fail") {
      throw new Error(`model${model}: row ${i} has outcome ${String(outcome)}`);
    }
    y[i] = outcome === "Fail" ? 1 : 0;
    const c = Number(r.confidence);
    const d = Number(r.dsa);
    const l = Number(r.lsa);
    if (!(c >= 0 && c <= 1 && d >= 0 && l >= 0)) {
      throw new Error(`model${model}: row ${i} has a bad feature (${c}, ${d}, ${l})`);
    }
    const k = Number(r.SUT);
    if (!Number.isInteger(k) || k < 0) {
      throw new Error(`model${model}: row ${i} has predicted class ${String(r.SUT)}`);
    }
    predicted[i] = k;
    // 1 - c can be a hair below zero only if c > 1, excluded above
    confidence[i] = 1 - c;
    dsa[i] = d;
    lsa[i] = l;
  });
  for (const r of [confidence, dsa, lsa]) raiseZeros(r);
  return { model, y, risk: { confidence, dsa, lsa }, predicted };
}

/** Replaces zeros by the smallest positive value, in place (see {@link Population}). */
function raiseZeros(r: Float64Array): void {
  let least = Number.POSITIVE_INFINITY;
  for (const v of r) if (v > 0 && v < least) least = v;
  for (let i = 0; i < r.length; i++) if ((r[i] as number) <= 0) r[i] = least;
}

/**
 * DeepSample's sampler folder names, and the key of our corresponding strategy
 * in the replication grid. SSRS, GBS and 2-UPS run with `partition: "kmeans"`
 * there (keys `<name>-kmeans`), because DeepSample builds their partitions by
 * k-means on the feature (`InitializerTF`); our defaults are quantile strata.
 */
export const PAPER_SAMPLERS = [
  { folder: "SRS", ours: "srs", perFeature: false },
  { folder: "SUPS", ours: "sups", perFeature: true },
  { folder: "RHC", ours: "rhc", perFeature: true },
  { folder: "SSRS", ours: "ssrs-kmeans", perFeature: true },
  { folder: "GBS", ours: "gbs-kmeans", perFeature: true },
  { folder: "2-UPS", ours: "twoUps-kmeans", perFeature: true },
  { folder: "DeepEST", ours: "deepEst", perFeature: true },
] as const;

/** Per-repetition accuracy estimates and failures found of one published cell and model. */
export type PaperRuns = { readonly accuracy: number[]; readonly failures: number[] };
/** Published runs by budget, then by model. */
export type PaperFile = Map<number, Record<Model, PaperRuns>>;

/**
 * Reads `results_paper/classification/<folder>/CIFAR10_aggregate[_<feature>].csv`
 * (columns budget, accuracy_D, failures_D, accuracy_E, failures_E, accuracy_F,
 * failures_F; one row per repetition); `undefined` when absent.
 */
export function loadPaper(folder: string, feature: Feature | null): PaperFile | undefined {
  const name = feature === null ? "CIFAR10_aggregate.csv" : `CIFAR10_aggregate_${feature}.csv`;
  const text = readShared(`deepsample/results_paper/classification/${folder}/${name}`);
  if (text === undefined) return undefined;
  const out: PaperFile = new Map();
  for (const r of parseSimpleCsv(text)) {
    const budget = Number(r.budget);
    if (!Number.isInteger(budget)) continue;
    let cell = out.get(budget);
    if (cell === undefined) {
      cell = {
        D: { accuracy: [], failures: [] },
        E: { accuracy: [], failures: [] },
        F: { accuracy: [], failures: [] },
      };
      out.set(budget, cell);
    }
    for (const m of MODELS) {
      cell[m].accuracy.push(Number(r[`accuracy_${m}`]));
      cell[m].failures.push(Number(r[`failures_${m}`]));
    }
  }
  return out;
}
