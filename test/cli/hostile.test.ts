import { spawn, spawnSync } from "node:child_process";
import {
  closeSync,
  existsSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
  writeSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRng } from "../../src/core/rng.js";
import { entropy } from "../../src/features/entropy.js";
import { toRisk } from "../../src/features/toRisk.js";
import { baselineMethod } from "../../src/subset/baselineMethod.js";
import { outcomes } from "../../src/subset/outcomes.js";
import { runStrategy } from "../../src/tcs/runStrategy.js";
import { strategies } from "../../src/tcs/strategies.js";
import { buildCli, runCli } from "./_cli.js";

// Issue #16: hostile input and real sizes. Expected values come from the library in-process.
const FIX = "test/cli/fixtures";
const PREDS = join(FIX, "preds.csv");
const records = readFileSync(join(FIX, "preds.jsonl"), "utf8")
  .split("\n")
  .filter((l) => l !== "")
  .map((l) => JSON.parse(l) as { id: string; probs: number[]; score: number });
const N = records.length;
const risk = toRisk(
  entropy({ data: Float64Array.from(records.flatMap((r) => r.probs)), rows: N, cols: 3 }),
  "higher",
);

let cli: Awaited<ReturnType<typeof buildCli>>;
let work: string;
beforeAll(async () => {
  cli = await buildCli();
  work = mkdtempSync(join(tmpdir(), "evalsift-hostile-"));
});
afterAll(() => {
  rmSync(work, { recursive: true, force: true });
});
const run = (...args: string[]) => runCli(cli.file, args);
const base = ["--input", PREDS, "--feature", "entropy", "--budget", "8", "--seed", "7"];
const planRows = (stdout: string): number[] =>
  JSON.parse(stdout).next.map((x: { row: number }) => x.row);

