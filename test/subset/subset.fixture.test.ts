import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { rowMatrix } from "../../src/core/rowMatrix.js";
import { evaluateSubset } from "../../src/evaluate/evaluateSubset.js";
import { temporalSplits } from "../../src/evaluate/temporalSplits.js";
import { baselineMethod } from "../../src/subset/baselineMethod.js";
import { dtw } from "../../src/subset/dtw.js";
import { outcomes } from "../../src/subset/outcomes.js";
import { silhouette } from "../../src/subset/silhouette.js";
import { hasShared, parseSimpleCsv, readShared } from "../helpers/sharedData.js";

type Fixture = {
  versions: Record<string, string>;
  silhouette: { X: number[][]; labels: number[]; score: number }[];
  splits: { R: number; W: number; count: number }[];
  dtw: { a: number[][]; b: number[][]; dtw: number }[];
  replication: {
    runs: number;
    items: number;
    window: number;
    size: number;
    seeds: number;
    splits: number;
    rmse: Record<string, number>;
    maxErrMedian: Record<string, number>;
  } | null;
};

const here = dirname(fileURLToPath(import.meta.url));
const fx = JSON.parse(readFileSync(join(here, "..", "fixtures", "subset.json"), "utf8")) as Fixture;

describe("subset pieces against scripts/fixtures/subset.py (sklearn, numpy)", () => {
  it("silhouette equals sklearn.metrics.silhouette_score", () => {
    for (const c of fx.silhouette) {
      const v = silhouette(rowMatrix(c.X), Int32Array.from(c.labels));
      expect(Math.abs(v - c.score)).toBeLessThan(1e-12);
    }
  });

  it("temporalSplits counts equal brute-force enumeration", () => {
    for (const c of fx.splits)
      expect(temporalSplits(c.R, c.W), `R=${c.R} W=${c.W}`).toHaveLength(c.count);
  });

  it("dtw equals the textbook dynamic program over scipy cdist costs", () => {
    for (const c of fx.dtw) {
      const v = dtw(rowMatrix(c.a), rowMatrix(c.b));
      expect(Math.abs(v - c.dtw)).toBeLessThan(1e-12 * Math.max(1, c.dtw));
    }
  });
});

const text = hasShared
  ? readShared("swebench_verified_mini_swe_agent_per_instance.csv")
  : undefined;

describe.skipIf(text === undefined || fx.replication === null)(
  "replication on the 25 mini-swe-agent runs vs the numpy protocol (10%, W = 3, 30 seeds)",
  () => {
    it("reproduces Random, Diff-Strat and Consist-Strat RMSE within 0.002", () => {
      const recs = parseSimpleCsv(text as string);
      const key = (r: Record<string, string>) => `${r.date} ${r.submission}`;
      recs.sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
      const o = outcomes(
        recs.map((r) => ({
          run: r.submission as string,
          item: r.instance_id as string,
          resolved: Number(r.resolved),
        })),
      );
      const ref = fx.replication as NonNullable<Fixture["replication"]>;
      expect(o.runs).toHaveLength(ref.runs);
      for (const kind of ["random", "difficulty", "consistency"] as const) {
        const ev = evaluateSubset({
          outcomes: o,
          select: baselineMethod(kind),
          size: ref.size,
          window: ref.window,
          seeds: ref.seeds,
          seed: "fixture",
        });
        expect(ev.splits).toHaveLength(ref.splits);
        // Both sides are Monte Carlo means over 30 x 2,024 split RMSEs; repeated
        // runs with other seeds moved them by less than 0.0005 (e.g. Random
        // 0.0591 / 0.0592 here, 0.0596 in numpy with 10 seeds), so 0.002 (the
        // issue's bar) fails on a protocol difference, not on seed noise.
        expect(Math.abs(ev.rmse - (ref.rmse[ev.method] as number)), ev.method).toBeLessThan(0.002);
      }
    });
  },
);
