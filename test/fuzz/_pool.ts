/**
 * Runs fuzz cases in a pool of child processes, each under a time limit and a
 * memory limit. src/ and the harness are transformed to JavaScript once, by
 * esbuild (the transform tsx uses too), into a temporary directory, so that a
 * replacement child starts in about a second instead of transforming every
 * file again. A child runs many cases; one that dies (crash) or overruns
 * (hang) is killed and replaced, and the next case goes to the new child.
 */
import { type ChildProcess, fork } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { buildSync } from "esbuild";
import { walk } from "../docs/_examples.js";
import { type CaseRef, type Outcome, type Plan, SELFTEST } from "./_case.js";
import type { ToChild } from "./_child.js";
import { compileExamples } from "./_plan.js";

const here = dirname(fileURLToPath(import.meta.url));

export type PoolOptions = {
  /** Child processes run at once (default 2). */
  readonly workers?: number;
  /** Per-case time limit in ms, from the moment the call starts (default 2000). */
  readonly timeoutMs?: number;
  /** V8 heap limit of a child, `--max-old-space-size` (default 512). */
  readonly heapMb?: number;
  /** Resident set size at which a child is killed, in MB (typed arrays live outside the heap; default 1024). */
  readonly rssMb?: number;
  /** Called after each case. */
  readonly onOutcome?: (o: Outcome, done: number, total: number) => void;
};

type FromChild =
  | { readonly type: "ready"; readonly pid: number }
  | { readonly type: "start"; readonly fn: string; readonly id: string }
  | { readonly type: "done"; readonly outcome: Outcome }
  | { readonly type: "plan"; readonly plan: Plan };

/** Resident set size of a process in MB, from /proc (0 where /proc is absent). */
function rssMb(pid: number): number {
  try {
    const pages = Number(readFileSync(`/proc/${pid}/statm`, "utf8").split(" ")[1]);
    return (pages * 4096) / 2 ** 20;
  } catch {
    return 0;
  }
}

type Limits = Required<Omit<PoolOptions, "onOutcome">> & {
  /** The transformed child script and the compiled examples' JSON file. */
  readonly script: string;
  readonly examples: string;
};

/** One forked child: ready once it has loaded the library and recorded the examples. */
class Child {
  readonly proc: ChildProcess;
  readonly ready: Promise<void>;
  /** The last 2 kB of its stderr (the V8 out-of-memory report lands there). */
  stderr = "";
  alive = true;
  private readyTimer: NodeJS.Timeout | undefined;
  private listener: ((m: FromChild) => void) | undefined;
  private onExit: ((why: string) => void) | undefined;

  constructor(o: Limits) {
    this.proc = fork(o.script, [], {
      execArgv: [`--max-old-space-size=${o.heapMb}`],
      stdio: ["ignore", "ignore", "pipe", "ipc"],
      cwd: join(here, "..", ".."),
      env: { ...process.env, EVALSIFT_FUZZ_EXAMPLES: o.examples },
    });
    this.proc.stderr?.on("data", (d: Buffer) => {
      this.stderr = (this.stderr + d.toString()).slice(-2000);
    });
    this.proc.on("message", (m: FromChild) => this.listener?.(m));
    this.proc.on("exit", (code, signal) => {
      this.alive = false;
      this.onExit?.(`exit ${signal ?? code}`);
    });
    this.ready = new Promise((resolve, reject) => {
      const t = setTimeout(() => reject(new Error("fuzz: child not ready after 120 s")), 120_000);
      this.readyTimer = t;
      this.listen(
        (m) => {
          if (m.type !== "ready") return;
          clearTimeout(t);
          this.listen(undefined, undefined);
          resolve();
        },
        (why) => {
          clearTimeout(t);
          reject(new Error(`fuzz: child died while starting (${why}): ${this.stderr}`));
        },
      );
    });
    // A spare that is never used must not leave an unhandled rejection behind.
    this.ready.catch(() => {});
  }

  listen(m: ((m: FromChild) => void) | undefined, exit: ((why: string) => void) | undefined): void {
    this.listener = m;
    this.onExit = exit;
  }

  kill(): void {
    clearTimeout(this.readyTimer);
    this.listen(undefined, undefined);
    if (this.alive) this.proc.kill("SIGKILL");
    this.alive = false;
  }
}

/**
 * Runs one case at a time in a child, and keeps a warm spare, so a lost child
 * (a crash or a hang) costs the time limit, not another start-up too.
 */
class Worker {
  private child: Child | undefined;
  private spare: Child | undefined;

  constructor(private readonly o: Limits) {}

  private async take(): Promise<Child> {
    if (this.child?.alive === true) return this.child;
    this.child = this.spare ?? new Child(this.o);
    this.spare = new Child(this.o);
    await this.child.ready;
    return this.child;
  }

  /** Asks the child for the case list. */
  async plan(): Promise<Plan> {
    const child = await this.take();
    return new Promise<Plan>((resolve, reject) => {
      child.listen(
        (m) => {
          if (m.type !== "plan") return;
          child.listen(undefined, undefined);
          resolve(m.plan);
        },
        (why) => reject(new Error(`fuzz: child died while planning (${why}): ${child.stderr}`)),
      );
      child.proc.send({ type: "plan" } satisfies ToChild);
    });
  }

