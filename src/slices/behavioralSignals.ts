import {
  checkChoice,
  checkNoHoles,
  checkNumber,
  checkOptions,
  fail,
  failType,
  optionKeys,
} from "../core/validate.js";
import type { Trajectory } from "../trajectory/schema.js";
import { pathsIn, STATE_CODE, stateEntropy } from "./_signals.js";
import { AGENT_STATES, type AgentState, type AgentStateRule, statesAs } from "./agentStates.js";
import type { TedBaselineModel } from "./fitTedBaseline.js";

const KEYS = optionKeys<BehavioralSignalsOptions>()(
  "goldFiles",
  "plan",
  "tedBaseline",
  "extraRules",
);

/** Options of {@link behavioralSignals}. */
export type BehavioralSignalsOptions = {
  /** Files changed by the gold patch (repository-relative). Without them file-level recall is 0. */
  readonly goldFiles?: readonly string[];
  /** The instructed plan as an ordered state list. @defaultValue SETUP, NAVIGATION, REPRODUCTION, PATCH, VALIDATION, CLEANUP, SUBMISSION */
  readonly plan?: readonly AgentState[];
  /** Baseline from {@link fitTedBaseline}. @defaultValue mean 0, sd 1 (TED is then the raw entropy) */
  readonly tedBaseline?: TedBaselineModel;
  /** Extra state rules for {@link agentStates}. @defaultValue none */
  readonly extraRules?: readonly AgentStateRule[];
};

/** The seven workflow states in their order: every state but OTHER. */
const DEFAULT_PLAN: readonly AgentState[] = AGENT_STATES.filter((s) => s !== "OTHER");

function sameFile(f: string, g: string): boolean {
  return f === g || f.endsWith(`/${g}`) || g.endsWith(`/${f}`);
}

function jaccard(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  const union = new Set([...a, ...b]);
  if (union.size === 0) return 0;
  let inter = 0;
  for (const x of a) if (b.has(x)) inter++;
  return inter / union.size;
}

function lcs(a: readonly AgentState[], b: readonly AgentState[]): number {
  const dp = new Int32Array((a.length + 1) * (b.length + 1));
  const w = b.length + 1;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      dp[i * w + j] =
        a[i - 1] === b[j - 1]
          ? (dp[(i - 1) * w + j - 1] as number) + 1
          : Math.max(dp[(i - 1) * w + j] as number, dp[i * w + j - 1] as number);
    }
  }
  return dp[a.length * w + b.length] as number;
}

/**
 * The ten behavioural signals CASPER extracts from an agent trajectory, in
 * this order: [file-level recall, MASM, TED, testing effort, test failure
 * rate, dominant file ratio, cross-state file overlap, PPC, POC, PPF].
 *
 * With S(t) the {@link agentStates} of the T turns and the Table 1 codes
 * (SETUP 0 .. SUBMISSION 6):
 * 1. file-level recall = |edited ∩ gold| / |gold|, edited = files touched in PATCH
 *    turns (paths match when one ends with "/" + the other);
 * 2. MASM = sum_t |S(t) - S(t-1)| / (T' - 1) over the T' non-OTHER turns (eq. 1);
 * 3. TED = (H - mu_H) / sigma_H, H the state entropy in bits (eq. 2; {@link fitTedBaseline});
 * 4. testing effort = #VALIDATION / T;
 * 5. test failure rate = #VALIDATION turns with a non-zero exit code / #VALIDATION;
 * 6. DFR = max_f c_f / sum_f c_f over file occurrences in PATCH turns;
 * 7. CSFO = mean Jaccard index over the three pairs of the file sets of
 *    NAVIGATION, PATCH and VALIDATION turns (the paper writes (1/3) sum over
 *    i != j; we average the three unordered pairs so that CSFO lies in [0, 1]);
 * 8. PPC = |P ∩ E| / |P| (eq. 3); 9. POC = |LCS(O_P, O_E)| / |O_P| with O_E the
 *    states in order of first occurrence (eq. 4); 10. PPF = |P| / |P ∪ E| (eq. 5);
 *    P = plan states, E = states observed (OTHER included in E, so it lowers PPF).
 * A ratio with an empty denominator is 0. Affected files of NAVIGATION and
 * VALIDATION turns are the file-like arguments of the action; of PATCH turns,
 * `Step.filesTouched` plus those arguments.
 *
 * @param trajectory - A parsed trajectory.
 * @param options - `goldFiles`, `plan` (default the seven workflow states in
 *   order), `tedBaseline` (default mean 0, sd 1), `extraRules`.
 * @returns The ten signals.
 * @throws {TypeError} If `trajectory` has no steps array, a step has no string `action` or
 *   `thought`, no `filesTouched` array of strings or a non-number `exitCode`, a `goldFiles`
 *   entry is not a string, or an option has the wrong type.
 * @throws {RangeError} If a step's `exitCode` is not an integer, its `index` not an integer >= 0 or
 *   its `editSize` not finite, `tedBaseline` has a non-finite
 *   mean or a non-positive sd, or a `plan` entry or an extra rule's state is not one of the
 *   eight states (with "did you mean").
 * @see Muse, B. A. et al. CASPER, section 2.2.1.
 * @see Liu et al. (2026) for PPC, POC and PPF.
 * @example
 * ```ts
 * const step = (index: number, action: string, extra = {}) =>
 *   ({ index, thought: "", action, filesTouched: [], testsRun: [], editSize: 0, observation: "", ...extra });
 * const traj = { id: "t", framework: "mini-swe-agent" as const, instanceId: "t", steps: [
 *   step(0, "cat a/x.py"), step(1, "sed -i 's/1/2/' a/x.py", { filesTouched: ["a/x.py"] }),
 *   step(2, "python -m pytest a/test_x.py", { exitCode: 1 }) ] };
 * behavioralSignals(traj, { goldFiles: ["a/x.py"] });
 * // Float64Array [1, 1.5, 1.584962500721156, 0.3333333333333333, 1, 1, 0.3333333333333333, 0.42857142857142855, 0.42857142857142855, 1]
 * ```
 */
