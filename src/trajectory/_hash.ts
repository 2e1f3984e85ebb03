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

const PRIME = 0x01000193;

function isUpper(c: number): boolean {
  return c >= 65 && c <= 90;
}

function isWordStart(c: number): boolean {
  return isUpper(c) || (c >= 97 && c <= 122) || c === 95;
}

function isWord(c: number): boolean {
  return isWordStart(c) || (c >= 48 && c <= 57);
}

/**
 * Streams the FNV-1a hash of every word n-gram (n = 1..`ngrams`) of `text`
 * without building strings. Words are ASCII identifiers
 * `[A-Za-z_][A-Za-z0-9_]*` and placeholders `[A-Z][A-Z_]*` in brackets, of 2+
 * characters, lower-cased; an n-gram hashes as its words joined by one space.
 * `state` is scratch space of length at least 2 * (ngrams + 1).
 */
export function hashNgrams(
  text: string,
  ngrams: number,
  state: Uint32Array,
  emit: (hash: number) => void,
): void {
  // state[g] is the hash of the g-gram ending at the previous word; state[ngrams + 1 + g] the current
  const cur = ngrams + 1;
  let seen = 0;
  const n = text.length;
  let i = 0;
  while (i < n) {
    const c = text.charCodeAt(i);
    let end = -1;
    if (c === 91 && i + 2 < n && isUpper(text.charCodeAt(i + 1))) {
      let j = i + 2;
      while (j < n) {
        const d = text.charCodeAt(j);
        if (!(isUpper(d) || d === 95)) break;
        j++;
      }
      if (j < n && text.charCodeAt(j) === 93) end = j + 1;
    }
    if (end < 0) {
      if (!isWordStart(c)) {
        i++;
        continue;
      }
      end = i + 1;
      while (end < n && isWord(text.charCodeAt(end))) end++;
    }
    if (end - i >= 2) {
      const orders = Math.min(ngrams, seen + 1);
      state[cur + 1] = FNV_OFFSET;
      for (let g = 2; g <= orders; g++) {
        state[cur + g] = Math.imul((state[g - 1] as number) ^ 32, PRIME);
      }
      for (let k = i; k < end; k++) {
        let ch = text.charCodeAt(k);
        if (isUpper(ch)) ch += 32;
        for (let g = 1; g <= orders; g++) {
          state[cur + g] = Math.imul((state[cur + g] as number) ^ ch, PRIME);
        }
      }
      for (let g = 1; g <= orders; g++) {
        const h = (state[cur + g] as number) >>> 0;
        state[g] = h;
        emit(h);
      }
      seen++;
    }
    i = end;
  }
}
