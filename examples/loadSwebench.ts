/**
 * Reads the vendored SWE-bench Verified outcomes in `examples/data/` (see
 * examples/data/PROVENANCE.txt). This is the demo's only IO; the library in
 * `src/` never touches the file system.
 */
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/** One submission (agent run) with its per-instance outcomes. */
export type Submission = {
  /** Submission id, e.g. `20251110_frogboss-32b`. */
  readonly name: string;
  /** Submission date, `YYYY-MM-DD`. */
  readonly date: string;
  /** 1 where the submission resolved the instance, 0 otherwise, in `instanceIds` order. */
  readonly outcomes: Uint8Array;
};

/** All vendored submissions over the same list of instances. */
export type SwebenchOutcomes = {
  /** The 500 SWE-bench Verified instance ids. */
  readonly instanceIds: readonly string[];
  /** Submissions sorted by date, then name. */
  readonly submissions: readonly Submission[];
};

/** Folder of the vendored data next to this file. */
export const defaultDataDir = join(dirname(fileURLToPath(import.meta.url)), "data");

/** Loads `swebench-verified-outcomes.csv` and `instance_ids.txt` from `dir`, checking their shape. */
export function loadSwebenchOutcomes(dir: string = defaultDataDir): SwebenchOutcomes {
  const instanceIds = readFileSync(join(dir, "instance_ids.txt"), "utf8")
    .split(/\r?\n/)
    .filter((s) => s.length > 0);
  const lines = readFileSync(join(dir, "swebench-verified-outcomes.csv"), "utf8")
    .split(/\r?\n/)
    .filter((s) => s.length > 0);
  if (lines[0] !== "submission,date,resolved,outcomes") {
    throw new Error(`loadSwebenchOutcomes: unexpected header ${JSON.stringify(lines[0])}`);
  }
  const submissions = lines.slice(1).map((line, row) => {
    const [name = "", date = "", resolved = "", bits = ""] = line.split(",");
    if (bits.length !== instanceIds.length || !/^[01]*$/.test(bits)) {
      throw new Error(`loadSwebenchOutcomes: row ${row + 1} (${name}) has malformed outcomes`);
    }
    const outcomes = Uint8Array.from(bits, (b) => (b === "1" ? 1 : 0));
    if (outcomes.reduce((s, v) => s + v, 0) !== Number(resolved)) {
      throw new Error(`loadSwebenchOutcomes: row ${row + 1} (${name}) resolved count mismatch`);
    }
    return { name, date, outcomes };
  });
  return { instanceIds, submissions };
}
