/**
 * The items file of the labelling-page test and screenshots: 300 made-up
 * question/answer items with a predictor's failure probability, and the
 * scripted oracle that labels them (deterministic in the id, likelier to
 * fail where p_fail is high). Written on the fly, so no data file is kept.
 */
import { writeFileSync } from "node:fs";

/** Number of items. */
export const ITEMS = 300;

/** The failure probability of item i (a made-up, deterministic score in (0, 1)). */
export function pFail(i: number): number {
  return Math.round(((i * 37) % 100) / 1.25 + 5) / 100;
}

/** The scripted oracle: 1 (failure) or 0 (pass) for item id `q0042`. */
export function oracle(id: string): 0 | 1 {
  const i = Number(id.slice(1));
  const u = ((i * 7919 + 13) % 101) / 101;
  return u < pFail(i) * 0.6 ? 1 : 0;
}

/** Writes the items CSV (with quoted fields holding commas, quotes and a line break) to `file`. */
export function writeItems(file: string): void {
  const rows = ["id,question,answer,p_fail"];
  for (let i = 0; i < ITEMS; i++) {
    const id = `q${String(i).padStart(4, "0")}`;
    const q = `"What is ${i} + ${i % 7}, written ""in words""?"`;
    const a = i % 50 === 3 ? `"It is ${2 * i},\nI think"` : `"${i + (i % 7)}, I believe"`;
    rows.push(`${id},${q},${a},${pFail(i)}`);
  }
  writeFileSync(file, `${rows.join("\n")}\n`);
}
