/**
 * The NSGA-II engine shared by `nsga2Init`, `nsga2Step` and `nsga2`:
 * init/step taking the public function's name so that errors name what the
 * user called. The public types live in `types.ts`.
 *
 * @internal
 */

import type { Rng } from "../core/rng.js";
import type { Plain } from "../core/toPlain.js";
import {
  asFloat64Array,
  asInt32Array,
  asRowMatrix,
  checkInteger,
  checkNestedKeys,
  checkNoHoles,
  checkNumber,
  checkRng,
  checkRowMatrixShape,
  draw,
  fail,
  failType,
  maxLength,
  optionKeys,
} from "../core/validate.js";
import { crowdRows } from "./_crowding.js";
import { frontsInto, makeSortWork, renumberOrder, type SortWork, sortRows } from "./_sort.js";
import { newStream, readStream, recordedAhead, streamReader } from "./_stream.js";
import { tournamentInto } from "./_tournament.js";
import type { Nsga2Problem, Nsga2State, Nsga2StateInput, Nsga2StepOptions } from "./types.js";

function checkFunction(fn: string, arg: string, f: unknown, optional: boolean): void {
  if (optional && f === undefined) return;
  if (typeof f !== "function") failType(fn, `${arg} must be a function (got ${typeof f})`);
}

const PROBLEM_KEYS = optionKeys<Nsga2Problem<unknown>>()(
  "init",
  "evaluate",
  "violation",
  "crossover",
  "mutate",
  "repair",
);

/** Checks a problem; `arg` is its name in messages (`problem`, or `state.problem` in a state). */
function checkProblem(fn: string, problem: unknown, arg = "problem"): void {
  if (typeof problem !== "object" || problem === null) {
    failType(fn, `${arg} must be an object (got ${problem === null ? "null" : typeof problem})`);
  }
  // a misspelt optional operator (`repiar`) would otherwise be ignored silently
  checkNestedKeys(fn, arg, problem, PROBLEM_KEYS);
  const p = problem as Record<string, unknown>;
  checkFunction(fn, `${arg}.init`, p["init"], false);
  checkFunction(fn, `${arg}.evaluate`, p["evaluate"], false);
  checkFunction(fn, `${arg}.violation`, p["violation"], true);
  checkFunction(fn, `${arg}.crossover`, p["crossover"], false);
  checkFunction(fn, `${arg}.mutate`, p["mutate"], false);
  checkFunction(fn, `${arg}.repair`, p["repair"], true);
}

/** Whether `x` is a thenable (a Promise, e.g. from an `async` evaluate). */
function isThenable(x: unknown): boolean {
  return (
    (typeof x === "object" || typeof x === "function") &&
    x !== null &&
    typeof (x as { then?: unknown }).then === "function"
  );
}

/** Fails with a TypeError when `evaluate` returned a Promise: the engine calls it synchronously. */
function checkNotAsync(fn: string, f: unknown, kind: string, index: number): void {
  if (isThenable(f)) {
    // the engine will not await it: a native Promise's rejection must not become an
    // unhandled one (Node ends the process on those even when the caller catches this
    // error); another thenable's `then` is not called (it may throw, or start work)
    if (f instanceof Promise) f.catch(() => undefined);
    failType(
      fn,
      `evaluate(${kind} ${index}) returned a Promise: Promises are not supported, evaluate must be synchronous (not an async function)`,
    );
  }
}

/**
 * Evaluates `genome` into row `row` of `data` and of `viol` (0 without a
 * `violation` function). `kind` and `index` name the genome in errors; the
 * label is built only when one is thrown.
 */
