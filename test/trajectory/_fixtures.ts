/** Reads the committed trajectory fixtures (test/fixtures/trajectory). */
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const dir = join(dirname(fileURLToPath(import.meta.url)), "..", "fixtures", "trajectory");

/** Parses a fixture file as JSON. */
export function fixture(name: string): unknown {
  return JSON.parse(readFileSync(join(dir, name), "utf8")) as unknown;
}

/** Every string value inside a JSON value, plus the strings inside JSON-encoded strings. */
export function rawStrings(v: unknown, out: string[] = []): string[] {
  if (typeof v === "string") {
    out.push(v);
    const t = v.trimStart();
    if (t.startsWith("{") || t.startsWith("[")) {
      try {
        rawStrings(JSON.parse(v) as unknown, out);
      } catch {
        // not JSON: the string itself is already collected
      }
    }
  } else if (Array.isArray(v)) {
    for (const x of v) rawStrings(x, out);
  } else if (typeof v === "object" && v !== null) {
    for (const x of Object.values(v)) rawStrings(x, out);
  }
  return out;
}
