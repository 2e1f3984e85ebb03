import { checkNoHoles, checkOptions, fail, failType, optionKeys } from "../core/validate.js";
import type { Trajectory } from "../trajectory/schema.js";
import { stateEntropy } from "./_signals.js";
import { type AgentStatesOptions, statesAs } from "./agentStates.js";

const KEYS = optionKeys<AgentStatesOptions>()("extraRules");

/** The entropy baseline of successful trajectories used by the TED signal. */
export type TedBaselineModel = {
  /** Mean state entropy (bits) of the successful trajectories. */
  readonly mean: number;
  /** Their sample standard deviation (n - 1), or 1 when every entropy is the same. */
  readonly sd: number;
  /** Number of successful trajectories used. */
  readonly n: number;
};

/**
 * Fits the baseline of CASPER's Trajectory Entropy Deviation: the mean and
 * standard deviation of the state entropy over the successful trajectories.
 *
 * H = -sum_s p_s log2 p_s over the relative frequencies p_s of the
 * {@link agentStates} of a trajectory's turns (OTHER included);
 * mean and sample SD over trajectories with `outcome === true`; then
 * TED = (H - mean) / sd in {@link behavioralSignals}.
 *
 * @param trajectories - Parsed trajectories; those with `outcome === true` are used (at least 2).
 * @param options - `extraRules` for {@link agentStates}.
 * @returns The baseline.
 * @throws {TypeError} If `trajectories` is not an array, or a step of a successful trajectory has
 *   no string `action` or `thought` (or `extraRules` is malformed, as in {@link agentStates}).
 * @throws {RangeError} If fewer than two trajectories have `outcome === true`, or a step of a successful
 *   trajectory has an `index` that is not an integer >= 0 or an `editSize` that is not finite.
 * @see Muse, B. A. et al. CASPER, section 2.2.1, eq. 2.
 * @example
 * ```ts
 * const t = (actions: string[]) => ({ id: "x", framework: "mini-swe-agent" as const, instanceId: "x", outcome: true,
 *   steps: actions.map((action, index) => ({ index, thought: "", action, filesTouched: [], testsRun: [], editSize: 0, observation: "" })) });
 * fitTedBaseline([t(["ls", "ls"]), t(["ls", "pytest"])]); // { mean: 0.5, sd: 0.7071067811865476, n: 2 }
 * ```
 */
export function fitTedBaseline(
  trajectories: readonly Trajectory[],
  options: AgentStatesOptions = {},
): TedBaselineModel {
  const fn = "fitTedBaseline";
  if (!Array.isArray(trajectories)) failType(fn, "trajectories must be an array of Trajectory");
  checkNoHoles(fn, "trajectories", trajectories);
  checkOptions(fn, options, KEYS);
  const hs: number[] = [];
  trajectories.forEach((t, i) => {
    if (typeof t !== "object" || t === null) failType(fn, `trajectories[${i}] is not a Trajectory`);
    if (t.outcome === true) {
      hs.push(stateEntropy(statesAs(fn, `trajectories[${i}].steps`, t.steps, options)));
    }
  });
  if (hs.length < 2) fail(fn, `needs at least two successful trajectories (got ${hs.length})`);
  // every entropy equal: the baseline is that value with sd 1 (the computed mean
  // and SD would carry rounding residue, 2.3e-16 for eleven copies of log2 3)
  if (hs.every((h) => h === hs[0])) return { mean: hs[0] as number, sd: 1, n: hs.length };
  const mean = hs.reduce((a, b) => a + b, 0) / hs.length;
  const v = hs.reduce((a, h) => a + (h - mean) ** 2, 0) / (hs.length - 1);
  const sd = Math.sqrt(v);
  return { mean, sd: sd > 0 ? sd : 1, n: hs.length };
}