function evaluateInto<G>(
  fn: string,
  problem: Nsga2Problem<G>,
  genome: G,
  kind: string,
  index: number,
  data: Float64Array,
  row: number,
  m: number,
  viol: Float64Array,
  known?: ArrayLike<number>,
): void {
  const f = known ?? problem.evaluate(genome);
  checkNotAsync(fn, f, kind, index);
  if (f === null || typeof f !== "object" || typeof f.length !== "number") {
    failType(fn, `evaluate(${kind} ${index}) must return an array of numbers`);
  }
  if (f.length !== m) {
    fail(fn, `evaluate(${kind} ${index}) returned ${f.length} objectives, expected ${m}`);
  }
  const o = row * m;
  for (let k = 0; k < m; k++) {
    const v = f[k];
    if (typeof v !== "number") {
      failType(
        fn,
        `evaluate(${kind} ${index}) returned objective ${k} of type ${v === null ? "null" : typeof v}; objectives must be numbers`,
      );
    }
    if (!Number.isFinite(v)) {
      fail(fn, `evaluate(${kind} ${index}) returned a non-finite objective ${k}`, v);
    }
    data[o + k] = v;
  }
  if (problem.violation === undefined) {
    viol[row] = 0;
    return;
  }
  const c = problem.violation(genome);
  if (typeof c !== "number" || !(c >= 0 && c < Number.POSITIVE_INFINITY)) {
    fail(fn, `violation(${kind} ${index}) must be a finite number >= 0`, c);
  }
  viol[row] = c;
}

/** Ranks and crowding of a whole set (used for the initial population). */
function rankAndCrowd(
  data: Float64Array,
  n: number,
  m: number,
  viol: Float64Array | undefined,
): { rank: Int32Array; crowding: Float64Array; order: Int32Array } {
  const w = makeSortWork(n);
  const rank = new Int32Array(n);
  const count = frontsInto(data, n, m, viol, w, rank);
  const order = w.ids.slice(0, n);
  const crowding = new Float64Array(n);
  for (let f = 0; f < count; f++) {
    crowdRows(
      data,
      m,
      w.rows,
      w.starts[f] as number,
      w.starts[f + 1] as number,
      crowding,
      w,
      w.lex,
    );
  }
  return { rank, crowding, order };
}

/** Working buffers of one generation: population size `n`, `m` objectives, 2n rows. */
export type Work = {
  readonly n: number;
  readonly m: number;
  readonly sort: SortWork;
  readonly winners: Int32Array;
  readonly perm: Int32Array;
  readonly data2: Float64Array;
  readonly viol2: Float64Array;
  readonly crowd2: Float64Array;
  readonly rank2: Int32Array;
  /** Visiting order of the 2n rows (kept: the crowding sorts reuse `sort.ids`). */
  readonly order2: Int32Array;
  /** New population index of each of the 2n rows, -1 if it did not survive. */
  readonly index2: Int32Array;
  readonly scratch: Int32Array;
};

/**
 * What one run carries from generation to generation, passed explicitly: the
 * working buffers of a generation (reused while the population size and the
 * number of objectives stay the same) and, for an unconstrained problem, the
 * lexicographic order of the rows of `state` (by objectives, ties by index),
 * so that the next generation sorts only its offspring and merges them with
 * the parents. `nsga2` keeps one for its loop; `nsga2Init` and `nsga2Step`
 * make a fresh one per call, and a state without its order is sorted in
 * full, with the same result. A generation takes the buffers out while it
 * runs, so a run nested inside an operator has its own, and one that threw
 * leaves none behind.
 */
export type RunContext = {
  work: Work | undefined;
  state: object | undefined;
  order: Int32Array | undefined;
  /**
   * The run steps every state once ({@link nsga2}'s loop): read `rng`
   * directly instead of through the record (same numbers in the same order,
   * without the record's cost); each new state gets a fresh record starting
   * at the current point of `rng`. A state the loop hands to `stop` may be
   * stepped there (a look-ahead records into that fresh record, and the
   * loop's own step then reads it: the run is unchanged), but one stepped
   * after the loop moved on draws numbers the loop did not use.
   */
  readonly direct: boolean;
};

/** An empty run context; `direct` for a loop that steps each state exactly once. */
export function runContext(direct = false): RunContext {
  return { work: undefined, state: undefined, order: undefined, direct };
}

