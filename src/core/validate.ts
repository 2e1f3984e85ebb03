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

import type { RowMatrix } from "./types.js";

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

/**
 * What a rejected element of a plain array was, for the message
 * `fn: arg must hold numbers: pass numbers or a Float64Array; got a string at [3]`.
 */
function badElement(fn: string, arg: string, i: number, v: unknown, fix: string): never {
  const what = v === null ? "null" : Array.isArray(v) ? "an array" : `a ${typeof v}`;
  failType(fn, `${arg} must hold numbers: pass ${fix}; got ${what} at [${i}]`);
}

/** `x` as an array-like of unknowns, or a TypeError saying what to pass. */
function arrayLike(fn: string, arg: string, x: unknown, what: string): ArrayLike<unknown> {
  if (
    Array.isArray(x) ||
    (ArrayBuffer.isView(x) && !(x instanceof DataView)) ||
    (typeof x === "object" &&
      x !== null &&
      Number.isInteger((x as ArrayLike<unknown>).length) &&
      (x as ArrayLike<unknown>).length >= 0)
  ) {
    return x as ArrayLike<unknown>;
  }
  failType(fn, `${arg} must be ${what} (got ${show(x)})`);
}

/** Element `i` of a plain array as a number; booleans become 0/1 when `booleans`. */
function element(
  fn: string,
  arg: string,
  a: ArrayLike<unknown>,
  i: number,
  booleans: boolean,
  fix: string,
): number {
  const v = a[i];
  if (typeof v === "number") return v;
  if (booleans && typeof v === "boolean") return v ? 1 : 0;
  badElement(fn, arg, i, v, fix);
}

/**
 * `x` as a `Float64Array` without reading its values when it already is one
 * (no copy); a plain `number[]` or any other typed array is copied into a
 * new one, each element checked to be a number (with `booleans`,
 * `true`/`false` become 1/0). Finiteness and ranges are left to the caller's
 * own check (use {@link toFloat64Array} to do both). The input is never
 * mutated.
 *
 * @throws {TypeError} `fn: arg must hold numbers: pass numbers or a Float64Array; got a string at [3]`.
 */
export function asFloat64Array(
  fn: string,
  arg: string,
  x: unknown,
  booleans = false,
): Float64Array {
  if (x instanceof Float64Array) return x;
  const fix = booleans ? "numbers, booleans or a Float64Array" : "numbers or a Float64Array";
  const a = arrayLike(
    fn,
    arg,
    x,
    `a Float64Array or an array of ${booleans ? "numbers or booleans" : "numbers"}`,
  );
  checkLength(fn, `${arg}.length`, a.length);
  const out = new Float64Array(a.length);
  for (let i = 0; i < a.length; i++) out[i] = element(fn, arg, a, i, booleans, fix);
  return out;
}

/**
 * The conversion at a public entry point: returns `x` itself when it is a
 * `Float64Array` (no copy), and otherwise a new `Float64Array` copy of a
 * plain `number[]` or any other typed array (see {@link asFloat64Array});
 * either way every value is checked as by {@link checkFloat64Array}
 * (finite, in [min, max]). With `booleans`, `true`/`false` become 1/0
 * (outcomes). The input is never mutated.
 *
 * @throws {TypeError} `fn: arg must hold numbers: pass numbers or a Float64Array; got a string at [3]`.
 * @throws {RangeError} As {@link checkFloat64Array}: `fn: arg[2] is not finite (got NaN)`.
 */
export function toFloat64Array(
  fn: string,
  arg: string,
  x: unknown,
  opts: { min?: number; max?: number; allowEmpty?: boolean; booleans?: boolean } = {},
): Float64Array {
  const out = asFloat64Array(fn, arg, x, opts.booleans === true);
  checkFloat64Array(fn, arg, out, opts);
  return out;
}

/**
 * As {@link asFloat64Array} for integer vectors (indices, strata, slice ids):
 * an `Int32Array` is returned itself, anything else is copied, each value
 * checked to be an integer in the Int32 range (so nothing is truncated).
 *
 * @throws {TypeError} `fn: arg must hold numbers: pass integers or an Int32Array; got a string at [3]`.
 * @throws {RangeError} `fn: arg[1] must be an integer (got 1.5)`.
 */
export function asInt32Array(fn: string, arg: string, x: unknown): Int32Array {
  if (x instanceof Int32Array) return x;
  const fix = "integers or an Int32Array";
  const a = arrayLike(fn, arg, x, "an Int32Array or an array of integers");
  checkLength(fn, `${arg}.length`, a.length);
  const out = new Int32Array(a.length);
  for (let i = 0; i < a.length; i++) {
    const v = element(fn, arg, a, i, false, fix);
    if (!Number.isInteger(v)) fail(fn, `${arg}[${i}] must be an integer`, v);
    if (v < -2147483648 || v > 2147483647)
      fail(fn, `${arg}[${i}] must lie in [-2147483648, 2147483647]`, v);
    out[i] = v;
  }
  return out;
}

