import { fail, toBinary, toInt32Array } from "../core/validate.js";

/**
 * Number of distinct failing items among the selected ones: the
 * fault-detection metric of test-case selection ("failures found").
 *
 * failures = |{ i in selected : y_i = 1 }|, counting each item once even when
 * a with-replacement design (SUPS, 2-UPS) selects it several times, because
 * labelling the same failure twice reveals nothing new.
 *
 * @param selected - 0-based indices of the selected items, each in [0, y.length); repeats allowed.
 * @param y - Outcome per item, 1 = failure (misprediction), 0 = pass.
 * @returns The number of distinct selected items with y = 1.
 * @throws {TypeError} If `selected` is not an `Int32Array` or an array of integers or `y` is not a
 *   `Uint8Array` or an array of 0/1 or booleans.
 * @throws {RangeError} If an index is out of range (any index when `y` is empty) or `y` holds a value
 *   other than 0 or 1.
 * @see Guerriero, A., Pietrantuono, R., Russo, S. (2024). DeepSample: DNN sampling-based testing for operational accuracy assessment. ICSE.
 * @example
 * ```ts
 * const y = new Uint8Array([0, 1, 1, 0, 1]);
 * failuresFound(new Int32Array([1, 3, 4, 1]), y); // 2
 * ```
 */
export function failuresFound(selected: ArrayLike<number>, y: ArrayLike<number | boolean>): number {
  const fn = "failuresFound";
  const y01 = toBinary(fn, "y", y);
  if (y01.length === 0) {
    // [0, y.length - 1] is empty: say so rather than "must lie in [0, -1]"
    const n = toInt32Array(fn, "selected", selected).length;
    if (n > 0) {
      fail(
        fn,
        `y is empty, so selected must be empty too (no index is valid; got ${n === 1 ? "1 index" : `${n} indices`})`,
      );
    }
    return 0;
  }
  const selected32 = toInt32Array(fn, "selected", selected, { min: 0, max: y01.length - 1 });
  const seen = new Uint8Array(y01.length);
  let count = 0;
  for (let t = 0; t < selected32.length; t++) {
    const i = selected32[t] as number;
    if (seen[i] === 0) {
      seen[i] = 1;
      count += y01[i] as number;
    }
  }
  return count;
}