export function behavioralSignals(
  trajectory: Trajectory,
  options: BehavioralSignalsOptions = {},
): Float64Array {
  const fn = "behavioralSignals";
  if (typeof trajectory !== "object" || trajectory === null || !Array.isArray(trajectory.steps)) {
    failType(fn, "trajectory must be a Trajectory with a steps array");
  }
  checkNoHoles(fn, "trajectory.steps", trajectory.steps);
  checkOptions(fn, options, KEYS);
  const { goldFiles = [], plan = DEFAULT_PLAN, tedBaseline, extraRules } = options;
  if (!Array.isArray(goldFiles)) failType(fn, "goldFiles must be an array of strings");
  if (!Array.isArray(plan)) failType(fn, "plan must be an array of states");
  checkNoHoles(fn, "options.goldFiles", goldFiles);
  goldFiles.forEach((g, k) => {
    if (typeof g !== "string") failType(fn, `options.goldFiles[${k}] must be a string`);
  });
  checkNoHoles(fn, "options.plan", plan);
  plan.forEach((st, k) => {
    checkChoice(fn, `options.plan[${k}]`, st, AGENT_STATES);
  });
  let mu = 0;
  let sigma = 1;
  if (tedBaseline !== undefined) {
    checkNumber(fn, "tedBaseline.mean", tedBaseline.mean);
    checkNumber(fn, "tedBaseline.sd", tedBaseline.sd, 0, Number.POSITIVE_INFINITY, { lower: true });
    mu = tedBaseline.mean;
    sigma = tedBaseline.sd;
  }
  const steps = trajectory.steps;
  const states = statesAs(
    fn,
    "trajectory.steps",
    steps,
    extraRules === undefined ? {} : { extraRules },
  );
  steps.forEach((step, i) => {
    const files: unknown = step.filesTouched;
    if (!Array.isArray(files) || !files.every((f) => typeof f === "string")) {
      failType(fn, `trajectory.steps[${i}].filesTouched must be an array of strings ([] for none)`);
    }
    const code: unknown = step.exitCode;
    if (code !== undefined && typeof code !== "number") {
      failType(fn, `trajectory.steps[${i}].exitCode must be a number or absent`);
    }
    if (code !== undefined && !Number.isInteger(code)) {
      fail(fn, `trajectory.steps[${i}].exitCode must be an integer`, code);
    }
  });
  const T = states.length;

  const edited: string[] = [];
  const nav = new Set<string>();
  const patch = new Set<string>();
  const val = new Set<string>();
  let nVal = 0;
  let nValFail = 0;
  states.forEach((s, t) => {
    const step = steps[t];
    if (step === undefined) return;
    if (s === "PATCH") {
      for (const f of step.filesTouched) {
        edited.push(f);
        patch.add(f);
      }
      for (const f of pathsIn(step.action)) patch.add(f);
    } else if (s === "NAVIGATION") {
      for (const f of pathsIn(step.action)) nav.add(f);
    } else if (s === "VALIDATION") {
      nVal++;
      if (step.exitCode !== undefined && step.exitCode !== 0) nValFail++;
      for (const f of pathsIn(step.action)) val.add(f);
    }
  });

  const editedSet = new Set(edited);
  let hit = 0;
  for (const g of goldFiles) if ([...editedSet].some((f) => sameFile(f, g))) hit++;
  const recall = goldFiles.length === 0 ? 0 : hit / goldFiles.length;

  const codes = states.filter((s) => s !== "OTHER").map((s) => STATE_CODE[s]);
  let move = 0;
  for (let t = 1; t < codes.length; t++)
    move += Math.abs((codes[t] as number) - (codes[t - 1] as number));
  const masm = codes.length > 1 ? move / (codes.length - 1) : 0;

  const ted = (stateEntropy(states) - mu) / sigma;
  const effort = T === 0 ? 0 : nVal / T;
  const failRate = nVal === 0 ? 0 : nValFail / nVal;

  const count = new Map<string, number>();
  for (const f of edited) count.set(f, (count.get(f) ?? 0) + 1);
  let maxC = 0;
  for (const c of count.values()) maxC = Math.max(maxC, c);
  const dfr = edited.length === 0 ? 0 : maxC / edited.length;

  const csfo = (jaccard(nav, patch) + jaccard(nav, val) + jaccard(patch, val)) / 3;

  const P = new Set(plan);
  const E = new Set(states);
  let inter = 0;
  for (const s of P) if (E.has(s)) inter++;
  const ppc = P.size === 0 ? 0 : inter / P.size;
  const firsts: AgentState[] = [];
  for (const s of states) if (!firsts.includes(s)) firsts.push(s);
  const poc = plan.length === 0 ? 0 : lcs(plan, firsts) / plan.length;
  const union = new Set([...P, ...E]);
  const ppf = union.size === 0 ? 0 : P.size / union.size;
  return Float64Array.from([recall, masm, ted, effort, failRate, dfr, csfo, ppc, poc, ppf]);
}
