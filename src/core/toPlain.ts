import { checkChoice, checkOptions, fail, failType, optionKeys } from "./validate.js";

const FN = "toPlain";

/**
 * What {@link toPlain} returns for a value of type `T`: every typed array
 * becomes a `number[]`, and arrays and objects are mapped member by member.
 */
export type Plain<T> = T extends ArrayBufferView
  ? number[]
  : T extends readonly (infer E)[]
    ? Plain<E>[]
    : T extends object
      ? { -readonly [K in keyof T]: Plain<T[K]> }
      : T;

/** How {@link toPlain} treats NaN, Infinity and -Infinity, which JSON cannot hold. */
export type NonFiniteMethod = "throw" | "null" | "string";

/** Options of {@link toPlain}. */
export type ToPlainOptions = {
  /**
   * `"throw"`: a `RangeError` naming the path of the first non-finite number
   * (JSON has none, and `JSON.stringify` would silently write `null`);
   * `"null"`: write `null`, as `JSON.stringify` does; `"string"`: write
   * `"NaN"`, `"Infinity"` or `"-Infinity"`, which Python's `json` and
   * pandas read back as floats.
   * @defaultValue {@link toPlainDefaults}`.nonFinite` ("throw")
   */
  readonly nonFinite?: NonFiniteMethod;
};

/**
 * The defaults of {@link toPlain}.
 *
 * @example
 * ```ts
 * toPlainDefaults.nonFinite; // "throw"
 * ```
 */
export const toPlainDefaults: Readonly<{ nonFinite: NonFiniteMethod }> = Object.freeze({
  nonFinite: "throw",
});

const KEYS = optionKeys<ToPlainOptions>()("nonFinite");
const MODES: readonly NonFiniteMethod[] = ["throw", "null", "string"];

/**
 * A deep copy of a result with every typed array turned into a plain
 * `number[]`, so that `JSON.stringify(toPlain(result))` writes arrays (it
 * writes a `Float64Array` as `{"0":0.1,"1":0.2}`) and a notebook, a web
 * service or Python can read it back.
 *
 * Algorithm: a depth-first walk. Typed arrays become arrays of their numbers
 * (a `RowMatrix` becomes `{ data: number[], rows, cols }`), arrays and plain
 * objects are copied member by member (own enumerable string keys), strings,
 * booleans, `null` and `undefined` are kept, and a number is kept when it is
 * finite (for NaN and +-Infinity see `options.nonFinite`). Anything JSON
 * cannot represent faithfully is rejected rather than dropped: functions,
 * bigints, symbols, `Map`, `Set`, `Date` and other class instances, and
 * cycles. The input is never mutated.
 *
 * @param value - A result of evalsift (an `Estimate`, a typed array, a
 *   `RowMatrix`, a fitted model, ...) or any tree of those.
 * @param options - `nonFinite` (default `"throw"`).
 * @returns The plain copy, typed as {@link Plain}.
 * @throws {RangeError} If a number is NaN or infinite and `nonFinite` is `"throw"`, naming its path, e.g.
 *   `toPlain: value.ci[1] is not finite (got Infinity)`; or if `nonFinite` is not one of the modes.
 * @throws {TypeError} If a member is a function, bigint, symbol, a class instance (`Map`, `Set`, `Date`, ...)
 *   or part of a cycle, naming its path; or if `options` is not an object or has an unknown key.
 * @example
 * ```ts
 * const sample = pivotal([0.2, 0.7, 0.8, 0.3], createRng(1));
 * sample; // Int32Array [1, 2]
 * JSON.stringify(sample); // "{\"0\":1,\"1\":2}"
 * JSON.stringify(toPlain(sample)); // "[1,2]"
 * toPlain({ y: new Float64Array([0.5, 1]), n: 2 }); // { y: [0.5, 1], n: 2 }
 * toPlain(rowMatrix([[1, 2]])); // { data: [1, 2], rows: 1, cols: 2 }
 * toPlain([1, Number.NaN], { nonFinite: "null" }); // [1, null]
 * toPlain({ ci: [0, Infinity] }); // throws RangeError: toPlain: value.ci[1] is not finite (got Infinity)
 * ```
 */
export function toPlain<T>(value: T, options?: ToPlainOptions): Plain<T> {
  checkOptions(FN, options, KEYS);
  const nonFinite = options?.nonFinite ?? toPlainDefaults.nonFinite;
  checkChoice(FN, "options.nonFinite", nonFinite, MODES);
  const open = new Set<object>();
  const num = (x: number, path: string): number | string | null => {
    if (Number.isFinite(x)) return x;
    if (nonFinite === "null") return null;
    if (nonFinite === "string") return String(x);
    return fail(FN, `${path} is not finite`, x);
  };
  const walk = (x: unknown, path: string): unknown => {
    if (typeof x === "number") return num(x, path);
    if (typeof x === "string" || typeof x === "boolean" || x === null || x === undefined) return x;
    if (typeof x !== "object") return failType(FN, `${path} is a ${typeof x}; JSON cannot hold it`);
    if (ArrayBuffer.isView(x)) {
      if (x instanceof DataView || x instanceof BigInt64Array || x instanceof BigUint64Array)
        return failType(FN, `${path} is a ${x.constructor.name}; JSON cannot hold it`);
      const a = x as unknown as ArrayLike<number>;
      const out = new Array<number | string | null>(a.length);
      for (let i = 0; i < a.length; i++) out[i] = num(a[i] as number, `${path}[${i}]`);
      return out;
    }
    if (open.has(x)) return failType(FN, `${path} refers back to an enclosing value (a cycle)`);
    const proto: unknown = Object.getPrototypeOf(x);
    const isArray = Array.isArray(x);
    if (!isArray && proto !== Object.prototype && proto !== null) {
      const name = (x as { constructor?: { name?: string } }).constructor?.name ?? "object";
      return failType(FN, `${path} is a ${name}; convert it to an array or a plain object first`);
    }
    open.add(x);
    let out: unknown;
    if (isArray) out = x.map((v, i) => walk(v, `${path}[${i}]`));
    else {
      const o: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(x)) {
        const value = walk(
          v,
          /^[A-Za-z_$][\w$]*$/.test(k) ? `${path}.${k}` : `${path}[${JSON.stringify(k)}]`,
        );
        // an own "__proto__" key (JSON.parse makes one) stays a key: assigning it would set
        // the copy's prototype instead and the key would vanish from the JSON
        if (k === "__proto__") {
          Object.defineProperty(o, k, {
            value,
            enumerable: true,
            writable: true,
            configurable: true,
          });
        } else o[k] = value;
      }
      out = o;
    }
    open.delete(x);
    return out;
  };
  return walk(value, "value") as Plain<T>;
}
