import { readFileSync } from "node:fs";
import { join } from "node:path";

/** Folder of the importers' fixtures (made by scripts/fixtures/formats.py). */
export const DIR = "test/fixtures/formats";

/** A fixture file's text. */
export const fixture = (path: string): string => readFileSync(join(DIR, path), "utf8");

type Expected = {
  lmEval: Record<string, { acc: number[]; probs: number[][] }>;
  inspect: Record<string, { items: string[]; mean: number[]; correct: number[] }>;
  swebench: {
    harness: { items: string[]; resolved: number[] };
    reports: { items: string[]; resolved: number[] };
    leaderboard: Record<string, number[]>;
    details: number[];
  };
  promptfoo: {
    runs: string[];
    items: string[];
    data: number[];
    scores: number[];
    errored: number[];
  };
};

/** What each parser must return, computed independently by the fixture script. */
export const expected = JSON.parse(fixture("expected.json")) as Expected;

/** The 20 SWE-bench instance ids of the SWE-bench fixtures. */
export const swebenchItems = fixture("swebench/items.txt").trim().split("\n");
