import { checkBinary, checkInt32Array } from "../core/validate.js";

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
 * @throws {TypeError} If `selected` is not an `Int32Array` or `y` is not a `Uint8Array`.
 * @throws {RangeError} If an index is out of range or `y` holds a value other than 0 or 1.
 * @see Guerriero, A., Pietrantuono, R., Russo, S. (2024). DeepSample: DNN sampling-based testing for operational accuracy assessment. ICSE.
 * @example
 * ```ts
 * const y = new Uint8Array([0, 1, 1, 0, 1]);
 * failuresFound(new Int32Array([1, 3, 4, 1]), y); // 2
 * ```
 */
export function failuresFound(selected: Int32Array, y: Uint8Array): number {
  const fn = "failuresFound";
  checkBinary(fn, "y", y);
  checkInt32Array(fn, "selected", selected, { min: 0, max: y.length - 1 });
  const seen = new Uint8Array(y.length);
  let count = 0;
  for (let t = 0; t < selected.length; t++) {
    const i = selected[t] as number;
    if (seen[i] === 0) {
      seen[i] = 1;
      count += y[i] as number;
    }
  }
  return count;
}
