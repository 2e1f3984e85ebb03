import type { Step } from "../../src/trajectory/schema.js";

/** A step with only an action (and any fields given): empty thought, no files, tests or output. */
export const step = (index: number, action: string, extra: Partial<Step> = {}): Step => ({
  index,
  thought: "",
  action,
  filesTouched: [],
  testsRun: [],
  editSize: 0,
  observation: "",
  ...extra,
});