  /** Runs one case; resolves with its outcome (crash and hang included). */
  async run(k: CaseRef): Promise<Outcome> {
    const child = await this.take();
    const base = { fn: k.fn, id: k.id, what: k.what };
    return new Promise<Outcome>((resolve) => {
      let started = 0;
      let timer: NodeJS.Timeout | undefined;
      const finish = (o: Outcome, kill: boolean): void => {
        clearTimeout(timer);
        clearInterval(watch);
        child.listen(undefined, undefined);
        if (kill || !child.alive) child.kill();
        resolve(o);
      };
      const ms = (): number => (started === 0 ? 0 : Math.round(performance.now() - started));
      const watch = setInterval(() => {
        const pid = child.proc.pid;
        if (pid !== undefined && rssMb(pid) > this.o.rssMb)
          finish(
            { ...base, cls: "crash", detail: `resident memory over ${this.o.rssMb} MB`, ms: ms() },
            true,
          );
      }, 50);
      // Set-up (the function's valid call, run once per child) gets a generous limit of its own.
      timer = setTimeout(
        () =>
          finish(
            { ...base, cls: "hang", detail: "set-up (the valid call) took over 60 s", ms: 0 },
            true,
          ),
        60_000,
      );
      child.listen(
        (m) => {
          if (m.type === "start") {
            started = performance.now();
            clearTimeout(timer);
            timer = setTimeout(
              () =>
                finish(
                  {
                    ...base,
                    cls: "hang",
                    detail: `no result after ${this.o.timeoutMs} ms`,
                    ms: ms(),
                  },
                  true,
                ),
              this.o.timeoutMs,
            );
          } else if (m.type === "done") finish(m.outcome, false);
        },
        (why) => {
          const tail = child.stderr
            .split("\n")
            .filter((l) => /error|fatal|abort/i.test(l))
            .slice(-2)
            .join(" | ")
            .slice(0, 300);
          finish(
            { ...base, cls: "crash", detail: `child died (${why}) ${tail}`.trim(), ms: ms() },
            false,
          );
        },
      );
      child.proc.send({ type: "run", fn: k.fn, id: k.id } satisfies ToChild);
    });
  }

  close(): void {
    this.child?.kill();
    this.spare?.kill();
  }
}

/** An open pool: the case list, a way to run cases, and `close` (always call it). */
export type Pool = {
  readonly plan: Plan;
  run(cases: readonly CaseRef[]): Promise<Outcome[]>;
  close(): void;
};

/**
 * Compiles the examples of `root/src` and the child script, starts the
 * workers and gets the case list from the first of them.
 */
export async function openPool(root: string, options: PoolOptions = {}): Promise<Pool> {
  const dir = mkdtempSync(join(tmpdir(), "evalsift-fuzz-"));
  const script = join(dir, relative(root, join(here, "_child.js")));
  const examples = join(dir, "examples.json");
  const workers: Worker[] = [];
  const close = (): void => {
    for (const w of workers) w.close();
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    // Every file transformed on its own (no bundle: a bundle renames parameters that collide
    // across modules, and parameter names are what error messages are checked against).
    const sources = [
      ...walk(join(root, "src")),
      ...walk(here).filter((f) => !f.endsWith(".test.ts")),
      join(root, "test/helpers/api.ts"),
    ];
    buildSync({
      entryPoints: sources,
      outdir: dir,
      outbase: root,
      platform: "node",
      format: "esm",
      target: "node20",
      logLevel: "warning",
    });
    writeFileSync(join(dir, "package.json"), '{ "type": "module" }\n');
    symlinkSync(join(root, "node_modules"), join(dir, "node_modules"), "dir");
    writeFileSync(examples, JSON.stringify(compileExamples(root)));
    const o: Limits = {
      workers: options.workers ?? 2,
      timeoutMs: options.timeoutMs ?? 2000,
      heapMb: options.heapMb ?? 512,
      rssMb: options.rssMb ?? 1024,
      script,
      examples,
    };
    for (let i = 0; i < Math.max(1, o.workers); i++) workers.push(new Worker(o));
    const plan = await (workers[0] as Worker).plan();
    return { plan, run: (cases) => runCases(workers, cases, options.onOutcome), close };
  } catch (e) {
    close();
    throw e;
  }
}

/**
 * Runs `cases` and returns their outcomes in the same order. Cases of one
 * function stay together on one worker, so each child prepares a function once.
 */
async function runCases(
  workers: readonly Worker[],
  cases: readonly CaseRef[],
  onOutcome: PoolOptions["onOutcome"],
): Promise<Outcome[]> {
  const groups = new Map<string, number[]>();
  cases.forEach((k, i) => {
    // Each self-test kills its child: one group each, so they spread over the workers.
    const key = k.fn === SELFTEST ? `${k.fn}#${k.id}` : k.fn;
    const g = groups.get(key) ?? [];
    g.push(i);
    groups.set(key, g);
  });
  // Self-tests first, then the biggest groups, so the last worker to finish is not stuck with a long one.
  const weight = (g: number[]): number =>
    cases[g[0] as number]?.fn === SELFTEST ? Number.POSITIVE_INFINITY : g.length;
  const queue = [...groups.values()].sort((a, b) => weight(b) - weight(a));
  const out: Outcome[] = new Array(cases.length);
  let done = 0;
  await Promise.all(
    workers.map(async (w) => {
      for (let g = queue.shift(); g !== undefined; g = queue.shift()) {
        for (const i of g) {
          const k = cases[i] as CaseRef;
          // The parent's description of the case, whatever the child says.
          const r = { ...(await w.run(k)), what: k.what };
          out[i] = r;
          done++;
          onOutcome?.(r, done, cases.length);
        }
      }
    }),
  );
  return out;
}
