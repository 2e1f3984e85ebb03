import fc from "fast-check";
import { describe, it } from "vitest";
import { createRng } from "../../src/core/rng.js";
import { makeEvaluator } from "../../src/slices/_objectives.js";
import { huxCrossover } from "../../src/slices/huxCrossover.js";
import { mutateSlices } from "../../src/slices/mutateSlices.js";
import { randomSlices } from "../../src/slices/randomSlices.js";
import { repairSlices } from "../../src/slices/repairSlices.js";

const feasible = fc
  .record({
    minSize: fc.integer({ min: 2, max: 6 }),
    extra: fc.integer({ min: 0, max: 8 }),
    n: fc.integer({ min: 12, max: 80 }),
  })
  .map(({ minSize, extra, n }) => ({
    minSize,
    maxSize: Math.min(n, minSize + extra),
    n: Math.max(n, 2 * minSize),
  }))
  .filter(({ minSize, maxSize, n }) => Math.ceil(n / maxSize) <= Math.floor(n / minSize));

// the slice bounds alone: the operators reject unknown option keys such as n
const sb = ({ minSize, maxSize }: { minSize: number; maxSize: number }) => ({ minSize, maxSize });

/** An evaluator of n random signal rows in [-2, 2)^d with random 0/1 outcomes, drawn from `rng`. */
const randomEvaluator = (n: number, d: number, rng: () => number) => {
  const data = Float64Array.from({ length: n * d }, () => rng() * 4 - 2);
  const outcome = Uint8Array.from({ length: n }, () => (rng() < 0.5 ? 1 : 0));
  return makeEvaluator({ data, rows: n, cols: d }, outcome);
};

const valid = (x: Int32Array, lo: number, hi: number): boolean => {
  const c = new Map<number, number>();
  for (const s of x) c.set(s, (c.get(s) ?? 0) + 1);
  return [...c.values()].every((z) => z >= lo && z <= hi);
};

describe("slice operators (fast-check)", () => {
  it("repairSlices makes any assignment valid", () => {
    fc.assert(
      fc.property(feasible, fc.integer(), fc.integer({ min: 1, max: 80 }), (b, seed, ids) => {
        const rng = createRng(seed);
        const x = Int32Array.from({ length: b.n }, () => Math.floor(rng() * Math.min(ids, b.n)));
        return valid(repairSlices(x, rng, sb(b)), b.minSize, b.maxSize);
      }),
      { numRuns: 300 },
    );
  });
  it("HUX + repair and mutation keep sizes within bounds", () => {
    fc.assert(
      fc.property(feasible, fc.integer(), (b, seed) => {
        const rng = createRng(seed);
        const p1 = randomSlices(b.n, rng, sb(b));
        const p2 = randomSlices(b.n, rng, sb(b));
        const [o1, o2] = huxCrossover(p1, p2, rng);
        const r1 = repairSlices(o1, rng, sb(b));
        const r2 = repairSlices(o2, rng, sb(b));
        const m = mutateSlices(r1, rng, { ...sb(b), maxMutations: 5 });
        return (
          valid(r1, b.minSize, b.maxSize) &&
          valid(r2, b.minSize, b.maxSize) &&
          valid(m, b.minSize, b.maxSize)
        );
      }),
      { numRuns: 300 },
    );
  });
  it("incremental evaluation equals evaluation from scratch (up to rounding)", () => {
    fc.assert(
      fc.property(feasible, fc.integer(), fc.integer({ min: 1, max: 5 }), (b, seed, d) => {
        const rng = createRng(seed);
        const ev = randomEvaluator(b.n, d, rng);
        const parent = randomSlices(b.n, rng, sb(b));
        const other = randomSlices(b.n, rng, sb(b));
        const st = ev.full(parent);
        const children = [
          mutateSlices(parent, rng, { ...sb(b), maxMutations: 3 }),
          repairSlices(huxCrossover(parent, other, rng)[0], rng, sb(b)),
        ];
        return children.every((c) => {
          const inc = ev.objectives(ev.derive(parent, st, c), new Float64Array(3));
          const full = ev.objectives(ev.full(c), new Float64Array(3));
          return inc.every((v, k) => Math.abs(v - (full[k] as number)) <= 1e-9 * (1 + Math.abs(v)));
        });
      }),
      { numRuns: 200 },
    );
  });
  it("derive with the parent's cached member lists gives the same bits, and records up to the child's largest id", () => {
    fc.assert(
      fc.property(feasible, fc.integer(), fc.integer({ min: 1, max: 10 }), (b, seed, d) => {
        const rng = createRng(seed);
        const ev = randomEvaluator(b.n, d, rng);
        const parent = randomSlices(b.n, rng, sb(b));
        const st = ev.full(parent);
        const members = ev.membersOf(parent, st, new Int32Array(b.n));
        // Each slice's members, ascending, in slice-id order.
        const expected = Array.from(parent.keys()).sort(
          (i, j) => (parent[i] as number) - (parent[j] as number) || i - j,
        );
        if (!expected.every((i, p) => members[p] === i)) return false;
        const other = randomSlices(b.n, rng, sb(b));
        const children = [
          mutateSlices(parent, rng, { ...sb(b), maxMutations: 3 }),
          repairSlices(huxCrossover(parent, other, rng)[0], rng, sb(b)),
          other,
        ];
        return children.every((c) => {
          const plain = ev.derive(parent, st, c);
          const cached = ev.derive(parent, st, c, undefined, members);
          let top = 0;
          for (const s of c) top = Math.max(top, s + 1);
          const size = 1 + top * (5 + d);
          return (
            plain[0] === top &&
            cached[0] === top &&
            plain.subarray(0, size).every((v, k) => Object.is(v, cached[k])) &&
            st.every((v, k) => Object.is(v, ev.full(parent)[k]))
          );
        });
      }),
      { numRuns: 200 },
    );
  });
  it("a chain of 40 incremental evaluations stays equal to evaluation from scratch", () => {
    fc.assert(
      fc.property(fc.integer(), fc.integer({ min: 100, max: 300 }), (seed, n) => {
        const rng = createRng(seed);
        const d = 3;
        const b = { minSize: 4, maxSize: 12 };
        const ev = randomEvaluator(n, d, rng);
        let g = randomSlices(n, rng, b);
        let st = ev.full(g);
        for (let t = 0; t < 40; t++) {
          const c = mutateSlices(g, rng, { ...b, maxMutations: 4 });
          st = ev.derive(g, st, c);
          g = c;
        }
        const inc = ev.objectives(st, new Float64Array(3));
        const full = ev.objectives(ev.full(g), new Float64Array(3));
        return inc.every((v, k) => Math.abs(v - (full[k] as number)) <= 1e-9 * (1 + Math.abs(v)));
      }),
      { numRuns: 50 },
    );
  });
});
