/**
 * Renders every plot builder's gallery chart (test/plot/_gallery.ts) to
 * `<out>/<name>.svg` with vega-lite + vega in node and, when chromium is on
 * PATH, to `<out>/<name>.png` by a headless screenshot of the SVG, so each
 * chart can be looked at. The images are not committed.
 *
 * Usage: npx tsx scripts/render-plots.ts [outDir]   (default /tmp/evalsift-plots)
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import * as vega from "vega";
import { compile } from "vega-lite";
import { gallery } from "../test/plot/_gallery.js";

const out = resolve(process.argv[2] ?? "/tmp/evalsift-plots");
mkdirSync(out, { recursive: true });
for (const { name, spec } of gallery()) {
  const view = new vega.View(vega.parse(compile(JSON.parse(JSON.stringify(spec))).spec), {
    renderer: "none",
  });
  const svg = await view.toSVG();
  view.finalize();
  const file = join(out, `${name}.svg`);
  writeFileSync(file, svg);
  const size = /width="(\d+)" height="(\d+)"/.exec(svg);
  const [w, h] = size === null ? [800, 600] : [Number(size[1]) + 20, Number(size[2]) + 20];
  try {
    execFileSync(
      "chromium",
      [
        "--headless",
        "--no-sandbox",
        "--hide-scrollbars",
        `--window-size=${w},${h}`,
        `--screenshot=${join(out, `${name}.png`)}`,
        `file://${file}`,
      ],
      { stdio: "ignore" },
    );
  } catch {
    console.error(`${name}: no PNG (chromium not available)`);
  }
  console.log(file);
}
