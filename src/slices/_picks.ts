/** Internal validation shared by the ranking functions. */
import { checkBinary, checkInt32Array, fail, failType } from "../core/validate.js";
import { checkSliceOf } from "./_partition.js";

/** Checks sliceOf, per-slice picks and two outcome vectors; returns slice sizes. */
export function checkPicks(
  fn: string,
  sliceOf: Int32Array,
  picks: readonly Int32Array[],
  outcomeV0: Uint8Array,
  outcomeV1: Uint8Array,
): Int32Array {
  checkSliceOf(fn, "sliceOf", sliceOf);
  const n = sliceOf.length;
  checkBinary(fn, "outcomeV0", outcomeV0);
  checkBinary(fn, "outcomeV1", outcomeV1);
  if (outcomeV0.length !== n)
    fail(fn, `sliceOf and outcomeV0 lengths differ (${n} vs ${outcomeV0.length})`);
  if (outcomeV1.length !== n)
    fail(fn, `sliceOf and outcomeV1 lengths differ (${n} vs ${outcomeV1.length})`);
  if (!Array.isArray(picks))
    failType(fn, "picks must be an array of Int32Array (one per slice id)");
  if (picks.length > n) fail(fn, `picks has ${picks.length} entries, more than the ${n} slice ids`);
  const size = new Int32Array(n);
  for (let i = 0; i < n; i++) size[sliceOf[i] as number]++;
  const seen = new Uint8Array(n);
  picks.forEach((list, s) => {
    checkInt32Array(fn, `picks[${s}]`, list, { min: 0, max: n - 1 });
    for (const i of list) {
      if (sliceOf[i] !== s) fail(fn, `picks[${s}] holds instance ${i} of slice ${sliceOf[i]}`);
      if (seen[i] === 1) fail(fn, `picks[${s}] repeats instance ${i}`);
      seen[i] = 1;
    }
  });
  return size;
}
