import { readFileSync } from "node:fs";
import { join } from "node:path";

/** The harness-format fixtures and the fixture script's independent reference (expected.json). */
export const F = "test/fixtures/formats";
export type Expected = {
  lmEval: Record<string, { acc: number[]; probs: number[][] }>;
  inspect: Record<string, { items: string[]; correct: number[] }>;
  swebench: {
    harness: { items: string[]; resolved: number[] };
    leaderboard: Record<string, number[]>;
    details: number[];
  };
  promptfoo: { runs: string[]; items: string[]; data: number[] };
};
export const expected = JSON.parse(readFileSync(join(F, "expected.json"), "utf8")) as Expected;
/** The SWE-bench fixture's instance ids, one a line. */
export const items = readFileSync(join(F, "swebench/items.txt"), "utf8").trim().split("\n");
export const DATE = "2024-06-01T10-00-00.000000";
/** The lm-eval samples file of model folder `m`. */
export const LM = (m: string) => `${F}/lm-eval/${m}/samples_arc_easy_${DATE}.jsonl`;
export const LEADERBOARD = Object.keys(expected.swebench.leaderboard);
export const DETAILS = "20251124_mini-v1.16.0_claude-opus-4-5-20251101";