function takeWork(ctx: RunContext, n: number, m: number): Work {
  const w = ctx.work;
  ctx.work = undefined;
  if (w !== undefined && w.n === n && w.m === m) return w;
  const n2 = 2 * n;
  return {
    n,
    m,
    sort: makeSortWork(n2),
    winners: new Int32Array(n),
    perm: new Int32Array(n),
    data2: new Float64Array(n2 * m),
    viol2: new Float64Array(n2),
    crowd2: new Float64Array(n2),
    rank2: new Int32Array(n2),
    order2: new Int32Array(n2),
    index2: new Int32Array(n2),
    scratch: new Int32Array(n),
  };
}

/**
 * The four arrays of a new state as views into one buffer: a small typed
 * array has a backing store of its own, and allocating one costs more than
 * filling it.
 */
function stateArrays(
  n: number,
  m: number,
): { data: Float64Array; violation: Float64Array; crowding: Float64Array; rank: Int32Array } {
  const buffer = new ArrayBuffer(8 * (n * m + 2 * n) + 4 * n);
  return {
    data: new Float64Array(buffer, 0, n * m),
    violation: new Float64Array(buffer, 8 * n * m, n),
    crowding: new Float64Array(buffer, 8 * (n * m + n), n),
    rank: new Int32Array(buffer, 8 * (n * m + 2 * n), n),
  };
}

/** Validates problem and options, builds and evaluates the initial population. */
export function initState<G>(
  fn: string,
  problem: Nsga2Problem<G>,
  rng: Rng,
  options: Nsga2StepOptions | undefined,
  ctx: RunContext,
): Nsga2State<G> {
  checkProblem(fn, problem);
  checkRng(fn, rng);
  const { populationSize = 100, crossoverRate = 0.9, mutationRate = 1 } = options ?? {};
  checkInteger(fn, "populationSize", populationSize, 4, maxLength / 2);
  if (populationSize % 2 !== 0) {
    fail(fn, "populationSize must be even (offspring are made in pairs)", populationSize);
  }
  checkNumber(fn, "crossoverRate", crossoverRate, 0, 1);
  checkNumber(fn, "mutationRate", mutationRate, 0, 1);
  const n = populationSize;
  const population: G[] = new Array(n);
  for (let i = 0; i < n; i++) {
    let g = problem.init(rng, i);
    if (problem.repair !== undefined) g = problem.repair(g, rng);
    population[i] = g;
  }
  const first = problem.evaluate(population[0] as G);
  checkNotAsync(fn, first, "genome", 0);
  const m = first !== null && typeof first === "object" ? first.length : -1;
  if (!(Number.isInteger(m) && m >= 1)) {
    failType(fn, "evaluate(genome 0) must return a non-empty array of numbers");
  }
  const data = new Float64Array(n * m);
  const violation = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const known = i === 0 ? first : undefined;
    evaluateInto(fn, problem, population[i] as G, "genome", i, data, i, m, violation, known);
  }
  const viol = problem.violation === undefined ? undefined : violation;
  const { rank, crowding, order } = rankAndCrowd(data, n, m, viol);
  const state: Nsga2State<G> = {
    problem,
    populationSize: n,
    crossoverRate,
    mutationRate,
    rng,
    stream: newStream(rng),
    generation: 0,
    evaluations: n,
    population,
    objectives: { data, rows: n, cols: m },
    violation,
    rank,
    crowding,
  };
  ctx.state = state;
  ctx.order = viol === undefined ? order : undefined;
  return state;
}

/**
 * The state with typed arrays: returned itself when its arrays are typed
 * already (so the engine's cached sort order for it still applies), else a
 * copy with `rank`, `crowding`, `violation` and `objectives` converted (plain
 * arrays, e.g. a state edited or rebuilt in a notebook). Values are checked
 * afterwards by {@link checkState}.
 */