describe("real sizes: streamed input", () => {
  it("subset select on a multi-chunk outcomes CSV (BOM, CRLF, quoted ids) picks the library's subset", () => {
    const runs = 12;
    const items = 30_000;
    const recs: { run: string; item: string; resolved: 0 | 1 }[] = [];
    const f = join(work, "outcomes.csv");
    const fd = openSync(f, "w");
    writeSync(fd, "\ufeffrun,item,resolved\r\n");
    let h = 12345;
    for (let r = 0; r < runs; r++) {
      let text = "";
      for (let i = 0; i < items; i++) {
        h = (h * 1103515245 + 12345) % 2147483648;
        const resolved = h / 2147483648 < (i % 10) / 10 ? 1 : 0;
        const item = i % 7 === 0 ? `org__r${i % 13}-${i}, "x"` : `org__r${i % 13}-${i}`;
        recs.push({ run: `run${r}`, item, resolved });
        text += `run${r},${i % 7 === 0 ? `"${item.replaceAll('"', '""')}"` : item},${resolved}\r\n`;
      }
      writeSync(fd, text);
    }
    closeSync(fd);
    expect(statSync(f).size).toBeGreaterThan(3 * 2 ** 20);
    const r = run("subset", "select", "--outcomes", f, "--size", "2%", "--seed", "4", "--json");
    expect(r.code, r.stderr).toBe(0);
    const o = outcomes(recs);
    const lib = baselineMethod("consistency").select({ history: o, k: 600 }, createRng(4));
    const got = JSON.parse(r.stdout);
    expect(got.indices).toEqual(Array.from(lib));
    expect(got.items).toEqual(Array.from(lib, (i) => o.items[i]));
  });

  it.skipIf(!existsSync("/usr/bin/time"))(
    "tcs plan on a 40 MB CSV peaks below 3x the file plus the runtime's own ~150 MB",
    () => {
      const f = join(work, "big-preds.csv");
      const fd = openSync(f, "w");
      writeSync(fd, "id,p0,p1,p2\n");
      let h = 7;
      const rnd = () => {
        h = (h * 1103515245 + 12345) % 2147483648;
        return h / 2147483648;
      };
      let rows = 0;
      while (statSync(f).size < 40e6) {
        let text = "";
        for (let k = 0; k < 10_000; k++, rows++) {
          const a = rnd();
          const b = (1 - a) * rnd();
          text += `case-${rows},${a},${b},${1 - a - b}\n`;
        }
        writeSync(fd, text);
      }
      closeSync(fd);
      const size = statSync(f).size;
      const r = spawnSync(
        "/usr/bin/time",
        [
          "-f",
          "maxrss_kb=%M",
          process.execPath,
          cli.file,
          "tcs",
          "plan",
          "--input",
          f,
          "--feature",
          "entropy",
          "--strategy",
          "srs",
          "--budget",
          "100",
          "--quiet",
        ],
        { encoding: "utf8", timeout: 120_000 },
      );
      expect(r.status, r.stderr).toBe(0);
      expect(r.stdout.trim().split("\n")).toHaveLength(101);
      const kb = Number(/maxrss_kb=(\d+)/.exec(r.stderr)?.[1]);
      expect(kb * 1024).toBeLessThan(3 * size + 150e6);
    },
  );

  it("tcs plan with a 200,000-label budget lists the library's plan quickly (linear replay)", () => {
    const n = 250_000;
    const f = join(work, "scores.csv");
    let h = 99;
    const score = new Float64Array(n);
    let text = "score\n";
    for (let i = 0; i < n; i++) {
      h = (h * 1103515245 + 12345) % 2147483648;
      score[i] = Math.round((h / 2147483648) * 1e6) / 1e6;
      text += `${score[i]}\n`;
    }
    writeFileSync(f, text);
    const t0 = Date.now();
    const r = spawnSync(
      process.execPath,
      [
        cli.file,
        "tcs",
        "plan",
        "--input",
        f,
        "--feature",
        "score",
        "--strategy",
        "sups",
        "--budget",
        "200000",
        "--seed",
        "3",
        "--csv",
        "--quiet",
      ],
      { encoding: "utf8", timeout: 40_000, maxBuffer: 1 << 28 },
    );
    expect(r.status, r.stderr).toBe(0);
    expect(Date.now() - t0).toBeLessThan(40_000);
    const rows = r.stdout
      .trim()
      .split("\n")
      .slice(1)
      .map((l) => Number(l.split(",")[1]));
    const lib = runStrategy(
      strategies.sups(toRisk(score, "higher"), 200_000, createRng(3)),
      () => 0,
    ).indices;
    expect(rows).toEqual([...new Set(lib)]);
  }, 120_000);
});

