import type { OptionSpec, Parsed } from "./args.js";
import { parseArgs } from "./args.js";
import { demo, demoHelp, demoOptions } from "./commands/demo.js";
import {
  slicesIdentify,
  slicesIdentifyHelp,
  slicesIdentifyOptions,
} from "./commands/slicesIdentify.js";
import { slicesRank, slicesRankHelp, slicesRankOptions } from "./commands/slicesRank.js";
import { subsetOptions } from "./commands/subsetCommon.js";
import {
  subsetEvaluate,
  subsetEvaluateHelp,
  subsetEvaluateOptions,
} from "./commands/subsetEvaluate.js";
import { subsetSelect, subsetSelectHelp } from "./commands/subsetSelect.js";
import { tcsOptions } from "./commands/tcsCommon.js";
import { tcsEstimate, tcsEstimateHelp } from "./commands/tcsEstimate.js";
import { tcsPlan, tcsPlanHelp } from "./commands/tcsPlan.js";
import { CliError } from "./errors.js";
import { emit, type Result } from "./output.js";

type Verb = {
  readonly name: string;
  readonly summary: string;
  readonly options: readonly OptionSpec[];
  readonly help: string;
  readonly run: (p: Parsed) => Result;
};

const verbs: readonly Verb[] = [
  {
    name: "tcs plan",
    summary: "which rows to label next (test-case selection)",
    options: tcsOptions,
    help: tcsPlanHelp,
    run: tcsPlan,
  },
  {
    name: "tcs estimate",
    summary: "the estimate and CI from the recorded labels",
    options: tcsOptions,
    help: tcsEstimateHelp,
    run: tcsEstimate,
  },
  {
    name: "subset select",
    summary: "a benchmark subset from past runs",
    options: subsetOptions,
    help: subsetSelectHelp,
    run: subsetSelect,
  },
  {
    name: "subset evaluate",
    summary: "the temporal protocol: how well a subset method tracks later runs",
    options: subsetEvaluateOptions,
    help: subsetEvaluateHelp,
    run: subsetEvaluate,
  },
  {
    name: "slices identify",
    summary: "coherent slices of a suite (NSGA-II) and the tests to re-run",
    options: slicesIdentifyOptions,
    help: slicesIdentifyHelp,
    run: slicesIdentify,
  },
  {
    name: "slices rank",
    summary: "slices ordered by how likely they regressed, from the re-run tests",
    options: slicesRankOptions,
    help: slicesRankHelp,
    run: slicesRank,
  },
  {
    name: "demo",
    summary: "estimate a SWE-bench Verified resolve rate from 50 labels (bundled data)",
    options: demoOptions,
    help: demoHelp,
    run: demo,
  },
];

function mainHelp(): string {
  const w = Math.max(...verbs.map((v) => v.name.length)) + 2;
  return (
    "usage: evalsift <verb> [options]   (evalsift <verb> --help for its options and an example)\n\n" +
    `verbs:\n${verbs.map((v) => `  ${v.name.padEnd(w)}${v.summary}`).join("\n")}\n\n` +
    "Output: a table on a terminal, CSV in a pipe; --json or --csv to choose, --out FILE to write\n" +
    "(through a temporary file and a rename). Errors exit with code 2 and write nothing.\n"
  );
}

function run(argv: readonly string[]): number {
  if (argv.length === 0 || argv[0] === "--help" || argv[0] === "-h" || argv[0] === "help") {
    process.stdout.write(mainHelp());
    return argv.length === 0 ? 2 : 0;
  }
  const two = `${argv[0]} ${argv[1] ?? ""}`;
  const verb = verbs.find((v) => v.name === two) ?? verbs.find((v) => v.name === argv[0]);
  if (verb === undefined) {
    const group = verbs.filter((v) => v.name.startsWith(`${argv[0]} `));
    const valid = (group.length > 0 ? group : verbs).map((v) => v.name).join(", ");
    throw new CliError(
      `unknown command ${JSON.stringify(group.length > 0 ? two.trim() : argv[0])} (valid: ${valid})`,
    );
  }
  const rest = argv.slice(verb.name.split(" ").length);
  if (rest.includes("--help") || rest.includes("-h")) {
    process.stdout.write(verb.help);
    return 0;
  }
  const parsed = parseArgs(verb.name, rest, verb.options);
  emit(verb.run(parsed), parsed);
  return 0;
}

try {
  process.exitCode = run(process.argv.slice(2));
} catch (e) {
  if (e instanceof CliError || e instanceof RangeError || e instanceof TypeError) {
    // Library guards throw RangeError/TypeError naming the function and argument: bad input, not a crash.
    process.stderr.write(`evalsift: ${e.message}\n`);
    process.exitCode = 2;
  } else {
    process.stderr.write(
      `evalsift: internal error: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`,
    );
    process.exitCode = 1;
  }
}
