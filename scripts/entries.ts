import { readFileSync } from "node:fs";
import { join } from "node:path";

/**
 * The job entries of the package (`core`, `estimate`, ... for
 * `evalsift/core`, `evalsift/estimate`, ...), in package.json "exports"
 * order: the one list the build, the runtime bundle test and the codemods
 * read (from the repository root, where npm runs them). Each `./<job>` is
 * built from src/entry/<job>.ts.
 */
export const ENTRIES: readonly string[] = Object.keys(
  (
    JSON.parse(readFileSync(join(process.cwd(), "package.json"), "utf8")) as {
      exports: Record<string, unknown>;
    }
  ).exports,
)
  .filter((k) => k !== "." && k !== "./package.json")
  .map((k) => k.slice(2));
