import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { hashingTfidf } from "../../src/trajectory/hashingTfidf.js";

const texts = fc.array(fc.string({ maxLength: 60 }), { minLength: 1, maxLength: 8 });

describe("hashingTfidf properties", () => {
  it("is deterministic, L2-normalised, zero only for texts without tokens", () => {
    fc.assert(
      fc.property(
        texts,
        fc.integer({ min: 1, max: 64 }),
        fc.integer({ min: 1, max: 3 }),
        (ts, dims, ngrams) => {
          const e = hashingTfidf({ dims, ngrams });
          const a = e(ts);
          const b = hashingTfidf({ dims, ngrams })(ts.slice());
          expect(a.data).toEqual(b.data);
          expect([a.rows, a.cols]).toEqual([ts.length, dims]);
          for (let i = 0; i < ts.length; i++) {
            const row = a.data.slice(i * dims, (i + 1) * dims);
            const norm = Math.hypot(...row);
            const hasTokens = /\[[A-Z][A-Z_]*\]|[A-Za-z_][A-Za-z0-9_]+/.test(ts[i] as string);
            // with signed hashing, tokens can cancel exactly: then the row is zero
            if (norm > 0) expect(Math.abs(norm - 1)).toBeLessThan(1e-12);
            else if (!hasTokens) expect(norm).toBe(0);
            for (const v of row) expect(Number.isFinite(v)).toBe(true);
          }
        },
      ),
      { numRuns: 200 },
    );
  });

  it("embeds equal texts of one batch to equal rows", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), texts, (t, others) => {
        const m = hashingTfidf({ dims: 32 })([t, ...others, t]);
        const last = m.rows - 1;
        expect(Array.from(m.data.slice(0, 32))).toEqual(Array.from(m.data.slice(last * 32)));
      }),
      { numRuns: 100 },
    );
  });
});
