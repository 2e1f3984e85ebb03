import { readFileSync } from "node:fs";
import type { Submission, SwebenchOutcomes } from "../../examples/loadSwebench.js";
import { DEFAULT_TARGET, resolveRateDemo } from "../../examples/resolveRateDemo.js";
import {
  helpText,
  intOpt,
  type OptionSpec,
  type Parsed,
  SEED_HELP,
  seedOpt,
  TABLELESS,
} from "../args.js";
import { CliError } from "../errors.js";
import type { Result } from "../output.js";
import { estimateForest, plotOption } from "../plot.js";
import { note } from "../progress.js";

export const demoOptions: readonly OptionSpec[] = [
  {
    name: "target",
    kind: "string",
    value: "NAME",
    help: "submission to estimate",
    default: DEFAULT_TARGET,
  },
  {
    name: "n",
    kind: "string",
    value: "N",
    help: "labels (instances run), at least 10 (2 in each of the stratified design's 5 strata)",
    default: "50",
  },
  {
    name: "reps",
    kind: "string",
    value: "R",
    help: "seeds for RMSE and coverage",
    default: "1000",
  },
  {
    name: "seed",
    kind: "string",
    value: "S",
    help: `${SEED_HELP} (of the shown estimates)`,
    default: "2026",
  },
  plotOption("the three estimates with their 95% CIs against the true rate"),
];

export const demoHelp = helpText(
  "evalsift demo [--target NAME] [--n N] [--reps R] [--seed S]",
  "The README's main job offline: estimate a SWE-bench Verified submission's resolve rate\n" +
    "from n of the 500 instances with three designs (SRS, stratified on past pass rates,\n" +
    "pivotal on past pass rates), each with its 95% CI, next to the true rate; then RMSE,\n" +
    "bias and CI coverage of each design over R seeds. Data: 134 MIT-licensed submissions\n" +
    "bundled with the CLI (examples/data/PROVENANCE.txt).",
  demoOptions,
  "evalsift demo --reps 200",
  TABLELESS,
);

/**
 * A vendored data file's text. The bundle (tsup's text loader) inlines the
 * dynamic import; run from source (`npx tsx cli/main.ts`), Node has no loader
 * for .txt/.csv and refuses it, and the file is read from the repository
 * instead. Loaded when `demo` runs, so no other verb depends on it.
 */
async function asset(load: () => Promise<{ default: string }>, path: string): Promise<string> {
  try {
    return (await load()).default;
  } catch (e) {
    if ((e as { code?: unknown }).code !== "ERR_UNKNOWN_FILE_EXTENSION") throw e;
    return readFileSync(new URL(path, import.meta.url), "utf8");
  }
}

/** Parses the bundled outcomes (same format as examples/loadSwebench.ts reads from disk). */
async function bundledOutcomes(): Promise<SwebenchOutcomes> {
  // each import names its file literally, so that the bundler finds and inlines it
  const instanceIdsTxt = await asset(
    () => import("../../examples/data/instance_ids.txt"),
    "../../examples/data/instance_ids.txt",
  );
  const outcomesCsv = await asset(
    () => import("../../examples/data/swebench-verified-outcomes.csv"),
    "../../examples/data/swebench-verified-outcomes.csv",
  );
  const instanceIds = instanceIdsTxt.split(/\r?\n/).filter((s) => s.length > 0);
  const lines = outcomesCsv.split(/\r?\n/).filter((s) => s.length > 0);
  const submissions: Submission[] = lines.slice(1).map((line) => {
    const [name = "", date = "", , bits = ""] = line.split(",");
    return { name, date, outcomes: Uint8Array.from(bits, (b) => (b === "1" ? 1 : 0)) };
  });
  return { instanceIds, submissions };
}

/** `evalsift demo`. */
export async function demo(p: Parsed): Promise<Result> {
  const data = await bundledOutcomes();
  const target = p.values.get("target") ?? DEFAULT_TARGET;
  if (!data.submissions.some((s) => s.name === target)) {
    throw new CliError(
      `demo: unknown submission ${JSON.stringify(target)} (e.g. ${data.submissions
        .slice(-3)
        .map((s) => s.name)
        .join(", ")})`,
    );
  }
  // the target needs two earlier submissions for its strata (a plain Error came out of the run)
  const me = data.submissions.find((s) => s.name === target);
  if (me !== undefined && data.submissions.filter((s) => s.date < me.date).length < 2) {
    throw new CliError(
      `demo: --target ${target} has fewer than 2 earlier submissions to stratify by; choose a later one`,
    );
  }
  // the stratified design reserves minPerStratum = 2 labels in each of its 5 strata
  const n = intOpt("demo", p, "n", 50, 10, data.instanceIds.length);
  const reps = intOpt("demo", p, "reps", 1000, 1, 1_000_000);
  const seed = seedOpt(p, "2026");
  const r = resolveRateDemo(data, { target, n, reps, seed });
  note(
    p.flags.has("quiet"),
    `evalsift demo: ${r.target} (${r.targetDate}), true resolve rate ${r.trueRate} from all ${r.N} instances; estimated from n = ${r.n}, RMSE/coverage over ${r.reps} seeds`,
  );
  return {
    columns: [
      "design",
      "estimate",
      "ci_lo",
      "ci_hi",
      "true_rate",
      "rmse",
      "bias",
      "coverage",
      "mean_ci_width",
    ],
    rows: r.methods.map((m) => [
      m.name,
      m.estimate.estimate,
      m.estimate.ci[0],
      m.estimate.ci[1],
      r.trueRate,
      m.rmse,
      m.meanEstimate - r.trueRate,
      m.coverage,
      m.meanWidth,
    ]),
    json: {
      target: r.target,
      targetDate: r.targetDate,
      trueRate: r.trueRate,
      N: r.N,
      n: r.n,
      reps: r.reps,
      methods: r.methods.map((m) => ({
        name: m.name,
        description: m.description,
        estimate: m.estimate,
        rmse: m.rmse,
        bias: m.meanEstimate - r.trueRate,
        coverage: m.coverage,
        meanWidth: m.meanWidth,
      })),
    },
    ...(p.values.has("plot")
      ? {
          plot: estimateForest(
            r.methods.map((m) => ({ name: m.name, estimate: m.estimate })),
            true,
            {
              title: `${r.target}: n = ${r.n} of ${r.N} instances (dashed: true rate)`,
              axisTitle: "resolve rate",
              reference: r.trueRate,
            },
          ),
        }
      : {}),
  };
}
