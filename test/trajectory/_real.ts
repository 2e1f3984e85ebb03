/** Loads the 40 real trajectories of ../shared/data/trajs with their resolved outcomes. */
import { parseTrajectory } from "../../src/trajectory/parseTrajectory.js";
import type { Trajectory } from "../../src/trajectory/schema.js";
import { readShared, readSharedJson } from "../helpers/sharedData.js";

export const MINI = "trajs/mini-swe-agent_v1.15.0_gemini-3-pro-preview_20251118";
export const OH = "trajs/openhands_codeact_v0.15.0_claude-3-5-sonnet-20241022";

/** The 20 instance ids shared by both frameworks. */
export function realIds(): string[] {
  return (readShared("trajs/instance_ids.txt") ?? "").split("\n").filter((l) => l.length > 0);
}

/** Parsed trajectories, mini-swe-agent then OpenHands per instance, with `outcome` from the reports. */
export function realCorpus(): Trajectory[] {
  const md = readShared(`${OH}/output.swebench_eval.md`) ?? "";
  const resolvedPart = md.split("## Unresolved")[0] ?? "";
  const out: Trajectory[] = [];
  for (const id of realIds()) {
    const rep = readSharedJson(`${MINI}/${id}.report.json`) as { resolved: boolean };
    out.push(parseTrajectory(readSharedJson(`${MINI}/${id}.traj.json`), { outcome: rep.resolved }));
    out.push(
      parseTrajectory(readSharedJson(`${OH}/${id}.last_llm_completion.json`), {
        instanceId: id,
        outcome: resolvedPart.includes(`instance_${id}.log`),
      }),
    );
  }
  return out;
}
