/**
 * Where the running verb's terminal output goes. The verb runs in a worker
 * thread (so the main thread stays free to act on Ctrl-C); the worker's
 * `process.stderr` is not the terminal, so whether stdout/stderr are TTYs is
 * passed in and stderr text is posted to the main thread, which writes it.
 */
export type Stdio = {
  readonly stdoutTTY: boolean;
  readonly stderrTTY: boolean;
  readonly writeErr: (text: string) => void;
};

let current: Stdio = {
  stdoutTTY: process.stdout.isTTY === true,
  stderrTTY: process.stderr.isTTY === true,
  writeErr: (text) => {
    process.stderr.write(text);
  },
};

/** The current terminal settings. */
export function stdio(): Stdio {
  return current;
}

/** Replaces the terminal settings (in the worker thread). */
export function setStdio(s: Stdio): void {
  current = s;
}
