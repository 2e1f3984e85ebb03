import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cliMessage } from "../../cli/commands/tcsCommon.js";
import { buildCli, runCli } from "./_cli.js";
import { F } from "./_formats.js";

// Flows a user chains across the verbs: each case failed before its fix (an end-to-end review, 2026-12-08).
let cli: Awaited<ReturnType<typeof buildCli>>;
let work: string;
beforeAll(async () => {
  cli = await buildCli();
  work = mkdtempSync(join(tmpdir(), "evalsift-cliv-"));
});
afterAll(() => rmSync(work, { recursive: true, force: true }));
const run = (...args: string[]) => runCli(cli.file, args);
const FIX = "test/cli/fixtures";
const PREDS = join(FIX, "preds.csv");
const RUNS = join(FIX, "runs.csv");

type Next = { row: number; id?: string; risk: number };
const plan = (args: string[]): Next[] => {
  const r = run("tcs", "plan", ...args, "--json");
  expect(r.code, r.stderr).toBe(0);
  return (JSON.parse(r.stdout) as { next: Next[] }).next;
};

/** A sequential srs session on the shared predictions file (plan and estimate take the same flags). */
const SEQUENTIAL_SRS = [
  "--input",
  PREDS,
  "--feature",
  "entropy",
  "--strategy",
  "srs",
  "--budget",
  "40",
  "--sequential",
  "--stop-half-width",
  "0.1",
];

