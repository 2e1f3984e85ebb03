import { helpText, type Parsed } from "../args.js";
import { CliError } from "../errors.js";
import type { Result } from "../output.js";
import { note } from "../progress.js";
import { labelKeys, loadTcs, readLabels, replay, tcsOptions, tcsPlot } from "./tcsCommon.js";

export const tcsEstimateHelp = helpText(
  "evalsift tcs estimate --input FILE --feature NAME --strategy NAME --budget N [--seed S] --labels FILE",
  "Replays the plan with the recorded labels and prints the strategy's estimate of the\n" +
    "mean label (the failure rate for 0/1 labels) with its standard error and confidence\n" +
    "interval, the interval's method (--interval; an anytime-valid confidence sequence with\n" +
    "--sequential) and whether it is reliable. Use the same options as `tcs plan`; every\n" +
    "planned row must be labelled (with --sequential: until the stopping rule fires).",
  tcsOptions.map((o) => (o.name === "labels" ? { ...o, required: true } : o)),
  "evalsift tcs estimate --input preds.csv --feature entropy --strategy kcenter --budget 200 --seed 7 --labels labels.csv",
);

/** `evalsift tcs estimate`. */
export function tcsEstimate(p: Parsed): Result {
  const verb = "tcs estimate";
  const input = loadTcs(verb, p);
  const file = p.values.get("labels");
  if (file === undefined) throw new CliError(`${verb}: missing required option --labels FILE`);
  const labels = readLabels(
    file,
    input.risk.length,
    p.flags.has("real-labels"),
    labelKeys(verb, p, input.ids),
  );
  const r = replay(verb, input, labels);
  if (r.estimate === undefined) {
    throw new CliError(
      `${verb}: ${file} labels ${r.labelled.length} of the ${input.budget} planned rows; next to label: row ${r.pending[0]} (run tcs plan with the same options)`,
    );
  }
  if (r.unused.length > 0) {
    note(
      p.flags.has("quiet"),
      `note: ${r.unused.length} labelled rows are not in this plan and were ignored (first: ${r.unused[0]})`,
    );
  }
  const e = r.estimate;
  if (!e.reliable) note(p.flags.has("quiet"), `warning: the interval is unreliable: ${e.warning}`);
  return {
    columns: [
      "strategy",
      "estimate",
      "se",
      "ci_lo",
      "ci_hi",
      "level",
      "n",
      "interval",
      "reliable",
      "method",
    ],
    rows: [
      [
        input.strategy,
        e.estimate,
        e.se,
        e.ci[0],
        e.ci[1],
        e.level,
        e.n,
        e.interval,
        e.reliable ? "yes" : "no",
        e.method,
      ],
    ],
    json: { strategy: input.strategy, budget: input.budget, seed: input.seed, ...e },
    ...(p.values.has("plot")
      ? { plot: tcsPlot(verb, input, labels, r, p.flags.has("real-labels"), p.flags.has("quiet")) }
      : {}),
  };
}
