import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  CHUNK_BYTES,
  type ColumnRead,
  openTable,
  parseDecimal,
  readMatrix,
  readNpy,
  readNumbers,
} from "../../cli/io.js";
import { toCsv, toTable } from "../../cli/output.js";

const work = mkdtempSync(join(tmpdir(), "evalsift-io-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));
let count = 0;
/** Writes `text` to a fresh file and returns its path. */
function file(text: string | Uint8Array, ext = ".csv"): string {
  const f = join(work, `f${count++}${ext}`);
  writeFileSync(f, text);
  return f;
}
const strings = (names: string[]): Map<string, ColumnRead> =>
  new Map(names.map((n) => [n, { kind: "string" } as const]));

describe("streamed CSV", () => {
  it("reads quoted fields with commas, doubled quotes, CRLF, newlines and a BOM", () => {
    const f = file('\ufeffa,b\r\n"x, ""y""",2\r\n"multi\nline",3\r\n');
    const t = openTable(f, "--input");
    expect(t.columns).toEqual(["a", "b"]);
    const c = t.read(strings(["a", "b"]), { positions: ["a", "b"] });
    expect(c.strings.get("a")).toEqual(['x, "y"', "multi\nline"]);
    expect(c.strings.get("b")).toEqual(["2", "3"]);
    expect(Array.from(c.lines ?? [])).toEqual([2, 3]);
  });

  it("reports a wrong field count, a stray quote and an unterminated quote at file:line:col", () => {
    const read = (text: string) => {
      const f = file(text);
      const t = openTable(f, "x");
      return () => readNumbers(t, t.columns);
    };
    expect(read("a,b\n1,2,3\n")).toThrow(
      /f\d+\.csv:2:5: malformed row: 3 fields, the header has 2/,
    );
    expect(read('a,b\n1,x"y\n')).toThrow(/:2:4: quote inside an unquoted field/);
    expect(read('a,b\n1,"open\n')).toThrow(/:2:3: unterminated quoted field/);
    expect(() => openTable(file(""), "x")).toThrow(/:1:1: empty file/);
  });

  it("rejects a non-number, hex, Infinity and an overflow at its cell; reads numbers exactly", () => {
    for (const [cell, col] of [
      [" ", 3],
      ["0x1", 3],
      ["Infinity", 3],
      ["1e999", 3],
      ["1_000", 3],
    ] as const) {
      const t = openTable(file(`a,b\n1,2\n3,${cell}\n`), "x");
      expect(() => readNumbers(t, ["a", "b"])).toThrow(
        `:3:${col}: malformed row: column "b" holds ${JSON.stringify(cell)}, not a finite number`,
      );
    }
    const texts = [
      "0.1",
      "-0",
      "1e-5",
      ".5",
      "5.",
      "+7",
      "123456789012345678",
      "0.6911501460753449",
      "2.5e+21",
      "1e-300",
      "4.9e-324",
      " 12 ",
    ];
    const t = openTable(file(`a\n${texts.join("\n")}\n`), "x");
    const got = Array.from(readNumbers(t, ["a"]).numbers.get("a") ?? []);
    expect(got).toEqual(texts.map((s) => Number(s)));
    expect(Object.is(got[1], -0)).toBe(true);
  });

  it("reads every number exactly as Number() does (random doubles in many notations, several chunks)", () => {
    // Deterministic LCG; cells cover the fast path (mantissa < 2^53, |exponent| <= 22) and the fallback.
    let h = 2026;
    const rnd = () => {
      h = (h * 1103515245 + 12345) % 2147483648;
      return h / 2147483648;
    };
    const cells: string[] = [];
    while (cells.length < 200_000) {
      const x = (rnd() - 0.5) * 10 ** Math.floor(rnd() * 40 - 20);
      const k = 1 + Math.floor(rnd() * 17);
      const forms = [
        String(x),
        x.toPrecision(k),
        x.toExponential(k - 1),
        x.toFixed(Math.min(20, k)),
      ];
      cells.push(forms[cells.length % 4] as string);
    }
    const rows: string[] = [];
    for (let i = 0; i < cells.length; i += 4) rows.push(cells.slice(i, i + 4).join(","));
    const t = openTable(file(`a,b,c,d\n${rows.join("\n")}\n`), "x");
    const c = readNumbers(t, ["a", "b", "c", "d"]);
    const got = rows.flatMap((_r, i) => ["a", "b", "c", "d"].map((n) => c.numbers.get(n)?.[i]));
    expect(got).toEqual(cells.map(Number));
  });

  it("parses a file several chunks long with records cut at every kind of place", () => {
    // Rows of known values, encoded with quotes, doubled quotes, embedded newlines and CRLF.
    const rows: [string, number][] = [];
    let size = 0;
    for (let i = 0; size < 2.5 * CHUNK_BYTES; i++) {
      const id = i % 3 === 0 ? `id ${i}, "q"\n€` : `id${i}`;
      const v = i % 5 === 0 ? i / 7 : i * 0.25;
      rows.push([id, v]);
      size += id.length + 24;
    }
    const enc = (s: string) => (/[",\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s);
    const text = `\ufeffid,v,skip\r\n${rows.map(([id, v], i) => `${enc(id)},${v},${i % 2 ? '"a,b"' : "z"}`).join("\r\n")}\r\n`;
    const t = openTable(file(text), "x");
    const c = t.read(
      new Map<string, ColumnRead>([
        ["id", { kind: "string" }],
        ["v", { kind: "number" }],
      ]),
    );
    expect(c.n).toBe(rows.length);
    expect(c.strings.get("id")).toEqual(rows.map((r) => r[0]));
    expect(Array.from(c.numbers.get("v") ?? [])).toEqual(rows.map((r) => r[1]));
  });
});

describe("parseDecimal", () => {
  it("accepts the strict decimal grammar only", () => {
    expect(["1", "-2.5", "1e3", ".5", "5."].map(parseDecimal)).toEqual([1, -2.5, 1000, 0.5, 5]);
    for (const s of ["0x1", "", " 1", "1e", "Infinity", "NaN", "1_0", "0b1", "1,5"])
      expect(parseDecimal(s)).toBeNaN();
  });
});

describe("streamed JSONL", () => {
  it("flattens arrays to key.j columns and reports bad JSON at line:col", () => {
    const t = openTable(
      file('{"id":"a","p":[0.25,0.75]}\n\n{"id":"b","p":[1,0]}\n', ".jsonl"),
      "x",
    );
    expect(t.columns).toEqual(["id", "p.0", "p.1"]);
    const c = t.read(
      new Map<string, ColumnRead>([
        ["id", { kind: "string" }],
        ["p.0", { kind: "number" }],
        ["p.1", { kind: "number" }],
      ]),
    );
    expect(c.strings.get("id")).toEqual(["a", "b"]);
    expect(Array.from(c.numbers.get("p.1") ?? [])).toEqual([0.75, 0]);
    const bad = openTable(file('{"a":1}\n{"a":}\n', ".jsonl"), "x");
    expect(() => readNumbers(bad, ["a"])).toThrow(/f\d+\.jsonl:2:\d+: malformed JSON/);
    const arr = openTable(file('{"a":1}\n[1]\n', ".jsonl"), "x");
    expect(() => readNumbers(arr, ["a"])).toThrow(/:2:1: malformed row/);
  });
});

describe("readNpy (files written by numpy 1.24 np.save)", () => {
  it("reads <f8 2-D: np.arange(12).reshape(4, 3) / 8", () => {
    const m = readNpy("test/cli/fixtures/vectors-f8.npy");
    expect([m.rows, m.cols]).toEqual([4, 3]);
    expect(Array.from(m.data)).toEqual(Array.from({ length: 12 }, (_, k) => k / 8));
  });

  it("reads <f4: (np.arange(6) / 4).reshape(3, 2), exact in float32", () => {
    const m = readMatrix("test/cli/fixtures/vectors-f4.npy", "--vectors");
    expect([m.rows, m.cols]).toEqual([3, 2]);
    expect(Array.from(m.data)).toEqual([0, 0.25, 0.5, 0.75, 1, 1.25]);
  });

  it("rejects other dtypes, bad magic and truncated data", async () => {
    const { readFileSync } = await import("node:fs");
    expect(() => readNpy("test/cli/fixtures/vectors-i8.npy")).toThrow(
      "NPY dtype <i8 is not supported",
    );
    expect(() => readNpy(file(new Uint8Array(20), ".npy"))).toThrow("not an NPY file");
    const b = readFileSync("test/cli/fixtures/vectors-f8.npy");
    expect(() => readNpy(file(b.subarray(0, b.length - 8), ".npy"))).toThrow(
      "NPY data is truncated",
    );
  });
});

describe("output formats", () => {
  const r = {
    columns: ["name", "x"],
    rows: [
      ["a,b", 0.5],
      ["c", 12],
    ],
    json: {},
  };
  it("toCsv quotes fields that need it", () => {
    expect(toCsv(r)).toBe('name,x\n"a,b",0.5\nc,12\n');
  });
  it("toTable aligns columns and right-aligns numbers", () => {
    expect(toTable(r)).toBe("name    x\n----  ---\na,b   0.5\nc      12\n");
  });
});
