import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRng } from "../../src/core/rng.js";
import { bettingCs } from "../../src/estimate/bettingCs.js";
import { entropy } from "../../src/features/entropy.js";
import { toRisk } from "../../src/features/toRisk.js";
import { runStrategy } from "../../src/tcs/runStrategy.js";
import { srsStrategy } from "../../src/tcs/srsStrategy.js";
import { buildCli, runCli } from "./_cli.js";

const FIX = "test/cli/fixtures";
const records = readFileSync(join(FIX, "preds.jsonl"), "utf8")
  .split("\n")
  .filter((l) => l !== "")
  .map((l) => JSON.parse(l) as { probs: number[]; score: number });
const N = records.length;
const risk = toRisk(
  entropy({ data: Float64Array.from(records.flatMap((r) => r.probs)), rows: N, cols: 3 }),
  "higher",
);
const truth = (i: number): number => ((records[i]?.score ?? 0) > 0.6 ? 1 : 0);

// Built inside the project, so the CLI's dynamic imports find vega and vega-lite in node_modules.
let inside: Awaited<ReturnType<typeof buildCli>>;
// Built in the system temporary folder, where no renderer can be found.
let outside: Awaited<ReturnType<typeof buildCli>>;
let work: string;
beforeAll(async () => {
  inside = await buildCli({ inside: true });
  outside = await buildCli();
  work = mkdtempSync(join(tmpdir(), "evalsift-plot-"));
});
afterAll(() => {
  rmSync(work, { recursive: true, force: true });
});

const tcs = ["--input", join(FIX, "preds.csv"), "--feature", "entropy", "--seed", "7"];
const seq = [
  "--strategy",
  "srs",
  "--budget",
  String(N),
  "--sequential",
  "--stop-half-width",
  "0.45",
];

function sequentialLabels(): { file: string; indices: Int32Array } {
  const lib = runStrategy(
    srsStrategy(risk, N, createRng(7), { sequential: { halfWidth: 0.45 } }),
    truth,
  );
  const file = join(work, "seq-labels.csv");
  writeFileSync(
    file,
    `row,label\n${Array.from(lib.indices, (i) => `${i},${truth(i)}`).join("\n")}\n`,
  );
  return { file, indices: lib.indices };
}

