import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

// The house rules of DESIGN.md, checked on every source file: the layer of a
// folder may import only from its own folder, from lower layers, and from
// src/types (ambient module declarations); src never imports node:* and never
// uses Math.random (randomness comes from an injected Rng).
const LAYER: Record<string, number> = {
  core: 0,
  types: 0,
  design: 1,
  estimate: 1,
  features: 1,
  select: 1,
  moea: 1,
  stats: 1,
  trajectory: 1,
  formats: 1,
  tcs: 2,
  subset: 2,
  slices: 2,
  evaluate: 3,
  plot: 4,
  entry: 5,
};
const SRC = resolve("src");

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? files(p) : p.endsWith(".ts") ? [p] : [];
  });
}
const folderOf = (file: string): string => relative(SRC, file).split("/")[0] ?? "";
const sources = files(SRC).filter((f) => folderOf(f) in LAYER);
const imports = (text: string): string[] =>
  [...text.matchAll(/(?:import|export)[^"';]*?from\s+"([^"]+)"/g)].map((m) => m[1] as string);

describe("source architecture", () => {
  it("every src folder has a layer", () => {
    const folders = readdirSync(SRC).filter((n) => statSync(join(SRC, n)).isDirectory());
    expect(folders.filter((f) => !(f in LAYER))).toEqual([]);
  });

  it("imports only from the same folder, lower layers or src/types", () => {
    const bad: string[] = [];
    for (const f of sources) {
      const from = folderOf(f);
      for (const spec of imports(readFileSync(f, "utf8"))) {
        if (!spec.startsWith(".")) continue;
        const target = folderOf(resolve(join(f, ".."), spec));
        if (target === from || target === "types") continue;
        if (!((LAYER[target] ?? 99) < (LAYER[from] ?? -1)))
          bad.push(`${relative(SRC, f)} -> ${spec}`);
      }
    }
    expect(bad).toEqual([]);
  });

  it("never imports node:* and never calls Math.random", () => {
    const bad: string[] = [];
    for (const f of sources) {
      const text = readFileSync(f, "utf8");
      if (imports(text).some((s) => s.startsWith("node:"))) bad.push(`${relative(SRC, f)}: node:*`);
      if (/Math\.random\s*\(/.test(text)) bad.push(`${relative(SRC, f)}: Math.random`);
    }
    expect(bad).toEqual([]);
  });
});
