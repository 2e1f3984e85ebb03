import { rmSync } from "node:fs";
import { resolve } from "node:path";
import { isMainThread, parentPort, Worker, workerData } from "node:worker_threads";
import { version } from "../package.json";
import type { OptionSpec, Parsed } from "./args.js";
import { parseArgs } from "./args.js";
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
import { checkWritable, tempPath, writeAtomicAsync } from "./io.js";
import { checkFormat, type Result, render } from "./output.js";
import { checkPlotFile, writePlot } from "./plot.js";
import { setStdio } from "./stdio.js";

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
    "--out FILE writes JSON for a .json name, else CSV unless --json; a flag that contradicts\n" +
    "a .json or .csv name is an error. The file is written through a temporary file and a\n" +
    "rename; its folder is checked before the run. Errors exit with code 2 and write nothing.\n" +
    "Ctrl-C (SIGINT) or SIGTERM stops the run, removes the temporary file and exits with code\n" +
    "130 (SIGINT) or 143 (SIGTERM). Input files must be UTF-8 (a file that is not is refused\n" +
    "at its first bad byte, file:line:col).\n"
  );
}

/** What the main thread does before the run: help, or the verb and its checked options. */
function prepare(argv: readonly string[]): { verb: Verb; parsed: Parsed } | number {
  if (argv[0] === "--version" || argv[0] === "-V") {
    process.stdout.write(`evalsift ${version}\n`);
    return 0;
  }
  if (argv.length === 0 || argv[0] === "--help" || argv[0] === "-h" || argv[0] === "help") {
    process.stdout.write(mainHelp());
    return argv.length === 0 ? 2 : 0;
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
      process.stdout.write(`commands of evalsift ${argv[0]}:\n${lines.join("\n")}\n`);
      return 0;
    }
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
  checkFormat(parsed);
  checkOutputs(parsed, verb.options);
  const out = parsed.values.get("out");
  if (out !== undefined) checkWritable(out);
  const save = parsed.values.get("save");
  if (save !== undefined) checkWritable(save, "--save");
  const plot = parsed.values.get("plot");
  if (plot !== undefined) checkPlotFile(plot);
  return { verb, parsed };
}

/** The options that name a file the run writes. */
const OUTPUT_OPTIONS = ["out", "save", "plot"] as const;

/**
 * Fails before a run when an output file name is empty (an unset `$OUT`) or
 * is one of the run's own input files (`--labels L.csv --out L.csv` would
 * replace the labels with the plan).
 */
function checkOutputs(parsed: Parsed, specs: readonly OptionSpec[]): void {
  for (const o of OUTPUT_OPTIONS) {
    const file = parsed.values.get(o);
    if (file === undefined) continue;
    if (file.trim() === "") throw new CliError(`--${o}: the file name is empty`);
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

/** Message from the worker: stderr text, or the end of the run. */
type FromWorker =
  | { readonly type: "stderr"; readonly text: string }
  | { readonly type: "done"; readonly code: 0; readonly text: string }
  | { readonly type: "done"; readonly code: 1 | 2; readonly error: string };

function errorMessage(e: unknown): { code: 1 | 2; error: string } {
  if (e instanceof CliError || e instanceof RangeError || e instanceof TypeError) {
    // Library guards throw RangeError/TypeError naming the function and argument: bad input, not a crash.
    return { code: 2, error: `evalsift: ${e.message}\n` };
  }
  return {
    code: 1,
    error: `evalsift: internal error: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`,
  };
}

/** Worker thread: runs the verb, writes its `--plot` file and posts the rendered output (the main thread writes it). */
async function workerMain(): Promise<void> {
  const port = parentPort;
  if (port === null) return;
  const data = workerData as { argv: string[]; stdoutTTY: boolean; stderrTTY: boolean };
  setStdio({
    stdoutTTY: data.stdoutTTY,
    stderrTTY: data.stderrTTY,
    writeErr: (text) => port.postMessage({ type: "stderr", text } satisfies FromWorker),
  });
  let msg: FromWorker;
  try {
    const prep = prepare(data.argv);
    if (typeof prep === "number") throw new Error("the worker got a help request");
    const result = prep.verb.run(prep.parsed);
    const text = render(result, prep.parsed, data.stdoutTTY);
    const plotFile = prep.parsed.values.get("plot");
    if (plotFile !== undefined) {
      if (result.plot === undefined)
        throw new Error(`${prep.verb.name} has a --plot option but drew no chart`);
      await writePlot(plotFile, result.plot);
    }
    msg = { type: "done", code: 0, text };
  } catch (e) {
    msg = { type: "done", ...errorMessage(e) };
  }
  port.postMessage(msg);
}

/**
 * Main thread: checks the arguments and the --out folder, runs the verb in a
 * worker thread and writes its output. On SIGINT/SIGTERM it stops the worker,
 * removes the temporary output file and exits with 130/143.
 */
function main(): void {
  const argv = process.argv.slice(2);
  let prep: ReturnType<typeof prepare>;
  try {
    prep = prepare(argv);
  } catch (e) {
    const m = errorMessage(e);
    process.stderr.write(m.error);
    process.exitCode = m.code;
    return;
  }
  if (typeof prep === "number") {
    process.exitCode = prep;
    return;
  }
  const out = prep.parsed.values.get("out");
  const tmp = out === undefined ? undefined : tempPath(out);
  const worker = new Worker(new URL(import.meta.url), {
    workerData: {
      argv,
      stdoutTTY: process.stdout.isTTY === true,
      stderrTTY: process.stderr.isTTY === true,
    },
  });
  let received = false;
  // set once the result is out (printed, or renamed into place): a late signal then
  // exits with the run's own code instead of reporting an interrupted run
  let finalCode: number | undefined;
  let interrupted = false;
  const onSignal = (signal: NodeJS.Signals): void => {
    if (finalCode !== undefined) {
      process.exit(finalCode);
      return;
    }
    interrupted = true;
    const code = signal === "SIGTERM" ? 143 : 130;
    void worker
      .terminate()
      .catch(() => 0)
      .then(() => {
        if (finalCode !== undefined) process.exit(finalCode);
        if (tmp !== undefined) rmSync(tmp, { force: true });
        process.stderr.write(`\nevalsift: interrupted (${signal})\n`);
        process.exit(code);
      });
  };
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);
  const end = (code: number): void => {
    finalCode = code;
    process.exitCode = code;
  };
  worker.on("message", (m: FromWorker) => {
    if (m.type === "stderr") {
      process.stderr.write(m.text);
      return;
    }
    received = true;
    if (m.code !== 0) {
      process.stderr.write(m.error);
      end(m.code);
      return;
    }
    if (out === undefined) {
      process.stdout.write(m.text);
      end(0);
      return;
    }
    writeAtomicAsync(out, m.text, {
      allowed: () => !interrupted,
      done: () => {
        finalCode = 0;
      },
    }).then(
      (written) => {
        if (written) end(0);
      },
      (e: unknown) => {
        process.stderr.write(errorMessage(e).error);
        end(2);
      },
    );
  });
  worker.on("error", (e) => {
    // An uncaught failure of the worker itself (e.g. out of memory): the verb's own errors arrive as messages.
    received = true;
    process.stderr.write(`evalsift: internal error: ${e.stack ?? e.message}\n`);
    end(1);
  });
  worker.on("exit", () => {
    // stopped by the signal handler, which reports the interrupt itself
    if (!received && !interrupted) {
      process.stderr.write("evalsift: internal error: the worker stopped without a result\n");
      end(1);
    }
  });
}

if (isMainThread) main();
else void workerMain();
