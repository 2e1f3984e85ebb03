import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bundlePackage, parityScript } from "./_bundle.js";

const deno = join(process.cwd(), "node_modules/.bin/deno");
let dir: string;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "evalsift-deno-"));
  await bundlePackage(join(dir, "evalsift.mjs"));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function runDeno(file: string): { code: number; stdout: string; stderr: string } {
  const r = spawnSync(deno, ["run", "--quiet", `--allow-read=${dir}`, file], {
    encoding: "utf8",
    timeout: 60_000,
    env: { ...process.env, DENO_DIR: join(dir, ".deno"), DENO_NO_UPDATE_CHECK: "1", NO_COLOR: "1" },
  });
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}

describe("the package under Deno", () => {
  it("draws the same seeded pivotal sample and the same estimates as Node", async () => {
    writeFileSync(
      join(dir, "parity.mjs"),
      `${parityScript("./evalsift.mjs")}\nconsole.log(JSON.stringify(parity));\n`,
    );
    const r = runDeno(join(dir, "parity.mjs"));
    expect(r.code, r.stderr).toBe(0);
    writeFileSync(join(dir, "parity-node.mjs"), parityScript("./evalsift.mjs"));
    const node = (await import(join(dir, "parity-node.mjs"))) as { parity: unknown };
    const fromDeno = JSON.parse(r.stdout) as { sample: number[] };
    expect(fromDeno.sample).toHaveLength(12);
    expect(fromDeno).toEqual(JSON.parse(JSON.stringify(node.parity)));
  });

  it("runs examples/deno-notebook.ts, whose cells are the notebook's code cells", () => {
    const ts = readFileSync("examples/deno-notebook.ts", "utf8");
    const nb = JSON.parse(readFileSync("examples/deno-notebook.ipynb", "utf8")) as {
      cells: { cell_type: string; source: string[] }[];
    };
    const cells = nb.cells.filter((c) => c.cell_type === "code").map((c) => c.source.join(""));
    expect(cells).toEqual(
      ts
        .split("\n// %%\n")
        .slice(1)
        .map((c) =>
          c
            .trimEnd()
            .replace(/from "\.\.\/src\/entry\/(\w+)\.js";/g, 'from "npm:evalsift/$1";')
            .replaceAll('from "../src/index.js";', 'from "npm:evalsift";'),
        ),
    );
    writeFileSync(
      join(dir, "notebook.ts"),
      ts.replace(/from "\.\.\/src\/(entry\/\w+|index)\.js"/g, 'from "./evalsift.mjs"'),
    );
    const r = runDeno(join(dir, "notebook.ts"));
    expect(r.code, r.stderr).toBe(0);
    const lines = r.stdout.trim().split("\n");
    expect(lines[0]).toMatch(/^estimate 0\.\d{4}, 95% CI \[0\.\d{4}, 0\.\d{4}\], truth 0\.\d+$/);
    const out = JSON.parse(lines[1] ?? "") as {
      points: { strategy: string; budget: number; rmse: number }[];
      mark: unknown;
    };
    expect(out.points).toHaveLength(3);
    expect(out.mark).toEqual({ type: "line", point: true });
    // nbformat 4.5: every cell has an id; the saved outputs are this run's (scripts/notebook-outputs.ts)
    const full = JSON.parse(readFileSync("examples/deno-notebook.ipynb", "utf8")) as {
      nbformat_minor: number;
      cells: {
        id?: string;
        cell_type: string;
        source: string[];
        outputs?: { text?: string[]; data?: Record<string, { data?: { values?: unknown } }> }[];
      }[];
    };
    expect(full.nbformat_minor).toBeGreaterThanOrEqual(5);
    const ids = full.cells.map((c) => c.id ?? "");
    for (const id of ids) expect(id).toMatch(/^[a-zA-Z0-9_-]{1,64}$/);
    expect(new Set(ids).size).toBe(ids.length);
    expect(full.cells[0]?.source.join("")).toContain("deno jupyter --install");
    const saved = full.cells.flatMap((c) => c.outputs ?? []).flatMap((o) => o.text ?? []);
    expect(saved).toEqual([`${lines[0]}\n`]);
    // the saved plot is this run's too: its spec's data are the run's points
    const plots = full.cells
      .flatMap((c) => c.outputs ?? [])
      .flatMap((o) => (o.data?.["application/vnd.vegalite.v5+json"] ? [o.data] : []));
    expect(plots).toHaveLength(1);
    expect(plots[0]?.["application/vnd.vegalite.v5+json"]?.data?.values).toEqual(out.points);
  });
});
