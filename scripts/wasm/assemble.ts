/**
 * Assembles the kernels of `scripts/wasm/` (`nearest.wat`, `lse.wat`,
 * `centroids.wat`) into the WebAssembly bytes embedded in `src/features/_nearestWasm.ts`,
 * `src/features/_lseWasm.ts` and `src/slices/_centroidScanWasm.ts`: `npx tsx scripts/wasm/assemble.ts`.
 *
 * A deliberately small assembler (no npm dependency, so the bytes can be
 * rebuilt anywhere): it accepts exactly the subset of the flat WAT text format
 * that the kernels use — one module with one exported memory and one exported
 * function without results, optionally one imported `(param f64) (result f64)`
 * function (called with `call $name`); `(param $x T)` / `(local $x T)`
 * declarations; one instruction per line; `loop`/`if` blocks with
 * `br_if $label`; memory immediates `offset=N`; `v128.const i64x2 0 0` and
 * `v128.const f64x2 A B` (JavaScript number literals). Anything else is an
 * error, never a guess.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
/** The DSA kernel's source. */
export const watPath = join(here, "nearest.wat");
/** The CASPER-SI nearest-centroid kernel's source. */
export const centroidsWatPath = join(here, "centroids.wat");
/** The LSA kernel's source. */
export const lseWatPath = join(here, "lse.wat");
const features = join(here, "..", "..", "src", "features");
/** Each kernel: its source, the generated module, the exported constant and what it is. */
const KERNELS = [
  {
    wat: watPath,
    out: join(features, "_nearestWasm.ts"),
    name: "NEAREST_WASM_HEX",
    what: "the DSA nearest-neighbour scan",
  },
  {
    wat: centroidsWatPath,
    out: join(here, "..", "..", "src", "slices", "_centroidScanWasm.ts"),
    name: "CENTROID_SCAN_WASM_HEX",
    what: "the CASPER-SI nearest-centroid scan",
  },
  {
    wat: lseWatPath,
    out: join(features, "_lseWasm.ts"),
    name: "LSE_WASM_HEX",
    what: "the LSA log-sum-exp kernel",
  },
];

const VALTYPE: Record<string, number> = { i32: 0x7f, f64: 0x7c, v128: 0x7b };

function uleb(n: number): number[] {
  const out: number[] = [];
  let v = n >>> 0;
  do {
    let b = v & 0x7f;
    v >>>= 7;
    if (v !== 0) b |= 0x80;
    out.push(b);
  } while (v !== 0);
  return out;
}
function sleb(n: number): number[] {
  const out: number[] = [];
  let v = n | 0;
  for (;;) {
    const b = v & 0x7f;
    v >>= 7;
    if ((v === 0 && (b & 0x40) === 0) || (v === -1 && (b & 0x40) !== 0)) {
      out.push(b);
      return out;
    }
    out.push(b | 0x80);
  }
}
function name(s: string): number[] {
  const b = [...new TextEncoder().encode(s)];
  return [...uleb(b.length), ...b];
}
function section(id: number, body: number[]): number[] {
  return [id, ...uleb(body.length), ...body];
}

// opcode bytes; memory ops carry their natural alignment (log2 bytes)
const PLAIN: Record<string, number[]> = {
  "i32.add": [0x6a],
  "i32.mul": [0x6c],
  "i32.shl": [0x74],
  "i32.lt_u": [0x49],
  "f64.lt": [0x63],
  "f64.add": [0xa0],
  "f64.mul": [0xa2],
  "f64.gt": [0x64],
  "f64.sub": [0xa1],
  "f64.max": [0xa5],
  "f64x2.splat": [0xfd, ...uleb(0x14)],
  "f64x2.lt": [0xfd, ...uleb(0x49)],
  "f64x2.gt": [0xfd, ...uleb(0x4a)],
  "v128.and": [0xfd, ...uleb(0x4e)],
  "v128.or": [0xfd, ...uleb(0x50)],
  "v128.any_true": [0xfd, ...uleb(0x53)],
  "f64x2.add": [0xfd, ...uleb(0xf0)],
  "f64x2.sub": [0xfd, ...uleb(0xf1)],
  "f64x2.mul": [0xfd, ...uleb(0xf2)],
  "f64x2.pmax": [0xfd, ...uleb(0xf7)],
  "i64x2.shl": [0xfd, ...uleb(0xcb)],
  end: [0x0b],
};
const MEMORY: Record<string, { op: number[]; align: number }> = {
  "i32.load": { op: [0x28], align: 2 },
  "f64.load": { op: [0x2b], align: 3 },
  "i32.store": { op: [0x36], align: 2 },
  "f64.store": { op: [0x39], align: 3 },
  "v128.load": { op: [0xfd, ...uleb(0x00)], align: 3 },
  "v128.store": { op: [0xfd, ...uleb(0x0b)], align: 3 },
  "v128.load64_splat": { op: [0xfd, ...uleb(0x0a)], align: 3 },
};
const LOCAL: Record<string, number> = { "local.get": 0x20, "local.set": 0x21, "local.tee": 0x22 };

