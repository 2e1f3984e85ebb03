import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  MessageChannel,
  type MessagePort,
  receiveMessageOnPort,
  Worker,
} from "node:worker_threads";
import { inject } from "vitest";
import { bundleCli } from "../cliBundle.js";

/** Result of one CLI run. */
export type CliRun = { readonly code: number; readonly stdout: string; readonly stderr: string };

/**
 * The CLI bundle, built exactly as `tsup.cli.config.ts` builds it. Under vitest
 * it is the one `test/cliBundle.globalSetup.ts` made once per run (removed when
 * the run ends); in a plain script (`test/label/label.browser.ts`, run by tsx)
 * it is bundled here into the OS temp dir and removed when the process exits.
 * `inside: true` gives the copy inside the project, which finds the project's
 * node_modules (its optional renderers); the default copy is in the OS temp dir.
 */
export async function buildCli(where: { inside?: boolean } = {}): Promise<{ file: string }> {
  const file =
    process.env.VITEST !== undefined
      ? inject(where.inside === true ? "cliInside" : "cliOutside")
      : await bundleForScript(where.inside === true);
  return { file };
}

async function bundleForScript(inside: boolean): Promise<string> {
  const dir = mkdtempSync(join(inside ? process.cwd() : tmpdir(), "evalsift-cli-"));
  process.once("exit", () => rmSync(dir, { recursive: true, force: true }));
  const file = join(dir, "cli.js");
  await bundleCli(file);
  return file;
}

/**
 * Runs `evalsift ...args` with stdout/stderr captured (pipes, so no TTY).
 * Under vitest, a run of the default bundle (`buildCli()`) without `cwd`
 * happens in this process: `runInProcess` of `cli/run.ts`, bundled the same
 * way, in a worker thread this call waits for (the command's own argument
 * check, verb, rendering and output writing, without its process start and
 * worker thread; about 0.25 s less per run). Every other run, and every
 * {@link spawnCli}, starts `node cli.js`. `test/cli/inProcess.test.ts` checks
 * that both give the same code, stdout and stderr.
 */
export function runCli(file: string, args: readonly string[], cwd?: string): CliRun {
  if (cwd === undefined && process.env.VITEST !== undefined && file === inject("cliOutside")) {
    return runInWorker(inject("cliInProcess"), args);
  }
  return spawnCli(file, args, cwd);
}

/** Runs `node cli.js ...args` in a new process with stdout/stderr captured (pipes, so no TTY). */
export function spawnCli(file: string, args: readonly string[], cwd?: string): CliRun {
  const r = spawnSync(process.execPath, [file, ...args], {
    encoding: "utf8",
    cwd,
    timeout: 60_000,
  });
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}

/** `tcs <verb> --input <input> --feature <feature> --strategy <strategy> --budget <budget>` plus `more`. */
export const tcs = (
  verb: string,
  input: string,
  feature: string,
  strategy: string,
  budget: string,
  ...more: string[]
): string[] => [
  "tcs",
  verb,
  "--input",
  input,
  "--feature",
  feature,
  "--strategy",
  strategy,
  "--budget",
  budget,
  ...more,
];

/** The worker thread that runs `runInProcess` of the bundle `file`, started on first use. */
let bridge:
  | { file: string; worker: Worker; port: MessagePort; flag: Int32Array; calls: number }
  | undefined;

// CommonJS source of the worker: imports the bundle once, then answers each
// { id, argv } with the id, the run's code and captured output, and raises the flag.
const WORKER_SOURCE = `
const { workerData } = require("node:worker_threads");
const { pathToFileURL } = require("node:url");
const { port, flag, file } = workerData;
const lib = import(pathToFileURL(file).href);
port.on("message", async ({ id, argv }) => {
  let stdout = "";
  let stderr = "";
  let code;
  try {
    const { runInProcess } = await lib;
    code = await runInProcess(argv, { stdout: (t) => { stdout += t; }, stderr: (t) => { stderr += t; } });
  } catch (e) {
    code = -1;
    stderr += String((e && e.stack) || e);
  }
  port.postMessage({ id, run: { code, stdout, stderr } });
  Atomics.store(flag, 0, 1);
  Atomics.notify(flag, 0);
});
`;

/**
 * One run of `runInProcess` in the bridge worker, waited for synchronously (60
 * s at most, as a spawn). The wait is a loop on the flag: a wake-up can be the
 * late notify of the previous call (which had seen its flag raised before the
 * notify), so only the raised flag means the answer is there (the CI run of
 * 28560ac caught a call that took its predecessor's output); answers carry the
 * call's id, and a stale one is dropped.
 */
function runInWorker(file: string, args: readonly string[]): CliRun {
  if (bridge === undefined || bridge.file !== file) {
    void bridge?.worker.terminate();
    const { port1, port2 } = new MessageChannel();
    const flag = new Int32Array(new SharedArrayBuffer(4));
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { port: port2, flag, file },
      transferList: [port2],
    });
    worker.unref();
    port1.unref();
    bridge = { file, worker, port: port1, flag, calls: 0 };
  }
  const { port, flag } = bridge;
  const id = ++bridge.calls;
  Atomics.store(flag, 0, 0);
  port.postMessage({ id, argv: [...args] });
  const end = performance.now() + 60_000;
  while (Atomics.load(flag, 0) === 0) {
    const left = end - performance.now();
    if (left <= 0 || Atomics.wait(flag, 0, 0, left) === "timed-out") {
      void bridge.worker.terminate();
      bridge = undefined;
      return { code: -1, stdout: "", stderr: "runInProcess: no answer within 60 s" };
    }
  }
  // the worker posts its answer before raising the flag; an earlier call's (never
  // expected once the flag is trusted) is dropped
  for (let m = receiveMessageOnPort(port); m !== undefined; m = receiveMessageOnPort(port)) {
    const answer = m.message as { id: number; run: CliRun };
    if (answer.id === id) return answer.run;
  }
  return { code: -1, stdout: "", stderr: "runInProcess: no message" };
}
