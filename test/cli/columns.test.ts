/**
 * `--columns NAME=COL,...`: a table whose columns have other names (the
 * leaderboard's submission / instance_id) is read under the names a command
 * expects; a mapping that meets no column, or a malformed one, is a usage
 * error before any output is written.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRng } from "../../src/core/rng.js";
import { buildCli, runCli, tcs } from "./_cli.js";

const FIX = "test/cli/fixtures";
const work = mkdtempSync(join(tmpdir(), "evalsift-columns-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));
let cli = { file: "" };
beforeAll(async () => {
  cli = await buildCli();
});

// 12 runs x 40 items (enough runs for --method auto), seeded
const gen = createRng("cli-columns");
const rows: string[][] = [];
for (let r = 0; r < 12; r++)
  for (let i = 0; i < 40; i++)
    rows.push([
      `run${String(r).padStart(2, "0")}`,
      `org__repo${i % 5}-${i}`,
      gen() < 0.3 + r / 20 ? "1" : "0",
    ]);

/** The table under `header`, each row from its run, item and outcome by `cells`. */
function table(
  name: string,
  header: string,
  cells: (run: string, item: string, y: string) => string,
): string {
  const file = join(work, name);
  writeFileSync(
    file,
    `${header}\n${rows.map(([r, i, y]) => cells(r ?? "", i ?? "", y ?? "")).join("\n")}\n`,
  );
  return file;
}
const RUNS = table("runs.csv", "run,item,resolved", (r, i, y) => `${r},${i},${y}`);
const lb = () =>
  table("lb.csv", "submission,date,instance_id,resolved", (r, i, y) => `${r},2025-01-01,${i},${y}`);

const select = (file: string, ...more: string[]) =>
  runCli(cli.file, [
    "subset",
    "select",
    "--outcomes",
    file,
    "--size",
    "5",
    "--csv",
    "--quiet",
    ...more,
  ]);

describe("--columns", () => {
  it("reads a table under the names the command expects, to the same result as the renamed file", () => {
    const base = select(RUNS, "--method", "auto");
    expect(base.code, base.stderr).toBe(0);
    const mapped = select(lb(), "--method", "auto", "--columns", "run=submission,item=instance_id");
    expect(mapped.code, mapped.stderr).toBe(0);
    expect(mapped.stdout).toBe(base.stdout);
    // spaces around the pairs are trimmed; --columns=... works too
    const spaced = select(
      lb(),
      "--method",
      "auto",
      "--columns= run = submission , item=instance_id",
    );
    expect(spaced.stdout).toBe(base.stdout);
  });

  it("without it, the missing column's error says how to map one", () => {
    const r = select(lb());
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('unknown column "run"');
    expect(r.stderr).toContain("(columns: submission, date, instance_id, resolved)");
    expect(r.stderr).toContain("to read another column as run: --columns run=COLUMN");
  });

  it("a misspelt column: the error names the mapping and the nearest column", () => {
    const r = select(lb(), "--columns", "run=submision,item=instance_id");
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(
      '--columns maps run to "submision", which this table does not have (did you mean "submission"?)',
    );
  });

  it("a mapping that meets no column is refused, and --save writes nothing", () => {
    const save = join(work, "rec.json");
    const r = select(
      lb(),
      "--method",
      "auto",
      "--save",
      save,
      "--columns",
      "run=submission,item=instance_id,resolved=resolvd",
    );
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(
      '--columns resolved=resolvd: no table this command read has a column "resolvd", so the mapping does nothing',
    );
    expect(r.stdout).toBe("");
    expect(existsSync(save)).toBe(false);
    // a command that reads no table does not take the option at all (review-cliv 9)
    const demo = runCli(cli.file, ["demo", "--reps", "2", "--quiet", "--columns", "a=b"]);
    expect(demo.code).toBe(2);
    expect(demo.stderr).toContain("demo: unknown option --columns");
  });

  it("malformed mappings are usage errors", () => {
    for (const [arg, msg] of [
      ["run", '--columns: "run" is not NAME=COLUMN'],
      ["run=", '--columns: "run=" is not NAME=COLUMN'],
      ["=submission", '--columns: "=submission" is not NAME=COLUMN'],
      ["run=a,run=b", "--columns: run is mapped twice"],
      ["run=a,item=a", "--columns: column a is mapped twice"],
    ] as const) {
      const r = select(RUNS, "--columns", arg);
      expect(r.code, arg).toBe(2);
      expect(r.stderr, arg).toContain(msg);
    }
  });

  it("a mapped column hides the table's own column of that name; two columns can swap", () => {
    // run,item,resolved,alt: run holds one label for every row, alt the real runs
    const withAlt = table("alt.csv", "run,item,resolved,alt", (r, i, y) => `x,${i},${y},${r}`);
    const base = select(RUNS, "--method", "auto");
    const viaAlt = select(withAlt, "--method", "auto", "--columns", "run=alt");
    expect(viaAlt.code, viaAlt.stderr).toBe(0);
    expect(viaAlt.stdout).toBe(base.stdout);
    // swapping run and item reads the items as runs and the runs as items
    const swapped = select(RUNS, "--columns", "run=item,item=run");
    expect(swapped.code, swapped.stderr).toBe(0);
    // the 12 runs are now the items: the chosen ones are run ids
    const picked = swapped.stdout.trim().split("\n").slice(1);
    expect(picked).toHaveLength(5);
    for (const line of picked) expect(line).toMatch(/,run\d\d$/);
  });

  it("applies to every table a command reads that has the column (tcs estimate: predictions and labels)", () => {
    const preds = join(work, "preds.csv");
    writeFileSync(preds, readFileSync(`${FIX}/preds.csv`, "utf8").replace(/^id,/, "case,"));
    const plan = runCli(
      cli.file,
      tcs("plan", `${FIX}/preds.csv`, "score", "srs", "4", "--seed", "1", "--csv", "--quiet"),
    );
    expect(plan.code, plan.stderr).toBe(0);
    const planned = plan.stdout
      .trim()
      .split("\n")
      .slice(1)
      .map((l) => Number(l.split(",")[1]));
    expect(planned).toHaveLength(4);
    const rowsOf = (header: string) =>
      `${header}\n${planned.map((i) => `${i},${i % 2}`).join("\n")}\n`;
    const labels = join(work, "labels.csv");
    writeFileSync(labels, rowsOf("row,label"));
    const renamed = join(work, "verdicts.csv");
    writeFileSync(renamed, rowsOf("idx,verdict"));
    const est = (input: string, lab: string, ...more: string[]) =>
      runCli(cli.file, [
        ...tcs("estimate", input, "score", "srs", "4", "--seed", "1", "--csv", "--quiet"),
        "--labels",
        lab,
        ...more,
      ]);
    const base = est(`${FIX}/preds.csv`, labels);
    expect(base.code, base.stderr).toBe(0);
    // id=case meets only the predictions, row= and label= only the labels: all used
    const mapped = est(preds, renamed, "--columns", "id=case,row=idx,label=verdict");
    expect(mapped.code, mapped.stderr).toBe(0);
    expect(mapped.stdout).toBe(base.stdout);
  });
});
