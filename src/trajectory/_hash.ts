/**
 * 32-bit FNV-1a over UTF-16 code units, continued across calls so that an
 * n-gram hash equals the hash of its words joined by single spaces.
 * @internal
 */
export const FNV_OFFSET = 0x811c9dc5;

/** Continues an FNV-1a state with the code units of `s`. */
export function fnv1a(h: number, s: string): number {
  let x = h;
  for (let i = 0; i < s.length; i++) {
    x ^= s.charCodeAt(i);
    x = Math.imul(x, 0x01000193);
  }
  return x >>> 0;
}

/** MurmurHash3's 32-bit finaliser, used to draw an independent sign bit. */
export function fmix32(h: number): number {
  let x = h;
  x ^= x >>> 16;
  x = Math.imul(x, 0x85ebca6b);
  x ^= x >>> 13;
  x = Math.imul(x, 0xc2b2ae35);
  x ^= x >>> 16;
  return x >>> 0;
}
