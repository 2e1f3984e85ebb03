/**
 * `npx tsx bench/run.ts replicate-casper-real [generations] [--seeds=S] [--audit=A] [--no-write]`:
 * CASPER on the ten behavioural signals of the 500 real mini-swe-agent
 * trajectories (gemini-3-pro-preview, 2025-11-18; ../shared/data/trajs_verified_500,
 * read in place through test/helpers/sharedData.ts, never copied).
 *
 * 1. Parses all 500 trajectories, extracts `behavioralSignals` (TED baseline
 *    fitted on the run's resolved trajectories) and audits the extraction on a
 *    seeded sample of A trajectories (default 30): every action, command verb,
 *    touched file, file argument (the paths the signals count) and test
 *    invocation of a step must appear verbatim in that step's raw assistant
 *    message, and every exit code as `<returncode>N</returncode>` in its raw
 *    observation.
 * 2. CASPER-SI (default: the paper's configuration, 6,907 generations; fewer
 *    when given) on the signals with V0 = this run's resolved flags, vs k-means
 *    and GMM at the same number of slices, k-means at k = 48, GMM at the k of
 *    best silhouette over 10..50 (the paper's tuning range) and random slices of sizes 5..19
 *    (OC and SCM as in the rest of docs/replication/casper.md).
 * 3. The ranking of the first CASPER-SI partition against every later run on
 *    the same 500 instances (mini-swe-agent runs and leaderboard submissions
 *    dated after 2025-11-18) as V1: V1's outcomes are known, V1's trajectories
 *    are not, so the failure-impact scores of V1 are V0's (the impact term is 0
 *    and the paper's ranking reduces to its change classification).
 *
 * Writes only the marked section "real-signals" of docs/replication/casper.md.
 * Heavy (one CASPER-SI run at the paper's configuration): run alone.
 */
import { cpus, loadavg } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { createRng } from "../src/entry/core.js";
import {
  type AgentState,
  agentStates,
  behavioralSignals,
  fitLogistic,
  fitTedBaseline,
  gmmSlices,
  identifySlices,
  identifySlicesDefaults,
  kmeansSlices,
  outputConsistency,
  predictLogistic,
  randomRanking,
  randomSlices,
  rankSlices,
  regressionPosterior,
  representatives,
  sliceCoherence,
} from "../src/entry/slices.js";
import { aucRecallAtK } from "../src/entry/stats.js";
import { silhouette } from "../src/entry/subset.js";
import { pathsIn } from "../src/slices/_signals.js";
import { hasShared, readSharedJson } from "../test/helpers/sharedData.js";
import { f3, mean, pct, reportLines, sd, trainChangeClassifiers } from "./_report.js";
import { writeMarkedSection } from "./_section.js";
import { loadSwebenchAll } from "./_swebenchAll.js";
import { fmtMs } from "./_timing.js";
import {
  CASPER_SIGNALS,
  casperMatrix,
  parseTrajs500,
  readTrajs500,
  TRAJ_DATE,
  TRAJ_RUN,
  TRAJS_500,
} from "./_trajs500.js";

const here = dirname(fileURLToPath(import.meta.url));
const argNum = (flag: string, dflt: number): number => {
  const a = process.argv.find((x) => x.startsWith(`--${flag}=`));
  return a === undefined ? dflt : Number(a.slice(flag.length + 3));
};
const GENS = Number(
  process.argv.find((a) => /^\d+$/.test(a)) ?? identifySlicesDefaults.generations,
);
const SI_SEEDS = argNum("seeds", 1);
const AUDIT = argNum("audit", 30);
const write = !process.argv.includes("--no-write");
const DOWNSAMPLES = 30;
const KM_SEEDS = 10;

const raw = hasShared ? readTrajs500() : undefined;
const all = hasShared ? loadSwebenchAll() : undefined;
if (raw === undefined || all === undefined) {
  console.log("replicate-casper-real: ../shared/data not found, nothing to do");
  process.exit(0);
}

