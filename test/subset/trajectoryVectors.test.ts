import { describe, expect, it } from "vitest";
import type { RowMatrix } from "../../src/core/rowMatrix.js";
import { poolSteps } from "../../src/subset/poolSteps.js";
import {
  trajectoryVectors,
  trajectoryVectorsDefaults,
} from "../../src/subset/trajectoryVectors.js";
import type { Embedder } from "../../src/trajectory/embedder.js";
import { traj } from "../trajectory/_make.js";

/** Stub embedder: row = [text length, number of spaces, first char code]; records the texts. */
function stub(seen: string[][] = []): Embedder {
  return (texts) => {
    seen.push([...texts]);
    const data = new Float64Array(texts.length * 3);
    texts.forEach((t, i) => {
      data[3 * i] = t.length;
      data[3 * i + 1] = t.split(" ").length - 1;
      data[3 * i + 2] = t.length > 0 ? t.charCodeAt(0) : 0;
    });
    return { data, rows: texts.length, cols: 3 };
  };
}
const rowsOf = (texts: string[]): RowMatrix => stub()(texts);

const corpus = [
  traj("b", [
    ["ls", "a.py b.py"],
    ["cat a.py", "x = 1"],
    ["pytest", "1 passed"],
  ]),
  traj("a", [["grep -n foo a.py", "3: foo"]]),
  traj("c", [
    ["sed -i s/x/y/ a.py", ""],
    ["", "no command"],
  ]),
];