/** Assembles the WAT subset described above into a module's bytes; throws on anything else. */
export function assembleWat(text: string): Uint8Array {
  const lines = text
    .split("\n")
    .map((l) => l.replace(/;;.*$/, "").trim())
    .filter((l) => l.length > 0);

  const locals = new Map<string, number>();
  const params: number[] = [];
  const localTypes: number[] = [];
  const code: number[] = [];
  const labels: (string | null)[] = [];
  let funcName = "";
  let memName = "";
  let memPages = 0;
  let inBody = false;
  /** The imported function, if any: [name, module, field]. */
  let imported: [string, string, string] | null = null;

  function fail(msg: string, line: string): never {
    throw new Error(`${msg}: ${line}`);
  }

  for (const line of lines) {
    if (!inBody) {
      if (line === "(module") continue;
      const memory = line.match(/^\(memory \(export "(\w+)"\) (\d+)\)$/);
      if (memory !== null) {
        memName = memory[1] as string;
        memPages = Number(memory[2]);
        continue;
      }
      const imp = line.match(
        /^\(import "(\w+)" "(\w+)" \(func \$(\w+) \(param f64\) \(result f64\)\)\)$/,
      );
      if (imp !== null) {
        if (imported !== null || funcName !== "")
          fail("only one import, before the function", line);
        imported = [imp[3] as string, imp[1] as string, imp[2] as string];
        continue;
      }
      const func = line.match(/^\(func \(export "(\w+)"\)$/);
      if (func !== null) {
        funcName = func[1] as string;
        continue;
      }
      const decls = [...line.matchAll(/\((param|local) \$(\w+) (\w+)\)/g)];
      if (decls.length > 0 && decls.map((d) => d[0]).join(" ") === line) {
        for (const d of decls) {
          const t = VALTYPE[d[3] as string];
          if (t === undefined) fail("unknown type", line);
          if (locals.has(d[2] as string)) fail("duplicate name", line);
          locals.set(d[2] as string, locals.size);
          if (d[1] === "param") {
            if (localTypes.length > 0) fail("param after local", line);
            params.push(t);
          } else localTypes.push(t);
        }
        continue;
      }
      inBody = true;
    }
    if (line === ")" || line === "))") {
      if (labels.length !== 0) fail("unclosed block", line);
      break;
    }
    const [op, ...args] = line.split(/\s+/) as [string, ...string[]];
    const localOp = LOCAL[op];
    const mem = MEMORY[op];
    const plain = PLAIN[op];
    if (localOp !== undefined) {
      const idx = locals.get((args[0] ?? "").replace(/^\$/, ""));
      if (idx === undefined || args.length !== 1) fail("unknown local", line);
      code.push(localOp, ...uleb(idx));
    } else if (mem !== undefined) {
      let offset = 0;
      for (const a of args) {
        const m = a.match(/^offset=(\d+)$/);
        if (m === null) fail("bad memory immediate", line);
        offset = Number(m[1]);
      }
      code.push(...mem.op, ...uleb(mem.align), ...uleb(offset));
    } else if (op === "i32.const") {
      if (args.length !== 1 || !/^-?\d+$/.test(args[0] as string)) fail("bad i32.const", line);
      code.push(0x41, ...sleb(Number(args[0])));
    } else if (op === "v128.const") {
      if (args.join(" ") === "i64x2 0 0") code.push(0xfd, ...uleb(0x0c), ...new Array(16).fill(0));
      else if (args.length === 3 && args[0] === "f64x2") {
        const lanes = new Float64Array(args.slice(1).map(Number));
        if (!lanes.every(Number.isFinite)) fail("bad f64x2 lanes", line);
        code.push(0xfd, ...uleb(0x0c), ...new Uint8Array(lanes.buffer));
      } else fail("only v128.const i64x2 0 0 or f64x2 A B is supported", line);
    } else if (op === "call") {
      if (imported === null || args.join(" ") !== `$${imported[0]}`) fail("unknown function", line);
      code.push(0x10, 0);
    } else if (op === "f64x2.extract_lane") {
      const lane = Number(args[0]);
      if (args.length !== 1 || !(lane === 0 || lane === 1)) fail("bad lane", line);
      code.push(0xfd, ...uleb(0x21), lane);
    } else if (op === "loop" || op === "if") {
      if (args.length > 1 || (args.length === 1 && !/^\$\w+$/.test(args[0] as string)))
        fail("bad block", line);
      labels.push(args[0] ?? null);
      code.push(op === "loop" ? 0x03 : 0x04, 0x40);
    } else if (op === "br_if") {
      const depth = labels.length - 1 - labels.lastIndexOf(args[0] ?? "");
      if (args.length !== 1 || depth >= labels.length) fail("unknown label", line);
      code.push(0x0d, ...uleb(depth));
    } else if (op === "end") {
      if (labels.pop() === undefined) fail("end without block", line);
      code.push(...(plain as number[]));
    } else if (plain !== undefined && args.length === 0) {
      code.push(...plain);
    } else fail("unsupported instruction", line);
  }
  if (funcName === "" || memName === "" || memPages < 1) throw new Error("module shape not found");

  // locals: one (count, type) group per run of equal types
  const groups: number[][] = [];
  for (const t of localTypes) {
    const last = groups[groups.length - 1];
    if (last !== undefined && last[1] === t) last[0] = (last[0] as number) + 1;
    else groups.push([1, t]);
  }
  const body = [
    ...uleb(groups.length),
    ...groups.flatMap(([c, t]) => [...uleb(c as number), t as number]),
    ...code,
    0x0b,
  ];
  const main = [0x60, ...uleb(params.length), ...params, 0];
  // with an import, it is type 0 and function 0, the exported function type 1 and function 1
  const imp = imported as [string, string, string] | null;
  const types = imp === null ? [1, ...main] : [2, 0x60, 1, 0x7c, 1, 0x7c, ...main];
  const at = imp === null ? 0 : 1;
  const bytes = [
    0x00,
    0x61,
    0x73,
    0x6d,
    0x01,
    0x00,
    0x00,
    0x00,
    ...section(1, types),
    ...(imp === null ? [] : section(2, [1, ...name(imp[1]), ...name(imp[2]), 0x00, 0])),
    ...section(3, [1, at]),
    ...section(5, [1, 0x00, ...uleb(memPages)]),
    ...section(7, [2, ...name(funcName), 0x00, at, ...name(memName), 0x02, 0]),
    ...section(10, [1, ...uleb(body.length), ...body]),
  ];
  return Uint8Array.from(bytes);
}

/** Hexadecimal text of the bytes, as embedded in the source. */
export function toHex(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString("hex");
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const k of KERNELS) {
    const bytes = assembleWat(readFileSync(k.wat, "utf8"));
    const chunks = toHex(bytes).match(/.{1,96}/g) ?? [];
    const src = `scripts/wasm/${basename(k.wat)}`;
    writeFileSync(
      k.out,
      `/**
 * WebAssembly bytes of ${k.what} (${bytes.length} bytes), generated by
 * \`npx tsx scripts/wasm/assemble.ts\` from \`${src}\`: do not edit by hand.
 * Internal module: not re-exported from the package entry point.
 * @internal
 */

/** The module's bytes as hexadecimal text. */
export const ${k.name} =
${chunks.map((c) => `  "${c}"`).join(" +\n")};
`,
    );
    console.log(`wrote ${k.out}: ${bytes.length} bytes`);
  }
}