export function readState<G>(fn: string, state: Nsga2StateInput<G>): Nsga2State<G> {
  if (typeof state !== "object" || state === null) failType(fn, "state must be an NSGA-II state");
  const { rank, crowding, violation, objectives } = state;
  const typed =
    rank instanceof Int32Array &&
    crowding instanceof Float64Array &&
    violation instanceof Float64Array &&
    typeof objectives === "object" &&
    objectives !== null &&
    !Array.isArray(objectives) &&
    objectives.data instanceof Float64Array;
  if (typed) return state as Nsga2State<G>;
  let obj = objectives;
  if (typeof obj === "object" && obj !== null && !Array.isArray(obj)) {
    const o = obj as Plain<Nsga2State<G>["objectives"]>;
    if (Array.isArray(o.data)) {
      obj = {
        data: asFloat64Array(fn, "state.objectives.data", o.data),
        rows: o.rows,
        cols: o.cols,
      };
    }
  } else if (Array.isArray(obj)) {
    obj = asRowMatrix(fn, "state.objectives", obj);
  }
  // only plain arrays are converted: anything else is left for checkState to reject
  const plain = <T>(x: unknown, f: () => T): unknown => (Array.isArray(x) ? f() : x);
  return {
    ...state,
    rank: plain(rank, () => asInt32Array(fn, "state.rank", rank)),
    // a boundary member's crowding is Infinity, which JSON cannot carry: read
    // back the null (JSON, toPlain's nonFinite "null") or "Infinity" (toPlain's
    // nonFinite "string") it became (a crowding distance is >= 0 or Infinity)
    crowding: plain(crowding, () =>
      asFloat64Array(
        fn,
        "state.crowding",
        (crowding as unknown[]).map((v) =>
          v === null || v === "Infinity" ? Number.POSITIVE_INFINITY : v,
        ) as number[],
      ),
    ),
    violation: plain(violation, () => asFloat64Array(fn, "state.violation", violation)),
    objectives: obj,
  } as Nsga2State<G>;
}

function checkState(fn: string, state: unknown): void {
  if (typeof state !== "object" || state === null) failType(fn, "state must be an NSGA-II state");
  const s = state as Nsga2State<unknown>;
  if (
    !Array.isArray(s.population) ||
    !(s.rank instanceof Int32Array) ||
    !(s.crowding instanceof Float64Array) ||
    !(s.violation instanceof Float64Array) ||
    typeof s.objectives !== "object" ||
    s.objectives === null ||
    !(s.objectives.data instanceof Float64Array)
  ) {
    failType(fn, "state must be a state returned by nsga2Init or nsga2Step");
  }
  checkNoHoles(fn, "state.population", s.population);
  checkProblem(fn, s.problem, "state.problem");
  if (typeof s.rng !== "function") {
    failType(
      fn,
      `state.rng must be a function returning numbers in [0, 1) (got ${s.rng === null ? "null" : typeof s.rng})`,
    );
  }
  const n = s.populationSize;
  checkInteger(fn, "state.populationSize", n, 4, maxLength / 2);
  if (n % 2 !== 0) fail(fn, "state.populationSize must be even", n);
  checkNumber(fn, "state.crossoverRate", s.crossoverRate, 0, 1);
  checkNumber(fn, "state.mutationRate", s.mutationRate, 0, 1);
  checkInteger(fn, "state.generation", s.generation, 0);
  checkInteger(fn, "state.evaluations", s.evaluations, 0);
  checkRowMatrixShape(fn, "state.objectives", s.objectives);
  const lengths: [string, number][] = [
    ["state.population.length", s.population.length],
    ["state.rank.length", s.rank.length],
    ["state.crowding.length", s.crowding.length],
    ["state.violation.length", s.violation.length],
    ["state.objectives.rows", s.objectives.rows],
  ];
  for (const [name, length] of lengths) {
    if (length !== n) {
      fail(
        fn,
        `state arrays do not match populationSize: ${name} is ${length}, state.populationSize is ${n}`,
      );
    }
  }
  const { data, cols } = s.objectives;
  if (cols < 1) fail(fn, "state.objectives has no columns", cols);
  for (let t = 0; t < data.length; t++) {
    if (!Number.isFinite(data[t] as number)) {
      fail(fn, `state.objectives has a non-finite value at row ${Math.floor(t / cols)}`, data[t]);
    }
  }
  for (let i = 0; i < n; i++) {
    const v = s.violation[i] as number;
    if (!(v >= 0 && v < Number.POSITIVE_INFINITY)) {
      fail(fn, `state.violation[${i}] must be a finite number >= 0`, v);
    }
    if (!((s.rank[i] as number) >= 0)) fail(fn, `state.rank[${i}] must be >= 0`, s.rank[i]);
    if (!((s.crowding[i] as number) >= 0)) {
      fail(fn, `state.crowding[${i}] must be >= 0 (Infinity allowed)`, s.crowding[i]);
    }
  }
}

