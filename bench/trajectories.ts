/**
 * Parse + sanitise + embed 1,000 agent trajectories: the 40 real samples of
 * ../shared/data/trajs replicated 25 times with perturbed run and instance ids.
 * Prints the median wall time of each stage and of the whole pipeline, the
 * peak memory, and, when scikit-learn is installed, the time of
 * HashingVectorizer + TfidfTransformer on the same step texts with the ratio.
 * That sklearn pipeline is comparable, not the same computation: it tokenises
 * with Unicode `\w\w+` (ours: ASCII identifiers and [PLACEHOLDER]s), hashes
 * with MurmurHash3 (ours: FNV-1a + fmix32, so other buckets), takes |counts|
 * before the TF-IDF (ours keeps the signed counts, so colliding n-grams can
 * cancel), and returns a sparse CSR matrix (ours a dense texts x 768 one);
 * both use uni+bigrams, 768 buckets, sublinear tf, smoothed idf and L2 rows.
 * Its outputs are not compared value by value; the bench prints both shapes
 * and non-zero counts as a sanity check. Also prints the leakage probe, raw vs
 * sanitised, on the 40 originals. Then the 500 real trajectories of
 * ../shared/data/trajs_verified_500: `trajectoryVectors` (sanitise + step
 * texts + hashing TF-IDF + pooling) timed end to end, with the peak memory
 * (target < 15 s for the embedding of all steps).
 *
 * Run: flock /tmp/evalsift-heavy.lock npm run bench -- trajectories
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createRng } from "../src/entry/core.js";
import { trajectoryVectors } from "../src/entry/subset.js";
import {
  hashingTfidf,
  leakageProbe,
  parseTrajectory,
  sanitize,
  stepTexts,
  type Trajectory,
} from "../src/entry/trajectory.js";
import { hasShared, readShared } from "../test/helpers/sharedData.js";
import { fmtMs, hasCommand, medianMs } from "./_timing.js";
import { parseTrajs500, readTrajs500 } from "./_trajs500.js";

const MINI = "trajs/mini-swe-agent_v1.15.0_gemini-3-pro-preview_20251118";
const OH = "trajs/openhands_codeact_v0.15.0_claude-3-5-sonnet-20241022";
const REPLICAS = Number(process.argv[3] ?? 25);

if (!hasShared) {
  console.log("trajectories: ../shared/data not found, nothing to time");
  process.exit(0);
}

type Source = { text: string; instanceId: string; outcome: boolean; openhands: boolean };
const ids = (readShared("trajs/instance_ids.txt") ?? "").split("\n").filter((l) => l.length > 0);
const md = readShared(`${OH}/output.swebench_eval.md`) ?? "";
const resolvedOH = md.split("## Unresolved")[0] ?? "";
const sources: Source[] = [];
for (const id of ids) {
  const rep = JSON.parse(readShared(`${MINI}/${id}.report.json`) ?? "{}") as { resolved: boolean };
  sources.push({
    text: readShared(`${MINI}/${id}.traj.json`) ?? "",
    instanceId: id,
    outcome: rep.resolved,
    openhands: false,
  });
  sources.push({
    text: readShared(`${OH}/${id}.last_llm_completion.json`) ?? "",
    instanceId: id,
    outcome: resolvedOH.includes(`instance_${id}.log`),
    openhands: true,
  });
}
const rawBytes = sources.reduce((s, x) => s + x.text.length, 0);

let peakRss = 0;
const sample = () => {
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
};

const values = (): unknown[] => {
  const out: unknown[] = [];
  for (let k = 0; k < REPLICAS; k++) for (const s of sources) out.push(JSON.parse(s.text));
  return out;
};
const parseAll = (vals: unknown[]): Trajectory[] =>
  vals.map((v, i) => {
    const s = sources[i % sources.length] as Source;
    const k = Math.floor(i / sources.length);
    // perturbed ids: a distinct run id and instance number per replica
    return parseTrajectory(v, {
      id: `${s.openhands ? "oh" : "mini"}:${s.instanceId}#${k}`,
      instanceId: `${s.instanceId}${String(k).padStart(2, "0")}`,
      outcome: s.outcome,
    });
  });
const embed = hashingTfidf();

// one warm-up and three timed runs of the whole pipeline, each stage timed inside it
const stageMs: number[][] = [[], [], [], [], []];
let trajs: Trajectory[] = [];
let steps: string[] = [];
for (let rep = 0; rep < 4; rep++) {
  const t0 = performance.now();
  const parsed = values();
  const t1 = performance.now();
  trajs = parseAll(parsed);
  const t2 = performance.now();
  const clean = sanitize(trajs);
  const t3 = performance.now();
  steps = clean.trajectories.flatMap((t) => stepTexts(t));
  embed(steps);
  const t4 = performance.now();
  sample();
  if (rep > 0) {
    for (const [k, v] of [t1 - t0, t2 - t1, t3 - t2, t4 - t3, t4 - t1].entries()) {
      (stageMs[k] as number[]).push(v);
    }
  }
}
const median = (xs: number[]) =>
  xs.slice().sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
const [tJson, tParse, tSan, tEmbed, tAll] = stageMs.map(median) as [
  number,
  number,
  number,
  number,
  number,
];
const tEmbedOnly = medianMs(() => embed(steps), 3);
const ourOut = embed(steps);
let ourNnz = 0;
for (let t = 0; t < ourOut.data.length; t++) if (ourOut.data[t] !== 0) ourNnz++;

console.log(
  `trajectories: ${trajs.length} (40 samples x ${REPLICAS}), ${((rawBytes * REPLICAS) / 1e6).toFixed(0)} MB of JSON, ${steps.length} steps`,
);
console.log(`  JSON.parse            ${fmtMs(tJson)}`);
console.log(`  parseTrajectory       ${fmtMs(tParse)}`);
console.log(`  sanitize (fit+apply)  ${fmtMs(tSan)}`);
console.log(
  `  stepTexts + hashingTfidf (768d, uni+bigrams)  ${fmtMs(tEmbed)}  -> ${steps.length} x 768`,
);
console.log(`  parse + sanitize + embed  ${fmtMs(tAll)}  (target < 10 s; JSON.parse not included)`);
console.log(`  peak RSS              ${(peakRss / 2 ** 20).toFixed(0)} MiB`);

const python = "/usr/bin/python3";
if (hasCommand(python, ["-c", "import sklearn"])) {
  const dir = mkdtempSync(join(tmpdir(), "evalsift-traj-"));
  try {
    writeFileSync(join(dir, "steps.json"), JSON.stringify(steps));
    const script = `
import json, sys, time, sklearn
from sklearn.feature_extraction.text import HashingVectorizer, TfidfTransformer
texts = json.load(open(sys.argv[1]))
def run():
    hv = HashingVectorizer(n_features=768, ngram_range=(1, 2), alternate_sign=True, norm=None,
                           token_pattern=r"(?u)\\b\\w\\w+\\b")
    X = hv.transform(texts)
    X = abs(X)
    X.eliminate_zeros()
    return TfidfTransformer(sublinear_tf=True).fit_transform(X)
out = run()
ts = []
for _ in range(3):
    t0 = time.perf_counter(); run(); ts.append((time.perf_counter() - t0) * 1000)
ts.sort()
print(json.dumps({"ms": ts[1], "sklearn": sklearn.__version__, "shape": list(out.shape), "nnz": int(out.nnz)}))
`;
    const r = spawnSync(python, ["-c", script, join(dir, "steps.json")], { encoding: "utf8" });
    if (r.status === 0) {
      const ref = JSON.parse(r.stdout.trim()) as {
        ms: number;
        sklearn: string;
        shape: [number, number];
        nnz: number;
      };
      console.log(
        `  reference (a comparable pipeline, not the same output): sklearn ${ref.sklearn} HashingVectorizer (Unicode tokens, MurmurHash3, |counts|) + TfidfTransformer, sparse, on the same ${steps.length} texts; ours hashingTfidf (ASCII tokens, FNV-1a, signed counts), dense`,
      );
      console.log(
        `    output: sklearn ${ref.shape[0]} x ${ref.shape[1]}, ${ref.nnz} non-zeros; ours ${ourOut.rows} x ${ourOut.cols}, ${ourNnz} non-zeros`,
      );
      console.log(
        `    ours ${fmtMs(tEmbedOnly)}, sklearn ${fmtMs(ref.ms)}, sklearn/ours = ${(ref.ms / tEmbedOnly).toFixed(2)} (median of 3 after a warm-up, each side)`,
      );
    } else console.log(`  reference failed: ${r.stderr.slice(0, 200)}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

// the probe on the 40 originals, raw vs sanitised (paper 2, section 4.2.4)
const originals = trajs.slice(0, sources.length);
const y = new Uint8Array(sources.map((s) => (s.outcome ? 1 : 0)));
const rawTexts = originals.map((t) => stepTexts(t).join("\n"));
const san = sanitize(originals);
for (const [name, texts] of [
  ["raw", rawTexts],
  ["sanitised", san.texts],
] as const) {
  const r = leakageProbe(texts, y, createRng(6));
  console.log(
    `probe ${name}: accuracy ${r.accuracy.toFixed(3)} (SE ${r.se.toFixed(3)}, majority ${r.baseline.toFixed(3)}, 5-fold), top words: ${r.topWords
      .slice(0, 12)
      .map((w) => `${w.word} ${w.weight > 0 ? "+" : ""}${w.weight.toFixed(2)}`)
      .join(", ")}`,
  );
}

// the 500 real trajectories of one run: the whole trajectoryVectors call, timed
{
  const raw = readTrajs500();
  if (raw === undefined)
    console.log("500 trajectories: ../shared/data/trajs_verified_500 not found");
  else {
    const tp = performance.now();
    const all = parseTrajs500(raw);
    const parseMs = performance.now() - tp;
    sample();
    const rssBefore = process.memoryUsage().rss;
    let peak500 = rssBefore;
    const peek = () => {
      peak500 = Math.max(peak500, process.memoryUsage().rss);
    };
    const ids = all.map((t) => t.instanceId);
    const times: number[] = [];
    let r: ReturnType<typeof trajectoryVectors> | undefined;
    for (let rep = 0; rep < 3; rep++) {
      const t0 = performance.now();
      r = trajectoryVectors(all, ids, { onProgress: peek });
      times.push(performance.now() - t0);
      peek();
    }
    const tEmb = performance.now();
    const san = sanitize(all);
    const tSan = performance.now() - tEmb;
    const texts = san.trajectories.flatMap((t) => stepTexts(t));
    const tE0 = performance.now();
    hashingTfidf()(texts);
    const tEmbOnly = performance.now() - tE0;
    peek();
    console.log(
      `500 trajectories (${(raw.texts.reduce((s, x) => s + x.length, 0) / 1e6).toFixed(0)} MB JSON, parse ${fmtMs(parseMs)}): trajectoryVectors ${r?.vectors.rows} x ${r?.vectors.cols} from ${r?.steps} steps in ${fmtMs(median(times))} (median of 3; sanitize ${fmtMs(tSan)}, hashingTfidf of the step texts ${fmtMs(tEmbOnly)}; target < 15 s); peak RSS ${(peak500 / 2 ** 20).toFixed(0)} MiB (${((peak500 - rssBefore) / 2 ** 20).toFixed(0)} MiB above the parsed corpus; process maxRSS ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MiB)`,
    );
  }
}