describe("hostile input: rejected with file:line:col or a usage error", () => {
  const srsLabels = (label: (i: number, k: number) => string): string => {
    const lib = runStrategy(strategies.srs(risk, 8, createRng(7)), () => 0).indices;
    const f = join(work, `labels-${Math.random().toString(36).slice(2)}.csv`);
    writeFileSync(f, `row,label\n${Array.from(lib, (i, k) => `${i},${label(i, k)}`).join("\n")}\n`);
    return f;
  };

  for (const bad of ["2", "0.5", "-7"]) {
    it(`tcs estimate rejects the label ${bad} of a 0/1 outcome at file:line:col`, () => {
      const f = srsLabels((_i, k) => (k === 3 ? bad : "1"));
      const r = run("tcs", "estimate", ...base, "--strategy", "srs", "--labels", f);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(
        new RegExp(
          `labels-\\w+\\.csv:5:\\d+: malformed row: label "${bad.replace(".", "\\.")}" is not 0 or 1 .*--real-labels`,
        ),
      );
      expect(r.stdout).toBe("");
    });
  }

  it("tcs estimate with --real-labels takes real labels to the library's estimate", () => {
    const y = (i: number) => (i % 5) * 0.5 - 1;
    const f = srsLabels((i) => String(y(i)));
    const r = run(
      "tcs",
      "estimate",
      ...base,
      "--strategy",
      "srs",
      "--labels",
      f,
      "--real-labels",
      "--json",
    );
    expect(r.code, r.stderr).toBe(0);
    const lib = runStrategy(strategies.srs(risk, 8, createRng(7)), y);
    expect(JSON.parse(r.stdout).estimate).toBe(lib.estimate.estimate);
  });

  it("a hex number in a numeric column is not a number", () => {
    const f = join(work, "hex.csv");
    writeFileSync(f, "id,score\na,0.5\nb,0x1\nc,0.25\n");
    const r = run(
      "tcs",
      "plan",
      "--input",
      f,
      "--feature",
      "score",
      "--strategy",
      "srs",
      "--budget",
      "2",
    );
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(
      'hex.csv:3:3: malformed row: column "score" holds "0x1", not a finite number',
    );
  });

  for (const [opt, value, msg] of [
    ["--floor", "1e308", /--floor must be a decimal number in \[0, 1\] \(got "1e308"\)/],
    ["--floor", "0x1", /--floor must be a decimal number in \[0, 1\] \(got "0x1"\)/],
    ["--level", "0x0.8", /--level must be a decimal number/],
  ] as const) {
    it(`tcs plan rejects ${opt} ${value}`, () => {
      const r = run("tcs", "plan", ...base, "--strategy", "srs", opt, value);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(msg);
    });
  }

  it("--feature __proto__ and --feature hasOwnProperty are unknown columns, not crashes", () => {
    for (const f of ["__proto__", "hasOwnProperty", "constructor"]) {
      const r = run(
        "tcs",
        "plan",
        "--input",
        PREDS,
        "--feature",
        f,
        "--strategy",
        "srs",
        "--budget",
        "4",
      );
      expect(r.code, r.stderr).toBe(2);
      expect(r.stderr).toContain(`unknown column "${f}" for --feature`);
      expect(r.stderr).not.toContain("internal error");
    }
  });

  it("--method hasOwnProperty / __proto__ / toString are unknown methods", () => {
    for (const m of ["hasOwnProperty", "__proto__", "toString"]) {
      const r = run(
        "subset",
        "select",
        "--outcomes",
        join(FIX, "runs.csv"),
        "--size",
        "5",
        "--method",
        m,
      );
      expect(r.code, r.stderr).toBe(2);
      expect(r.stderr).toContain(`unknown method "${m}" (valid: random,`);
    }
  });
});

describe("seeds: different texts are different seeds", () => {
  const plan = (seed: string) => {
    const r = run(
      "tcs",
      "plan",
      ...base.slice(0, 6),
      "--seed",
      seed,
      "--strategy",
      "srs",
      "--json",
    );
    expect(r.code, r.stderr).toBe(0);
    return JSON.parse(r.stdout) as { seed: unknown };
  };
  it("007 is not 7, and each is the library's createRng of its text", () => {
    const a = plan("007");
    const b = plan("7");
    expect(a.seed).toBe("007");
    expect(b.seed).toBe(7);
    const lib = (s: string) =>
      Array.from(runStrategy(strategies.srs(risk, 8, createRng(s)), () => 0).indices);
    expect(planRows(JSON.stringify(a))).toEqual(lib("007"));
    expect(planRows(JSON.stringify(b))).toEqual(lib("7"));
    expect(lib("007")).not.toEqual(lib("7"));
  });
  it("9007199254740993 is not 9007199254740992 (no rounding to a double)", () => {
    const a = plan("9007199254740993");
    const b = plan("9007199254740992");
    expect(a.seed).toBe("9007199254740993");
    expect(planRows(JSON.stringify(a))).not.toEqual(planRows(JSON.stringify(b)));
  });
  it("--help documents the seed policy", () => {
    expect(run("tcs", "plan", "--help").stdout).toContain("007, 9007199254740993, abc");
  });
});

