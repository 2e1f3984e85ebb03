/**
 * Input validation shared by every public entry point.
 *
 * Conventions: each check takes the public function's name (`fn`) and the
 * argument's name (`arg`) so that messages read `fn: arg problem (details)`.
 * Comparisons are written so that NaN fails them (`!(x >= 0)`), never passes.
 * Wrong types throw `TypeError`; wrong values throw `RangeError`.
 *
 * Internal module: not re-exported from the package entry point.
 * @internal
 */

import type { RowMatrix } from "./rowMatrix.js";

function show(v: unknown): string {
  if (typeof v === "number") return Number.isNaN(v) ? "NaN" : String(v);
  if (typeof v === "string") return JSON.stringify(v);
  if (v === null) return "null";
  if (v === undefined) return "undefined";
  if (ArrayBuffer.isView(v))
    return `${v.constructor.name}(${(v as unknown as ArrayLike<unknown>).length})`;
  if (Array.isArray(v)) return `Array(${v.length})`;
  return typeof v;
}

/** Throws `RangeError("fn: message (got value)")`. */
export function fail(fn: string, message: string, ...got: [unknown?]): never {
  throw new RangeError(
    got.length > 0 ? `${fn}: ${message} (got ${show(got[0])})` : `${fn}: ${message}`,
  );
}

/** Throws `TypeError("fn: message")`. */
export function failType(fn: string, message: string): never {
  throw new TypeError(`${fn}: ${message}`);
}

/** Checks that `x` is a `Float64Array` whose every element is finite. */
export function checkFloat64Array(
  fn: string,
  arg: string,
  x: unknown,
  opts: { min?: number; max?: number; allowEmpty?: boolean } = {},
): asserts x is Float64Array {
  if (!(x instanceof Float64Array)) {
    failType(fn, `${arg} must be a Float64Array (got ${show(x)})`);
  }
  const {
    min = Number.NEGATIVE_INFINITY,
    max = Number.POSITIVE_INFINITY,
    allowEmpty = true,
  } = opts;
  if (!allowEmpty && x.length === 0) fail(fn, `${arg} is empty`);
  for (let i = 0; i < x.length; i++) {
    const v = x[i] as number;
    if (!(v >= min && v <= max && Number.isFinite(v))) {
      if (!Number.isFinite(v)) fail(fn, `${arg}[${i}] is not finite`, v);
      if (v < min) fail(fn, `${arg}[${i}] is below ${min}`, v);
      fail(fn, `${arg}[${i}] is above ${max}`, v);
    }
  }
}

/** Checks that `x` is an `Int32Array` whose values lie in [min, max]. */
export function checkInt32Array(
  fn: string,
  arg: string,
  x: unknown,
  opts: { min?: number; max?: number; allowEmpty?: boolean } = {},
): asserts x is Int32Array {
  if (!(x instanceof Int32Array)) failType(fn, `${arg} must be an Int32Array (got ${show(x)})`);
  const { min = -2147483648, max = 2147483647, allowEmpty = true } = opts;
  if (!allowEmpty && x.length === 0) fail(fn, `${arg} is empty`);
  for (let i = 0; i < x.length; i++) {
    const v = x[i] as number;
    if (v < min || v > max) fail(fn, `${arg}[${i}] must lie in [${min}, ${max}]`, v);
  }
}

/** Checks that `x` is a `Uint8Array` of 0/1 values. */
export function checkBinary(fn: string, arg: string, x: unknown): asserts x is Uint8Array {
  if (!(x instanceof Uint8Array))
    failType(fn, `${arg} must be a Uint8Array of 0/1 (got ${show(x)})`);
  for (let i = 0; i < x.length; i++) {
    const v = x[i] as number;
    if (v > 1) fail(fn, `${arg}[${i}] must be 0 or 1`, v);
  }
}

/** Checks that `n` is a finite integer in [min, max]. */
export function checkInteger(
  fn: string,
  arg: string,
  n: unknown,
  min = 0,
  max = Number.MAX_SAFE_INTEGER,
): asserts n is number {
  if (typeof n !== "number") failType(fn, `${arg} must be a number (got ${show(n)})`);
  if (!Number.isInteger(n)) fail(fn, `${arg} must be an integer`, n);
  if (!(n >= min)) fail(fn, `${arg} must be at least ${min}`, n);
  if (!(n <= max)) fail(fn, `${arg} must be at most ${max}`, n);
}

/** Checks that `x` is a finite number in [min, max] (or an open bound when `open`). */
export function checkNumber(
  fn: string,
  arg: string,
  x: unknown,
  min = Number.NEGATIVE_INFINITY,
  max = Number.POSITIVE_INFINITY,
  open: { lower?: boolean; upper?: boolean } = {},
): asserts x is number {
  if (typeof x !== "number") failType(fn, `${arg} must be a number (got ${show(x)})`);
  if (!Number.isFinite(x)) fail(fn, `${arg} must be finite`, x);
  const lowOk = open.lower ? x > min : x >= min;
  const highOk = open.upper ? x < max : x <= max;
  if (!lowOk) fail(fn, `${arg} must be ${open.lower ? "greater than" : "at least"} ${min}`, x);
  if (!highOk) fail(fn, `${arg} must be ${open.upper ? "less than" : "at most"} ${max}`, x);
}

