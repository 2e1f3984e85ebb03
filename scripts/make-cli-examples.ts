/**
 * Writes the small inputs that the README's command-line examples read
 * (`examples/cli/`): synthetic, seeded, so the README lines run verbatim from
 * that folder (test/docs/readmeCli.test.ts runs them). runs.csv and tests.csv
 * are copies of the CLI test fixtures. Run: `npx tsx scripts/make-cli-examples.ts`.
 */
import { copyFileSync, writeFileSync } from "node:fs";
import { createRng } from "../src/index.js";

const rng = createRng("readme-cli");
// preds.csv: class probabilities of 1,000 inputs; labels.csv: a simulated oracle for every row
const rows = ["id,p0,p1,p2"];
const labels = ["row,label"];
for (let i = 0; i < 1000; i++) {
  const a = rng() * 3,
    b = rng(),
    c = rng() * 0.5;
  const s = a + b + c;
  const p = [a / s, b / s, c / s];
  rows.push(`case-${i},${p.map((v) => String(v)).join(",")}`);
  const conf = Math.max(...p);
  labels.push(`${i},${rng() < 1 - conf ? 1 : 0}`);
}
writeFileSync("examples/cli/preds.csv", `${rows.join("\n")}\n`);
writeFileSync("examples/cli/labels.csv", `${labels.join("\n")}\n`);
// slices rank input: 6 slices of 10 tests, 2 re-run per slice; slices 1 and 4 regressed
const res = ["slice,pick,outcome_v0,outcome_v1,score_v0,score_v1"];
for (let i = 0; i < 60; i++) {
  const slice = Math.floor(i / 10);
  const pick = i % 10 < 2;
  const v0 = rng() < 0.8 ? 1 : 0;
  const v1 = slice === 1 || slice === 4 ? (rng() < 0.3 ? 1 : 0) : v0;
  const s0 = rng();
  res.push(
    `${slice},${pick ? 1 : 0},${v0},${pick ? v1 : ""},${s0},${pick ? s0 + (v1 < v0 ? 0.5 : 0) : ""}`,
  );
}
writeFileSync("examples/cli/results.csv", `${res.join("\n")}\n`);
copyFileSync("test/cli/fixtures/runs.csv", "examples/cli/runs.csv");
copyFileSync("test/cli/fixtures/tests.csv", "examples/cli/tests.csv");
