/** Shared timing helpers for the benchmark scripts (not part of the library). */
import { spawnSync } from "node:child_process";

/** Median wall time in milliseconds of `fn` over `reps` runs after one warm-up. */
export function medianMs(fn: () => unknown, reps = 7): number {
  fn();
  const t: number[] = [];
  for (let i = 0; i < reps; i++) {
    const s = performance.now();
    fn();
    t.push(performance.now() - s);
  }
  t.sort((a, b) => a - b);
  return t[Math.floor(t.length / 2)] as number;
}

/** Whether a command is on PATH and runs. */
export function hasCommand(cmd: string, args: string[] = ["--version"]): boolean {
  const r = spawnSync(cmd, args, { stdio: "ignore" });
  return r.status === 0;
}

/** Formats a millisecond value for tables. */
export function fmtMs(ms: number): string {
  return ms < 1 ? `${ms.toFixed(3)} ms` : ms < 100 ? `${ms.toFixed(2)} ms` : `${ms.toFixed(0)} ms`;
}

/**
 * Median per-call time in milliseconds, measured like the R side of the
 * benchmarks: warm up for about `minBatchMs` (so the JIT has compiled `fn`), choose
 * an inner count so that one repetition lasts at least `minBatchMs`, then take
 * the median over `reps` repetitions of elapsed / inner.
 */
export function batchedMedianMs(fn: () => unknown, reps = 7, minBatchMs = 50): number {
  let inner = 1;
  const warmEnd = performance.now() + minBatchMs;
  while (performance.now() < warmEnd) fn();
  for (;;) {
    const s = performance.now();
    for (let i = 0; i < inner; i++) fn();
    const el = performance.now() - s;
    if (el >= minBatchMs || inner >= 1 << 20) break;
    inner = Math.max(inner * 2, Math.ceil((inner * minBatchMs) / Math.max(el, 1e-3)));
  }
  const t: number[] = [];
  for (let r = 0; r < reps; r++) {
    const s = performance.now();
    for (let i = 0; i < inner; i++) fn();
    t.push((performance.now() - s) / inner);
  }
  t.sort((a, b) => a - b);
  return t[Math.floor(t.length / 2)] as number;
}
