import { stdio } from "./stdio.js";

/** A progress callback `(done, total)` that draws a bar on stderr, or does nothing. */
export type Progress = {
  readonly update: (done: number, total: number) => void;
  readonly finish: () => void;
};

/**
 * A bar on stderr when stderr is a TTY and `--quiet` is not set (pipes and
 * log files get no control characters); redrawn at most every 100 ms.
 */
export function progressBar(label: string, quiet: boolean): Progress {
  if (quiet || !stdio().stderrTTY) return { update: () => {}, finish: () => {} };
  let last = 0;
  let drawn = false;
  return {
    update(done, total) {
      const now = Date.now();
      if (done < total && now - last < 100) return;
      last = now;
      const frac = total > 0 ? Math.min(1, done / total) : 1;
      const width = 30;
      const full = Math.round(frac * width);
      stdio().writeErr(
        `\r${label} [${"#".repeat(full)}${" ".repeat(width - full)}] ${done}/${total}`,
      );
      drawn = true;
    },
    finish() {
      if (drawn) stdio().writeErr("\n");
    },
  };
}

/** Writes a note on stderr unless `--quiet`. */
export function note(quiet: boolean, text: string): void {
  if (!quiet) stdio().writeErr(`${text}\n`);
}
