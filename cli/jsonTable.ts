/**
 * The one rule by which the CLI (`--input`, `--outcomes`, ...) and the
 * labelling page (apps/label) read a `.json` file as a table: JSON Lines when
 * its first line is a JSON object, else refused with a conversion hint.
 * Pure (no `node:*`), so the browser page shares it.
 */

/**
 * Why a `.json` file's text is not a table, or `undefined` when it is JSON
 * Lines (its first non-blank line parses and the text starts with `{`).
 *
 * @param name - The file's name, as the message shows it.
 * @param text - The file's text (or its first bytes), without a byte-order mark.
 * @param reader - Who reads it, as the message names it (`"--input"`).
 */
export function jsonTableProblem(name: string, text: string, reader: string): string | undefined {
  const first = text.trimStart();
  const firstLine = first.split("\n", 1)[0] ?? "";
  let oneObjectPerLine = first.startsWith("{");
  try {
    JSON.parse(firstLine);
  } catch {
    oneObjectPerLine = false;
  }
  if (oneObjectPerLine) return undefined;
  const holds = first.startsWith("[") ? "holds a JSON array" : "is one JSON document";
  return `${name}: ${reader} reads a table: CSV, or JSON Lines (one JSON object per line); this .json file ${holds}. Convert it with: jq -c '.[]' ${name} > ${name.replace(/\.json$/i, ".jsonl")}`;
}
