import { rmSync } from "node:fs";
import { isMainThread, parentPort, Worker, workerData } from "node:worker_threads";
import { tempPath } from "./io.js";
import { type Done, deliver, errorMessage, execute, type Prepared, prepare } from "./run.js";

/** Message from the worker: stderr text, or the end of the run. */
type FromWorker = { readonly type: "stderr"; readonly text: string } | Done;

/** Worker thread: runs the verb, writes its `--plot` file and posts the rendered output (the main thread writes it). */
async function workerMain(): Promise<void> {
  const port = parentPort;
  if (port === null) return;
  const data = workerData as { argv: string[]; stdoutTTY: boolean; stderrTTY: boolean };
  const msg = await execute(data.argv, {
    stdoutTTY: data.stdoutTTY,
    stderrTTY: data.stderrTTY,
    writeErr: (text) => port.postMessage({ type: "stderr", text } satisfies FromWorker),
  });
  port.postMessage(msg satisfies FromWorker);
}

/**
 * The worker thread running this file. Run from source (`npx tsx
 * cli/main.ts`), Node 20 does not apply tsx's loader to a worker's entry
 * file, so the worker loads this file through tsx's `tsImport`; the built
 * CLI (a .js file) starts it directly.
 */
function startWorker(workerData: unknown): Worker {
  const self = import.meta.url;
  if (!self.endsWith(".ts")) return new Worker(new URL(self), { workerData });
  const api = JSON.stringify(import.meta.resolve("tsx/esm/api"));
  const code = `import(${api}).then((m) => m.tsImport(${JSON.stringify(self)}, ${JSON.stringify(self)}))`;
  return new Worker(code, { eval: true, workerData });
}

/**
 * Main thread: checks the arguments and the --out folder, runs the verb in a
 * worker thread and writes its output. On SIGINT/SIGTERM it stops the worker,
 * removes the temporary output file and exits with 130/143.
 */
function main(): void {
  const argv = process.argv.slice(2);
  let prep: Prepared;
  try {
    prep = prepare(argv);
  } catch (e) {
    const m = errorMessage(e);
    process.stderr.write(m.error);
    process.exitCode = m.code;
    return;
  }
  if (prep.kind === "text") {
    process.stdout.write(prep.text);
    process.exitCode = prep.code;
    return;
  }
  const out = prep.parsed.values.get("out");
  const tmp = out === undefined ? undefined : tempPath(out);
  const worker = startWorker({
    argv,
    stdoutTTY: process.stdout.isTTY === true,
    stderrTTY: process.stderr.isTTY === true,
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
  const end = (code: number | undefined): void => {
    if (code === undefined) return;
    finalCode = code;
    process.exitCode = code;
  };
  const sinks = {
    stdout: (text: string) => {
      process.stdout.write(text);
    },
    stderr: (text: string) => {
      process.stderr.write(text);
    },
  };
  worker.on("message", (m: FromWorker) => {
    if (m.type === "stderr") {
      process.stderr.write(m.text);
      return;
    }
    received = true;
    const code = deliver(m, out, sinks, {
      allowed: () => !interrupted,
      done: () => {
        finalCode = 0;
      },
    });
    if (typeof code === "number") end(code);
    else void code.then(end);
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
