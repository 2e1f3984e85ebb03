import {
  appendFileSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRng } from "../../src/core/rng.js";
import { entropy } from "../../src/features/entropy.js";
import { toRisk } from "../../src/features/toRisk.js";
import { runStrategy } from "../../src/tcs/runStrategy.js";
import { srsStrategy } from "../../src/tcs/srsStrategy.js";
import { strategies } from "../../src/tcs/strategies.js";
import { buildCli, runCli } from "./_cli.js";

const FIX = "test/cli/fixtures";
const PREDS = join(FIX, "preds.csv");

// Expected values come from the library called in-process on the JSONL twin of preds.csv.
const records = readFileSync(join(FIX, "preds.jsonl"), "utf8")
  .split("\n")
  .filter((l) => l !== "")
  .map((l) => JSON.parse(l) as { id: string; probs: number[]; score: number });
const N = records.length;
const probs = { data: Float64Array.from(records.flatMap((r) => r.probs)), rows: N, cols: 3 };
const risk = toRisk(entropy(probs), "higher");
const truth = (i: number): number => ((records[i]?.score ?? 0) > 0.6 ? 1 : 0);

let cli: Awaited<ReturnType<typeof buildCli>>;
let work: string;
beforeAll(async () => {
  cli = await buildCli();
  work = mkdtempSync(join(tmpdir(), "evalsift-tcs-"));
});
afterAll(() => {
  rmSync(work, { recursive: true, force: true });
});

const run = (...args: string[]) => runCli(cli.file, args);
const base = ["--input", PREDS, "--feature", "entropy", "--budget", "8", "--seed", "7"];

/** Writes a labels file (row,label) holding the true label of each index, and returns its path. */
function labelsFile(name: string, indices: ArrayLike<number>): string {
  const file = join(work, name);
  writeFileSync(file, `row,label\n${Array.from(indices, (i) => `${i},${truth(i)}`).join("\n")}\n`);
  return file;
}

function csvRows(text: string): string[][] {
  return text
    .trim()
    .split("\n")
    .slice(1)
    .map((l) => l.split(","));
}

