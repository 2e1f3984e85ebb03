/**
 * A CSV `--vectors` file that repeats an item is refused at file:line:col of
 * the repeat (it was last-wins: the subset came from whichever vector was
 * last), as `--responses` refuses a repeated item.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildCli, runCli } from "./_cli.js";

const FIX = "test/cli/fixtures";
const work = mkdtempSync(join(tmpdir(), "evalsift-dupvec-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));
let cli = { file: "" };
beforeAll(async () => {
  cli = await buildCli();
});

describe("--vectors with a repeated item", () => {
  it("subset select and evaluate refuse it at the repeat, naming the first", () => {
    const lines = readFileSync(`${FIX}/vectors.csv`, "utf8").trim().split("\n");
    // a second, different vector for the item of line 3
    const item = (lines[2] ?? "").split(",")[0] ?? "";
    const vec = join(work, "vec_dup.csv");
    writeFileSync(vec, `${[...lines, `${item},99,99`].join("\n")}\n`);
    const repeat = lines.length + 1;
    for (const verb of ["select", "evaluate"]) {
      const r = runCli(cli.file, [
        "subset",
        verb,
        "--outcomes",
        `${FIX}/runs.csv`,
        "--size",
        "3",
        "--method",
        "medoids",
        "--vectors",
        vec,
      ]);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain(
        `${vec}:${repeat}:1: malformed row: item ${JSON.stringify(item)} appears twice (first at ${vec}:3:1)`,
      );
    }
  });

  it("subset estimate --responses names the line of a repeated item too", () => {
    const runs = readFileSync(`${FIX}/runs.csv`, "utf8").trim().split("\n");
    const rec = join(work, "rec.json");
    const hist8 = join(work, "hist8.csv");
    // --method auto needs 8 runs: the fixture's 6 runs and two copies renamed
    const extra = runs
      .slice(1)
      .filter((l) => l.startsWith("run1,") || l.startsWith("run2,"))
      .map((l) => l.replace(/^run(\d),/, "late$1,"));
    writeFileSync(hist8, `${[...runs, ...extra].join("\n")}\n`);
    const sel = runCli(cli.file, [
      "subset",
      "select",
      "--outcomes",
      hist8,
      "--size",
      "5",
      "--method",
      "auto",
      "--save",
      rec,
      "--quiet",
    ]);
    expect(sel.code, sel.stderr).toBe(0);
    const items = (JSON.parse(readFileSync(rec, "utf8")) as { itemIds: string[] }).itemIds;
    const resp = join(work, "resp.csv");
    const rows = items.map((id) => `${id},1`);
    writeFileSync(resp, `item,resolved\n${[...rows, rows[0]].join("\n")}\n`);
    const r = runCli(cli.file, [
      "subset",
      "estimate",
      "--recommendation",
      rec,
      "--responses",
      resp,
    ]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(
      `${resp}:${items.length + 2}:1: malformed row: item ${JSON.stringify(items[0])} appears twice (first at ${resp}:2:1)`,
    );
  });
});