/**
 * Offspring of the tournament winners (consecutive winners are parents):
 * crossover with probability `crossoverRate`, then each child mutated with
 * probability `mutationRate`, then repaired if it changed. A function of its
 * own so that V8 inlines the rate draws into it.
 */
function vary<G>(
  fn: string,
  problem: Nsga2Problem<G>,
  population: readonly G[],
  winners: Int32Array,
  rng: Rng,
  crossoverRate: number,
  mutationRate: number,
): G[] {
  const n = winners.length;
  const offspring: G[] = new Array(n);
  for (let t = 0; t < n; t += 2) {
    let c1 = population[winners[t] as number] as G;
    let c2 = population[winners[t + 1] as number] as G;
    let changed1 = false;
    let changed2 = false;
    if (draw(fn, rng) < crossoverRate) {
      const pair = problem.crossover(c1, c2, rng);
      if (!Array.isArray(pair) || pair.length !== 2) {
        failType(fn, "crossover must return an array of two genomes");
      }
      c1 = pair[0];
      c2 = pair[1];
      changed1 = true;
      changed2 = true;
    }
    if (draw(fn, rng) < mutationRate) {
      c1 = problem.mutate(c1, rng);
      changed1 = true;
    }
    if (draw(fn, rng) < mutationRate) {
      c2 = problem.mutate(c2, rng);
      changed2 = true;
    }
    if (problem.repair !== undefined) {
      if (changed1) c1 = problem.repair(c1, rng);
      if (changed2) c2 = problem.repair(c2, rng);
    }
    offspring[t] = c1;
    offspring[t + 1] = c2;
  }
  return offspring;
}

/**
 * Objective rows of the parents (rows 0..n-1) and of the offspring (rows
 * n..2n-1) in one buffer, so that the combined sort needs no copies of
 * genomes or objective rows.
 */
function evaluateOffspring<G>(
  fn: string,
  state: Nsga2State<G>,
  offspring: readonly G[],
  w: Work,
): void {
  const { problem, populationSize: n } = state;
  const { data2, viol2, m } = w;
  data2.set(state.objectives.data);
  viol2.set(state.violation);
  for (let t = 0; t < n; t++) {
    evaluateInto(fn, problem, offspring[t] as G, "offspring", t, data2, n + t, m, viol2);
  }
}

/** The arrays of the next state, before its order among generations is known. */
type Survivors<G> = {
  readonly population: G[];
  readonly data: Float64Array;
  readonly violation: Float64Array;
  readonly rank: Int32Array;
  readonly crowding: Float64Array;
};

/**
 * Elitist survival over the `count` fronts of the 2n rows in `w.sort`: whole
 * fronts in order, then the front that overflows by descending crowding
 * distance. Records in `w.index2` the new index of each surviving row.
 */