describe("evalsift tcs plan", () => {
  it("lists the whole plan of a non-adaptive strategy, as kCenterStratStrategy picks it", () => {
    const r = run("tcs", "plan", ...base, "--strategy", "kcenter", "--csv");
    expect(r.code).toBe(0);
    const expected = runStrategy(strategies.kCenterStrat(risk, 8, createRng(7)), truth).indices;
    const rows = csvRows(r.stdout);
    expect(rows.map((row) => Number(row[1]))).toEqual(Array.from(expected));
    expect(rows.map((row) => Number(row[0]))).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    // the input has a column named id: it is shown without --id
    expect(r.stdout.split("\n")[0]).toBe("order,row,id,risk");
    expect(rows.map((row) => Number(row.at(-1)))).toEqual(Array.from(expected, (i) => risk[i]));
  });

  it("reads JSONL with a probs array (columns probs.0, probs.1, ...) to the same plan", () => {
    const a = run("tcs", "plan", ...base, "--strategy", "pivotal", "--json");
    const b = run(
      "tcs",
      "plan",
      ...base.map((x) => (x === PREDS ? join(FIX, "preds.jsonl") : x)),
      "--strategy",
      "pivotal",
      "--json",
    );
    expect(a.code).toBe(0);
    expect(b.code).toBe(0);
    // the same rows and risks (the CSV's ids are written with quotes and commas, the JSONL's plainly)
    const strip = (next: { id?: string }[]) => next.map(({ id: _id, ...rest }) => rest);
    expect(strip(JSON.parse(b.stdout).next)).toEqual(strip(JSON.parse(a.stdout).next));
    expect(JSON.parse(a.stdout).strategy).toBe("pivotal");
  });

  it("copies the --id column, with its quoted commas and quotes, CSV-escaped", () => {
    const r = run(
      "tcs",
      "plan",
      ...base.map((x) => (x === "8" ? "40" : x)),
      "--strategy",
      "srs",
      "--id",
      "id",
      "--csv",
    );
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('"case 3, ""quoted"""');
  });

  it("uses a score column directly with --feature and --orientation", () => {
    const r = run(
      "tcs",
      "plan",
      "--input",
      PREDS,
      "--feature",
      "score",
      "--orientation",
      "lower",
      "--strategy",
      "systematicPps",
      "--budget",
      "5",
      "--seed",
      "3",
      "--json",
    );
    expect(r.code).toBe(0);
    const rr = toRisk(
      Float64Array.from(records, (x) => x.score),
      "lower",
    );
    const expected = runStrategy(strategies.systematicPps(rr, 5, createRng(3)), truth).indices;
    expect(JSON.parse(r.stdout).next.map((x: { row: number }) => x.row)).toEqual(
      Array.from(expected),
    );
  });

  it("runs an adaptive strategy one row at a time, resumed from the labels file, to the library's estimate", () => {
    const labels = join(work, "mcucb-labels.csv");
    writeFileSync(labels, "row,label\n");
    const args = [...base, "--strategy", "mcucb", "--labels", labels];
    for (let k = 0; k < 8; k++) {
      const r = run("tcs", "plan", ...args, "--json");
      expect(r.code, r.stderr).toBe(0);
      const out = JSON.parse(r.stdout);
      expect(out.labelled).toBe(k);
      expect(out.next).toHaveLength(1);
      const row = out.next[0].row as number;
      appendFileSync(labels, `${row},${truth(row)}\n`);
    }
    const done = JSON.parse(run("tcs", "plan", ...args, "--json").stdout);
    expect(done.done).toBe(true);
    expect(done.next).toEqual([]);
    const est = run("tcs", "estimate", ...args, "--json");
    expect(est.code, est.stderr).toBe(0);
    const lib = runStrategy(strategies.mcucb(risk, 8, createRng(7)), truth);
    const got = JSON.parse(est.stdout);
    expect(got.estimate).toBe(lib.estimate.estimate);
    expect(got.se).toBe(lib.estimate.se);
    expect(got.ci).toEqual([...lib.estimate.ci]);
  });

  it("lists a row drawn twice by a with-replacement design once", () => {
    const r = run(
      "tcs",
      "plan",
      ...base.map((x) => (x === "8" ? "30" : x)),
      "--strategy",
      "sups",
      "--json",
    );
    expect(r.code, r.stderr).toBe(0);
    const lib = runStrategy(strategies.sups(risk, 30, createRng(7)), truth).indices;
    const rows = JSON.parse(r.stdout).next.map((x: { row: number }) => x.row);
    expect(rows).toEqual([...new Set(lib)]);
    expect(rows.length).toBeLessThan(30);
  });

  it("lists only the rows still unlabelled of a non-adaptive plan", () => {
    const lib = runStrategy(strategies.ssrs(risk, 8, createRng(7)), truth);
    const some = [lib.indices[2], lib.indices[5]] as number[];
    const labels = labelsFile("ssrs-partial.csv", some);
    const r = JSON.parse(
      run("tcs", "plan", ...base, "--strategy", "ssrs", "--labels", labels, "--json").stdout,
    );
    expect(r.labelled).toBe(2);
    expect(r.next.map((x: { row: number }) => x.row)).toEqual(
      Array.from(lib.indices).filter((i) => !some.includes(i)),
    );
  });
});

