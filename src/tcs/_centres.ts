/**
 * Centre seeding on the 1-D risk: Gonzalez farthest-first (the D² seeding is in _sortedD2.ts).
 *
 * Internal module: not re-exported from the package entry point.
 * @internal
 */

/**
 * Gonzalez farthest-first traversal on the 1-D risk: the first centre is the
 * smallest risk; each next one is the unit farthest from its nearest centre
 * (ties to the lowest index). Stops when every unit sits on a centre.
 */
export function farthestFirstCentres(risk: Float64Array, H: number): number[] {
  const N = risk.length;
  let first = risk[0] as number;
  for (let i = 1; i < N; i++) if ((risk[i] as number) < first) first = risk[i] as number;
  const centres = [first];
  const d = risk.map((r) => Math.abs(r - first));
  while (centres.length < H) {
    let best = -1;
    let far = 0;
    for (let i = 0; i < N; i++) {
      if ((d[i] as number) > far) {
        far = d[i] as number;
        best = i;
      }
    }
    if (best < 0) break;
    const c = risk[best] as number;
    centres.push(c);
    for (let i = 0; i < N; i++) {
      const v = Math.abs((risk[i] as number) - c);
      if (v < (d[i] as number)) d[i] = v;
    }
  }
  return centres;
}
