/**
 * Vendors the MIT-licensed part of the SWE-bench Verified per-instance
 * outcomes from `../shared/data` into `examples/data/`, so `npm run demo`
 * works on a fresh clone without network access or the shared folder.
 *
 * Only the 134 submissions whose `source` in swebench_verified_submissions.csv
 * is the MIT repository ipezygj/swebench-rank-audit are copied; the 24 rows
 * taken from the SWE-bench website are left out (no licence to redistribute).
 * Every vendored row is checked position by position against that repository's
 * wide matrix in raw/ipezygj_swebench_verified_matrix.csv.
 *
 * Run: npx tsx scripts/vendor-data.ts
 * Writes: examples/data/swebench-verified-outcomes.csv, examples/data/instance_ids.txt
 * (examples/data/PROVENANCE.txt is written by hand and cites this script).
 */
import { writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { readShared } from "../test/helpers/sharedData.js";

const MIT_SOURCE = "ipezygj/swebench-rank-audit";
const outDir = join(dirname(fileURLToPath(import.meta.url)), "..", "examples", "data");

/** RFC 4180 CSV: quoted fields may hold commas, doubled quotes and newlines. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i] as string;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ",") {
      row.push(field);
      field = "";
    } else if (ch === "\n") {
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
    } else field += ch;
  }
  if (field.length > 0 || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

function records(text: string): Record<string, string>[] {
  const [header, ...body] = parseCsv(text);
  if (header === undefined) throw new Error("empty CSV");
  return body.map((cells) => Object.fromEntries(header.map((h, j) => [h, cells[j] ?? ""])));
}

function need(rel: string): string {
  const text = readShared(rel);
  if (text === undefined) throw new Error(`vendor-data: ../shared/data/${rel} is required`);
  return text;
}

const submissions = records(need("swebench_verified_submissions.csv"));
const outcomes = records(need("swebench_verified_outcomes.csv"));
const ids = need("raw/verified_500_ids_sorted.txt")
  .split("\n")
  .map((s) => s.trim())
  .filter((s) => s.length > 0);
const matrixRows = parseCsv(need("raw/ipezygj_swebench_verified_matrix.csv"));
const familyNames = need("raw/families_names.txt")
  .split("\n")
  .map((s) => s.trim())
  .filter((s) => s.length > 0);

if (ids.length !== 500) throw new Error(`expected 500 instance ids, got ${ids.length}`);
const matrixHeader = (matrixRows[0] ?? []).slice(1);
if (matrixHeader.join(",") !== ids.join(",")) throw new Error("matrix header != instance ids");
const matrix = new Map<string, string>();
familyNames.forEach((name, i) => {
  matrix.set(name, ((matrixRows[i + 1] ?? []).slice(1) as string[]).join(""));
});

const position = new Map(ids.map((id, i) => [id, i]));
const bySubmission = new Map<string, string[]>();
for (const r of outcomes) {
  const s = r["submission"] as string;
  let bits = bySubmission.get(s);
  if (bits === undefined) {
    bits = new Array<string>(ids.length).fill("?");
    bySubmission.set(s, bits);
  }
  const at = position.get(r["instance_id"] as string);
  if (at === undefined) throw new Error(`unknown instance ${r["instance_id"]}`);
  bits[at] = r["resolved"] as string;
}

const kept = submissions
  .filter((s) => (s["source"] as string).startsWith(MIT_SOURCE))
  .sort((a, b) =>
    (a["date"] as string) === (b["date"] as string)
      ? (a["submission"] as string).localeCompare(b["submission"] as string)
      : (a["date"] as string).localeCompare(b["date"] as string),
  );

const lines = ["submission,date,resolved,outcomes"];
for (const s of kept) {
  const name = s["submission"] as string;
  const bits = (bySubmission.get(name) ?? []).join("");
  if (!/^[01]{500}$/.test(bits)) throw new Error(`${name}: outcomes incomplete`);
  if (matrix.get(name) !== bits) throw new Error(`${name}: differs from the ipezygj matrix`);
  const resolved = [...bits].filter((b) => b === "1").length;
  if (String(resolved) !== s["n_resolved"]) throw new Error(`${name}: n_resolved mismatch`);
  lines.push(`${name},${s["date"]},${resolved},${bits}`);
}
if (kept.length !== 134)
  throw new Error(`expected 134 MIT-sourced submissions, got ${kept.length}`);

writeFileSync(join(outDir, "swebench-verified-outcomes.csv"), `${lines.join("\n")}\n`);
writeFileSync(join(outDir, "instance_ids.txt"), `${ids.join("\n")}\n`);
console.log(
  `vendor-data: ${kept.length} submissions x ${ids.length} instances -> examples/data/ ` +
    `(${submissions.length - kept.length} non-MIT submissions left out)`,
);
