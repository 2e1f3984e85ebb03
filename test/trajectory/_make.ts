/** Builds small trajectories for sanitisation tests. */
import type { Step, Trajectory } from "../../src/trajectory/schema.js";

/** A step with the given action and observation. */
export function step(index: number, action: string, observation: string, thought = ""): Step {
  return { index, thought, action, observation, filesTouched: [], testsRun: [], editSize: 0 };
}

/** A trajectory of one step per [action, observation] pair. */
export function traj(
  instanceId: string,
  pairs: readonly (readonly [string, string])[],
  outcome?: boolean,
): Trajectory {
  const t = {
    id: `swe-agent:${instanceId}`,
    framework: "swe-agent" as const,
    instanceId,
    steps: pairs.map(([a, o], i) => step(i, a, o)),
  };
  return outcome === undefined ? t : { ...t, outcome };
}