/**
 * As {@link toFloat64Array} for integer vectors: {@link asInt32Array}, then
 * every value checked as by {@link checkInt32Array} (in [min, max]).
 *
 * @throws {TypeError} `fn: arg must hold numbers: pass integers or an Int32Array; got a string at [3]`.
 * @throws {RangeError} `fn: arg[1] must be an integer (got 1.5)`, or as {@link checkInt32Array}.
 */
export function toInt32Array(
  fn: string,
  arg: string,
  x: unknown,
  opts: { min?: number; max?: number; allowEmpty?: boolean } = {},
): Int32Array {
  const out = asInt32Array(fn, arg, x);
  checkInt32Array(fn, arg, out, opts);
  return out;
}

/**
 * 0/1 outcomes: a `Uint8Array` is returned itself (unchecked; see
 * {@link toBinary}), anything else is copied into a new `Uint8Array`, each
 * value checked to be 0, 1, `false` or `true`.
 *
 * @throws {TypeError} `fn: arg must hold numbers: pass 0/1 numbers, booleans or a Uint8Array; got a string at [3]`.
 * @throws {RangeError} `fn: arg[2] must be 0 or 1 (got 0.5)`.
 */
export function asBinary(fn: string, arg: string, x: unknown): Uint8Array {
  if (x instanceof Uint8Array) return x;
  const fix = "0/1 numbers, booleans or a Uint8Array";
  const a = arrayLike(fn, arg, x, "a Uint8Array or an array of 0/1 numbers or booleans");
  checkLength(fn, `${arg}.length`, a.length);
  const out = new Uint8Array(a.length);
  for (let i = 0; i < a.length; i++) {
    const v = element(fn, arg, a, i, true, fix);
    if (v !== 0 && v !== 1) fail(fn, `${arg}[${i}] must be 0 or 1`, v);
    out[i] = v;
  }
  return out;
}

/** {@link asBinary}, then every value checked as by {@link checkBinary}. */
export function toBinary(fn: string, arg: string, x: unknown): Uint8Array {
  const out = asBinary(fn, arg, x);
  checkBinary(fn, arg, out);
  return out;
}

/**
 * `m` itself when it is not an array (a {@link RowMatrix}, left to the
 * caller's own check), or a new RowMatrix built from a `number[][]` (rows of
 * equal length; each row a plain array or a typed array), each element
 * checked to be a number. The input is never mutated.
 *
 * @throws {TypeError} `fn: arg[1] must be an array of numbers (a row of number[][]) (got number)`, or a
 *   non-number element.
 * @throws {RangeError} `fn: arg rows differ in length (row 0 has 2, row 3 has 1)`.
 */
export function asRowMatrix(fn: string, arg: string, m: unknown): RowMatrix {
  if (!Array.isArray(m)) return m as RowMatrix;
  const fix = "number[][] or a RowMatrix";
  const rows = m.length;
  const rowWhat = "an array of numbers (a row of number[][])";
  const cols = rows === 0 ? 0 : arrayLike(fn, `${arg}[0]`, m[0], rowWhat).length;
  checkLength(fn, `${arg}.length * ${arg}[0].length`, rows * cols);
  const data = new Float64Array(rows * cols);
  for (let i = 0; i < rows; i++) {
    const row = arrayLike(fn, `${arg}[${i}]`, m[i], rowWhat);
    if (row.length !== cols)
      fail(fn, `${arg} rows differ in length (row 0 has ${cols}, row ${i} has ${row.length})`);
    for (let j = 0; j < cols; j++)
      data[i * cols + j] = element(fn, `${arg}[${i}]`, row, j, false, fix);
  }
  return { data, rows, cols };
}

/**
 * The conversion at a public entry point for matrices: {@link asRowMatrix},
 * then the result checked as by {@link checkRowMatrix} (every value finite),
 * or only its shape ({@link checkRowMatrixShape}) when `finite` is false.
 *
 * @throws {TypeError} As {@link asRowMatrix} or {@link checkRowMatrixShape}.
 * @throws {RangeError} `fn: arg rows differ in length (...)`, or as {@link checkRowMatrix}.
 */