describe("trajectoryVectors", () => {
  it("pools each trajectory's step embeddings into the row of its item, in item order", () => {
    const items = ["c", "a", "b"];
    const r = trajectoryVectors(corpus, items, { embedder: stub(), sanitize: false });
    expect(r.vectors.rows).toBe(3);
    expect(r.vectors.cols).toBe(15);
    expect(r.steps).toBe(6);
    expect(r.stepWidth).toBe(3);
    expect(r.missing).toEqual([]);
    expect(r.rules).toBeUndefined();
    const expected = [
      ["sed -i s/x/y/ a.py", "no command"],
      ["grep -n foo a.py\n3: foo"],
      ["ls\na.py b.py", "cat a.py\nx = 1", "pytest\n1 passed"],
    ];
    expected.forEach((texts, i) => {
      const want = Array.from(poolSteps(rowsOf(texts)));
      expect(Array.from(r.vectors.data.subarray(15 * i, 15 * (i + 1)))).toEqual(want);
    });
  });

  it("embeds all steps in one call by default and in batches with batchSize", () => {
    const one: string[][] = [];
    trajectoryVectors(corpus, ["a", "b", "c"], { embedder: stub(one), sanitize: false });
    expect(one.map((b) => b.length)).toEqual([6]);
    const many: string[][] = [];
    const progress: number[][] = [];
    const a = trajectoryVectors(corpus, ["a", "b", "c"], {
      embedder: stub(many),
      sanitize: false,
      batchSize: 4,
      onProgress: (d, t) => progress.push([d, t]),
    });
    expect(many.map((b) => b.length)).toEqual([4, 2]);
    expect(progress).toEqual([
      [4, 6],
      [6, 6],
    ]);
    const b = trajectoryVectors(corpus, ["a", "b", "c"], { embedder: stub(), sanitize: false });
    expect(a.vectors.data).toEqual(b.vectors.data);
  });

  it("series pooling resamples each trajectory to seriesLength steps by nearest step", () => {
    const r = trajectoryVectors(corpus.slice(0, 2), ["b", "a"], {
      embedder: stub(),
      sanitize: false,
      pooling: "series",
      seriesLength: 4,
    });
    expect(r.vectors.cols).toBe(12);
    const b = rowsOf(["ls\na.py b.py", "cat a.py\nx = 1", "pytest\n1 passed"]).data;
    // T = 3, L = 4: floor((t + 0.5) * 3 / 4) = 0, 1, 1, 2
    const want = [0, 1, 1, 2].flatMap((s) => Array.from(b.subarray(3 * s, 3 * s + 3)));
    expect(Array.from(r.vectors.data.subarray(0, 12))).toEqual(want);
    const a = Array.from(rowsOf(["grep -n foo a.py\n3: foo"]).data);
    expect(Array.from(r.vectors.data.subarray(12))).toEqual([...a, ...a, ...a, ...a]);
  });

  it("sanitises by default, embeds the sanitised texts and returns the rules", () => {
    const ids = Array.from(
      { length: 12 },
      (_, i) => `/tmp/tmp${(i * 7919 + 1234).toString(36)}x${i}q`,
    );
    const c = ids.map((p, i) =>
      traj(`demo__demo-${i}`, [[`cat ${p}`, `file ${p} ok`]], i % 2 === 0),
    );
    const seen: string[][] = [];
    const r = trajectoryVectors(
      c,
      c.map((t) => t.instanceId),
      { embedder: stub(seen) },
    );
    expect(r.rules).toBeDefined();
    const raw: string[][] = [];
    trajectoryVectors(
      c,
      c.map((t) => t.instanceId),
      { embedder: stub(raw), sanitize: false },
    );
    expect(seen[0]).not.toEqual(raw[0]);
    expect((raw[0] as string[]).join(" ")).toContain(ids[0] as string);
    // the rules reproduce the same vectors
    const again = trajectoryVectors(
      c,
      c.map((t) => t.instanceId),
      { embedder: stub(), sanitize: { rules: r.rules } },
    );
    expect(again.vectors.data).toEqual(r.vectors.data);
  });

  it("a trajectory without steps is one empty text", () => {
    const r = trajectoryVectors([traj("a", []), corpus[0] as never], ["a", "b"], {
      embedder: stub(),
      sanitize: false,
    });
    expect(r.steps).toBe(4);
    expect(Array.from(r.vectors.data.subarray(0, 15))).toEqual(new Array(15).fill(0));
  });

  it("fills missing items with the mean row and lists them with missing: mean", () => {
    const r = trajectoryVectors(corpus, ["x", "a", "b", "c", "y"], {
      embedder: stub(),
      sanitize: false,
      missing: "mean",
    });
    expect(r.missing).toEqual(["x", "y"]);
    const cols = r.vectors.cols;
    const row = (i: number) => Array.from(r.vectors.data.subarray(i * cols, (i + 1) * cols));
    const mean = row(1).map((v, c) => (v + (row(2)[c] as number) + (row(3)[c] as number)) / 3);
    expect(row(0)).toEqual(mean);
    expect(row(4)).toEqual(mean);
  });

  it("does not mutate its inputs", () => {
    const before = JSON.stringify(corpus);
    const items = ["a", "b", "c"];
    trajectoryVectors(corpus, items, { embedder: stub() });
    expect(JSON.stringify(corpus)).toBe(before);
    expect(items).toEqual(["a", "b", "c"]);
  });

  it("defaults are frozen and documented", () => {
    expect(Object.isFrozen(trajectoryVectorsDefaults)).toBe(true);
    expect(trajectoryVectorsDefaults.pooling).toBe("stats");
    expect(trajectoryVectorsDefaults.missing).toBe("error");
  });

  it("rejects bad input, naming the function and the argument", () => {
    const items = ["a", "b", "c"];
    const o = { embedder: stub(), sanitize: false } as const;
    expect(() => trajectoryVectors(corpus, ["a", "b"], o)).toThrow(
      new RangeError(
        'trajectoryVectors: trajectories[2] is for instance "c", which is not in items',
      ),
    );
    expect(() => trajectoryVectors(corpus, ["a", "b", "c", "d", "e"], o)).toThrow(
      /^trajectoryVectors: 2 of 5 items have no trajectory: "d", "e" \(options\.missing: "mean" fills them and lists them; or choose the subset from past outcomes alone: baselineMethod\("consistency"\) or recommendSubset\)$/,
    );
    expect(() => trajectoryVectors(corpus, ["a", "b", "a", "c"], o)).toThrow(
      new RangeError('trajectoryVectors: items holds "a" twice'),
    );
    expect(() => trajectoryVectors([...corpus, traj("a", [["ls", ""]])], items, o)).toThrow(
      new RangeError(
        'trajectoryVectors: trajectories[1] and trajectories[3] are both for instance "a"',
      ),
    );
    expect(() => trajectoryVectors(corpus, [], o)).toThrow(RangeError);
    // names the argument (was "no item has a trajectory")
    expect(() => trajectoryVectors([], items, { ...o, missing: "mean" })).toThrow(
      new RangeError("trajectoryVectors: trajectories is empty: no item has a trajectory"),
    );
    expect(() => trajectoryVectors("x" as never, items, o)).toThrow(TypeError);
    expect(() => trajectoryVectors(corpus, "1" as never, o)).toThrow(TypeError);
    expect(() => trajectoryVectors(corpus, items, { ...o, pooling: "max" as never })).toThrow(
      /^trajectoryVectors: options.pooling/,
    );
    expect(() => trajectoryVectors(corpus, items, { ...o, seriesLength: 0 })).toThrow(RangeError);
    expect(() => trajectoryVectors(corpus, items, { ...o, batchSize: 0.5 })).toThrow(RangeError);
    expect(() => trajectoryVectors(corpus, items, { ...o, embeder: stub() } as never)).toThrow(
      /unknown option "embeder"/,
    );
    const nan: Embedder = (t) => ({
      data: new Float64Array(t.length).fill(Number.NaN),
      rows: t.length,
      cols: 1,
    });
    expect(() => trajectoryVectors(corpus, items, { ...o, embedder: nan })).toThrow(
      /^trajectoryVectors: the embedder returned a non-finite value for text 0/,
    );
    let call = 0;
    const widths: Embedder = (t) => {
      const c = ++call === 1 ? 2 : 3;
      return { data: new Float64Array(t.length * c), rows: t.length, cols: c };
    };
    expect(() =>
      trajectoryVectors(corpus, items, { ...o, embedder: widths, batchSize: 2 }),
    ).toThrow(
      new RangeError(
        "trajectoryVectors: the embedder returned rows of width 3 after rows of width 2",
      ),
    );
    const short: Embedder = () => ({ data: new Float64Array(2), rows: 1, cols: 2 });
    expect(() => trajectoryVectors(corpus, items, { ...o, embedder: short })).toThrow(
      new RangeError("trajectoryVectors: the embedder returned 1 rows for 6 texts"),
    );
    // an array of rows: checked as the RowMatrix form
    expect(() => trajectoryVectors(corpus, items, { ...o, embedder: () => [[1]] })).toThrow(
      new RangeError("trajectoryVectors: the embedder returned 1 rows for 6 texts"),
    );
    const ragged = (t: readonly string[]) => t.map((_, i) => new Array(i === 1 ? 3 : 2).fill(0));
    expect(() => trajectoryVectors(corpus, items, { ...o, embedder: ragged })).toThrow(
      /^trajectoryVectors: the embedder's result rows differ in length \(row 0 has 2, row 1 has 3\)/,
    );
    const nanRows = (t: readonly string[]) => t.map((_, i) => [1, i === 2 ? Number.NaN : 0]);
    expect(() => trajectoryVectors(corpus, items, { ...o, embedder: nanRows })).toThrow(
      /^trajectoryVectors: the embedder returned a non-finite value for text 2/,
    );
    const text = (t: readonly string[]) => t.map(() => ["1", 2] as unknown as number[]);
    expect(() => trajectoryVectors(corpus, items, { ...o, embedder: text })).toThrow(TypeError);
    expect(() =>
      trajectoryVectors(corpus, items, { ...o, embedder: (() => 7) as unknown as Embedder }),
    ).toThrow(TypeError);
  });

  it("takes an embedder's rows as an array (number[][], Float32Array[]) as it takes a RowMatrix", () => {
    const o = { sanitize: false } as const;
    const want = trajectoryVectors(corpus, ["a", "b", "c"], { ...o, embedder: stub() });
    const plain = (t: readonly string[]) => {
      const m = rowsOf([...t]);
      return Array.from({ length: m.rows }, (_, i) =>
        Array.from(m.data.subarray(i * m.cols, (i + 1) * m.cols)),
      );
    };
    const f32 = (t: readonly string[]) => {
      const m = rowsOf([...t]);
      return Array.from({ length: m.rows }, (_, i) =>
        Float32Array.from(m.data.subarray(i * m.cols, (i + 1) * m.cols)),
      );
    };
    for (const embedder of [plain, f32]) {
      const got = trajectoryVectors(corpus, ["a", "b", "c"], { ...o, embedder, batchSize: 2 });
      expect(got.vectors.rows).toBe(want.vectors.rows);
      expect(got.vectors.cols).toBe(want.vectors.cols);
      // the stub's values are small integers: exact in float32 too
      expect(Array.from(got.vectors.data)).toEqual(Array.from(want.vectors.data));
    }
  });
});

describe("trajectoryVectors: a step's index or editSize that is not finite", () => {
  const items = ["a", "b", "c"];
  const bad = (field: "index" | "editSize", v: number) =>
    corpus.map((t, j) =>
      j === 0 ? { ...t, steps: t.steps.map((s, q) => (q === 1 ? { ...s, [field]: v } : s)) } : t,
    );
  it("is refused before sanitising, naming this function and the step (was taken)", () => {
    for (const sanitize of [false, true]) {
      for (const v of [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY]) {
        expect(
          () => trajectoryVectors(bad("editSize", v), items, { embedder: stub(), sanitize }),
          `${sanitize} ${v}`,
        ).toThrow(
          new RangeError(
            `trajectoryVectors: trajectories[0].steps[1].editSize must be finite (got ${v})`,
          ),
        );
        expect(() =>
          trajectoryVectors(bad("index", v), items, { embedder: stub(), sanitize }),
        ).toThrow(
          new RangeError(
            `trajectoryVectors: trajectories[0].steps[1].index must be an integer (got ${v})`,
          ),
        );
      }
    }
  });
});
