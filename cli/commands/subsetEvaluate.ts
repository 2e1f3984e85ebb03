import { temporalSplitCount, temporalSplitsDefaults } from "../../src/entry/subset.js";
import { evaluateSubset } from "../../src/index.js";
import { helpText, intOpt, type Parsed, stringOpt } from "../args.js";
import { CliError } from "../errors.js";
import type { Result } from "../output.js";
import { plotOption, trackingPlot } from "../plot.js";
import { note, progressBar } from "../progress.js";
import {
  outcomesInput,
  parseSize,
  readVectors,
  resolveMethod,
  seedOf,
  subsetOptions,
} from "./subsetCommon.js";

export const subsetEvaluateOptions = [
  ...subsetOptions,
  {
    name: "window",
    kind: "string",
    value: "W",
    help: "training runs per temporal split",
    default: "3",
  },
  {
    name: "seeds",
    kind: "string",
    value: "N",
    help: "seeds per split for random methods",
    default: "10",
  },
  plotOption(
    "how the subset tracks each later run: full rate, mean subset rate and its 2.5-97.5% band over seeds and splits",
  ),
] as const;

export const subsetEvaluateHelp = helpText(
  "evalsift subset evaluate --outcomes FILE --size K|P% [--method NAME] [--window W] [--seeds N]",
  "The temporal protocol: for every choice of W training runs (a random, seeded\n" +
    `${temporalSplitsDefaults.maxSplits.toLocaleString("en-US")} of them when there are more; a note on stderr says so), choose the subset\n` +
    "from them and measure its resolve-rate error on every later run. Prints the RMSE over splits and\n" +
    "seeds and the worst-case error (MaxErr), both in percentage points (1 pp = 0.01 of the\n" +
    "resolve rate). Progress bar on a terminal.",
  subsetEvaluateOptions,
  "evalsift subset evaluate --outcomes runs.csv --size 10% --method consistency --window 3 --seeds 10",
);

/** Percentage points per unit of resolve rate: the library gives the RMSE as a rate and MaxErr in points; the CLI prints both in points. */
const PP = 100;

/** `evalsift subset evaluate`. */
export function subsetEvaluate(p: Parsed): Result {
  const verb = "subset evaluate";
  const o = outcomesInput(verb, p);
  const size = parseSize(verb, stringOpt(p, "size"), o.items.length);
  const window = intOpt(verb, p, "window", 3, 1, Math.max(1, o.runs.length - 1));
  if (o.runs.length < window + 1)
    throw new CliError(
      `${verb}: --outcomes has ${o.runs.length} runs; the protocol needs at least W + 1 = ${window + 1}`,
    );
  const seeds = intOpt(verb, p, "seeds", 10, 1, 100_000);
  const { method, needsVectors } = resolveMethod(verb, p, o);
  const vecFile = p.values.get("vectors");
  if (needsVectors && vecFile === undefined)
    throw new CliError(`${verb}: method ${method.name} needs --vectors FILE`);
  const vectors = vecFile === undefined ? undefined : readVectors(vecFile, o);
  const bar = progressBar("subset evaluate", p.flags.has("quiet"));
  const ev = evaluateSubset({
    outcomes: o,
    select: method,
    size,
    window,
    seeds,
    seed: seedOf(p),
    ...(vectors ? { vectors } : {}),
    onProgress: bar.update,
  });
  bar.finish();
  // the library samples the splits above its cap: said, as the help says it
  // exact whenever it is a safe integer (so printed in full), else a double approximation
  const all = temporalSplitCount(o.runs.length, window);
  if (ev.splits.length < all) {
    const shown =
      all <= Number.MAX_SAFE_INTEGER ? all.toLocaleString("en-US") : `about ${all.toPrecision(3)}`;
    note(
      p.flags.has("quiet"),
      `note: ${shown} choices of ${window} training runs (C(${o.runs.length - 1}, ${window})); evaluated a random ${ev.splits.length.toLocaleString("en-US")} of them (seeded by --seed)`,
    );
  }
  return {
    columns: [
      "method",
      "size",
      "window",
      "seeds",
      "splits",
      "rmse_pp",
      "maxerr_median_pp",
      "maxerr_p95_pp",
      "maxerr_worst_pp",
    ],
    rows: [
      [
        ev.method,
        ev.size,
        ev.window,
        ev.seeds,
        ev.splits.length,
        PP * ev.rmse,
        ev.maxErr.median,
        ev.maxErr.p95,
        ev.maxErr.worst,
      ],
    ],
    json: {
      method: ev.method,
      size: ev.size,
      window: ev.window,
      seeds: ev.seeds,
      splits: ev.splits.length,
      unit: "percentage points",
      rmse: PP * ev.rmse,
      maxErr: ev.maxErr,
      rmseBySplit: Float64Array.from(ev.rmseBySplit, (v) => PP * v),
    },
    ...(p.values.has("plot")
      ? {
          plot: trackingPlot(
            o,
            ev,
            `${ev.method}, ${ev.size} of ${o.items.length} items, W = ${ev.window}`,
          ),
        }
      : {}),
  };
}
