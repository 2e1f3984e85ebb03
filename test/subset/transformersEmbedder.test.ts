import { describe, expect, it } from "vitest";
import { type FeatureExtractor, precomputedEmbedder } from "../../examples/transformersEmbedder.js";
import { trajectoryVectors } from "../../src/subset/trajectoryVectors.js";
import { sanitize } from "../../src/trajectory/sanitize.js";
import { stepTexts } from "../../src/trajectory/stepTexts.js";
import { traj } from "../trajectory/_make.js";

/** Stub of a Transformers.js feature-extraction pipeline: [length, vowels] per text, as Float32. */
function stubExtractor(calls: string[][] = []): FeatureExtractor {
  return async (texts, options) => {
    expect(options.pooling).toBe("mean");
    calls.push(texts);
    const data = new Float32Array(texts.length * 2);
    texts.forEach((t, i) => {
      data[2 * i] = t.length;
      data[2 * i + 1] = (t.match(/[aeiou]/g) ?? []).length;
    });
    return { data, dims: [texts.length, 2] };
  };
}

const corpus = Array.from({ length: 12 }, (_, i) =>
  traj(
    `demo__demo-${i}`,
    [
      ["ls", `file_${i}.py setup.py`],
      [`cat file_${i}.py`, "def f(): return 1"],
    ],
    i % 3 === 0,
  ),
);
const items = corpus.map((t) => t.instanceId);

describe("examples/transformersEmbedder (stub model)", () => {
  it("precomputes distinct texts in batches with the prefix and plugs into trajectoryVectors", async () => {
    const clean = sanitize(corpus);
    const texts = clean.trajectories.flatMap((t) => stepTexts(t));
    const calls: string[][] = [];
    const embedder = await precomputedEmbedder(texts, stubExtractor(calls), {
      batchSize: 5,
      prefix: "clustering: ",
    });
    const distinct = new Set(texts).size;
    expect(calls.flat().length).toBe(distinct);
    expect(calls.map((c) => c.length)).toEqual(
      Array.from({ length: Math.ceil(distinct / 5) }, (_, b) => Math.min(5, distinct - 5 * b)),
    );
    expect(calls.flat().every((t) => t.startsWith("clustering: "))).toBe(true);
    const got = trajectoryVectors(clean.trajectories, items, {
      embedder,
      sanitize: { rules: clean.rules },
    });
    // the same as embedding synchronously with the stub's formula
    const direct = trajectoryVectors(clean.trajectories, items, {
      sanitize: { rules: clean.rules },
      embedder: (ts) => {
        const data = new Float64Array(ts.length * 2);
        ts.forEach((t, i) => {
          const p = `clustering: ${t}`;
          data[2 * i] = p.length;
          data[2 * i + 1] = (p.match(/[aeiou]/g) ?? []).length;
        });
        return { data, rows: ts.length, cols: 2 };
      },
    });
    expect(got.vectors.cols).toBe(10);
    expect(got.vectors.data).toEqual(direct.vectors.data);
  });

  it("refuses texts it did not precompute and bad model output", async () => {
    const embedder = await precomputedEmbedder(["a b"], stubExtractor());
    expect(() => embedder(["c"])).toThrow(/^precomputedEmbedder: text 0 was not precomputed/);
    const wrongDims: FeatureExtractor = async (t) => ({
      data: new Float32Array(3),
      dims: [t.length, 3, 1],
    });
    await expect(precomputedEmbedder(["x"], wrongDims)).rejects.toThrow(RangeError);
    const nan: FeatureExtractor = async (t) => ({
      data: new Float32Array(t.length).fill(Number.NaN),
      dims: [t.length, 1],
    });
    await expect(precomputedEmbedder(["x"], nan)).rejects.toThrow(/non-finite/);
    let w = 1;
    const widths: FeatureExtractor = async (t) => {
      w++;
      return { data: new Float32Array(t.length * w), dims: [t.length, w] };
    };
    await expect(precomputedEmbedder(["x", "y"], widths, { batchSize: 1 })).rejects.toThrow(
      "precomputedEmbedder: the model returned width 3 after width 2",
    );
    await expect(precomputedEmbedder(["x"], stubExtractor(), { batchSize: 0 })).rejects.toThrow(
      RangeError,
    );
  });
});