describe("evalsift tcs estimate", () => {
  it("prints the strategy's estimate and CI from complete labels (CSV row)", () => {
    const lib = runStrategy(strategies.srs(risk, 8, createRng(7)), truth);
    const labels = labelsFile("srs-labels.csv", lib.indices);
    const r = run("tcs", "estimate", ...base, "--strategy", "srs", "--labels", labels, "--csv");
    expect(r.code, r.stderr).toBe(0);
    const [header, row] = r.stdout.trim().split("\n");
    expect(header).toBe("strategy,estimate,se,ci_lo,ci_hi,level,n,interval,reliable,method");
    const f = (row ?? "").split(",");
    expect(Number(f[1])).toBe(lib.estimate.estimate);
    expect(Number(f[3])).toBe(lib.estimate.ci[0]);
    expect(Number(f[4])).toBe(lib.estimate.ci[1]);
    expect(Number(f[6])).toBe(8);
    expect(f[7]).toBe("hypergeometric");
    expect(f[8]).toBe("yes");
  });

  it("--floor 0 leaves a weight tail: the PPS estimate says so, the default floor does not", () => {
    const raw = toRisk(entropy(probs), "higher", { floor: 0 });
    const lib = runStrategy(strategies.systematicPps(raw, 8, createRng(7)), truth);
    expect(lib.estimate.warning).toMatch(/1\/21 of the uniform rate/);
    const labels = labelsFile("systematicPps-floor0-labels.csv", lib.indices);
    const args = [
      "tcs",
      "estimate",
      ...base,
      "--strategy",
      "systematicPps",
      "--labels",
      labels,
      "--csv",
    ];
    const r = run(...args, "--floor", "0");
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain("warning: the interval is unreliable");
    expect(r.stderr).toMatch(/drawn at less than 1\/21 of the uniform rate/);
    expect((r.stdout.trim().split("\n")[1] ?? "").split(",")[8]).toBe("no");
    const floored = runStrategy(strategies.systematicPps(risk, 8, createRng(7)), truth);
    const labels2 = labelsFile("systematicPps-labels.csv", floored.indices);
    const d = run(
      "tcs",
      "estimate",
      ...base,
      "--strategy",
      "systematicPps",
      "--labels",
      labels2,
      "--csv",
    );
    expect(d.code, d.stderr).toBe(0);
    expect(d.stderr).not.toMatch(/uniform rate/);
  });

  it("--interval picks the method, the library's interval exactly", () => {
    const lib = runStrategy(strategies.srs(risk, 8, createRng(7), { interval: "wilson" }), truth);
    const labels = labelsFile("srs-labels-wilson.csv", lib.indices);
    const r = run(
      "tcs",
      "estimate",
      ...base,
      "--strategy",
      "srs",
      "--interval",
      "wilson",
      "--labels",
      labels,
      "--json",
    );
    expect(r.code, r.stderr).toBe(0);
    const e = JSON.parse(r.stdout);
    expect(e.interval).toBe("wilson");
    expect(e.ci).toEqual([lib.estimate.ci[0], lib.estimate.ci[1]]);
    const bad = run(
      "tcs",
      "estimate",
      ...base,
      "--strategy",
      "ssrs",
      "--interval",
      "wilson",
      "--labels",
      labels,
    );
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/simple random sample/);
    const typo = run(
      "tcs",
      "estimate",
      ...base,
      "--strategy",
      "srs",
      "--interval",
      "wilsn",
      "--labels",
      labels,
    );
    expect(typo.code).toBe(2);
    expect(typo.stderr).toMatch(/--interval must be one of/);
  });

  it("--sequential plans one row at a time and estimates with the confidence sequence once the rule fires", () => {
    const seq = { halfWidth: 0.45 };
    const lib = runStrategy(srsStrategy(risk, N, createRng(7), { sequential: seq }), truth);
    expect(lib.indices.length).toBeLessThan(N);
    const labels = join(work, "srs-seq.csv");
    writeFileSync(labels, "row,label\n");
    const args = [
      "--strategy",
      "srs",
      "--budget",
      String(N),
      "--sequential",
      "--stop-half-width",
      "0.45",
    ];
    const baseNoBudget = base.filter(
      (_, k) => base[k] !== "--budget" && base[k - 1] !== "--budget",
    );
    const plan = run("tcs", "plan", ...baseNoBudget, ...args, "--labels", labels, "--csv");
    expect(plan.code, plan.stderr).toBe(0);
    expect(plan.stdout.trim().split("\n").length).toBe(2); // header + the one next row
    writeFileSync(
      labels,
      `row,label\n${Array.from(lib.indices, (i) => `${i},${truth(i)}`).join("\n")}\n`,
    );
    const r = run("tcs", "estimate", ...baseNoBudget, ...args, "--labels", labels, "--json");
    expect(r.code, r.stderr).toBe(0);
    const e = JSON.parse(r.stdout);
    expect(e.interval).toBe("bettingCs");
    expect(e.n).toBe(lib.indices.length);
    expect(e.ci).toEqual([lib.estimate.ci[0], lib.estimate.ci[1]]);
    const noRule = run(
      "tcs",
      "estimate",
      ...baseNoBudget,
      "--strategy",
      "srs",
      "--budget",
      "8",
      "--sequential",
      "--labels",
      labels,
    );
    expect(noRule.code).toBe(2);
    expect(noRule.stderr).toMatch(/--stop-half-width/);
  });

  it("writes --out through a temporary file and leaves no temporary behind", () => {
    const lib = runStrategy(strategies.srs(risk, 8, createRng(7)), truth);
    const labels = labelsFile("srs-labels2.csv", lib.indices);
    const dir = mkdtempSync(join(work, "out-"));
    const out = join(dir, "estimate.json");
    const r = run(
      "tcs",
      "estimate",
      ...base,
      "--strategy",
      "srs",
      "--labels",
      labels,
      "--out",
      out,
    );
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe("");
    expect(JSON.parse(readFileSync(out, "utf8")).estimate).toBe(lib.estimate.estimate);
    expect(readdirSync(dir)).toEqual(["estimate.json"]);
  });

  it("exits 2 and writes nothing when labels do not cover the plan, naming the next row", () => {
    const labels = join(work, "empty.csv");
    writeFileSync(labels, "row,label\n");
    const out = join(work, "never.json");
    const r = run(
      "tcs",
      "estimate",
      ...base,
      "--strategy",
      "gbs",
      "--labels",
      labels,
      "--out",
      out,
    );
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/labels 0 of the 8 planned rows; next to label: row \d+/);
    expect(existsSync(out)).toBe(false);
  });
});

