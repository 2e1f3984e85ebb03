/**
 * The command's logic without its process: the verbs, the argument check
 * before a run (`prepare`), the run itself (`execute`, the worker thread's
 * job in `main.ts`) and the delivery of its output (`deliver`). `main.ts`
 * spreads them over its two threads and adds signal handling;
 * `runInProcess` chains them in the calling thread for the tests.
 */
import { resolve } from "node:path";
import { version } from "../package.json";
import type { OptionSpec, Parsed } from "./args.js";
import { didYouMean, parseArgs, TABLELESS } from "./args.js";
import { demo, demoHelp, demoOptions } from "./commands/demo.js";
import {
  slicesIdentify,
  slicesIdentifyHelp,
  slicesIdentifyOptions,
} from "./commands/slicesIdentify.js";
import { slicesRank, slicesRankHelp, slicesRankOptions } from "./commands/slicesRank.js";
import {
  subsetEstimate,
  subsetEstimateHelp,
  subsetEstimateOptions,
} from "./commands/subsetEstimate.js";
import {
  subsetEvaluate,
  subsetEvaluateHelp,
  subsetEvaluateOptions,
} from "./commands/subsetEvaluate.js";
import { subsetSelect, subsetSelectHelp, subsetSelectOptions } from "./commands/subsetSelect.js";
import { tcsOptions } from "./commands/tcsCommon.js";
import { tcsEstimate, tcsEstimateHelp } from "./commands/tcsEstimate.js";
import { tcsPlan, tcsPlanHelp } from "./commands/tcsPlan.js";
import { CliError } from "./errors.js";
import {
  checkColumnAliasesUsed,
  checkWritable,
  parseColumnAliases,
  setColumnAliases,
  writeAtomicAsync,
} from "./io.js";
import { checkFormat, type Result, render } from "./output.js";
import { checkPlotFile, writePlot } from "./plot.js";
import { type Stdio, setStdio, stdio } from "./stdio.js";

export type Verb = {
  readonly name: string;
  readonly summary: string;
  readonly options: readonly OptionSpec[];
  /** Common options this verb does not take (demo reads no table: no --columns). */
  readonly omit?: readonly string[];
  readonly help: string;
  readonly run: (p: Parsed) => Result | Promise<Result>;
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
    options: subsetSelectOptions,
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
    name: "subset estimate",
    summary: "a new run's full-benchmark rate from its outcomes on a recommended subset",
    options: subsetEstimateOptions,
    help: subsetEstimateHelp,
    run: subsetEstimate,
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
    omit: TABLELESS,
    help: demoHelp,
    run: demo,
  },
];

function mainHelp(): string {
  const w = Math.max(...verbs.map((v) => v.name.length)) + 2;
  return (
    "usage: evalsift <verb> [options]   (evalsift <verb> --help for its options and an example)\n" +
    "       evalsift --version\n\n" +
    `verbs:\n${verbs.map((v) => `  ${v.name.padEnd(w)}${v.summary}`).join("\n")}\n\n` +
    "Output: a table on a terminal, CSV in a pipe; --json or --csv (one of them) to choose.\n" +
    'JSON writes NaN and +-Infinity (e.g. df: Infinity) as the strings "NaN", "Infinity" and\n' +
    '"-Infinity" (as toPlain\'s nonFinite: "string"), never as null.\n' +
    "--out FILE writes JSON for a .json name, else CSV unless --json; a flag that contradicts\n" +
    "a .json or .csv name is an error. The file is written through a temporary file and a\n" +
    "rename; its folder is checked before the run. Errors exit with code 2 and write nothing.\n" +
    "Ctrl-C (SIGINT) or SIGTERM stops the run, removes the temporary file and exits with code\n" +
    "130 (SIGINT) or 143 (SIGTERM). Input files must be UTF-8 (a file that is not is refused\n" +
    "at its first bad byte, file:line:col).\n"
  );
}

/**
 * What `prepare` found: a text to print and the exit code (help, version), or
 * the verb to run with its checked options.
 */
export type Prepared =
  | { readonly kind: "text"; readonly code: number; readonly text: string }
  | { readonly kind: "run"; readonly verb: Verb; readonly parsed: Parsed };

