/**
 * `npm run test:label`: the labelling page (apps/label) in headless Chromium,
 * driven with playwright-core. Builds the page, rejects bad input files with
 * the library's errors, labels 60 items of a 300-item file by a scripted
 * oracle (30, reload, resume, 30 more), checks that the displayed running
 * estimate and interval equal the library's (computed here in Node with
 * `runStrategy`) at every label, exports the labels and runs the built CLI's
 * `tcs estimate` on them with the command the page prints, which must give the
 * same numbers; then checks that a session saved for another file is refused,
 * that one saved for another file with the same ids (other answers) is only
 * taken by an explicit choice, that a new session keeps the saved ones, that a
 * held key gives one verdict, and that the page reads the files the CLI reads.
 * Needs a Chromium binary (Debian `chromium`, or CHROMIUM=/path).
 */
import { strict as assert } from "node:assert";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { chromium, type Page } from "playwright-core";
import { buildLabelPage } from "../../scripts/build-label.js";
import { createRng } from "../../src/entry/core.js";
import type { Estimate } from "../../src/entry/estimate.js";
import { toRisk } from "../../src/entry/features.js";
import { runStrategy, strategies } from "../../src/entry/tcs.js";
import { buildCli, runCli } from "../cli/_cli.js";
import { ITEMS, oracle, pFail, writeItems } from "./_fixture.js";

const executablePath = process.env["CHROMIUM"] ?? "/usr/bin/chromium";
if (!existsSync(executablePath)) {
  console.error(
    `test:label: no Chromium at ${executablePath} (install Debian chromium or set CHROMIUM)`,
  );
  process.exit(2);
}
const started = Date.now();
const dir = mkdtempSync(join(tmpdir(), "evalsift-label-"));
const cli = await buildCli();
const browser = await chromium.launch({ executablePath, args: ["--no-sandbox", "--disable-gpu"] });
let checks = 0;
const ok = (cond: boolean, what: string): void => {
  assert.ok(cond, what);
  checks++;
};

/** Downloads the labels and the session, runs the page's CLI command on them and compares with `fin`; returns the session file. */
async function exportAndCli(tab: Page, fin: Estimate, strategy: string): Promise<string> {
  const [dl] = await Promise.all([tab.waitForEvent("download"), tab.click("#export-labels")]);
  ok(dl.suggestedFilename() === "items.labels.csv", "labels file name");
  await dl.saveAs(join(dir, dl.suggestedFilename()));
  const [ds] = await Promise.all([tab.waitForEvent("download"), tab.click("#export-session")]);
  const sessionFile = join(dir, `${strategy}.${ds.suggestedFilename()}`);
  await ds.saveAs(sessionFile);
  const command = ((await tab.locator("#cli").textContent()) ?? "").trim();
  const args = command
    .split(/\s+/)
    .slice(1)
    .map((a) => a.replace(/^'(.*)'$/, "$1"));
  ok(args[0] === "tcs" && args.includes(strategy), `the page's command: ${command}`);
  const r = runCli(cli.file, [...args, "--json"], dir);
  ok(r.code === 0, `CLI exit ${r.code}: ${r.stderr}`);
  const out = JSON.parse(r.stdout) as { estimate: number; ci: [number, number]; n: number };
  ok(
    out.estimate === fin.estimate &&
      out.ci[0] === fin.ci[0] &&
      out.ci[1] === fin.ci[1] &&
      out.n === fin.n,
    `${strategy}: CLI ${out.estimate} [${out.ci}] n ${out.n} vs library ${fin.estimate} [${fin.ci}] n ${fin.n}`,
  );
  const shownEstimate = await tab.locator("#estimate").getAttribute("data-estimate");
  ok(shownEstimate === String(fin.estimate), `${strategy}: page shows ${shownEstimate}`);
  return sessionFile;
}