describe("evalsift tcs errors (exit code 2, nothing written)", () => {
  const out = () => join(work, `err-${Math.random().toString(36).slice(2)}.csv`);
  const cases: [string, string[], RegExp][] = [
    [
      "missing input file",
      [
        "--input",
        join(FIX, "nope.csv"),
        "--feature",
        "entropy",
        "--strategy",
        "srs",
        "--budget",
        "4",
      ],
      /--input: file not found: .*nope\.csv/,
    ],
    [
      "unknown column",
      ["--input", PREDS, "--feature", "loss", "--strategy", "srs", "--budget", "4"],
      /unknown column "loss" for --feature \(columns: id, p0, p1, p2, score/,
    ],
    [
      "unknown --probs column",
      [
        "--input",
        PREDS,
        "--feature",
        "entropy",
        "--probs",
        "p0,q1",
        "--strategy",
        "srs",
        "--budget",
        "4",
      ],
      /unknown column "q1"/,
    ],
    [
      "malformed row with file:line:col",
      [
        "--input",
        join(FIX, "malformed.csv"),
        "--feature",
        "score",
        "--strategy",
        "srs",
        "--budget",
        "2",
      ],
      /malformed\.csv:3:15: malformed row: column "score" holds "oops"/,
    ],
    [
      "unknown strategy listing the valid ones",
      ["--input", PREDS, "--feature", "entropy", "--strategy", "magic", "--budget", "4"],
      /unknown strategy "magic" \(valid: srs, sups, rhc, ssrs, gbs, twoUps, deepEst, systematicPps, balanced, pivotal, mcucb, d2Strat, kCenterStrat, active\)/,
    ],
    [
      "budget out of range",
      ["--input", PREDS, "--feature", "entropy", "--strategy", "srs", "--budget", "41"],
      /--budget must be an integer in \[2, 40\]/,
    ],
    [
      "missing required option",
      ["--input", PREDS, "--feature", "entropy", "--strategy", "srs"],
      /missing required option --budget/,
    ],
    [
      "unknown option",
      [
        "--input",
        PREDS,
        "--feature",
        "entropy",
        "--strategy",
        "srs",
        "--budget",
        "4",
        "--bugdet",
        "3",
      ],
      /unknown option --bugdet \(did you mean --budget\?\) \(valid: /,
    ],
    [
      "bad orientation",
      [
        "--input",
        PREDS,
        "--feature",
        "score",
        "--orientation",
        "up",
        "--strategy",
        "srs",
        "--budget",
        "4",
      ],
      /--orientation must be higher or lower/,
    ],
  ];
  for (const [name, args, msg] of cases) {
    it(`tcs plan: ${name}`, () => {
      const o = out();
      const r = run("tcs", "plan", ...args, "--out", o);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(msg);
      expect(r.stdout).toBe("");
      expect(existsSync(o)).toBe(false);
    });
  }

  it("malformed labels file: a row outside the data, at file:line:col", () => {
    const labels = join(work, "bad-labels.csv");
    writeFileSync(labels, "row,label\n3,1\n40,0\n");
    const r = run("tcs", "estimate", ...base, "--strategy", "srs", "--labels", labels);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(
      'bad-labels.csv:3:1: malformed row: row "40" is not an integer in [0, 39]',
    );
  });

  it("malformed labels file: a non-numeric label", () => {
    const labels = join(work, "bad-label.csv");
    writeFileSync(labels, "row,label\n3,yes\n");
    const r = run("tcs", "plan", ...base, "--strategy", "srs", "--labels", labels);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(
      'bad-label.csv:2:3: malformed row: label "yes" is not a finite number',
    );
  });

  it("tcs estimate without --labels", () => {
    const r = run("tcs", "estimate", ...base, "--strategy", "srs");
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("missing required option --labels");
  });

  it("a budget below 2 says the bound that matters (it printed [2, 9007199254740991])", () => {
    const r = run(
      "tcs",
      "plan",
      "--input",
      "x.csv",
      "--feature",
      "s",
      "--strategy",
      "srs",
      "--budget",
      "1",
    );
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--budget must be an integer >= 2 (got "1")');
  });

  it("an unknown verb lists the valid ones", () => {
    const r = run("tcs", "sample");
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('unknown command "tcs sample" (valid: tcs plan, tcs estimate)');
    const typo = run("tcs", "plam");
    expect(typo.code).toBe(2);
    expect(typo.stderr).toContain(
      'unknown command "tcs plam" (valid: tcs plan, tcs estimate; did you mean "tcs plan"?)',
    );
  });
});

describe("evalsift --help", () => {
  for (const verb of [
    ["tcs", "plan"],
    ["tcs", "estimate"],
    ["subset", "select"],
    ["subset", "evaluate"],
    ["demo"],
  ]) {
    it(`${verb.join(" ")} --help shows usage, options and an example`, () => {
      const r = run(...verb, "--help");
      expect(r.code).toBe(0);
      expect(r.stdout).toContain(`usage: evalsift ${verb.join(" ")}`);
      expect(r.stdout).toMatch(new RegExp(`example:\\n  evalsift ${verb.join(" ")} `));
    });
  }

  it("no arguments prints the verbs and exits 2", () => {
    const r = run();
    expect(r.code).toBe(2);
    expect(r.stdout).toContain("tcs plan");
  });
});