const { lines, say } = reportLines();
const load0 = loadavg()[0] as number;
const t0 = performance.now();

// ---- 1. Parse, signals ----------------------------------------------------
const tParse = performance.now();
const trajs = parseTrajs500(raw);
const parseMs = performance.now() - tParse;
const N = trajs.length;
const y0 = Uint8Array.from(raw.resolved, (r) => (r ? 1 : 0));
const base = fitTedBaseline(trajs);
const tSig = performance.now();
const sig10 = trajs.map((t) => behavioralSignals(t, { tedBaseline: base }));
const sigMs = performance.now() - tSig;
const NAMES = [
  "file recall",
  "MASM",
  "TED",
  "testing effort",
  "test failure rate",
  "dominant file ratio",
  "cross-state file overlap",
  "PPC",
  "POC",
  "PPF",
];
// No gold-patch files in the data (see the text): file recall is 0 for every
// trajectory and is left out of the signal matrix.
const d = CASPER_SIGNALS.length;
const X0 = casperMatrix(sig10);

// What the harness reports hold (checked, not assumed).
const reportKeys = new Set<string>();
let reportsRead = 0;
for (const id of raw.ids) {
  const r = readSharedJson(`${TRAJS_500}/${id}.report.json`) as
    | Record<string, Record<string, unknown>>
    | undefined;
  const inner = r?.[id] ?? r;
  if (inner === undefined) continue;
  reportsRead++;
  for (const k of Object.keys(inner)) reportKeys.add(k);
}

// ---- Audit ----------------------------------------------------------------
type Msg = { role: string; content: unknown };
const textOf = (c: unknown): string =>
  typeof c === "string"
    ? c
    : Array.isArray(c)
      ? c
          .map((b) => (typeof b === "string" ? b : String((b as { text?: unknown }).text ?? "")))
          .join("\n")
      : "";
const auditRng = createRng("casper-real-audit");
const order = Array.from({ length: N }, (_, i) => i);
for (let i = N - 1; i > 0; i--) {
  const j = Math.floor(auditRng() * (i + 1));
  [order[i], order[j]] = [order[j] as number, order[i] as number];
}
const sample = order.slice(0, Math.min(AUDIT, N));
const audit = {
  steps: 0,
  action: [0, 0],
  command: [0, 0],
  filesTouched: [0, 0],
  fileArgs: [0, 0],
  tests: [0, 0],
  exitCode: [0, 0],
  stepCount: [0, 0],
};
const misses: string[] = [];
const check = (key: keyof typeof audit, ok: boolean, what: string): void => {
  const c = audit[key] as number[];
  c[0] = (c[0] as number) + 1;
  if (!ok) {
    c[1] = (c[1] as number) + 1;
    if (misses.length < 8) misses.push(`${key}: ${what}`);
  }
};
for (const i of sample) {
  const msgs = (JSON.parse(raw.texts[i] as string) as { messages: Msg[] }).messages;
  const turns: { reply: string; obs: string }[] = [];
  msgs.forEach((m, k) => {
    if (m.role !== "assistant") return;
    const next = msgs[k + 1];
    turns.push({
      reply: textOf(m.content),
      obs: next !== undefined && next.role !== "assistant" ? textOf(next.content) : "",
    });
  });
  const t = trajs[i];
  if (t === undefined) continue;
  check("stepCount", turns.length === t.steps.length, `${t.instanceId}`);
  t.steps.forEach((s, k) => {
    const turn = turns[k] ?? { reply: "", obs: "" };
    audit.steps++;
    const where = `${t.instanceId} step ${k}`;
    if (s.action !== "") check("action", turn.reply.includes(s.action), where);
    if (s.command !== undefined)
      check("command", s.action.includes(s.command), `${where}: ${s.command}`);
    for (const f of s.filesTouched) check("filesTouched", turn.reply.includes(f), `${where}: ${f}`);
    for (const f of pathsIn(s.action)) check("fileArgs", turn.reply.includes(f), `${where}: ${f}`);
    for (const x of s.testsRun) check("tests", turn.reply.includes(x), `${where}: ${x}`);
    if (s.exitCode !== undefined)
      check(
        "exitCode",
        turn.obs.includes(`<returncode>${s.exitCode}</returncode>`),
        `${where}: ${s.exitCode}`,
      );
  });
}