/**
 * What the main thread does before the run: help, or the verb and its checked
 * options (output folders checked too). Throws a {@link CliError} on bad
 * arguments.
 */
export function prepare(argv: readonly string[]): Prepared {
  if (argv[0] === "--version" || argv[0] === "-V") {
    return { kind: "text", code: 0, text: `evalsift ${version}\n` };
  }
  if (argv.length === 0 || argv[0] === "--help" || argv[0] === "-h" || argv[0] === "help") {
    return { kind: "text", code: argv.length === 0 ? 2 : 0, text: mainHelp() };
  }
  const two = `${argv[0]} ${argv[1] ?? ""}`;
  const verb = verbs.find((v) => v.name === two) ?? verbs.find((v) => v.name === argv[0]);
  if (verb === undefined) {
    const group = verbs.filter((v) => v.name.startsWith(`${argv[0]} `));
    if (group.length > 0 && (argv[1] === "--help" || argv[1] === "-h" || argv[1] === "help")) {
      // `evalsift tcs --help`: the group's commands, each with its usage line
      const lines = group.map(
        (v) => `  evalsift ${v.name}  (evalsift ${v.name} --help for its options)`,
      );
      return {
        kind: "text",
        code: 0,
        text: `commands of evalsift ${argv[0]}:\n${lines.join("\n")}\n`,
      };
    }
    const names = (group.length > 0 ? group : verbs).map((v) => v.name);
    const got = group.length > 0 ? two.trim() : (argv[0] as string);
    // a misspelt group ("slice rank") is near a full name; a misspelt flag near --version / --help
    const hint =
      didYouMean(got, names, true) ||
      didYouMean(two.trim(), names, true) ||
      didYouMean(got, ["--version", "--help"], true);
    throw new CliError(
      `unknown command ${JSON.stringify(got)} (valid: ${names.join(", ")}${hint})`,
    );
  }
  const rest = argv.slice(verb.name.split(" ").length);
  if (rest.includes("--help") || rest.includes("-h")) {
    return { kind: "text", code: 0, text: verb.help };
  }
  const parsed = parseArgs(verb.name, rest, verb.options, verb.omit);
  const columns = parsed.values.get("columns");
  if (columns !== undefined) parseColumnAliases(columns);
  checkFormat(parsed);
  checkOutputs(parsed, verb.options);
  const out = parsed.values.get("out");
  if (out !== undefined) checkWritable(out);
  const save = parsed.values.get("save");
  if (save !== undefined) checkWritable(save, "--save");
  const plot = parsed.values.get("plot");
  if (plot !== undefined) checkPlotFile(plot);
  return { kind: "run", verb, parsed };
}

/** The options that name a file the run writes. */
const OUTPUT_OPTIONS = ["out", "save", "plot"] as const;

/**
 * Fails before a run when an output file name is empty (an unset `$OUT`) or
 * is one of the run's own input files (`--labels L.csv --out L.csv` would
 * replace the labels with the plan).
 */
function checkOutputs(parsed: Parsed, specs: readonly OptionSpec[]): void {
  const written = new Map<string, string>();
  for (const o of OUTPUT_OPTIONS) {
    const file = parsed.values.get(o);
    if (file === undefined) continue;
    if (file.trim() === "") throw new CliError(`--${o}: the file name is empty`);
    // a name ending in a separator is a folder's, and the rename at the end of the run failed on it
    if (/[\\/]$/.test(file))
      throw new CliError(`--${o}: ${file} is not a file name (it ends in a separator)`);
    // two outputs into one file: the later silently replaced the earlier
    const other = written.get(resolve(file));
    if (other !== undefined) {
      throw new CliError(
        `--${o} ${file} is also the --${other} file: give each output its own file`,
      );
    }
    written.set(resolve(file), o);
    for (const spec of specs) {
      if (spec.kind !== "string" || !/FILE/.test(spec.value ?? "")) continue;
      if ((OUTPUT_OPTIONS as readonly string[]).includes(spec.name)) continue;
      const given = parsed.values.get(spec.name);
      if (given === undefined) continue;
      for (const input of given.split(",")) {
        if (input !== "" && resolve(input) === resolve(file)) {
          throw new CliError(
            `--${o} ${file} is also the --${spec.name} file: the run would overwrite its own input; write to another file`,
          );
        }
      }
    }
  }
}