describe("--plot FILE", () => {
  it("tcs estimate --sequential writes the running estimate as Vega-Lite JSON, its sequence the library's", () => {
    const { file, indices } = sequentialLabels();
    const plot = join(work, "running.vl.json");
    const r = runCli(inside.file, [
      "tcs",
      "estimate",
      ...tcs,
      ...seq,
      "--labels",
      file,
      "--plot",
      plot,
      "--json",
    ]);
    expect(r.code, r.stderr).toBe(0);
    const spec = JSON.parse(readFileSync(plot, "utf8"));
    expect(spec.$schema).toMatch(/vega-lite/);
    const rows = spec.data.values as { n: number; band: string; lo: number; hi: number }[];
    const cs = bettingCs(Float64Array.from(indices, truth), N);
    const last = rows.filter((v) => v.band.startsWith("confidence sequence")).at(-1);
    expect(last?.n).toBe(indices.length);
    expect([last?.lo, last?.hi]).toEqual([
      cs.lower[indices.length - 1],
      cs.upper[indices.length - 1],
    ]);
    // the estimate's own interval is the sequence at the stop
    expect(JSON.parse(r.stdout).ci).toEqual([last?.lo, last?.hi]);
    expect(readdirSync(work).filter((f) => f.endsWith(".tmp"))).toEqual([]);
  });

  it("renders SVG with vega when it is installed, and says what to install when it is not", () => {
    const { file } = sequentialLabels();
    const svg = join(work, "running.svg");
    const ok = runCli(inside.file, [
      "tcs",
      "plan",
      ...tcs,
      ...seq,
      "--labels",
      file,
      "--plot",
      svg,
    ]);
    expect(ok.code, ok.stderr).toBe(0);
    const text = readFileSync(svg, "utf8");
    expect(text.startsWith("<svg")).toBe(true);
    expect(text).toContain('aria-roledescription="area mark"');
    const missing = join(work, "missing.svg");
    const bad = runCli(outside.file, [
      "tcs",
      "plan",
      ...tcs,
      ...seq,
      "--labels",
      file,
      "--plot",
      missing,
    ]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/needs the optional package vega(-lite)?, which is not installed/);
    expect(bad.stderr).toContain(".vl.json writes the Vega-Lite spec without it");
    expect(existsSync(missing)).toBe(false);
  });

  it("PNG needs @resvg/resvg-js (a clear message when it is missing)", () => {
    const { file } = sequentialLabels();
    const png = join(work, "running.png");
    const r = runCli(inside.file, ["tcs", "plan", ...tcs, ...seq, "--labels", file, "--plot", png]);
    const installed = existsSync(join(process.cwd(), "node_modules", "@resvg", "resvg-js"));
    if (installed) {
      expect(r.code, r.stderr).toBe(0);
      expect(readFileSync(png).subarray(1, 4).toString()).toBe("PNG");
    } else {
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(/needs the optional package @resvg\/resvg-js/);
    }
  });

  it("tcs estimate of a non-sequential strategy draws a one-row forest; tcs plan says what it can draw", () => {
    const lib = runStrategy(srsStrategy(risk, 8, createRng(7)), truth);
    const file = join(work, "srs8.csv");
    writeFileSync(
      file,
      `row,label\n${Array.from(lib.indices, (i) => `${i},${truth(i)}`).join("\n")}\n`,
    );
    const plot = join(work, "forest.vl.json");
    const args = [...tcs, "--strategy", "srs", "--budget", "8", "--labels", file];
    const r = runCli(inside.file, ["tcs", "estimate", ...args, "--plot", plot]);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(readFileSync(plot, "utf8")).data.values).toEqual([
      {
        name: "srs",
        estimate: lib.estimate.estimate,
        lo: lib.estimate.ci[0],
        hi: lib.estimate.ci[1],
      },
    ]);
    const none = join(work, "none.vl.json");
    const plan = runCli(inside.file, [
      "tcs",
      "plan",
      ...tcs,
      "--strategy",
      "gbs",
      "--budget",
      "8",
      "--plot",
      none,
    ]);
    expect(plan.code).toBe(2);
    expect(plan.stderr).toContain(
      "--plot draws the running estimate of a --sequential --strategy srs session",
    );
  });

  it("subset evaluate draws the tracking chart with a band; slices identify its front; demo its forest", () => {
    const track = join(work, "track.vl.json");
    const s = runCli(inside.file, [
      "subset",
      "evaluate",
      "--outcomes",
      join(FIX, "runs.csv"),
      "--size",
      "5",
      "--method",
      "random",
      "--window",
      "2",
      "--seeds",
      "5",
      "--plot",
      track,
    ]);
    expect(s.code, s.stderr).toBe(0);
    const tv = JSON.parse(readFileSync(track, "utf8")).data.values as {
      run: string;
      series: string;
      lo?: number;
    }[];
    expect([...new Set(tv.map((v) => v.run))]).toEqual(["run3", "run4", "run5", "run6"]);
    expect(tv.filter((v) => v.series === "subset").every((v) => typeof v.lo === "number")).toBe(
      true,
    );

    const front = join(work, "front.vl.json");
    const sl = runCli(inside.file, [
      "slices",
      "identify",
      "--input",
      join(FIX, "tests.csv"),
      "--outcome",
      "passed",
      "--signals",
      "sig_a,sig_b",
      "--generations",
      "20",
      "--population",
      "20",
      "--min-size",
      "3",
      "--max-size",
      "12",
      "--seed",
      "5",
      "--plot",
      front,
    ]);
    expect(sl.code, sl.stderr).toBe(0);
    const labels = (JSON.parse(readFileSync(front, "utf8")).data.values as { label: string }[]).map(
      (v) => v.label,
    );
    expect(labels.filter((l) => l.endsWith("(chosen knee)")).length).toBe(1);
    // the knee's label is a drawn text mark (it was a tooltip only), and no point of the
    // 3-objective front is ranked as dominated on two of them
    const frontSpec = JSON.parse(readFileSync(front, "utf8"));
    expect(JSON.stringify(frontSpec.layer)).toContain('"type":"text"');
    expect(JSON.stringify(frontSpec)).not.toContain('"rank"');

    const forest = join(work, "demo.vl.json");
    const d = runCli(inside.file, ["demo", "--reps", "5", "--plot", forest]);
    expect(d.code, d.stderr).toBe(0);
    const spec = JSON.parse(readFileSync(forest, "utf8"));
    expect(spec.data.values.length).toBe(3);
    expect(spec.layer.length).toBe(3); // interval, estimate, true-rate rule
  });

  it("rejects an unknown extension and a missing folder before the run", () => {
    const r = runCli(outside.file, ["demo", "--plot", join(work, "x.pdf")]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("must end in .vl.json (Vega-Lite JSON), .svg or .png");
    const d = runCli(outside.file, ["demo", "--plot", join(work, "nope", "x.svg")]);
    expect(d.code).toBe(2);
    expect(d.stderr).toMatch(/--plot: folder not found/);
  });
});
