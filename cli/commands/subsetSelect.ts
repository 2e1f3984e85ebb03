import { createRng } from "../../src/index.js";
import { helpText, type Parsed, stringOpt } from "../args.js";
import { CliError } from "../errors.js";
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

export const subsetSelectHelp = helpText(
  "evalsift subset select --outcomes FILE --size K|P% [--method NAME] [--vectors FILE] [--seed S]",
  "Chooses a benchmark subset from past runs (all runs in --outcomes are the history):\n" +
    "a stratified baseline (consistency = pass count over the runs, the paper's best) or a\n" +
    "geometric selector within outcome strata over item vectors. Prints the chosen items.",
  subsetOptions,
  "evalsift subset select --outcomes runs.csv --size 10% --method consistency --seed 1",
);

/** `evalsift subset select`. */
export function subsetSelect(p: Parsed): Result {
  const verb = "subset select";
  const o = outcomesInput(verb, p);
  const k = parseSize(verb, stringOpt(p, "size"), o.items.length);
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