// Recall side, over all trajectories: a command verb that is no program name
// (e.g. a comment marker), and write-like actions with no file written.
const VERB = /^[A-Za-z0-9_./~][\w./+~-]*( -m [\w.]+)?$/;
const WRITE_LIKE = /(?:^|\s)(?:sed\s+-i|tee)\s|(?:^|[\s\w'"])>>?\s*(?!&|\/dev\/null)['"]?[\w./-]+/m;
const recallSide = { verbs: [0, 0], writes: [0, 0] };
const writeMisses: string[] = [];
for (const t of trajs) {
  for (const s of t.steps) {
    if (s.command !== undefined) {
      recallSide.verbs[0]++;
      if (!VERB.test(s.command)) recallSide.verbs[1]++;
    }
    if (s.action !== "" && WRITE_LIKE.test(s.action)) {
      recallSide.writes[0]++;
      if (s.filesTouched.length === 0) {
        recallSide.writes[1]++;
        writeMisses.push(
          `${t.instanceId} step ${s.index}: ${s.action.slice(0, 40).replace(/\n/g, " ")}`,
        );
      }
    }
  }
}

// ---- 2. Slice identification ----------------------------------------------
const si: { oc: number; scm: number; slices: number; ms: number; sliceOf: Int32Array }[] = [];
for (let seed = 1; seed <= SI_SEEDS; seed++) {
  const t = performance.now();
  const r = identifySlices(X0, y0, createRng(`casper-real-${seed}`), { generations: GENS });
  const ms = performance.now() - t;
  const oc = outputConsistency(r.sliceOf, y0);
  si.push({
    oc: oc.mean,
    scm: sliceCoherence(r.sliceOf, X0).mean,
    slices: oc.ids.length,
    ms,
    sliceOf: r.sliceOf,
  });
  console.error(`  CASPER-SI seed ${seed}: ${fmtMs(ms)}`);
}
type Row = { name: string; runs: number; slices: number; oc: number[]; scm: number[]; big: number };
const largest = (lab: Int32Array): number => {
  const c = new Map<number, number>();
  for (const s of lab) c.set(s, (c.get(s) ?? 0) + 1);
  return Math.max(...c.values());
};
const baselineRow = (name: string, make: (seed: number) => Int32Array): Row => {
  const row: Row = { name, runs: KM_SEEDS, slices: 0, oc: [], scm: [], big: 0 };
  for (let seed = 1; seed <= KM_SEEDS; seed++) {
    const lab = make(seed);
    const oc = outputConsistency(lab, y0);
    row.oc.push(oc.mean);
    row.scm.push(sliceCoherence(lab, X0).mean);
    row.slices += oc.ids.length / KM_SEEDS;
    row.big = Math.max(row.big, largest(lab));
  }
  return row;
};
const kSi = Math.round(mean(si.map((s) => s.slices)));
// The paper's GMM baseline: k tuned by the silhouette over [10, 50] (the paper: Optuna, 30
// trials, also tuning a membership threshold; here every k once, seed 1, all points labelled).
const gmm = (k: number, s: number): Int32Array =>
  gmmSlices(X0, k, createRng(`gmm-real-${s}`)).sliceOf;
const tGmm = performance.now();
let kGmm = 10;
let bestSil = Number.NEGATIVE_INFINITY;
for (let k = 10; k <= 50; k++) {
  const lab = gmm(k, 1);
  if (new Set(lab).size < 2) continue;
  const v = silhouette(X0, lab);
  if (v > bestSil) {
    bestSil = v;
    kGmm = k;
  }
}
console.error(
  `  GMM k by silhouette: ${kGmm} (${bestSil.toFixed(3)}), ${fmtMs(performance.now() - tGmm)}`,
);
const rows: Row[] = [
  baselineRow(`k-means, k = ${kSi}`, (s) => kmeansSlices(X0, kSi, createRng(`km-real-${s}`))),
  baselineRow("k-means, k = 48", (s) => kmeansSlices(X0, 48, createRng(`km-real-${s}`))),
  baselineRow(`GMM (full covariance), k = ${kSi}`, (s) => gmm(kSi, s)),
  baselineRow(
    `GMM (full covariance), k = ${kGmm} (best silhouette over 10..50, ${bestSil.toFixed(3)})`,
    (s) => gmm(kGmm, s),
  ),
  baselineRow("random slices 5..19", (s) =>
    randomSlices(N, createRng(`rs-real-${s}`), { minSize: 5, maxSize: 19 }),
  ),
];

// ---- 3. Ranking against later runs ----------------------------------------
const itemIx = new Map(all.outcomes.items.map((id, j) => [id, j]));
const later = all.outcomes.runs
  .map((run, r) => ({ run, r, date: all.dateOf.get(run) ?? "" }))
  .filter((x) => x.date > TRAJ_DATE && x.run !== TRAJ_RUN);
const sliceOf = (si[0] as { sliceOf: Int32Array }).sliceOf;
const ids = [...new Set(sliceOf)].sort((a, b) => a - b);
const score0 = predictLogistic(fitLogistic(X0, y0), X0);
const KS = [1, 2, 4];
const outcomeOfRun = (r: number): Uint8Array | undefined => {
  const y = new Uint8Array(N);
  for (let i = 0; i < N; i++) {
    const j = itemIx.get(raw.ids[i] as string);
    if (j === undefined) return undefined;
    y[i] = all.outcomes.data[r * all.outcomes.items.length + j] as number;
  }
  return y;
};
// The paper's trained change classifiers: fitted on consecutive pairs of the
// mini-swe-agent runs dated before V0 (outcomes only; the same slices and picks).
const historyRuns = all.outcomes.runs.filter(
  (run) => (all.dateOf.get(run) ?? "") < TRAJ_DATE && all.frameworkOf.get(run) === "mini-swe-agent",
);
const history = historyRuns.map(
  (run) => outcomeOfRun(all.outcomes.runs.indexOf(run)) as Uint8Array,
);
const perK = KS.map((k) => {
  const picks = representatives(sliceOf, X0, k, "closest");
  return { k, picks, classify: trainChangeClassifiers(history, sliceOf, picks) };
});
type Acc = Record<string, number[]>;
const perRun: { run: string; date: string; fw: string; rate: number; reg: number; auc: Acc }[] = [];
for (const { run, r, date } of later) {
  const y1 = outcomeOfRun(r);
  if (y1 === undefined) continue;
  const f0 = new Map<number, number>();
  const f1 = new Map<number, number>();
  for (let i = 0; i < N; i++) {
    const s = sliceOf[i] as number;
    if (y0[i] === 0) f0.set(s, (f0.get(s) ?? 0) + 1);
    if (y1[i] === 0) f1.set(s, (f1.get(s) ?? 0) + 1);
  }
  const regressed = new Set(ids.filter((s) => (f1.get(s) ?? 0) > (f0.get(s) ?? 0)));
  const notReg = ids.filter((s) => !regressed.has(s));
  const auc: Acc = {};
  const push = (key: string, v: number): void => {
    auc[key] ??= [];
    (auc[key] as number[]).push(v);
  };
  if (regressed.size > 0 && notReg.length > 0) {
    const subsets = Array.from({ length: DOWNSAMPLES }, (_, t) => {
      const rng = createRng(`bal-real-${t}`);
      const m = Math.min(regressed.size, notReg.length);
      const pick = (xs: readonly number[]): number[] =>
        Array.from({ length: m }, () => xs[Math.floor(rng() * xs.length)] as number);
      return new Set([...pick([...regressed]), ...pick(notReg)]);
    });
    const evalAuc = (ranking: Int32Array, keep: ReadonlySet<number>): number => {
      const ord = Array.from(ranking).filter((s) => keep.has(s));
      const rel = Uint8Array.from(ord, (s) => (regressed.has(s) ? 1 : 0));
      return aucRecallAtK(Int32Array.from(ord.keys()), rel);
    };
    for (const { k, picks, classify } of perK) {
      const input = {
        sliceOf,
        picks,
        outcomeV0: y0,
        outcomeV1: y1,
        scoreV0: score0,
        scoreV1: score0,
      };
      const sign = rankSlices(input).ranking;
      const trained = rankSlices(input, { classify }).ranking;
      const post = regressionPosterior(sliceOf, picks, y0, y1).ranking;
      const aucs = {
        sign: [] as number[],
        trained: [] as number[],
        post: [] as number[],
        rand: [] as number[],
      };
      subsets.forEach((keep, t) => {
        aucs.sign.push(evalAuc(sign, keep));
        aucs.trained.push(evalAuc(trained, keep));
        aucs.post.push(evalAuc(post, keep));
        const rr = randomRanking(Int32Array.from(ids), createRng(`rand-real-${k}-${t}`));
        aucs.rand.push(evalAuc(rr, keep));
      });
      push(`sign${k}`, mean(aucs.sign));
      push(`trained${k}`, mean(aucs.trained));
      push(`post${k}`, mean(aucs.post));
      push(`rand${k}`, mean(aucs.rand));
    }
  }
  perRun.push({
    run,
    date,
    fw: all.frameworkOf.get(run) ?? "?",
    rate: mean(y1),
    reg: regressed.size,
    auc,
  });
}

// ---- Report ---------------------------------------------------------------
const stateCount = new Map<AgentState, number>();
let turns = 0;
for (const t of trajs) {
  for (const s of agentStates(t.steps)) {
    stateCount.set(s, (stateCount.get(s) ?? 0) + 1);
    turns++;
  }
}
const stepsTotal = trajs.reduce((a, t) => a + t.steps.length, 0);
const fullConfig = GENS === identifySlicesDefaults.generations;
say("## Real signals");
say();
say(
  `Generated by \`npx tsx bench/run.ts replicate-casper-real${fullConfig ? "" : ` ${GENS}`}${SI_SEEDS === 1 ? "" : ` --seeds=${SI_SEEDS}`}\` on ${new Date().toISOString().slice(0, 10)} ` +
    `(load average ${load0.toFixed(1)} on ${cpus().length} cores at the start; seeds: CASPER-SI \`casper-real-1..${SI_SEEDS}\`, ` +
    `k-means / random slices \`km-real-1..${KM_SEEDS}\` / \`rs-real-1..${KM_SEEDS}\`, audit sample \`casper-real-audit\`, ` +
    `downsamplings \`bal-real-0..${DOWNSAMPLES - 1}\`). This section is written by that script only; the sections above come from \`bench/replicate-casper.ts\`.`,
);
say();
say(
  `Data: the ${N} trajectories of \`${TRAJ_RUN}\` (\`trajs_verified_500\`, ${stepsTotal} steps, parsed in ${fmtMs(parseMs)}; signals in ${fmtMs(sigMs)}), ` +
    `V0 = that run's harness verdicts (${pct(mean(y0))} resolved). TED baseline from the ${base.n} resolved trajectories: mean entropy ${f3(base.mean)} bits, sd ${f3(base.sd)}.`,
);
say();
say(
  `**Missing: the gold patch's files.** The ${reportsRead} harness reports hold only ${[...reportKeys].sort().join(", ")} ` +
    "(test ids of FAIL_TO_PASS / PASS_TO_PASS, no patch), and no file in ../shared/data holds the SWE-bench gold patches. " +
    `File-level recall is therefore 0 for every trajectory and is left out: CASPER-SI and the baselines run on the other d = ${d} signals (not the paper's ten).`,
);
say();
say("### Extraction audit");
say();
say(
  `${sample.length} trajectories drawn with the seeded shuffle, ${audit.steps} steps. Each extracted item is looked up verbatim in its own step's raw assistant message (exit codes as \`<returncode>N</returncode>\` in the raw observation that follows).`,
);
say();
say("| item | checked | not found verbatim |");
say("|---|---|---|");
const auditRows: [string, keyof typeof audit][] = [
  ["steps = assistant messages (per trajectory)", "stepCount"],
  ["action (bash block)", "action"],
  ["command verb (in the action)", "command"],
  ["file written (`filesTouched`)", "filesTouched"],
  ["file argument (paths the signals count)", "fileArgs"],
  ["test invocation (`testsRun`)", "tests"],
  ["exit code", "exitCode"],
];
for (const [label, key] of auditRows) {
  const c = audit[key] as number[];
  say(`| ${label} | ${c[0]} | ${c[1]} |`);
}
say(
  `| recall side, all ${N}: command verb that is no program name | ${recallSide.verbs[0]} | ${recallSide.verbs[1]} |`,
);
say(
  `| recall side, all ${N}: write-like action (\`sed -i\`, \`tee\`, \`>\`) with no file written | ${recallSide.writes[0]} | ${recallSide.writes[1]} |`,
);
if (writeMisses.length > 0) {
  say();
  say(
    `Write-like actions with no file written (inspected by hand: \`python -c\` scripts that write from Python, outside the shell rules, or a shell syntax error): ${writeMisses
      .slice(0, 5)
      .map((m) => `\`${m}\``)
      .join("; ")}.`,
  );
}
if (misses.length > 0) {
  say();
  say(`First misses: ${misses.map((m) => `\`${m}\``).join("; ")}.`);
}
say();
say("### Signals");
say();
say(
  `States over all ${turns} turns: ${(["SETUP", "NAVIGATION", "REPRODUCTION", "PATCH", "VALIDATION", "CLEANUP", "SUBMISSION", "OTHER"] as const).map((s) => `${s} ${pct((stateCount.get(s) ?? 0) / turns)}`).join(", ")}.`,
);
say();
const nOk = raw.resolved.filter((r) => r).length;
say(
  `| signal | mean (sd), all ${N} | mean, resolved (${nOk}) | mean, unresolved (${N - nOk}) | share non-zero |`,
);
say("|---|---|---|---|---|");
NAMES.forEach((nm, j) => {
  const col = sig10.map((s) => s[j] as number);
  const ok = col.filter((_, i) => y0[i] === 1);
  const bad = col.filter((_, i) => y0[i] === 0);
  say(
    `| ${nm}${j === 0 ? " (no gold files: 0, not used)" : ""} | ${f3(mean(col))} (${f3(sd(col))}) | ${f3(mean(ok))} | ${f3(mean(bad))} | ${pct(col.filter((v) => v !== 0).length / N)} |`,
  );
});
say();
say("### Slice identification (RQ1), V0 = the trajectory run");
say();
say(
  `CASPER-SI: ${GENS} generations${fullConfig ? " (the paper's configuration: population 136, slice sizes 5..19, crossover 0.994, mutation 0.219, two mutations)" : ` — fewer than the paper's ${identifySlicesDefaults.generations}, so NOT the paper's configuration (population 136, slice sizes 5..19, crossover 0.994, mutation 0.219, two mutations otherwise)`}; ${SI_SEEDS} run(s). Baselines over ${KM_SEEDS} seeds. OC = mean share of a slice's majority outcome; SCM = mean within-slice coherence of the z-scored signals (as above). GMM = \`gmmSlices\` (EM as scikit-learn's GaussianMixture, full covariances, k-means start; checked against sklearn in test/slices/gmmSlices.fixture.test.ts), every instance labelled (the paper also tunes a membership-probability threshold, which would leave instances unsliced); random slices of CASPER's size bounds are added.`,
);
say();
say("| method | runs | slices | mean OC | mean SCM | largest slice | time per run |");
say("|---|---|---|---|---|---|---|");
say(
  `| CASPER-SI | ${SI_SEEDS} | ${f3(mean(si.map((s) => s.slices)))} | ${pct(mean(si.map((s) => s.oc)))}${SI_SEEDS > 1 ? ` (sd ${pct(sd(si.map((s) => s.oc)))})` : ""} | ${f3(mean(si.map((s) => s.scm)))} | ${Math.max(...si.map((s) => largest(s.sliceOf)))} | ${fmtMs(mean(si.map((s) => s.ms)))} |`,
);
for (const row of rows) {
  say(
    `| ${row.name} | ${row.runs} | ${f3(row.slices)} | ${pct(mean(row.oc))} (sd ${pct(sd(row.oc))}) | ${f3(mean(row.scm))} | ${row.big} | - |`,
  );
}
say();
say("### Slice ranking (RQ2/RQ3) against later runs as V1");
say();
say(
  `On CASPER-SI seed 1 (${ids.length} slices). V1 = each of the ${perRun.length} runs on the same 500 instances dated after ${TRAJ_DATE} (${perRun.filter((p) => p.fw === "mini-swe-agent").length} mini-swe-agent runs, the rest leaderboard submissions of other frameworks). ` +
    "A slice is regressed when V1 fails more of its instances than V0. **Missing: V1's trajectories**, hence V1's signals: the failure-impact score of V1 is V0's (logistic model on V0's signals), " +
    `so the impact term is 0 and the paper's ranking orders slices by change category only (sign rule, or the trained classifiers), ties by slice id. The trained change classifiers need outcomes only: fitted, as in the sections above, on the ${history.length - 1} consecutive pairs of the ${history.length} mini-swe-agent runs dated before V0 (same slices and picks). ` +
    `Picks: k closest to the slice centroid (CDS). AUC of Recall@K, mean over ${DOWNSAMPLES} balanced downsamplings per V1, then over the V1 runs.`,
);
say();
const withAuc = perRun.filter((p) => Object.keys(p.auc).length > 0);
say("| k per slice | paper, sign rule | paper, trained classifiers | posterior | random |");
say("|---|---|---|---|---|");
for (const k of KS) {
  const col = (key: string): string => {
    const v = withAuc.map((p) => (p.auc[`${key}${k}`] as number[])[0] as number);
    return `${f3(mean(v))} (sd ${f3(sd(v))})`;
  };
  say(`| ${k} | ${col("sign")} | ${col("trained")} | ${col("post")} | ${col("rand")} |`);
}
say();
say(
  `Per V1 run (k = 2; ${withAuc.length} of ${perRun.length} runs have both regressed and non-regressed slices):`,
);
say();
say(
  "| V1 | date | framework | resolve rate | regressed slices | sign rule | trained | posterior | random |",
);
say("|---|---|---|---|---|---|---|---|---|");
for (const p of perRun) {
  const a = (key: string): string =>
    p.auc[key] === undefined ? "-" : f3((p.auc[key] as number[])[0] as number);
  say(
    `| ${p.run} | ${p.date} | ${p.fw} | ${pct(p.rate)} | ${p.reg} | ${a("sign2")} | ${a("trained2")} | ${a("post2")} | ${a("rand2")} |`,
  );
}
say();
say(`Total time ${fmtMs(performance.now() - t0)}.`);
if (write) {
  writeMarkedSection(
    join(here, "..", "docs", "replication", "casper.md"),
    "real-signals",
    lines.join("\n"),
  );
  console.log("wrote the real-signals section of docs/replication/casper.md");
}
