/**
 * Assembles a {@link HarnessRuns} table from per-run cells, checking that
 * every run covers the same items exactly once.
 * Internal module: not re-exported from the package entry point.
 * @internal
 */

import { checkLength, fail } from "../core/validate.js";
import { at } from "./_internal.js";
import type { HarnessRuns } from "./types.js";

/**
 * One run being read: its name and its cells by item id, in reading order;
 * for a file that holds several runs, the field its name was read from
 * (`origin`) and the field each item id was read from (`idFrom`), which the
 * ragged-runs error names.
 */
export type RunCells = {
  readonly name: string;
  readonly correct: Map<string, number>;
  readonly score: Map<string, number>;
  readonly origin?: string;
  readonly idFrom?: Map<string, string>;
};

/** A new, empty run; `origin` names the field its name comes from (a file of several runs). */
export function newRun(name: string, origin?: string): RunCells {
  return origin === undefined
    ? { name, correct: new Map(), score: new Map() }
    : { name, correct: new Map(), score: new Map(), origin, idFrom: new Map() };
}

/** A run's name for the ragged-runs error, with the field it came from when known. */
function runShown(run: RunCells): string {
  return `run ${JSON.stringify(run.name)}${run.origin === undefined ? "" : ` (${run.origin})`}`;
}

/** An item id for the ragged-runs error, with the field it was read from when known. */
function idShown(run: RunCells, id: string): string {
  const from = run.idFrom?.get(id);
  return `${JSON.stringify(id)}${from === undefined ? "" : ` of ${from}`}`;
}

/**
 * Builds the table: items in the order of the first run, every other run
 * must hold the same items (a ragged set of runs is an error naming the run
 * and one missing item, never silently filled).
 */
export function buildTable(
  fn: string,
  source: string | undefined,
  runs: readonly RunCells[],
): HarnessRuns {
  if (runs.length === 0) fail(fn, `${at(source)}no runs`);
  const first = runs[0] as RunCells;
  const items = [...first.correct.keys()];
  if (items.length === 0) fail(fn, `${at(source)}run ${JSON.stringify(first.name)} has no items`);
  const N = items.length;
  checkLength(fn, "runs x items", runs.length * N);
  const data = new Uint8Array(runs.length * N);
  const scores = new Float64Array(runs.length * N);
  const names = new Set<string>();
  runs.forEach((run, r) => {
    if (names.has(run.name))
      fail(fn, `${at(source)}run name ${JSON.stringify(run.name)} appears twice`);
    names.add(run.name);
    if (run.correct.size !== N || items.some((id) => !run.correct.has(id))) {
      const missing = items.find((id) => !run.correct.has(id));
      const extra = [...run.correct.keys()].find((id) => !first.correct.has(id));
      fail(
        fn,
        `${at(source)}ragged runs: ${runShown(run)} has ${run.correct.size} items, ${runShown(first)} ${N}` +
          (missing === undefined ? "" : ` (missing ${idShown(first, missing)})`) +
          (extra === undefined ? "" : ` (extra ${idShown(run, extra)})`),
      );
    }
    items.forEach((id, i) => {
      data[r * N + i] = run.correct.get(id) as number;
      scores[r * N + i] = run.score.get(id) as number;
    });
  });
  return { runs: runs.map((r) => r.name), items, data, scores };
}
