/**
 * docs/replication/subset-shift.md: the report of the subset recommendation
 * under a change of agent framework and its alternatives. Each bench that
 * measures part of it (recommend-shift, recommend-same-framework,
 * subset-design-coverage, recommend-pirt, shift-alternatives, shift-floor,
 * recommend-stronger) writes its own
 * marked section (bench/_section.ts), so one can be rerun without the others.
 */
import { existsSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { writeMarkedSection } from "./_section.js";

const here = dirname(fileURLToPath(import.meta.url));
/** The report's path. */
export const SHIFT_REPORT = join(here, "..", "docs", "replication", "subset-shift.md");

const HEADER = `# Subset estimates under a change of agent framework (issue 14)

Each section below is written by the bench named in it (\`npm run bench -- <name>\`); do not edit by hand. Data: the shared SWE-bench Verified outcomes (158 leaderboard submissions and the 25 mini-swe-agent runs, 500 instances; bench/_shiftScenarios.ts builds the scenarios: the history is one set of frameworks' runs dated before a cutoff, the test runs the other frameworks' runs dated on or after it). k = 50 items (10 %) unless a section says otherwise. RMSE over the test runs and the seeds; coverage: share of (seed, test run) pairs whose 95 % interval holds the run's full-benchmark rate.
`;

/**
 * Writes section `name` (a \`##\` title and its markdown body) into the
 * report, creating the file with its header first; prints the body too.
 */
export function writeShiftSection(name: string, title: string, body: readonly string[]): void {
  const text = [
    `## ${title}`,
    "",
    `Written by \`npm run bench -- ${name.split(" ")[0]}\` (1-minute load average ${(loadavg()[0] ?? 0).toFixed(1)} on 2 cores at the end).`,
    "",
    ...body,
  ].join("\n");
  console.log(`\n${text}`);
  if (!existsSync(SHIFT_REPORT)) writeFileSync(SHIFT_REPORT, HEADER);
  writeMarkedSection(SHIFT_REPORT, name, text);
  console.log(`wrote section "${name}" of ${SHIFT_REPORT}`);
}
