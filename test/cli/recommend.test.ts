import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRng } from "../../src/core/rng.js";
import { toPlain } from "../../src/core/toPlain.js";
import { estimateSubset } from "../../src/subset/estimateSubset.js";
import { outcomes } from "../../src/subset/outcomes.js";
import { recommendSubset } from "../../src/subset/recommendSubset.js";
import { buildCli, runCli } from "./_cli.js";

// 12 runs x 60 items from a seeded Rasch-like generator; the expected values come
// from the library called in-process on the same records.
const gen = createRng("cli-recommend");
const b = Array.from({ length: 60 }, () => 4 * gen() - 2);
const records: { run: string; item: string; resolved: 0 | 1 }[] = [];
for (let r = 0; r < 12; r++) {
  for (let i = 0; i < 60; i++) {
    const p = 1 / (1 + Math.exp(-(-1 + r / 5 - (b[i] as number))));
    records.push({
      run: `run${String(r).padStart(2, "0")}`,
      item: `org__repo${i % 7}-${i}`,
      resolved: gen() < p ? 1 : 0,
    });
  }
}
const o = outcomes(records);

let cli: Awaited<ReturnType<typeof buildCli>>;
let dir: string;
beforeAll(async () => {
  cli = await buildCli();
  dir = mkdtempSync(join(tmpdir(), "evalsift-recommend-"));
  writeFileSync(
    join(dir, "runs.csv"),
    `run,item,resolved\n${records.map((x) => `${x.run},${x.item},${x.resolved}`).join("\n")}\n`,
  );
}, 60_000);
afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** `evalsift subset select` on runs.csv with `--size size` and `extra`. */
const select = (size: string, extra: string[]) =>
  runCli(cli.file, [
    "subset",
    "select",
    "--outcomes",
    join(dir, "runs.csv"),
    "--size",
    size,
    ...extra,
  ]);

describe("evalsift subset select --method auto / subset estimate", () => {
  it("selects the items recommendSubset picks and saves the recommendation", () => {
    const estimate = (recommendation: string, responses: string) =>
      runCli(cli.file, [
        "subset",
        "estimate",
        "--recommendation",
        recommendation,
        "--responses",
        responses,
        "--json",
      ]);
    const rec = join(dir, "rec.json");
    const auto = (extra: string[]) =>
      select("10", ["--method", "auto", "--seed", "3", ...extra, "--json"]);
    const r = auto(["--save", rec]);
    expect(r.stderr).toContain("auto: ");
    expect(r.code).toBe(0);
    const want = recommendSubset(o, 10, createRng(3), { folds: 5 });
    const got = JSON.parse(r.stdout) as { method: string; items: string[] };
    expect(got.method).toBe(want.method);
    expect(got.items).toEqual(want.itemIds);
    expect((got as unknown as { selection: unknown }).selection).toEqual(want.selection);
    // --selection rmse: the lowest cross-validated RMSE, as the library gives it
    const r2 = auto(["--selection", "rmse"]);
    expect(r2.code).toBe(0);
    const want2 = recommendSubset(o, 10, createRng(3), { folds: 5, selection: "rmse" });
    const got2 = JSON.parse(r2.stdout) as { method: string; items: string[]; selection: unknown };
    expect(got2.method).toBe(want2.method);
    expect(got2.items).toEqual(want2.itemIds);
    expect(got2.selection).toEqual({ rule: "rmse", lowest: want2.method });
    const saved = JSON.parse(readFileSync(rec, "utf8")) as { itemIds: string[] };
    expect(saved.itemIds).toEqual(want.itemIds);

    // a new run's outcomes on the subset -> the same Estimate as in-process
    const y = Uint8Array.from(want.items, (i) => o.data[11 * 60 + i] as number);
    writeFileSync(
      join(dir, "new.csv"),
      `item,resolved\n${want.itemIds.map((id, t) => `${id},${y[t]}`).join("\n")}\n`,
    );
    const e = estimate(rec, join(dir, "new.csv"));
    expect(e.code).toBe(0);
    const est = JSON.parse(e.stdout) as { estimate: number; ci: number[]; method: string };
    const ref = estimateSubset(want, y);
    expect(est.estimate).toBe(ref.estimate);
    expect(est.ci).toEqual([...ref.ci]);
    expect(est.method).toBe(ref.method);
    // the whole Estimate, non-finite numbers (df: Infinity) as toPlain's nonFinite "string" writes them
    expect(JSON.parse(e.stdout)).toEqual(toPlain(ref, { nonFinite: "string" }));

    // the same recommendation written by toPlain (a notebook's JSON.stringify) reads too
    const plain = join(dir, "rec-plain.json");
    writeFileSync(plain, JSON.stringify(toPlain(want)));
    const e2 = estimate(plain, join(dir, "new.csv"));
    expect(e2.code).toBe(0);
    expect((JSON.parse(e2.stdout) as { estimate: number }).estimate).toBe(ref.estimate);
    expect(e.stderr).toContain("10 subset outcomes");
    expect(e.stderr).not.toContain("outside the subset");

    // the new run's whole table (every item): the subset's rows are used, the rest counted
    writeFileSync(
      join(dir, "new-all.csv"),
      `item,resolved\n${o.items.map((id, i) => `${id},${o.data[11 * 60 + i]}`).join("\n")}\n`,
    );
    const e3 = estimate(rec, join(dir, "new-all.csv"));
    expect(e3.code).toBe(0);
    expect((JSON.parse(e3.stdout) as { estimate: number }).estimate).toBe(ref.estimate);
    expect(e3.stderr).toContain(
      "10 subset outcomes (50 rows of items outside the subset not used)",
    );
  });

  it("explains bad input", () => {
    const few = join(dir, "few.csv");
    writeFileSync(few, "run,item,resolved\na,x,1\na,y,0\nb,x,0\nb,y,1\n");
    const r = runCli(cli.file, [
      "subset",
      "select",
      "--outcomes",
      few,
      "--size",
      "1",
      "--method",
      "auto",
    ]);
    expect(r.code).not.toBe(0);
    expect(r.stderr).toContain("needs at least 8 runs");
    const s = select("5", ["--save", join(dir, "x.json")]);
    expect(s.code).not.toBe(0);
    expect(s.stderr).toContain("--save needs --method auto");
    const sel = (extra: string[]) => select("5", extra);
    const noAuto = sel(["--selection", "rmse"]);
    expect(noAuto.code).not.toBe(0);
    expect(noAuto.stderr).toContain("--selection needs --method auto");
    const badRule = sel(["--method", "auto", "--selection", "best"]);
    expect(badRule.code).not.toBe(0);
    expect(badRule.stderr).toContain("--selection must be robust or rmse (got best)");
    writeFileSync(join(dir, "partial.csv"), "item,resolved\norg__repo0-0,1\n");
    const rec = join(dir, "rec.json");
    const e = runCli(cli.file, [
      "subset",
      "estimate",
      "--recommendation",
      rec,
      "--responses",
      join(dir, "partial.csv"),
    ]);
    expect(e.code).not.toBe(0);
    expect(e.stderr).toMatch(/lacks \d+ of the 10 subset items/);
    const bad = runCli(cli.file, [
      "subset",
      "estimate",
      "--recommendation",
      join(dir, "runs.csv"),
      "--responses",
      join(dir, "partial.csv"),
    ]);
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toContain("not a recommendation JSON");
  });
});