try {
  const page = await buildLabelPage(join(dir, "dist"));
  const items = join(dir, "items.csv");
  writeItems(items);
  const context = await browser.newContext({ acceptDownloads: true });
  const tab = await context.newPage();
  const url = pathToFileURL(page.file).href;
  await tab.goto(url);

  // --- bad input: the library's (or the page's) error, naming the row ---
  const bad = async (
    name: string,
    text: string,
    expect: RegExp,
    before?: (p: Page) => Promise<void>,
  ) => {
    const f = join(dir, name);
    writeFileSync(f, text);
    await tab.setInputFiles("#file", f);
    await tab.locator("#file-summary", { hasText: `${name}:` }).waitFor();
    if (before !== undefined) await before(tab);
    const msg = (await tab.locator("#error").textContent()) ?? "";
    ok(expect.test(msg), `${name}: error ${JSON.stringify(msg)} should match ${expect}`);
  };
  const startWith = async (p: Page) => {
    await p.locator("#setup").waitFor();
    await p.locator("#goal").selectOption("both");
    await p.locator("#strategy").selectOption("sups");
    await p.click("#start");
  };
  await bad("noid.csv", "question,p_fail\nA,0.1\nB,0.2\n", /no id column/, startWith);
  await bad(
    "dup.csv",
    "id,p_fail\na,0.1\nb,0.2\na,0.3\n",
    /^dup\.csv:4: duplicate id "a" \(first on line 2\)/,
    startWith,
  );
  await bad(
    "negative.csv",
    "id,risk\na,0.1\nb,-0.2\nc,0.3\n",
    /^strategies.sups: risk\[1\].*\(data row 1, negative\.csv line 3\)/,
    startWith,
  );
  await bad(
    "nan.csv",
    "id,risk\na,0.1\nb,0.2\nc,oops\n",
    /^strategies.sups: risk\[2\].*NaN.*\(data row 2, nan\.csv line 4\)/,
    startWith,
  );
  await bad(
    "budget.csv",
    "id,risk\na,0.1\nb,0.2\nc,0.3\n",
    /^strategies.sups: budget.*3/,
    async (p) => {
      await p.locator("#setup").waitFor();
      await p.locator("#goal").selectOption("both");
      await p.locator("#strategy").selectOption("sups");
      await p.fill("#budget", "10");
      await p.click("#start");
    },
  );

  // --- files the CLI refuses are refused when read, with the CLI's message ---
  const refused = async (name: string, text: string, expect: RegExp) => {
    const f = join(dir, name);
    writeFileSync(f, text);
    await tab.setInputFiles("#file", f);
    await tab.locator("#error", { hasText: `${name}:` }).waitFor();
    const msg = (await tab.locator("#error").textContent()) ?? "";
    ok(expect.test(msg), `${name}: error ${JSON.stringify(msg)} should match ${expect}`);
    ok(await tab.locator("#setup").isHidden(), `${name}: no settings for a refused file`);
  };
  await refused(
    "dupcol.csv",
    "id,p_fail,p_fail\na,0.1,0.2\nb,0.3,0.4\n",
    /^dupcol\.csv:1:3: duplicate column "p_fail"$/,
  );
  await refused(
    "arrays.jsonl",
    '{"id":"a","p_fail":0.1,"probs":[0.1,0.9]}\n{"id":"b","p_fail":0.2,"probs":[0.2,0.7,0.1]}\n',
    /^arrays\.jsonl:2:1: malformed row: key "probs\.2" is not in the first row$/,
  );
  await refused("array.json", '[{"id":"a","p_fail":0.1}]\n', /holds a JSON array/);
  // ...and a .json file of JSON Lines is read as the CLI reads it, arrays flattened
  {
    const f = join(dir, "lines.json");
    writeFileSync(
      f,
      '{"id":"a","p_fail":0.1,"probs":[1,2]}\n{"id":"b","p_fail":0.2,"probs":[3,4]}\n',
    );
    await tab.setInputFiles("#file", f);
    await tab.locator("#file-summary", { hasText: "lines.json:" }).waitFor();
    ok(
      /2 items, columns id, p_fail, probs\.0, probs\.1$/.test(
        (await tab.locator("#file-summary").textContent()) ?? "",
      ) && (await tab.locator("#error").isHidden()),
      "a .json file of JSON Lines is read",
    );
    ok(
      ((await tab.locator("#file").getAttribute("accept")) ?? "").split(",").includes(".json"),
      "the file picker shows .json files",
    );
  }

  // --- a session: srs with a confidence sequence, budget 60, seed 7 ---
  const SEED = 7;
  const BUDGET = 60;
  const setUp = async (p: Page) => {
    await p.setInputFiles("#file", items);
    await p.locator("#file-summary", { hasText: "items.csv:" }).waitFor();
    ok((await p.locator("#error").isHidden()) === true, "no error on the good file");
  };
  await setUp(tab);
  await tab.locator("#goal").selectOption("estimate");
  ok((await tab.locator("#strategy").inputValue()) === "srs", "estimate goal defaults to srs");
  await tab.locator("#score-column").selectOption("p_fail");
  await tab.locator("#score-kind").selectOption("failProb");
  await tab.fill("#budget", String(BUDGET));
  await tab.fill("#half-width", "0.05");
  await tab.fill("#seed", String(SEED));
  await tab.click("#start");
  await tab.locator("#session").waitFor();

  const shown: { row: number; estimate: string; lo: string; hi: string }[] = [];
  const labelOne = async (p: Page, how: "key" | "button") => {
    const id = (await p.locator("#item-id").textContent()) ?? "";
    const row = Number(await p.locator("#item").getAttribute("data-row"));
    const y = oracle(id);
    if (how === "key") await p.keyboard.press(y === 1 ? "f" : "p");
    else await p.click(y === 1 ? "#fail" : "#pass");
    const e = p.locator("#estimate");
    shown.push({
      row,
      estimate: (await e.getAttribute("data-estimate")) ?? "",
      lo: (await e.getAttribute("data-lo")) ?? "",
      hi: (await e.getAttribute("data-hi")) ?? "",
    });
  };
  for (let k = 0; k < 30; k++) await labelOne(tab, "key");
  // undo the last label, then give it again
  await tab.keyboard.press("u");
  ok(/^29 of at most 60/.test((await tab.locator("#progress").textContent()) ?? ""), "undo");
  ok(
    String(shown[29]?.row) === (await tab.locator("#item").getAttribute("data-row")),
    "undo asks again",
  );
  shown.pop();
  await labelOne(tab, "key");
  ok(
    /^30 of at most 60 labels/.test((await tab.locator("#progress").textContent()) ?? ""),
    "30 labels shown",
  );

  // --- reload and resume from the browser's saved session ---
  await tab.reload();
  await setUp(tab);
  await tab.locator("#saved").waitFor();
  ok(
    /^Saved for this file: 30 labels, strategy srs, seed 7, started /.test(
      (await tab.locator("#saved-list li.same").textContent()) ?? "",
    ),
    "saved session offered",
  );
  await tab.click("#saved-list li.same button.resume");
  await tab.locator("#session").waitFor();
  ok(
    /^30 of at most 60 labels/.test((await tab.locator("#progress").textContent()) ?? ""),
    "resumed at 30",
  );
  for (let k = 0; k < 30; k++) await labelOne(tab, "button");
  ok(await tab.locator("#stop").isVisible(), "the stop box shows after 60 labels");
  ok(
    /budget of 60 labels is spent/.test((await tab.locator("#stop-text").textContent()) ?? ""),
    "stop reason",
  );

  // --- the library in Node, same seed and labels ---
  const risk = toRisk(
    Float64Array.from({ length: ITEMS }, (_, i) => pFail(i)),
    "higher",
    { floor: 0.05 },
  );
  const ids = Array.from({ length: ITEMS }, (_, i) => `q${String(i).padStart(4, "0")}`);
  const y = (i: number) => oracle(ids[i] as string);
  const options = { level: 0.95, sequential: { halfWidth: 0.05 } };
  const full = runStrategy(strategies.srs(risk, BUDGET, createRng(SEED), options), y);
  ok(full.indices.length === 60, "the library also takes 60 labels");
  ok(
    shown.map((s) => s.row).join() === Array.from(full.indices).join(),
    "the page asked for the library's picks",
  );
  for (let t = 2; t <= BUDGET; t++) {
    const e = runStrategy(strategies.srs(risk, t, createRng(SEED), options), y).estimate;
    const s = shown[t - 1];
    ok(
      s?.estimate === String(e.estimate) && s.lo === String(e.ci[0]) && s.hi === String(e.ci[1]),
      `after ${t} labels the page shows ${JSON.stringify(s)}, the library ${e.estimate} [${e.ci}]`,
    );
  }
  const fin = full.estimate;

  // --- export, then the CLI on the export with the page's own command ---
  const sessionFile = await exportAndCli(tab, fin, "srs");
  const last = shown[BUDGET - 1];
  ok(last?.estimate === String(fin.estimate) && last.lo === String(fin.ci[0]), "page = library");

  // --- a session saved for another file is refused ---
  const other = join(dir, "other.csv");
  writeFileSync(other, readFileSync(items, "utf8").replace("q0007,", "x0007,"));
  await tab.click("#new");
  await tab.setInputFiles("#file", other);
  await tab.locator("#file-summary", { hasText: "other.csv:" }).waitFor();
  await tab.setInputFiles("#session-file", sessionFile);
  await tab.locator("#error").waitFor();
  ok(
    /saved for another file \(items\.csv, 300 items/.test(
      (await tab.locator("#error").textContent()) ?? "",
    ),
    "other file detected",
  );

  // --- another file with the same ids (model B's answers): not offered as this file's ---
  const modelB = join(dir, "modelB.csv");
  writeFileSync(modelB, readFileSync(items, "utf8").replace('"7, I believe"', '"8, model B says"'));
  await tab.setInputFiles("#file", modelB);
  await tab.locator("#file-summary", { hasText: "modelB.csv:" }).waitFor();
  await tab.locator("#saved").waitFor();
  ok(
    (await tab.locator("#saved-list li.same").count()) === 0 &&
      /^A session saved for another file with the same 300 items \(items\.csv, started .*60 labels, strategy srs/.test(
        (await tab.locator("#saved-list li.other").first().textContent()) ?? "",
      ),
    `model B: ${await tab.locator("#saved").textContent()}`,
  );
  // the session file is not taken silently either: an explicit choice resumes it
  await tab.setInputFiles("#session-file", sessionFile);
  await tab.locator("#other").waitFor();
  ok(
    (await tab.locator("#session").isHidden()) &&
      /another file with the same 300 items/.test(
        (await tab.locator("#other-text").textContent()) ?? "",
      ),
    "model B: the session file asks first",
  );
  await tab.click("#resume-other");
  await tab.locator("#session").waitFor();
  ok(
    /^60 of at most 60 labels/.test((await tab.locator("#progress").textContent()) ?? ""),
    "model B: resumed by choice",
  );
  await tab.click("#new");

  // --- goal "both": rhc by default; sups with a threshold rule that fires; a text seed ---
  const labelUntilStop = async (max: number): Promise<string[]> => {
    const asked: string[] = [];
    while (!(await tab.locator("#stop").isVisible()) && asked.length < max) {
      const id = (await tab.locator("#item-id").textContent()) ?? "";
      asked.push(id);
      await tab.keyboard.press(oracle(id) === 1 ? "f" : "p");
    }
    return asked;
  };
  await setUp(tab);
  await tab.locator("#goal").selectOption("both");
  ok((await tab.locator("#strategy").inputValue()) === "rhc", "both goal defaults to rhc");
  ok(await tab.locator("#rule").isHidden(), "rhc: a fixed plan, no stopping rule");
  await tab.locator("#strategy").selectOption("sups");
  ok(await tab.locator("#sups-note").isVisible(), "sups: its running interval is said to be wide");
  await tab.fill("#budget", "");
  await tab.fill("#half-width", "");
  await tab.fill("#threshold", "0.6");
  await tab.fill("#seed", "abc");
  await tab.click("#start");
  await tab.waitForSelector("#session:not([hidden]), #error:not([hidden])");
  ok(await tab.locator("#error").isHidden(), `sups: ${await tab.locator("#error").textContent()}`);
  await labelUntilStop(ITEMS);
  const sups = runStrategy(
    strategies.sups(risk, ITEMS, createRng("abc"), { level: 0.95, sequential: { threshold: 0.6 } }),
    y,
  ).estimate;
  ok(sups.n < ITEMS, `sups stopped early (${sups.n})`);
  ok(
    new RegExp(
      `\\(estimate [0-9.]+%, ${sups.n} draws, \\d+ items labelled\\)\\. The stopping rule fired after ${sups.n} draws: the interval lies below 0.6`,
    ).test((await tab.locator("#stop-text").textContent()) ?? ""),
    `threshold stop explained: ${await tab.locator("#stop-text").textContent()}`,
  );
  await exportAndCli(tab, sups, "sups");

  // --- goal "find failures": balanced, a fixed plan of 20, with a skip ---
  await tab.click("#new");
  await setUp(tab);
  await tab.locator("#goal").selectOption("find");
  ok(
    (await tab.locator("#strategy").inputValue()) === "balanced",
    "find goal defaults to balanced",
  );
  await tab.fill("#budget", "20");
  await tab.fill("#seed", "3");
  await tab.click("#start");
  await tab.locator("#session").waitFor();
  // a held key: one press and auto-repeats give one verdict
  await tab.keyboard.down("p");
  await tab.keyboard.down("p");
  await tab.keyboard.down("p");
  await tab.keyboard.up("p");
  ok(
    /^1 of 20 labels · failures found: 0 of 1 item labelled$/.test(
      (await tab.locator("#progress").textContent()) ?? "",
    ),
    `held key: ${await tab.locator("#progress").textContent()}`,
  );
  await tab.keyboard.press("u");
  const first = await labelUntilStop(5);
  const skipped = (await tab.locator("#item-id").textContent()) ?? "";
  await tab.keyboard.press("s");
  ok(/^Skipped /.test((await tab.locator("#message").textContent()) ?? ""), "skip message");
  const rest = await labelUntilStop(ITEMS);
  ok(
    rest[rest.length - 1] === skipped && first.length + rest.length === 20,
    "the skipped item came last",
  );
  const balanced = runStrategy(
    strategies.balanced(risk, 20, createRng(3), { level: 0.95 }),
    y,
  ).estimate;
  await exportAndCli(tab, balanced, "balanced");

  // --- the new sessions kept the first one: every session has its own slot ---
  await tab.click("#new");
  const kept = (await tab.locator("#saved-list li.same").allTextContents()).join("\n");
  ok(
    /60 labels, strategy srs, seed 7/.test(kept) &&
      /20 labels, strategy balanced, seed 3/.test(kept) &&
      /strategy sups, seed abc/.test(kept),
    `saved sessions kept: ${kept}`,
  );

  console.log(
    `test:label: ${checks} checks passed; page script ${(page.bytes / 1024).toFixed(1)} KiB (${(page.gzip / 1024).toFixed(1)} KiB gzipped); ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  console.log(
    `  final: estimate ${fin.estimate}, interval [${fin.ci[0]}, ${fin.ci[1]}], n ${fin.n} (page = library = CLI); sups stopped by the threshold after ${sups.n} draws; balanced ${balanced.estimate} [${balanced.ci}]`,
  );
} finally {
  await browser.close();
  rmSync(dir, { recursive: true, force: true });
}