function survive<G>(
  population: readonly G[],
  offspring: readonly G[],
  count: number,
  w: Work,
): Survivors<G> {
  const { n, m, data2, viol2, crowd2, index2 } = w;
  const sw = w.sort;
  const { rows, starts, ids, keys } = sw;
  const next: G[] = new Array(n);
  const { data, violation, rank, crowding } = stateArrays(n, m);
  let c = 0;
  for (let f = 0; f < count && c < n; f++) {
    const lo = starts[f] as number;
    const hi = starts[f + 1] as number;
    crowdRows(data2, m, rows, lo, hi, crowd2, sw, sw.lex);
    let members = rows;
    let from = lo;
    let to = hi;
    if (c + hi - lo > n) {
      // The front that overflows, by descending crowding distance; the stable
      // sort of its ascending rows breaks ties by lower row (parents first).
      for (let t = lo; t < hi; t++) {
        const row = rows[t] as number;
        ids[t - lo] = row;
        keys[row] = -(crowd2[row] as number);
      }
      sortRows(ids, 0, hi - lo, keys, 1, 0, sw.tmpIds);
      members = ids;
      from = 0;
      to = n - c;
    }
    for (let t = from; t < to; t++) {
      const row = members[t] as number;
      next[c] = (row < n ? population[row] : offspring[row - n]) as G;
      const src = row * m;
      const dst = c * m;
      for (let k = 0; k < m; k++) data[dst + k] = data2[src + k] as number;
      violation[c] = viol2[row] as number;
      rank[c] = f;
      crowding[c] = crowd2[row] as number;
      index2[row] = c;
      c++;
    }
  }
  return { population: next, data, violation, rank, crowding };
}

/**
 * One generation: tournament, variation, evaluation, non-dominated sort of
 * parents and offspring, elitist survival, and (unconstrained) the survivors'
 * lexicographic order for the next generation.
 */
export function stepState<G>(fn: string, state: Nsga2State<G>, ctx: RunContext): Nsga2State<G> {
  checkState(fn, state);
  const { problem, populationSize: n, crossoverRate, mutationRate, population } = state;
  // Every number comes from the state's position on the run's record, so the
  // state is never consumed: a second step, or a retry after a throw, reads
  // the same numbers.
  // A direct loop reads rng itself, unless a look-ahead (nsga2Step on a
  // state its `stop` saw) already drew this step's numbers into the record:
  // then it reads them there, so the run goes on as without the look-ahead.
  const reader =
    ctx.direct && !recordedAhead(state.stream)
      ? undefined
      : streamReader(readStream(state.stream, state.rng));
  const rng = reader === undefined ? state.rng : reader.rng;
  const m = state.objectives.cols;
  const hasViol = problem.violation !== undefined;
  const w = takeWork(ctx, n, m);
  const parentViol = hasViol ? state.violation : undefined;
  tournamentInto(fn, state.rank, state.crowding, parentViol, rng, w.winners, w.perm);
  const offspring = vary(fn, problem, population, w.winners, rng, crossoverRate, mutationRate);
  evaluateOffspring(fn, state, offspring, w);

  const n2 = 2 * n;
  const sw = w.sort;
  const prior = !hasViol && ctx.state === state ? ctx.order : undefined;
  let presorted = 0;
  if (prior !== undefined && prior.length === n) {
    sw.ids.set(prior);
    presorted = n;
  }
  const count = frontsInto(w.data2, n2, m, hasViol ? w.viol2 : undefined, sw, w.rank2, presorted);
  if (!hasViol) {
    w.order2.set(sw.ids.subarray(0, n2));
    w.index2.fill(-1);
  }
  const kept = survive(population, offspring, count, w);
  let order: Int32Array | undefined;
  if (!hasViol) {
    order = new Int32Array(n);
    renumberOrder(w.data2, m, w.order2, n2, w.index2, order, w.scratch);
  }
  ctx.work = w;
  const next: Nsga2State<G> = {
    problem,
    populationSize: n,
    crossoverRate,
    mutationRate,
    rng: state.rng,
    stream: reader === undefined ? newStream(state.rng) : reader.position(),
    generation: state.generation + 1,
    evaluations: state.evaluations + n,
    population: kept.population,
    objectives: { data: kept.data, rows: n, cols: m },
    violation: kept.violation,
    rank: kept.rank,
    crowding: kept.crowding,
  };
  ctx.state = next;
  ctx.order = order;
  return next;
}