/** Checks a confidence level in the open interval (0, 1). */
export function checkLevel(fn: string, level: unknown): asserts level is number {
  checkNumber(fn, "level", level, 0, 1, { lower: true, upper: true });
}

/** Checks that two array-likes have the same length. */
export function checkSameLength(
  fn: string,
  argA: string,
  a: ArrayLike<unknown>,
  argB: string,
  b: ArrayLike<unknown>,
): void {
  if (a.length !== b.length)
    fail(fn, `${argA} and ${argB} lengths differ (${a.length} vs ${b.length})`);
}

/** Checks that `rng` is a function (the `Rng` contract). */
export function checkRng(fn: string, rng: unknown): asserts rng is () => number {
  if (typeof rng !== "function")
    failType(fn, `rng must be a function returning numbers in [0, 1) (got ${show(rng)})`);
}

/** Checks a {@link RowMatrix}: shape consistent with data length and every value finite. */
export function checkRowMatrix(
  fn: string,
  arg: string,
  m: unknown,
  opts: { allowEmpty?: boolean } = {},
): asserts m is RowMatrix {
  if (typeof m !== "object" || m === null)
    failType(fn, `${arg} must be a RowMatrix (got ${show(m)})`);
  const { data, rows, cols } = m as RowMatrix;
  if (!(data instanceof Float64Array))
    failType(fn, `${arg}.data must be a Float64Array (got ${show(data)})`);
  checkInteger(fn, `${arg}.rows`, rows);
  checkInteger(fn, `${arg}.cols`, cols);
  if (data.length !== rows * cols) {
    fail(fn, `${arg}.data length ${data.length} does not equal rows * cols (${rows} * ${cols})`);
  }
  if (opts.allowEmpty === false && rows === 0) fail(fn, `${arg} has no rows`);
  for (let i = 0; i < data.length; i++) {
    const v = data[i] as number;
    if (!Number.isFinite(v))
      fail(
        fn,
        `${arg} has a non-finite value at row ${Math.floor(i / cols)}, column ${i % cols}`,
        v,
      );
  }
}

/** Checks that an options argument is undefined or a plain object. */
export function checkOptions(fn: string, options: unknown): void {
  if (
    options !== undefined &&
    (typeof options !== "object" || options === null || Array.isArray(options))
  ) {
    failType(fn, `options must be an object (got ${show(options)})`);
  }
}

/**
 * Draws one uniform number from `rng` and checks it lies in [0, 1).
 * Cheap enough for hot loops; a broken source is caught on first use.
 */
export function draw(fn: string, rng: () => number): number {
  const u = rng();
  if (!(u >= 0 && u < 1)) fail(fn, "rng returned a value outside [0, 1)", u);
  return u;
}

/** Compile-time proof that every case of a union was handled. */
export function assertUnreachable(fn: string, x: never): never {
  fail(fn, "unexpected option value", x);
}

/** Levenshtein edit distance of two short strings (case-insensitive), for "did you mean". */
function editDistance(a: string, b: string): number {
  const s = a.toLowerCase();
  const t = b.toLowerCase();
  let prev = Array.from({ length: t.length + 1 }, (_, j) => j);
  for (let i = 1; i <= s.length; i++) {
    const cur = [i];
    for (let j = 1; j <= t.length; j++) {
      const sub = (prev[j - 1] as number) + (s[i - 1] === t[j - 1] ? 0 : 1);
      cur.push(Math.min(sub, (prev[j] as number) + 1, (cur[j - 1] as number) + 1));
    }
    prev = cur;
  }
  return prev[t.length] as number;
}

/**
 * Checks that `value` is one of the strings in `choices`; the error lists
 * them and suggests the nearest one when it is within a third of its length
 * in edits (a typo or a case slip), e.g.
 * `proportionInterval: method must be one of "wald", "t", ... (got "wilsn"); did you mean "wilson"?`.
 */
export function checkChoice<T extends string>(
  fn: string,
  arg: string,
  value: unknown,
  choices: readonly T[],
): asserts value is T {
  if (typeof value === "string" && (choices as readonly string[]).includes(value)) return;
  const list = choices.map((c) => JSON.stringify(c)).join(", ");
  let hint = "";
  if (typeof value === "string") {
    let best = "";
    let bestD = Number.POSITIVE_INFINITY;
    for (const c of choices) {
      const d = editDistance(value, c);
      if (d < bestD) {
        bestD = d;
        best = c;
      }
    }
    if (bestD <= Math.max(1, Math.floor(best.length / 3)))
      hint = `; did you mean ${JSON.stringify(best)}?`;
  }
  fail(fn, `${arg} must be one of ${list} (got ${show(value)})${hint}`);
}