describe("outputs: checked before the run, no temporary file after an interrupt", () => {
  const longRun = (out: string) => [
    cli.file,
    "slices",
    "identify",
    "--input",
    join(FIX, "tests.csv"),
    "--outcome",
    "passed",
    "--signals",
    "sig_a,sig_b",
    "--generations",
    "1000000",
    "--out",
    out,
  ];

  it("--out into a missing folder fails before a long run", () => {
    const t0 = Date.now();
    const r = spawnSync(process.execPath, longRun(join(work, "no-such-dir", "x.csv")), {
      encoding: "utf8",
      timeout: 30_000,
    });
    expect(r.status).toBe(2);
    expect(r.stderr).toContain("--out: folder not found");
    expect(Date.now() - t0).toBeLessThan(15_000);
  });

  it("SIGINT during a run exits 130 and leaves neither the output nor a temporary file", async () => {
    const dir = mkdtempSync(join(work, "sigint-"));
    const child = spawn(process.execPath, longRun(join(dir, "out.csv")), { stdio: "pipe" });
    const exited = new Promise<number | null>((r) => child.on("exit", (c) => r(c)));
    let stderr = "";
    child.stderr.on("data", (d) => {
      stderr += String(d);
    });
    // the handler is installed once the bundle has loaded (~0.15 s); the run takes minutes
    await new Promise((r) => setTimeout(r, 1000));
    child.kill("SIGINT");
    const code = await exited;
    expect(code, stderr).toBe(130);
    expect(stderr).toContain("interrupted (SIGINT)");
    expect(readdirSync(dir)).toEqual([]);
  }, 60_000);

  it("SIGINT or SIGTERM at any moment of a run with a large output never leaves a temporary file", async () => {
    const n = 120_000;
    const f = join(work, "many.csv");
    writeFileSync(
      f,
      `score\n${Array.from({ length: n }, (_, i) => (i * 7919) % 1000).join("\n")}\n`,
    );
    // The seven runs go at once (each is signalled at its own moment), so the test takes the
    // longest delay rather than their sum.
    const one = async (k: number, delay: number): Promise<number | null> => {
      const dir = mkdtempSync(join(work, "sig-"));
      const out = join(dir, "plan.csv");
      const child = spawn(
        process.execPath,
        [
          cli.file,
          "tcs",
          "plan",
          "--input",
          f,
          "--feature",
          "score",
          "--strategy",
          "srs",
          "--budget",
          String(n - 1),
          "--out",
          out,
        ],
        { stdio: "ignore" },
      );
      const exited = new Promise<number | null>((r) => child.on("exit", (c) => r(c)));
      await new Promise((r) => setTimeout(r, delay));
      const signal = k % 2 === 0 ? "SIGINT" : "SIGTERM";
      child.kill(signal);
      const code = await exited;
      const left = readdirSync(dir);
      expect(left.filter((x) => x.endsWith(".tmp"))).toEqual([]);
      if (code === 0) expect(readFileSync(out, "utf8").trim().split("\n")).toHaveLength(n);
      else {
        // Killed before the handler was installed (null), or by it.
        expect([null, signal === "SIGINT" ? 130 : 143]).toContain(code);
        if (code === null && left.length > 0) {
          // killed by the default action while the process was already exiting (the handler
          // is gone then): the output had been renamed into place, so it is the complete one
          expect(left).toEqual(["plan.csv"]);
          expect(readFileSync(out, "utf8").trim().split("\n")).toHaveLength(n);
        } else expect(left, `exit code ${code}`).toEqual([]);
      }
      return code;
    };
    const codes = await Promise.all(
      // one run alone took 0.7 s on this machine and seven at once share its cores, so the
      // early signals land mid-run and the late ones may find a finished (complete) output
      [200, 500, 800, 1200, 1600, 2100, 2800].map((delay, k) => one(k, delay)),
    );
    // The handler ran at least once (the early signals land mid-run).
    expect(
      codes.some((c) => c === 130 || c === 143),
      String(codes),
    ).toBe(true);
  }, 120_000);
});
