/**
 * Loads the 500 SWE-bench Verified trajectories of one mini-swe-agent run
 * (../shared/data/trajs_verified_500, PROVENANCE.txt; MIT, read in place through
 * test/helpers/sharedData.ts, never copied) with the harness's resolved flag.
 * Used by bench/trajectories.ts, bench/replicate-swebench-trajectories.ts and
 * the CASPER benches on the real signals.
 */
import type { RowMatrix } from "../src/entry/core.js";
import {
  behavioralSignals,
  fitStandardizer,
  fitTedBaseline,
  transformStandardizer,
} from "../src/entry/slices.js";
import { parseMiniSweAgent, type Trajectory } from "../src/entry/trajectory.js";
import { listShared, parseSimpleCsv, readShared } from "../test/helpers/sharedData.js";

export const TRAJS_500 = "trajs_verified_500/mini-swe-agent_v1.15.0_gemini-3-pro-preview_20251118";
/** The run's name in the outcome CSVs. */
export const TRAJ_RUN = "20251118_mini-v1.15.0_gemini-3-pro-preview-20251118";
export const TRAJ_DATE = "2025-11-18";

/** Raw JSON texts and resolved flags, instance order; undefined when the data are absent. */
export function readTrajs500():
  | { ids: string[]; texts: string[]; resolved: boolean[] }
  | undefined {
  const files = listShared(TRAJS_500).filter((f) => f.endsWith(".traj.json"));
  if (files.length === 0) return undefined;
  const summary = parseSimpleCsv(readShared(`${TRAJS_500}/results_summary.csv`) ?? "");
  const res = new Map(summary.map((r) => [r.instance_id as string, r.resolved === "True"]));
  const ids = files.map((f) => f.slice(0, -".traj.json".length));
  return {
    ids,
    texts: files.map((f) => readShared(`${TRAJS_500}/${f}`) ?? ""),
    resolved: ids.map((id) => res.get(id) ?? false),
  };
}

/** Parses the texts of {@link readTrajs500} into trajectories with their outcomes. */
export function parseTrajs500(raw: {
  ids: string[];
  texts: string[];
  resolved: boolean[];
}): Trajectory[] {
  return raw.texts.map((t, i) =>
    parseMiniSweAgent(JSON.parse(t), {
      instanceId: raw.ids[i] as string,
      outcome: raw.resolved[i] as boolean,
    }),
  );
}

/**
 * The columns of `behavioralSignals` CASPER-SI runs on here: all but file
 * recall, which is 0 for every trajectory (no gold-patch files in the data).
 */
export const CASPER_SIGNALS: readonly number[] = [1, 2, 3, 4, 5, 6, 7, 8, 9];

/** The CASPER-SI signal matrix: each trajectory's `behavioralSignals` at {@link CASPER_SIGNALS}, z-scored. */
export function casperMatrix(signals: readonly ArrayLike<number>[]): RowMatrix {
  const raw: RowMatrix = {
    data: Float64Array.from(signals.flatMap((s) => CASPER_SIGNALS.map((j) => s[j] as number))),
    rows: signals.length,
    cols: CASPER_SIGNALS.length,
  };
  return transformStandardizer(fitStandardizer(raw), raw);
}

/**
 * CASPER-SI's input on the 500 real trajectories: the {@link casperMatrix} of
 * their `behavioralSignals` (TED baseline fitted on the run) and the run's
 * resolved flags; undefined when the data are absent.
 */
export function casperSignals500(): { X: RowMatrix; y: Uint8Array } | undefined {
  const raw = readTrajs500();
  if (raw === undefined) return undefined;
  const trajs = parseTrajs500(raw);
  const base = fitTedBaseline(trajs);
  return {
    X: casperMatrix(trajs.map((t) => behavioralSignals(t, { tedBaseline: base }))),
    y: Uint8Array.from(raw.resolved, (r) => (r ? 1 : 0)),
  };
}
