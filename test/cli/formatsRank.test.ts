import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildCli, runCli } from "./_cli.js";
import { DATE, DETAILS, expected, F, items, LEADERBOARD, LM } from "./_formats.js";

// `slices rank --from` (split from formats.test.ts so the two files run on separate workers): every
// run is checked against the same command on a plain table written from the fixture script's
// independent reference (test/fixtures/formats/expected.json).

let cli: Awaited<ReturnType<typeof buildCli>>;
let work: string;
beforeAll(async () => {
  cli = await buildCli();
  work = mkdtempSync(join(tmpdir(), "evalsift-formats-rank-"));
});
afterAll(() => {
  rmSync(work, { recursive: true, force: true });
});
const run = (...args: string[]) => runCli(cli.file, args);

describe("evalsift slices rank --from", () => {
  // an untested slice (no picked item) has no change: null
  type RankJson = { ids: number[]; category: string[]; deltaFailureRate: (number | null)[] };
  const rank = (...args: string[]) => run("slices", "rank", "--json", ...args);
  const ok = (r: ReturnType<typeof run>): RankJson => {
    expect(r.code, r.stderr).toBe(0);
    return JSON.parse(r.stdout) as RankJson;
  };
  // one slice per item: every item's change shows in its slice's failure-rate change
  const slice = (i: number) => i;
  const pick = (i: number) => (i % 4 === 3 ? 0 : 1);
  const score0 = (i: number) => ((i * 37) % 11) / 10;
  const score1 = (i: number) => ((i * 53) % 13) / 10;
  // row k holds item k + 1 (the last row item 0), so reading the harness by position instead of by id would mismatch
  const order = (n: number) => Array.from({ length: n }, (_, k) => (k + 1) % n);
  /** The per-item table of `--from`: id, slice, pick, scores (score_v1 blank where not picked). */
  function idTable(name: string, ids: readonly string[], skip?: string, extra?: string): string {
    const file = join(work, name);
    const rows = order(ids.length)
      .filter((i) => ids[i] !== skip)
      .map((i) => `${ids[i]},${slice(i)},${pick(i)},${score0(i)},${pick(i) ? score1(i) : ""}`);
    if (extra !== undefined) rows.push(`${extra},0,0,0,`);
    writeFileSync(file, `id,slice,pick,score_v0,score_v1\n${rows.join("\n")}\n`);
    return file;
  }
  /** The same rows as a plain table with the outcomes in columns (outcome_v1 blank where not picked). */
  function plainTable(name: string, v0: readonly number[], v1: readonly number[]): string {
    const file = join(work, name);
    const rows = order(v0.length).map(
      (i) =>
        `${slice(i)},${pick(i)},${v0[i]},${pick(i) ? v1[i] : ""},${score0(i)},${pick(i) ? score1(i) : ""}`,
    );
    writeFileSync(file, `slice,pick,outcome_v0,outcome_v1,score_v0,score_v1\n${rows.join("\n")}\n`);
    return file;
  }
  /** FR_V1 - FR_V0 over the picked items of each slice (null without one), from the fixture script's outcomes (1 = pass). */
  function deltaFailureRate(v0: readonly number[], v1: readonly number[]): (number | null)[] {
    const out: (number | null)[] = [];
    for (let s = 0; s < v0.length; s++) {
      const picked = v0.map((_, i) => i).filter((i) => slice(i) === s && pick(i) === 1);
      const fails = (v: readonly number[]) => picked.filter((i) => v[i] === 0).length;
      out.push(picked.length === 0 ? null : (fails(v1) - fails(v0)) / picked.length);
    }
    return out;
  }

  const pf = `${F}/promptfoo/results.json`;
  const [pfRun0, pfRun1] = expected.promptfoo.runs as [string, string];
  const pfN = expected.promptfoo.items.length;
  const inspect0 = expected.inspect["openai/gpt-4o-mini"] ?? { items: [], correct: [] };
  const inspect1 = expected.inspect["anthropic/claude-3-5-haiku"] ?? { items: [], correct: [] };
  const cases: {
    format: string;
    args: string[];
    ids: readonly string[];
    v0: readonly number[];
    v1: readonly number[];
  }[] = [
    {
      format: "lm-eval",
      args: [
        "--outcomes-v0",
        LM("EleutherAI__pythia-160m"),
        "--outcomes-v1",
        LM("EleutherAI__pythia-410m"),
      ],
      ids: ["0", "1", "2", "3", "4", "5"],
      v0: expected.lmEval["EleutherAI/pythia-160m"]?.acc ?? [],
      v1: expected.lmEval["EleutherAI/pythia-410m"]?.acc ?? [],
    },
    {
      format: "inspect",
      args: ["--outcomes-v0", `${F}/inspect/arc.json`, "--outcomes-v1", `${F}/inspect/arc.eval`],
      ids: inspect0.items,
      v0: inspect0.correct,
      v1: inspect0.items.map((id) => inspect1.correct[inspect1.items.indexOf(id)] ?? -1),
    },
    {
      format: "swebench",
      args: [
        "--items",
        `${F}/swebench/items.txt`,
        "--outcomes-v0",
        `${F}/swebench/${LEADERBOARD[0]}/results/results.json`,
        "--outcomes-v1",
        `${F}/swebench/${DETAILS}/per_instance_details.json`,
      ],
      ids: items,
      v0: expected.swebench.leaderboard[LEADERBOARD[0] as string] ?? [],
      v1: expected.swebench.details,
    },
    {
      format: "promptfoo",
      args: ["--outcomes-v0", pf, "--run-v0", pfRun0, "--outcomes-v1", pf, "--run-v1", pfRun1],
      ids: expected.promptfoo.items,
      v0: expected.promptfoo.data.slice(0, pfN),
      v1: expected.promptfoo.data.slice(pfN, 2 * pfN),
    },
  ];

  for (const { format, args, ids, v0, v1 } of cases) {
    const flipAlso = format === "lm-eval";
    it(`${format}: V0 and V1 outcomes by item id give the ranking of the plain table${flipAlso ? ", also with --failure-outcome 1" : ""}`, () => {
      expect(v0.length).toBe(ids.length);
      expect(v1.length).toBe(ids.length);
      const byId = idTable(`rank-${format}.csv`, ids);
      const a = ok(rank("--from", format, ...args, "--input", byId));
      expect(a).toEqual(ok(rank("--input", plainTable(`rank-${format}-plain.csv`, v0, v1))));
      // outcome-dependent: some slice changed, and its change is the fixture's
      expect(a.category.some((c) => c !== "unchanged")).toBe(true);
      expect(a.ids).toEqual(ids.map((_, i) => i));
      const want = deltaFailureRate(v0, v1);
      a.deltaFailureRate.forEach((d, k) => {
        if (want[k] === null) expect(d).toBeNull();
        else expect(d).toBeCloseTo(want[k] ?? Number.NaN, 12);
      });
      // 1 = failure: every outcome flips, so does every change, in both input modes (the flag
      // is read after the importer, the same code for every format: checked on one)
      if (!flipAlso) return;
      const flipped = ok(
        rank("--from", format, ...args, "--input", byId, "--failure-outcome", "1"),
      );
      expect(flipped.deltaFailureRate).toEqual(
        a.deltaFailureRate.map((d) => (d === 0 || d === null ? d : -d)),
      );
      const flip = (v: readonly number[]) => v.map((x) => 1 - x);
      expect(flipped).toEqual(
        ok(rank("--input", plainTable(`rank-${format}-flip.csv`, flip(v0), flip(v1)))),
      );
      expect(
        ok(
          rank("--input", plainTable(`rank-${format}-plain.csv`, v0, v1), "--failure-outcome", "1"),
        ),
      ).toEqual(ok(rank("--input", plainTable(`rank-${format}-flip2.csv`, flip(v0), flip(v1)))));
    });
  }

  it("lm-eval: a glob of several samples files holds both versions, --run-v0 / --run-v1 pick them", () => {
    const byId = idTable("rank-glob.csv", ["0", "1", "2", "3", "4", "5"]);
    const glob = `${F}/lm-eval/*/samples_*.jsonl`;
    const a = ok(
      rank(
        "--from",
        "lm-eval",
        "--input",
        byId,
        "--outcomes-v0",
        glob,
        "--run-v0",
        "EleutherAI/pythia-160m",
        "--outcomes-v1",
        glob,
        "--run-v1",
        "EleutherAI/pythia-410m",
      ),
    );
    const [first] = cases;
    expect(a).toEqual(ok(rank("--from", "lm-eval", ...(first?.args ?? []), "--input", byId)));
  });

  it("an item missing on either side is an error naming the file and the id", () => {
    const ids = ["0", "1", "2", "3", "4", "5"];
    const v0 = LM("EleutherAI__pythia-160m");
    const v1 = LM("EleutherAI__pythia-410m");
    const v0Label = `--outcomes-v0 ${v0} (run "EleutherAI/pythia-160m")`;
    const fail = (...args: string[]) => {
      const r = rank("--from", "lm-eval", ...args);
      expect(r.code).toBe(2);
      expect(r.stdout).toBe("");
      return r.stderr;
    };
    /** V1's samples file without the item `cut` (its run named by its folder). */
    const cutRun = (cut: number): string => {
      const dir = join(work, `pythia-cut-${cut}`);
      mkdirSync(dir, { recursive: true });
      const file = join(dir, `samples_arc_easy_${DATE}.jsonl`);
      const keep = readFileSync(v1, "utf8")
        .trim()
        .split("\n")
        .filter((l) => (JSON.parse(l) as { doc_id: number }).doc_id !== cut);
      writeFileSync(file, `${keep.join("\n")}\n`);
      return file;
    };
    const full = idTable("rank-ids.csv", ids);
    const noRow = idTable("rank-no-2.csv", ids, "2");
    expect(fail("--input", noRow, "--outcomes-v0", v0, "--outcomes-v1", v1)).toContain(
      `${v0Label}: item "2" has no row in ${noRow} (column id)`,
    );
    const extra = idTable("rank-extra.csv", ids, undefined, "99");
    expect(fail("--input", extra, "--outcomes-v0", v0, "--outcomes-v1", v1)).toContain(
      `${extra}:8:1: malformed row: id "99" is not an item of ${v0Label}`,
    );
    const twice = idTable("rank-twice.csv", ids, undefined, "5");
    expect(fail("--input", twice, "--outcomes-v0", v0, "--outcomes-v1", v1)).toContain(
      `${twice}:8:1: malformed row: id "5" appears twice (first at ${twice}:6:1)`,
    );
    // item 4 is picked (line 5 of the table: row k holds item k + 1); item 3 is not
    const no4 = cutRun(4);
    expect(fail("--input", full, "--outcomes-v0", v0, "--outcomes-v1", no4)).toContain(
      `--outcomes-v1 ${no4} (run "pythia-cut-4"): no outcome for item "4", picked at ${full}:5:1`,
    );
    const r = rank(
      "--from",
      "lm-eval",
      "--input",
      full,
      "--outcomes-v0",
      v0,
      "--outcomes-v1",
      cutRun(3),
    );
    expect(r.code, r.stderr).toBe(0);
    expect(
      fail(
        "--input",
        idTable("rank-no-4.csv", ids, "4"),
        "--outcomes-v0",
        no4,
        "--outcomes-v1",
        v1,
      ),
    ).toContain(
      `--outcomes-v1 ${v1} (run "EleutherAI/pythia-410m"): item "4" is not an item of --outcomes-v0 ${no4} (run "pythia-cut-4")`,
    );
  });

  it("checks the options and lists them in --help with their defaults", () => {
    const fail = (...args: string[]) => {
      const r = rank(...args);
      expect(r.code).toBe(2);
      expect(r.stdout).toBe("");
      return r.stderr;
    };
    const byId = idTable("rank-opts.csv", expected.promptfoo.items);
    expect(fail("--input", byId, "--outcomes-v0", pf)).toContain(
      "slices rank: --outcomes-v0 needs --from",
    );
    expect(fail("--input", byId, "--id", "id")).toContain("slices rank: --id needs --from");
    expect(
      fail("--from", "promptfoo", "--input", byId, "--outcomes-v0", pf, "--outcome-v0", "x"),
    ).toContain("slices rank: --outcome-v0 names a column of a table input");
    expect(
      fail("--from", "promptfoo", "--input", byId, "--outcomes-v0", pf, "--run-v0", pfRun0),
    ).toContain("slices rank: with --from, give V1's harness output as --outcomes-v1 FILES");
    expect(
      fail("--from", "promptfoo", "--input", byId, "--outcomes-v0", pf, "--outcomes-v1", pf),
    ).toContain(
      `slices rank: --outcomes-v0 holds 2 runs (${pfRun0}, ${pfRun1}): choose one with --run-v0`,
    );
    expect(
      fail(
        "--from",
        "promptfoo",
        "--input",
        byId,
        "--outcomes-v0",
        pf,
        "--run-v0",
        "x",
        "--outcomes-v1",
        pf,
      ),
    ).toContain(`slices rank: no run "x" in --outcomes-v0 (runs: ${pfRun0}, ${pfRun1})`);
    expect(fail("--input", byId, "--failure-outcome", "2")).toContain(
      'slices rank: --failure-outcome must be 0 or 1 (got "2")',
    );
    const help = run("slices", "rank", "--help").stdout;
    expect(help).toMatch(
      /--from FORMAT +read a harness's own output \(lm-eval\|inspect\|swebench\|promptfoo\)/,
    );
    expect(help).toMatch(/--outcomes-v0 FILES +with --from: V0's harness output/);
    expect(help).toMatch(/--outcomes-v1 FILES +with --from: V1's harness output/);
    expect(help).toMatch(/--run-v0 NAME .*\(default: the only run\)/);
    expect(help).toMatch(/--failure-outcome 0\|1 .*\(default 0\)\n/);
    expect(help).toMatch(/--id COL .*\(default id\)\n/);
  });
});