/** The end of a verb's run: its rendered output, or the error message and exit code. */
export type Done =
  | { readonly type: "done"; readonly code: 0; readonly text: string }
  | { readonly type: "done"; readonly code: 1 | 2; readonly error: string };

/** The error message and exit code of a failed run (2 for bad input, 1 for a crash). */
export function errorMessage(e: unknown): { code: 1 | 2; error: string } {
  if (e instanceof CliError || e instanceof RangeError || e instanceof TypeError) {
    // Library guards throw RangeError/TypeError naming the function and argument: bad input, not a crash.
    return { code: 2, error: `evalsift: ${e.message}\n` };
  }
  return {
    code: 1,
    error: `evalsift: internal error: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`,
  };
}

/**
 * A verb's run (in the CLI, the worker thread's whole job): the verb on its
 * checked options, the output rendered for `io.stdoutTTY`, the `--plot`
 * file written. Stderr text (progress, warnings) goes to `io.writeErr`.
 * Never throws: a failure is a {@link Done} with its code and message.
 */
export async function execute(argv: readonly string[], io: Stdio): Promise<Done> {
  setStdio(io);
  try {
    const prep = prepare(argv);
    if (prep.kind === "text") throw new Error("the worker got a help request");
    const columns = prep.parsed.values.get("columns");
    setColumnAliases(columns === undefined ? undefined : parseColumnAliases(columns));
    const result = await prep.verb.run(prep.parsed);
    checkColumnAliasesUsed();
    const text = render(result, prep.parsed, io.stdoutTTY);
    const plotFile = prep.parsed.values.get("plot");
    if (plotFile !== undefined) {
      if (result.plot === undefined)
        throw new Error(`${prep.verb.name} has a --plot option but drew no chart`);
      if (result.plot !== null) await writePlot(plotFile, result.plot);
    }
    return { type: "done", code: 0, text };
  } catch (e) {
    return { type: "done", ...errorMessage(e) };
  }
}

/** Where a run's output and messages go. */
export type Sinks = {
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
};

/**
 * The main thread's end of a run: an error message to stderr, the output to
 * stdout, or (with `out`) to that file through a temporary file and a rename
 * (`commit` as in {@link writeAtomicAsync}). Returns the exit code, a promise
 * of it when a file is written (undefined when `commit` refused the rename).
 */
export function deliver(
  done: Done,
  out: string | undefined,
  sinks: Sinks,
  commit?: { readonly allowed: () => boolean; readonly done: () => void },
): number | Promise<number | undefined> {
  if (done.code !== 0) {
    sinks.stderr(done.error);
    return done.code;
  }
  if (out === undefined) {
    sinks.stdout(done.text);
    return 0;
  }
  return writeAtomicAsync(out, done.text, commit).then(
    (written) => (written ? 0 : undefined),
    (e: unknown) => {
      sinks.stderr(errorMessage(e).error);
      return 2;
    },
  );
}

/**
 * One CLI run in the calling thread, as `evalsift ...argv` with stdout and
 * stderr piped (not terminals): the same {@link prepare}, {@link execute} and
 * {@link deliver} as the command, without its worker thread and signal
 * handling. Returns the exit code. For the tests, which would otherwise start
 * a process per run.
 */
export async function runInProcess(argv: readonly string[], sinks: Sinks): Promise<number> {
  let prep: Prepared;
  try {
    prep = prepare(argv);
  } catch (e) {
    const m = errorMessage(e);
    sinks.stderr(m.error);
    return m.code;
  }
  if (prep.kind === "text") {
    sinks.stdout(prep.text);
    return prep.code;
  }
  const previous = stdio();
  try {
    const done = await execute(argv, {
      stdoutTTY: false,
      stderrTTY: false,
      writeErr: sinks.stderr,
    });
    return (await deliver(done, prep.parsed.values.get("out"), sinks)) ?? 0;
  } finally {
    setStdio(previous);
  }
}
