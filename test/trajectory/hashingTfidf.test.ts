import { describe, expect, it } from "vitest";
import { FNV_OFFSET, fnv1a, hashNgrams } from "../../src/trajectory/_hash.js";
import { words } from "../../src/trajectory/_text.js";
import { hashingTfidf } from "../../src/trajectory/hashingTfidf.js";

describe("hashingTfidf(options)", () => {
  it("hashes with 32-bit FNV-1a (published test vectors)", () => {
    // http://www.isthe.com/chongo/tech/comp/fnv/ test suite: FNV-1a 32 of "a" and "foobar"
    expect(fnv1a(FNV_OFFSET, "a")).toBe(0xe40c292c);
    expect(fnv1a(FNV_OFFSET, "foobar")).toBe(0xbf9cf968);
    expect(fnv1a(FNV_OFFSET, "")).toBe(0x811c9dc5);
    // continuing the state equals hashing the joined string
    expect(fnv1a(fnv1a(FNV_OFFSET, "foo"), "bar")).toBe(fnv1a(FNV_OFFSET, "foobar"));
  });

  it("streams n-gram hashes equal to FNV-1a of the words joined by one space", () => {
    const text = "Run [PATH] x 3abc tests_1 [not] A_b\tz9 [ERR_ASSERT]:FOO";
    const ws = words(text);
    expect(ws).toEqual([
      "run",
      "[path]",
      "abc",
      "tests_1",
      "not",
      "a_b",
      "z9",
      "[err_assert]",
      "foo",
    ]);
    const expected: number[] = [];
    for (let k = 0; k < ws.length; k++) {
      for (let g = 1; g <= 3 && k - g + 1 >= 0; g++) {
        expected.push(fnv1a(FNV_OFFSET, ws.slice(k - g + 1, k + 1).join(" ")));
      }
    }
    const got: number[] = [];
    hashNgrams(text, 3, new Uint32Array(8), (h) => got.push(h));
    expect(got).toEqual(expected);
  });

  it("reproduces its documented example", () => {
    const m = hashingTfidf({ dims: 8, ngrams: 1 })(["pytest tests", "pytest tests", ""]);
    expect([m.rows, m.cols]).toEqual([3, 8]);
    // two tokens in different buckets, equal weights: each 1/sqrt(2) after L2 normalisation
    expect(Array.from(m.data.slice(0, 8))).toEqual([0, Math.SQRT1_2, 0, 0, Math.SQRT1_2, 0, 0, 0]);
    expect(Array.from(m.data.slice(16))).toEqual([0, 0, 0, 0, 0, 0, 0, 0]);
  });

  it("computes smoothed IDF and sublinear TF by hand on a one-bucket space", () => {
    // dims 1: every token falls in bucket 0, so a one-token row is sign * (1 + ln 1) * idf / norm = +-1;
    // "a" is shorter than 2 characters, so it is no token
    const m = hashingTfidf({ dims: 1, ngrams: 1 })(["ab", "cd", "a"]);
    expect(Math.abs(m.data[0] as number)).toBe(1);
    expect(Math.abs(m.data[1] as number)).toBe(1);
    expect(m.data[2]).toBe(0);
    // without normalisation effects: two buckets, token in 1 of 2 texts -> idf = ln(3/2) + 1
    const e = hashingTfidf({ dims: 4096, ngrams: 1, sublinearTf: false });
    const r = e(["alpha alpha beta", "beta"]);
    const row0 = Array.from(r.data.slice(0, 4096))
      .filter((v) => v !== 0)
      .map(Math.abs);
    // alpha: count 2, idf ln(3/2)+1; beta: count 1, idf ln(3/3)+1 = 1
    const a = 2 * (Math.log(1.5) + 1);
    const b = 1;
    const norm = Math.hypot(a, b);
    row0.sort();
    expect(row0.length).toBe(2);
    expect(row0[0]).toBeCloseTo(b / norm, 14);
    expect(row0[1]).toBeCloseTo(a / norm, 14);
  });

  it("bigrams add features beyond unigrams and the order of words matters", () => {
    const uni = hashingTfidf({ dims: 4096, ngrams: 1, idf: false });
    const bi = hashingTfidf({ dims: 4096, ngrams: 2, idf: false });
    const u = uni(["run tests", "tests run"]);
    const b = bi(["run tests", "tests run"]);
    expect(Array.from(u.data.slice(0, 4096))).toEqual(Array.from(u.data.slice(4096)));
    expect(Array.from(b.data.slice(0, 4096))).not.toEqual(Array.from(b.data.slice(4096)));
  });

  it("does not mutate its input and is deterministic", () => {
    const texts = ["a b c", "[PATH] x"];
    const e = hashingTfidf();
    const m1 = e(texts);
    const m2 = hashingTfidf()(texts);
    expect(texts).toEqual(["a b c", "[PATH] x"]);
    expect(m1.data).toEqual(m2.data);
    expect(m1.cols).toBe(768);
  });

  it("rejects bad options and inputs", () => {
    expect(() => hashingTfidf({ dims: 0 })).toThrow(
      /hashingTfidf: options.dims must be at least 1/,
    );
    expect(() => hashingTfidf({ dims: 1.5 })).toThrow(RangeError);
    expect(() => hashingTfidf({ ngrams: 6 })).toThrow(RangeError);
    expect(() => hashingTfidf({ ngrams: Number.NaN })).toThrow(RangeError);
    expect(() => hashingTfidf({ idf: "yes" as unknown as boolean })).toThrow(TypeError);
    expect(() => hashingTfidf("x" as unknown as object)).toThrow(TypeError);
    const e = hashingTfidf();
    expect(() => e("abc" as unknown as string[])).toThrow(TypeError);
    expect(() => e(["a", 1 as unknown as string])).toThrow(/texts\[1\] must be a string/);
  });
});
