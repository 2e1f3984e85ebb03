import { helpText, type Parsed } from "../args.js";
import { CliError } from "../errors.js";
import type { Result } from "../output.js";
import { note } from "../progress.js";
import {
  adaptiveStrategies,
  labelKeys,
  loadTcs,
  readLabels,
  replay,
  tcsOptions,
  tcsPlot,
} from "./tcsCommon.js";

export const tcsPlanHelp = helpText(
  "evalsift tcs plan --input FILE --feature NAME --strategy NAME --budget N [--seed S] [--labels FILE]",
  "Lists the rows to label next. Non-adaptive strategies list the whole remaining plan;\n" +
    "adaptive ones one step at a time (gbs, mcucb, deepEst: one row; active: one phase, the\n" +
    "pilot, then the rest): label it, append `row,label` to the labels file and run the same\n" +
    "command again (the session is replayed from the labels, so it resumes exactly). When every\n" +
    "planned row is labelled, run `tcs estimate`.",
  tcsOptions,
  "evalsift tcs plan --input preds.csv --feature entropy --strategy kcenter --budget 200 --seed 7",
);

/** `evalsift tcs plan`. */
export function tcsPlan(p: Parsed): Result {
  const verb = "tcs plan";
  const input = loadTcs(verb, p);
  const labelsFile = p.values.get("labels");
  if (labelsFile === undefined) {
    // both describe the labels file: without one they would be accepted and do nothing
    const idle = ["real-labels", "failure-label"].filter((o) => p.flags.has(o) || p.values.has(o));
    if (idle.length > 0)
      throw new CliError(
        `${verb}: ${idle.map((o) => `--${o}`).join(" and ")} describe${idle.length === 1 ? "s" : ""} the labels of --labels FILE; give --labels or drop ${idle.length === 1 ? "it" : "them"}`,
      );
  }
  const labels =
    labelsFile === undefined
      ? new Map<number, number>()
      : readLabels(
          labelsFile,
          input.risk.length,
          p.flags.has("real-labels"),
          labelKeys(verb, p, input.ids),
        );
  const r = replay(verb, input, labels);
  const quiet = p.flags.has("quiet");
  const adaptive = adaptiveStrategies.has(input.strategy);
  if (r.unused.length > 0) {
    note(
      quiet,
      `note: ${r.unused.length} labelled rows are not in this plan (first: ${r.unused[0]}); check --seed, --strategy and --budget`,
    );
  }
  if (r.pending.length === 0)
    note(quiet, `all ${r.labelled.length} planned rows are labelled: run evalsift tcs estimate`);
  else
    note(
      quiet,
      `${input.strategy}: ${r.labelled.length} of ${input.budget} labels recorded; ${adaptive && r.pending.length === 1 ? "label the next row, then run again" : `${r.pending.length} rows to label${adaptive ? ", then run again" : ""}`}`,
    );
  const offset = r.labelled.length;
  const columns =
    input.ids === undefined ? ["order", "row", "risk"] : ["order", "row", "id", "risk"];
  const rows = r.pending.map((i, k) => {
    const base: (string | number)[] = [offset + k + 1, i];
    if (input.ids !== undefined) base.push(input.ids[i] ?? "");
    base.push(input.risk[i] ?? 0);
    return base;
  });
  return {
    columns,
    rows,
    json: {
      strategy: input.strategy,
      budget: input.budget,
      seed: input.seed,
      adaptive,
      labelled: r.labelled.length,
      done: r.pending.length === 0,
      next: rows.map((row) => Object.fromEntries(columns.map((c, j) => [c, row[j]]))),
    },
    ...(p.values.has("plot")
      ? { plot: tcsPlot(verb, input, labels, r, p.flags.has("real-labels"), quiet) }
      : {}),
  };
}
