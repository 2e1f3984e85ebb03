import { describe, expect, it } from "vitest";
import { Fenwick } from "../../src/tcs/_urn.js";

/** Every item's prefix sum (inclusive), read back by `find` just below and at it. */
const prefixes = (w: readonly number[]) =>
  w.map((_, i) => w.slice(0, i + 1).reduce((a, b) => a + b));

describe("Fenwick", () => {
  const w = [0.5, 2, 0, 1.25, 3, 0.75, 4];

  it("finds the first item whose prefix sum exceeds the target", () => {
    const t = new Fenwick(w);
    const p = prefixes(w);
    for (let i = 0; i < w.length; i++) {
      if ((w[i] as number) === 0) continue;
      expect(t.find((p[i] as number) - 1e-9), `item ${i}`).toBe(i);
    }
    expect(t.find(100)).toBe(w.length - 1);
  });

  it("rebuild over the untaken items equals a tree of their weights, taken ones 0", () => {
    const taken = Uint8Array.from([0, 1, 0, 0, 1, 0, 0]);
    const zeroed = w.map((x, i) => (taken[i] === 1 ? 0 : x));
    const t = new Fenwick(w);
    t.add(1, -2);
    t.add(4, -3);
    t.rebuild(w, taken);
    const fresh = new Fenwick(zeroed);
    for (const target of [0, 0.4, 0.6, 1.7, 1.8, 2.5, 6, 7, 100]) {
      expect(t.find(target), `target ${target}`).toBe(fresh.find(target));
    }
  });

  it("a copy starts from the same sums and then changes alone", () => {
    const t = new Fenwick(w);
    const c = new Fenwick(w, t);
    expect(c.find(2.6)).toBe(t.find(2.6));
    c.add(0, -0.5);
    expect(c.find(0.1)).toBe(1);
    expect(t.find(0.1)).toBe(0);
    c.reset(t);
    expect(c.find(0.1)).toBe(0);
  });
});
