/**
 * `npm run test:browser`: bundles a smoke page (the package and the seeded
 * parity computation, one classic script) with esbuild, loads it in headless
 * Chromium and compares the numbers it prints into the DOM with Node's, bit
 * for bit. Needs a Chromium binary (Debian `chromium`, or CHROMIUM=/path);
 * not part of `npm test`; .ci/run installs Debian chromium when missing and runs it.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "esbuild";
import { bundlePackage, parityScript } from "./_bundle.js";

const chromium = process.env["CHROMIUM"] ?? "/usr/bin/chromium";
if (!existsSync(chromium)) {
  console.error(
    `test:browser: no Chromium at ${chromium} (install Debian chromium or set CHROMIUM)`,
  );
  process.exit(2);
}
const dir = mkdtempSync(join(tmpdir(), "evalsift-browser-"));
try {
  const entry = await bundlePackage(join(dir, "evalsift.mjs"));
  writeFileSync(join(dir, "parity.mjs"), parityScript("./evalsift.mjs"));
  writeFileSync(
    join(dir, "page.mjs"),
    `import { parity } from "./parity.mjs";\ndocument.getElementById("out").textContent = JSON.stringify(parity);\n`,
  );
  await build({
    entryPoints: [join(dir, "page.mjs")],
    outfile: join(dir, "page.js"),
    bundle: true,
    format: "iife",
    platform: "browser",
    target: "es2020",
    logLevel: "silent",
  });
  writeFileSync(
    join(dir, "index.html"),
    '<!doctype html><html><body><pre id="out">not run</pre><script src="page.js"></script></body></html>\n',
  );
  const profile = join(dir, "profile");
  const r = spawnSync(
    chromium,
    [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      `--user-data-dir=${profile}`,
      "--virtual-time-budget=5000",
      "--dump-dom",
      pathToFileURL(join(dir, "index.html")).href,
    ],
    { encoding: "utf8", timeout: 120_000 },
  );
  const m = /<pre id="out">([^<]*)<\/pre>/.exec(r.stdout ?? "");
  if (m === null || m[1] === "not run") {
    console.error(`test:browser: the page did not run (exit ${r.status})\n${r.stderr}`);
    process.exit(1);
  }
  const fromBrowser = JSON.parse((m[1] ?? "").replaceAll("&quot;", '"').replaceAll("&amp;", "&"));
  const node = (await import(pathToFileURL(join(dir, "parity.mjs")).href)) as { parity: unknown };
  const expected = JSON.parse(JSON.stringify(node.parity));
  const same = JSON.stringify(fromBrowser) === JSON.stringify(expected);
  console.log(`test:browser: package from ${entry.replace(`${process.cwd()}/`, "")}`);
  console.log(`  Chromium: ${JSON.stringify(fromBrowser.ht)}`);
  console.log(`  Node:     ${JSON.stringify((expected as { ht: unknown }).ht)}`);
  if (!same) {
    console.error("test:browser: Chromium and Node differ");
    process.exit(1);
  }
  console.log(
    "test:browser: seeded pivotal/SRS samples, HT/Hajek estimates and DSA (WebAssembly kernel) identical in Chromium and Node",
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
