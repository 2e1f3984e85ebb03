/**
 * The one gateway from tests and benchmarks to `../shared/data` (real public
 * data that is not shipped with the package). When the folder is absent the
 * caller gets `undefined` plus a printed reason, and tests use
 * `describe.skipIf(!hasShared)` so the suite stays green on a bare clone.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
/** Absolute path of `../shared/data` next to the repository, or of `$EVALSIFT_SHARED/data`. */
export const sharedDataDir = resolve(
  process.env.EVALSIFT_SHARED ?? join(here, "..", "..", "..", "shared"),
  "data",
);
/** Whether the shared data folder is present. */
export const hasShared = existsSync(sharedDataDir);

let warned = false;
/** Prints, once, why shared-data tests are skipped. */
export function explainSkip(): void {
  if (!hasShared && !warned) {
    warned = true;
    console.warn(
      `[evalsift] ${sharedDataDir} not found: tests and benches that use the real shared data are skipped.`,
    );
  }
}

/** Reads a file under `../shared/data` as UTF-8 text, stripping a BOM and normalising CRLF; `undefined` if absent. */
export function readShared(relPath: string): string | undefined {
  const p = join(sharedDataDir, relPath);
  if (!existsSync(p)) {
    explainSkip();
    if (hasShared) console.warn(`[evalsift] ${p} not found: skipped.`);
    return undefined;
  }
  return readFileSync(p, "utf8")
    .replace(/^\uFEFF/, "")
    .replace(/\r\n/g, "\n");
}

/** Parses simple CSV text (header row; fields without embedded commas or quotes) into records. */
export function parseSimpleCsv(text: string): Record<string, string>[] {
  const lines = text.split("\n").filter((l) => l.length > 0);
  const header = (lines[0] ?? "").split(",");
  const out: Record<string, string>[] = [];
  for (let i = 1; i < lines.length; i++) {
    const cells = (lines[i] as string).split(",");
    const rec: Record<string, string> = {};
    for (let j = 0; j < header.length; j++) rec[header[j] as string] = cells[j] ?? "";
    out.push(rec);
  }
  return out;
}

/** Parses a JSON file under `../shared/data`; `undefined` if absent. */
export function readSharedJson(relPath: string): unknown {
  const text = readShared(relPath);
  return text === undefined ? undefined : (JSON.parse(text) as unknown);
}

/** Sorted file names in a folder under `../shared/data`; `[]` if absent. */
export function listShared(relDir: string): string[] {
  const p = join(sharedDataDir, relDir);
  if (!existsSync(p)) {
    explainSkip();
    return [];
  }
  return readdirSync(p).sort();
}