describe("CLI verbs: flags, defaults and hand-offs", () => {
  it("1. --from ... --feature score makes the harness's low scores the risky end; --orientation overrides", () => {
    const args = [
      "--from",
      "inspect",
      "--input",
      `${F}/inspect/arc.eval`,
      "--feature",
      "score",
      "--strategy",
      "srs",
      "--budget",
      "5",
    ];
    const risk = (more: string[] = []) =>
      Object.fromEntries(plan([...args, ...more]).map((n) => [n.id, n.risk]));
    // arc_1 is correct in both epochs, arc_4 wrong in both
    const byDefault = risk();
    expect(byDefault["arc_4"]).toBeGreaterThan(byDefault["arc_3"] as number);
    expect(byDefault["arc_3"]).toBeGreaterThan(byDefault["arc_1"] as number);
    const higher = risk(["--orientation", "higher"]);
    expect(higher["arc_1"]).toBeGreaterThan(higher["arc_4"] as number);
    // a table's score column keeps "higher": only a harness's own score is 1 = correct
    const table = plan([
      "--input",
      PREDS,
      "--feature",
      "score",
      "--strategy",
      "srs",
      "--budget",
      "40",
    ]);
    const rows = readFileSync(PREDS, "utf8").trim().split("\n").slice(1);
    const score = (row: number) => Number(rows[row]?.split(",")[4]);
    const top = table.reduce((a, b) => (b.risk > a.risk ? b : a));
    expect(score(top.row)).toBe(Math.max(...rows.map((_, i) => score(i))));
    const help = run("tcs", "plan", "--help").stdout;
    expect(help).toContain("lower for confidence/margin and for --from's score");
  });

  it("2. --filter without --from is refused like --metric", () => {
    for (const args of [
      ["subset", "select", "--outcomes", RUNS, "--size", "2"],
      ["tcs", "plan", "--input", PREDS, "--feature", "score", "--strategy", "srs", "--budget", "3"],
      [
        "slices",
        "identify",
        "--input",
        join(FIX, "tests.csv"),
        "--outcome",
        "passed",
        "--signals",
        "sig_*",
      ],
    ]) {
      const r = run(...args, "--filter", "strict-match");
      expect(r.code, args.join(" ")).toBe(2);
      expect(r.stderr).toContain(`${args[0]} ${args[1]}: --filter needs --from`);
    }
  });

  it("3. --probs with a --feature that is also a column is refused, naming both", () => {
    const file = join(work, "pc.csv");
    const rows = Array.from({ length: 10 }, (_, i) => {
      const p = [0.5 + i / 40, 0.3 - i / 40, 0.2];
      return `case-${i},${p.join(",")},${i / 10},${p[1]}`;
    });
    writeFileSync(file, `id,p0,p1,p2,score,confidence\n${rows.join("\n")}\n`);
    const base = ["--input", file, "--strategy", "srs", "--budget", "3"];
    const both = run("tcs", "plan", ...base, "--feature", "confidence", "--probs", "p*");
    expect(both.code).toBe(2);
    expect(both.stderr).toContain("--feature confidence is a column of this file");
    expect(both.stderr).toContain("--probs p*");
    const column = run("tcs", "plan", ...base, "--feature", "score", "--probs", "p0,p1,p2");
    expect(column.code).toBe(2);
    expect(column.stderr).toContain("--feature score reads a column");
    // either one alone still works
    expect(run("tcs", "plan", ...base, "--feature", "confidence").code).toBe(0);
    const computed = run(
      "tcs",
      "plan",
      ...base,
      "--feature",
      "confidence",
      "--probs",
      "p*",
      "--columns",
      "conf=confidence",
    );
    expect(computed.code, computed.stderr).toBe(0);
  });

  it("4. --strategy active: the first plan lists the library's whole pilot, at every budget", () => {
    // the CLI lists activePhaseSizes' greedy + pilot rows first; test/tcs/activePhaseSizes.test.ts
    // checks those sizes against the strategy's own at every budget from 2 to 120
    const args = [
      "--input",
      PREDS,
      "--feature",
      "entropy",
      "--strategy",
      "active",
      "--seed",
      "1",
      "--budget",
    ];
    // budget 4: the library's pilot is 2 (the CLI listed 1); budget 3: no pilot, all 3 at once
    expect(plan([...args, "4"])).toHaveLength(2);
    expect(plan([...args, "3"])).toHaveLength(3);
  });

  it("5. tcs plan --plot before 2 labels prints the plan and skips the plot with a note", () => {
    const out = join(work, "seq.vl.json");
    const r = run("tcs", "plan", ...SEQUENTIAL_SRS, "--plot", out, "--csv");
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.split("\n")[0]).toBe("order,row,id,risk");
    expect(r.stderr).toContain("--plot: the running estimate is drawn from 2 labels on");
    expect(existsSync(out)).toBe(false);
  });

  it("6. subset evaluate says in --help and on stderr when it samples the splits", () => {
    expect(run("subset", "evaluate", "--help").stdout).toContain("a random, seeded\n10,000");
    // 42 runs, W = 3: C(41, 3) = 10,660 splits, above the 10,000 evaluated
    const items = ["a", "b", "c", "d"];
    const lines = ["run,item,resolved"];
    for (let r = 0; r < 42; r++)
      items.forEach((it, i) => {
        lines.push(`r${r},${it},${(r + i) % 3 === 0 ? 1 : 0}`);
      });
    const file = join(work, "many.csv");
    writeFileSync(file, `${lines.join("\n")}\n`);
    const args = ["subset", "evaluate", "--outcomes", file, "--size", "2", "--seeds", "1"];
    const r = run(...args, "--method", "consistency", "--json");
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).splits).toBe(10_000);
    expect(r.stderr).toContain(
      "note: 10,660 choices of 3 training runs (C(41, 3)); evaluated a random 10,000 of them",
    );
    // all splits evaluated: no note
    const few = run("subset", "evaluate", "--outcomes", RUNS, "--size", "5", "--seeds", "1");
    expect(few.code, few.stderr).toBe(0);
    expect(few.stderr).not.toContain("choices of");
  });

  it("7. --size above 100% (or above N) is refused; 100% is all items", () => {
    const size = (s: string) => run("subset", "select", "--outcomes", RUNS, "--size", s, "--json");
    for (const [s, why] of [
      ["101%", "a percentage above 100% is more than the whole benchmark"],
      ["21", "more than the 20 items of the benchmark"],
      ["1%", "1% of 20 items rounds to 0"],
    ] as const) {
      const r = size(s);
      expect(r.code, s).toBe(2);
      expect(r.stderr).toContain(why);
    }
    expect(size("100%").code).toBe(0);
  });

  it("8. library option names become the CLI's flags", () => {
    const r = run(
      "tcs",
      "estimate",
      ...SEQUENTIAL_SRS,
      "--interval",
      "wilson",
      "--labels",
      "examples/cli/labels.csv",
    );
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("--interval has no effect with --sequential");
    expect(r.stderr).toContain("drop --interval");
    expect(r.stderr).not.toContain("options.");
    // a message from inside a strategy, through the CLI's translation
    const first = plan([
      "--input",
      PREDS,
      "--feature",
      "entropy",
      "--strategy",
      "active",
      "--budget",
      "12",
    ])[0] as Next;
    const labels = join(work, "real.csv");
    writeFileSync(labels, `row,label\n${first.row},2\n`);
    const active = run(
      "tcs",
      "plan",
      "--input",
      PREDS,
      "--feature",
      "entropy",
      "--strategy",
      "active",
      "--budget",
      "12",
      "--labels",
      labels,
      "--real-labels",
    );
    expect(active.code).toBe(2);
    expect(active.stderr).toContain("tcs plan: --strategy active: a --labels label must lie");
    expect(
      cliMessage(
        "tcs plan",
        "srs",
        "strategies.srs: options.sequential.halfWidth must be positive; options.level too",
      ),
    ).toBe("tcs plan: --strategy srs: --stop-half-width must be positive; --level too");
  });

  it("9. options that would do nothing are refused; demo takes no --columns; the rename names 0.1.0", () => {
    const base = ["--input", PREDS, "--feature", "entropy", "--strategy", "srs", "--budget", "3"];
    for (const extra of [["--real-labels"], ["--failure-label", "0"]]) {
      const r = run("tcs", "plan", ...base, ...extra);
      expect(r.code, extra.join(" ")).toBe(2);
      expect(r.stderr).toContain(`${extra[0]} describes the labels of --labels FILE`);
    }
    expect(run("demo", "--help").stdout).not.toContain("--columns");
    const demo = run("demo", "--columns", "a=b");
    expect(demo.code).toBe(2);
    expect(demo.stderr).toContain("demo: unknown option --columns");
    const renamed = run("tcs", "plan", ...base.slice(0, 4), "--strategy", "rhcs", "--budget", "3");
    expect(renamed.code).toBe(2);
    expect(renamed.stderr).toContain("its 0.1.0 name; renamed rhc since");
    expect(renamed.stderr).not.toContain("0.2");
  });

  it("11. slices identify copies an id column by default, as tcs does", () => {
    const src = readFileSync(join(FIX, "tests.csv"), "utf8").trim().split("\n");
    const file = join(work, "tests-id.csv");
    writeFileSync(
      file,
      `${src.map((l, i) => `${i === 0 ? "id" : `case-${i - 1}`},${l}`).join("\n")}\n`,
    );
    const args = ["slices", "identify", "--input", file, "--outcome", "passed", "--signals"];
    const more = ["--generations", "5", "--population", "8", "--min-size", "2", "--csv"];
    const byDefault = run(...args, "sig_*", ...more);
    expect(byDefault.code, byDefault.stderr).toBe(0);
    const lines = byDefault.stdout.trim().split("\n");
    expect(lines[0]).toBe("row,id,slice,pick");
    expect(lines[1]?.split(",")[1]).toBe("case-0");
    // --id names another column
    expect(run(...args, "sig_*", "--id", "test", ...more).stdout.split("\n")[1]).toMatch(/^0,t0,/);
    expect(run("slices", "identify", "--help").stdout).toContain(
      "default id, when the input has a column of that name",
    );
  });
});