export function toRowMatrix(
  fn: string,
  arg: string,
  m: unknown,
  opts: { allowEmpty?: boolean; finite?: boolean } = {},
): RowMatrix {
  const out = asRowMatrix(fn, arg, m);
  if (opts.finite === false) checkRowMatrixShape(fn, arg, out);
  else checkRowMatrix(fn, arg, out, opts);
  return out;
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
export function checkLevel(fn: string, level: unknown, arg = "level"): asserts level is number {
  checkNumber(fn, arg, level, 0, 1, { lower: true, upper: true });
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

/**
 * Checks the shape of a {@link RowMatrix} without reading its values:
 * `data` is a `Float64Array`, `rows` and `cols` are integers in
 * [0, {@link maxLength}], and `data.length === rows * cols`.
 */
export function checkRowMatrixShape(fn: string, arg: string, m: unknown): asserts m is RowMatrix {
  if (typeof m !== "object" || m === null)
    failType(fn, `${arg} must be a RowMatrix (got ${show(m)})`);
  const { data, rows, cols } = m as RowMatrix;
  if (!(data instanceof Float64Array))
    failType(fn, `${arg}.data must be a Float64Array (got ${show(data)})`);
  checkInteger(fn, `${arg}.rows`, rows, 0, maxLength);
  checkInteger(fn, `${arg}.cols`, cols, 0, maxLength);
  if (data.length !== rows * cols) {
    fail(fn, `${arg}.data length ${data.length} does not equal rows * cols (${rows} * ${cols})`);
  }
}

/** Checks a {@link RowMatrix}: the shape as {@link checkRowMatrixShape}, and every value finite. */
export function checkRowMatrix(
  fn: string,
  arg: string,
  m: unknown,
  opts: { allowEmpty?: boolean } = {},
): asserts m is RowMatrix {
  checkRowMatrixShape(fn, arg, m);
  const { data, rows, cols } = m;
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

/**
 * Checks that an options argument is undefined or a plain object and, when
 * `known` is given, that every own key of it is one of `known`: a misspelt
 * option (`{ levl: 0.9 }`) would otherwise be ignored and its default used.
 * The error suggests the nearest known key within an edit distance of 2.
 *
 * @param fn - The public function's name.
 * @param options - The argument.
 * @param known - Every key the function documents; omit to check the type only.
 * @param noun - What a key is called in the message ("option", or "input field" for input objects).
 * @throws {TypeError} `fn: unknown option "levl" (did you mean "level"?); valid options: a, b`.
 */
export function checkOptions(
  fn: string,
  options: unknown,
  known?: readonly string[],
  noun = "option",
): void {
  if (
    options !== undefined &&
    (typeof options !== "object" ||
      options === null ||
      Array.isArray(options) ||
      ArrayBuffer.isView(options))
  ) {
    failType(
      fn,
      `${noun === "option" ? "options" : "input"} must be an object (got ${show(options)})`,
    );
  }
  if (known === undefined || options === undefined) return;
  for (const key of Object.keys(options as object)) {
    if (known.includes(key)) continue;
    const near = nearestKey(key, known);
    const hint = near === undefined ? "" : ` (did you mean ${JSON.stringify(near)}?)`;
    const list = known.length === 0 ? "none" : known.join(", ");
    failType(fn, `unknown ${noun} ${JSON.stringify(key)}${hint}; valid ${noun}s: ${list}`);
  }
}

/**
 * Checks that an array has no empty slot: `map`, `forEach` and `every` skip a
 * hole of a sparse array (`[a, , c]`) and `for...of` reads it as `undefined`,
 * so a hole would slip past per-element checks (or leave one in the result).
 *
 * @param fn - The public function's name.
 * @param arg - The argument's name, e.g. `"points"` or `"options.goldFiles"`.
 * @param a - The array (its type is the caller's to check).
 * @throws {TypeError} `fn: arg[k] is an empty slot (a hole in a sparse array)`.
 */
export function checkNoHoles(fn: string, arg: string, a: readonly unknown[]): void {
  for (let k = 0; k < a.length; k++) {
    if (!(k in a)) failType(fn, `${arg}[${k}] is an empty slot (a hole in a sparse array)`);
  }
}

/**
 * Checks the own keys of a nested object (an option object inside options,
 * an NSGA-II `problem`, a prior): every key must be one of `known`, named by
 * its path in the error, with the nearest known key suggested as
 * {@link checkOptions} does.
 *
 * @param fn - The public function's name.
 * @param path - Where the object sits, e.g. `"options.sequential"` or `"problem"`.
 * @param obj - The object (its type is the caller's to check).
 * @param known - Every key the object may carry.
 * @throws {TypeError} `fn: unknown key "options.sequential.minLabls" (did you mean "minLabels"?); valid keys of options.sequential: ...`.
 */
export function checkNestedKeys(
  fn: string,
  path: string,
  obj: object,
  known: readonly string[],
): void {
  for (const key of Object.keys(obj)) {
    if (known.includes(key)) continue;
    const near = nearestKey(key, known);
    const hint = near === undefined ? "" : ` (did you mean ${JSON.stringify(near)}?)`;
    const list = known.length === 0 ? "none" : known.join(", ");
    failType(
      fn,
      `unknown key ${JSON.stringify(`${path}.${key}`)}${hint}; valid keys of ${path}: ${list}`,
    );
  }
}

/**
 * The keys of an options type as a runtime list for {@link checkOptions},
 * checked by the compiler against the type: a key the type lacks, or a key
 * of the type left out, is a compile error. Usage:
 * `const KEYS = optionKeys<FooOptions>()("level", "eps");`.
 */
export function optionKeys<T>() {
  return <const K extends readonly (keyof T & string)[]>(
    ...keys: K &
      ([Exclude<keyof T, K[number]>] extends [never]
        ? unknown
        : { missing: Exclude<keyof T, K[number]> })
  ): readonly string[] => keys;
}

/**
 * The key of `known` nearest to `key` by optimal-string-alignment (Damerau-Levenshtein)
 * distance, if within 2; ties go to the first listed (the "did you mean" of the option
 * checks, and of the CLI's unknown flags).
 * @internal
 */
export function nearestKey(key: string, known: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestD = 3;
  for (const k of known) {
    const d = editDistance(key.toLowerCase(), k.toLowerCase());
    // a suggestion must keep part of the key: "0" is not a typo of "id"
    if (d < bestD && d < key.length) {
      bestD = d;
      best = k;
    }
  }
  return best;
}

/** Optimal string alignment distance: insertions, deletions, substitutions and adjacent transpositions. */
function editDistance(a: string, b: string): number {
  if (Math.abs(a.length - b.length) > 2) return 3;
  const w = b.length + 1;
  const d = new Int32Array((a.length + 1) * w);
  for (let i = 0; i <= a.length; i++) d[i * w] = i;
  for (let j = 0; j <= b.length; j++) d[j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(
        (d[(i - 1) * w + j] as number) + 1,
        (d[i * w + j - 1] as number) + 1,
        (d[(i - 1) * w + j - 1] as number) + cost,
      );
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        v = Math.min(v, (d[(i - 2) * w + j - 2] as number) + 1);
      }
      d[i * w + j] = v;
    }
  }
  return d[a.length * w + b.length] as number;
}

/**
 * Largest number of elements evalsift allocates for one array from a size
 * argument: 2^27 = 134,217,728 (1 GiB as a `Float64Array`). Larger requests
 * fail with a `RangeError` before anything is allocated instead of crashing
 * the process (V8's "Invalid typed array length" or running out of memory).
 */
export const maxLength = 2 ** 27;

/**
 * Checks, before allocating, that an array of `length` elements is no longer
 * than {@link maxLength} (or `limit`).
 *
 * @throws {RangeError} `fn: arg is too large (at most 134217728) (got 1000000000)`.
 */
export function checkLength(fn: string, arg: string, length: number, limit = maxLength): void {
  if (!(length <= limit)) fail(fn, `${arg} is too large (at most ${limit})`, length);
}

/**
 * Draws one uniform number from `rng` and checks it lies in [0, 1).
 * Cheap enough for hot loops; a broken source is caught on first use.
 */
export function draw(fn: string, rng: () => number): number {
  const u: unknown = rng();
  // null and numeric strings compare as numbers: refuse them by type first
  if (typeof u !== "number")
    failType(fn, `rng must return a number in [0, 1) (got ${u === null ? "null" : typeof u})`);
  if (!(u >= 0 && u < 1)) fail(fn, "rng returned a value outside [0, 1)", u);
  return u;
}

/** Compile-time proof that every case of a union was handled. */
export function assertUnreachable(fn: string, x: never): never {
  fail(fn, "unexpected option value", x);
}

/**
 * Checks that `value` is one of the strings in `choices`; the error lists
 * them and suggests the nearest one when it is within a third of its length
 * in edits, at most 2 (a typo or a case slip; the distance of {@link checkOptions}), e.g.
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
      const d = editDistance(value.toLowerCase(), c.toLowerCase());
      if (d < bestD) {
        bestD = d;
        best = c;
      }
    }
    if (bestD <= Math.min(2, Math.max(1, Math.floor(best.length / 3))))
      hint = `; did you mean ${JSON.stringify(best)}?`;
  }
  fail(fn, `${arg} must be one of ${list} (got ${show(value)})${hint}`);
}
