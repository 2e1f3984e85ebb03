import type { OptionSpec } from "./args.js";

/** The harness formats `--from` accepts. */
export const FROM_FORMATS = ["lm-eval", "inspect", "swebench", "promptfoo"] as const;
export type FromFormat = (typeof FROM_FORMATS)[number];

/** Options of every verb that reads outcomes or predictions from a harness's output. */
export const importOptions: readonly OptionSpec[] = [
  {
    name: "from",
    kind: "string",
    value: "FORMAT",
    help: `read a harness's own output (${FROM_FORMATS.join("|")}) instead of a table; the input option then takes several files or folders, comma-separated, with * and ? in file names; each file is one run (lm-eval samples_*.jsonl, Inspect .json or .eval log, SWE-bench run report / results.json / per_instance_details.json or a folder of report.json files, promptfoo results.json: one run per provider)`,
  },
  {
    name: "metric",
    kind: "string",
    value: "NAME",
    help: "with --from lm-eval: the 0/1 metric field (default acc, else exact_match); with --from inspect: the scorer (default the only one)",
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
