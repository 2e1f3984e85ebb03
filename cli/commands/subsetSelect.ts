import { createRng, recommendSubset } from "../../src/index.js";
import { didYouMean, helpText, type OptionSpec, type Parsed, stringOpt } from "../args.js";
import { CliError } from "../errors.js";
import { checkColumnAliasesUsed } from "../io.js";
import type { Result } from "../output.js";
import { note } from "../progress.js";
import {
  outcomesInput,
  parseSize,
  readVectors,
  resolveMethod,
  seedOf,
  subsetOptions,
} from "./subsetCommon.js";
import { saveRecommendation } from "./subsetEstimate.js";

/** Options of `subset select`: the shared ones plus `--save` for `--method auto`. */
export const subsetSelectOptions: readonly OptionSpec[] = [
  ...subsetOptions,
  {
    name: "save",
    kind: "string",
    value: "FILE",
    help: "with --method auto: write the recommendation (items + estimator) as JSON for `subset estimate`",
  },
  {
    name: "selection",
    kind: "string",
    value: "RULE",
    help: "with --method auto: robust (default: the best candidate drawn at random within strata; stepwise only if no other) or rmse (lowest CV RMSE)",
  },
];

export const subsetSelectHelp = helpText(
  "evalsift subset select --outcomes FILE --size K|P% [--method NAME|auto [--save FILE] [--selection RULE]] [--vectors FILE] [--seed S]",
  "Chooses a benchmark subset from past runs (all runs in --outcomes are the history):\n" +
    "a stratified baseline (consistency = pass count over the runs, the paper's best) or a\n" +
    "geometric selector within outcome strata over item vectors. Prints the chosen items.\n" +
    "--method auto: the subset method AND the estimator chosen by temporal cross-validation\n" +
    "(recommendSubset); --save writes them for `subset estimate`.",
  subsetSelectOptions,
  "evalsift subset select --outcomes runs.csv --size 10% --method consistency --seed 1",
);

/** `evalsift subset select`. */
export function subsetSelect(p: Parsed): Result {
  const verb = "subset select";
  const o = outcomesInput(verb, p);
  const k = parseSize(verb, stringOpt(p, "size"), o.items.length);
  if (p.values.get("method")?.toLowerCase() === "auto") {
    // recommendSubset cross-validates the outcome-strata methods only
    for (const opt of ["vectors", "strata"]) {
      if (p.values.has(opt))
        throw new CliError(
          `${verb}: --${opt} is for the selectors; --method auto chooses among methods that read the outcomes only (consistency, passRate, stepwise) and does not use it`,
        );
    }
    return selectAuto(p, o, k);
  }
  if (p.values.get("save") !== undefined) throw new CliError(`${verb}: --save needs --method auto`);
  if (p.values.get("selection") !== undefined)
    throw new CliError(`${verb}: --selection needs --method auto`);
  const { method, needsVectors } = resolveMethod(verb, p, o);
  const vecFile = p.values.get("vectors");
  if (needsVectors && vecFile === undefined)
    throw new CliError(`${verb}: method ${method.name} needs --vectors FILE`);
  const vectors = vecFile === undefined ? undefined : readVectors(vecFile, o);
  const picked = method.select(
    { history: o, k, ...(vectors ? { vectors } : {}) },
    createRng(seedOf(p)),
  );
  note(
    p.flags.has("quiet"),
    `${method.name}: ${picked.length} of ${o.items.length} items from ${o.runs.length} runs`,
  );
  const rows = Array.from(picked, (i, r) => [r + 1, i, o.items[i] ?? ""] as (string | number)[]);
  return {
    columns: ["order", "index", "item"],
    rows,
    json: { method: method.name, k, items: Array.from(picked, (i) => o.items[i]), indices: picked },
  };
}

function selectAuto(p: Parsed, o: Parameters<typeof recommendSubset>[0], k: number): Result {
  const verb = "subset select";
  if (o.runs.length < 8) {
    throw new CliError(
      `${verb}: --method auto cross-validates over time and needs at least 8 runs (got ${o.runs.length})`,
    );
  }
  const folds = Math.min(5, o.runs.length - Math.max(3, Math.ceil(o.runs.length / 2)));
  const selection = p.values.get("selection") ?? "robust";
  if (selection !== "robust" && selection !== "rmse") {
    throw new CliError(
      `${verb}: --selection must be robust or rmse (got ${selection}${didYouMean(selection, ["robust", "rmse"], true)})`,
    );
  }
  const rec = recommendSubset(o, k, createRng(seedOf(p)), { folds, selection });
  const save = p.values.get("save");
  if (save !== undefined) {
    // every table is read: a mapping that did nothing fails before the file is written
    checkColumnAliasesUsed();
    saveRecommendation(save, rec);
  }
  const c = rec.choice;
  const best = rec.cv.find(
    (r) => r.method === c.method && r.estimator === c.estimator && r.recent === c.recent,
  );
  const moved =
    rec.selection.lowest === rec.method
      ? ""
      : `; preferred to ${rec.selection.lowest} (lowest RMSE), whose interval has no design-based part`;
  note(
    p.flags.has("quiet"),
    `auto: ${rec.method} (temporal CV RMSE ${best?.rmse.toFixed(4)}, interval coverage ${((best?.coverage ?? 0) * 100).toFixed(1)} %${moved}): ${k} of ${o.items.length} items from ${o.runs.length} runs`,
  );
  return {
    columns: ["order", "index", "item"],
    rows: Array.from(rec.items, (i, r) => [r + 1, i, o.items[i] ?? ""] as (string | number)[]),
    json: {
      method: rec.method,
      k,
      items: rec.itemIds,
      indices: rec.items,
      cv: rec.cv,
      selection: rec.selection,
    },
  };
}
