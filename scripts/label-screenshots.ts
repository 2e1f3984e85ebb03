/**
 * Screenshots of the labelling page (apps/label) at the start, mid-session
 * and at the stop (and a fixed plan mid-way), for looking at the page as a person would. Builds the
 * page, opens the test's 300-item file in headless Chromium and labels by
 * the test's oracle with srs and a half-width target of 0.1 until the
 * stopping rule fires. Usage:
 * `npx tsx scripts/label-screenshots.ts [outDir]` (default /tmp/evalsift-label-shots);
 * the images are not kept in the repository.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { chromium } from "playwright-core";
import { oracle, writeItems } from "../test/label/_fixture.js";
import { buildLabelPage } from "./build-label.js";

const out = process.argv[2] ?? join(tmpdir(), "evalsift-label-shots");
const executablePath = process.env["CHROMIUM"] ?? "/usr/bin/chromium";
if (!existsSync(executablePath)) {
  console.error(`label-screenshots: no Chromium at ${executablePath}`);
  process.exit(2);
}
mkdirSync(out, { recursive: true });
const dir = mkdtempSync(join(tmpdir(), "evalsift-shots-"));
const browser = await chromium.launch({ executablePath, args: ["--no-sandbox", "--disable-gpu"] });
try {
  const { file } = await buildLabelPage(join(dir, "dist"));
  const items = join(dir, "items.csv");
  writeItems(items);
  const tab = await browser.newPage({ viewport: { width: 960, height: 900 } });
  await tab.goto(pathToFileURL(file).href);
  await tab.setInputFiles("#file", items);
  await tab.locator("#file-summary", { hasText: "items.csv:" }).waitFor();
  await tab.locator("#score-column").selectOption("p_fail");
  await tab.locator("#score-kind").selectOption("failProb");
  await tab.fill("#budget", "300");
  await tab.fill("#half-width", "0.1");
  await tab.screenshot({ path: join(out, "1-start.png"), fullPage: true });
  await tab.click("#start");
  const step = async () => {
    const id = (await tab.locator("#item-id").textContent()) ?? "";
    await tab.keyboard.press(oracle(id) === 1 ? "f" : "p");
  };
  for (let k = 0; k < 30; k++) await step();
  await tab.screenshot({ path: join(out, "2-mid.png"), fullPage: true });
  let n = 30;
  while (!(await tab.locator("#stop").isVisible()) && n < 300) {
    await step();
    n++;
  }
  await tab.screenshot({ path: join(out, "3-stop.png"), fullPage: true });
  // a fixed plan (goal "find failures": balanced) after 20 labels and a skip
  await tab.click("#new");
  await tab.locator("#goal").selectOption("find");
  await tab.fill("#budget", "40");
  await tab.click("#start");
  for (let k = 0; k < 20; k++) await step();
  await tab.keyboard.press("s");
  await tab.screenshot({ path: join(out, "4-fixed.png"), fullPage: true });
  console.log(
    `label-screenshots: ${out}/1-start.png, 2-mid.png, 3-stop.png (stopped after ${n} labels), 4-fixed.png`,
  );
} finally {
  await browser.close();
  rmSync(dir, { recursive: true, force: true });
}
