import type { OptionSpec, Parsed } from "./args.js";
import { CliError } from "./errors.js";

/** The harness formats `--from` accepts. */
export const FROM_FORMATS = ["lm-eval", "inspect", "swebench", "promptfoo"] as const;
export type FromFormat = (typeof FROM_FORMATS)[number];

/** Options of every verb that reads outcomes or predictions from a harness's output. */
export const importOptions: readonly OptionSpec[] = [
  {
    name: "from",
    kind: "string",
    value: "FORMAT",
    help: `read a harness's own output (${FROM_FORMATS.join("|")}) instead of a table; the input option then takes several files or folders, comma-separated, with * and ? in file names; each file is one run (lm-eval samples_*.jsonl, Inspect .json or .eval log, SWE-bench run report / results.json / per_instance_details.json, promptfoo results.json: one run per provider), except SWE-bench per-instance report.json files: a folder of them, or the files themselves (e.g. logs/run_evaluation/RUN/MODEL/*/report.json), is one run per folder that holds the instance folders, named after it`,
  },
  {
    name: "metric",
    kind: "string",
    value: "NAME",
    help: "with --from lm-eval: the 0/1 metric field (default acc, else exact_match); with --from inspect: the scorer (default the only one)",
  },
  {
    name: "unscored",
    kind: "string",
    value: "fail|skip|incorrect",
    help: "with --from inspect: a sample that errored or is unscored (no score, or a NaN/null value) is an error naming it (fail), is left out as Inspect's own metrics do (skip; a note on stderr counts them and names the first ids), or counts as incorrect",
    default: "fail",
  },
  {
    name: "filter",
    kind: "string",
    value: "NAME",
    help: "with --from lm-eval: the filter whose responses are read, for tasks logged with several (e.g. gsm8k's strict-match, flexible-extract)",
  },
  {
    name: "items",
    kind: "string",
    value: "FILE",
    help: "with --from swebench: the benchmark's instance ids, one a line; an id without an outcome counts as unresolved (required for leaderboard results.json)",
  },
];

/** Options of the TCS verbs only: the run to read and the polarity of --labels. */
export const tcsImportOptions: readonly OptionSpec[] = [
  {
    name: "run",
    kind: "string",
    value: "NAME",
    help: "with --from: the run whose items are the rows (default: the only run)",
  },
  {
    name: "failure-label",
    kind: "string",
    value: "0|1",
    help: "the --labels value that means failure: 1 (evalsift's convention) or 0 (harnesses write 1 for correct)",
    default: "1",
  },
];

/** `--failure-outcome` of the slice verbs, whose outcomes are 0/1 with 1 = pass by default. */
export const failureOutcomeOption: OptionSpec = {
  name: "failure-outcome",
  kind: "string",
  value: "0|1",
  help: "the outcome value that means failure, in the outcome columns or the harness's 0/1 outcomes: 0 (1 = pass, as harnesses write for correct) or 1",
  default: "0",
};

/** `--failure-outcome`: 0 (outcomes are 1 = pass, the default) or 1. */
export function failureOutcome(verb: string, p: Parsed): 0 | 1 {
  const raw = p.values.get("failure-outcome") ?? "0";
  if (raw !== "0" && raw !== "1")
    throw new CliError(`${verb}: --failure-outcome must be 0 or 1 (got ${JSON.stringify(raw)})`);
  return raw === "1" ? 1 : 0;
}
