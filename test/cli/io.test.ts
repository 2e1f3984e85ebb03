import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { numericColumn, parseCsv, parseJsonl, parseNpy, readMatrix } from "../../cli/io.js";
import { toCsv, toTable } from "../../cli/output.js";

const npy = (name: string) => new Uint8Array(readFileSync(`test/cli/fixtures/${name}`));

describe("parseCsv", () => {
  it("reads quoted fields with commas, doubled quotes, CRLF and newlines", () => {
    const t = parseCsv('a,b\r\n"x, ""y""",2\r\n"multi\nline",3\r\n', "f.csv");
    expect(t.columns).toEqual(["a", "b"]);
    expect(t.rows).toEqual([
      ['x, "y"', "2"],
      ["multi\nline", "3"],
    ]);
    expect(t.lines).toEqual([2, 3]);
  });

  it("reports a wrong field count, a stray quote and an unterminated quote at file:line:col", () => {
    expect(() => parseCsv("a,b\n1,2,3\n", "f.csv")).toThrow(
      "f.csv:2:5: malformed row: 3 fields, the header has 2",
    );
    expect(() => parseCsv('a,b\n1,x"y\n', "f.csv")).toThrow(
      "f.csv:2:4: quote inside an unquoted field",
    );
    expect(() => parseCsv('a,b\n1,"open\n', "f.csv")).toThrow(
      "f.csv:2:3: unterminated quoted field",
    );
    expect(() => parseCsv("", "f.csv")).toThrow("f.csv:1:1: empty file");
  });

  it("numericColumn rejects a non-number at its cell", () => {
    const t = parseCsv("a,b\n1,2\n3, \n", "f.csv");
    expect(Array.from(numericColumn(t, "a"))).toEqual([1, 3]);
    expect(() => numericColumn(t, "b")).toThrow('f.csv:3:3: malformed row: column "b" holds " "');
    expect(() => numericColumn(t, "c")).toThrow('f.csv: unknown column "c" (columns: a, b)');
  });
});

describe("parseJsonl", () => {
  it("flattens arrays to key.j columns and reports bad JSON at line:col", () => {
    const t = parseJsonl('{"id":"a","p":[0.25,0.75]}\n\n{"id":"b","p":[1,0]}\n', "f.jsonl");
    expect(t.columns).toEqual(["id", "p.0", "p.1"]);
    expect(t.rows).toEqual([
      ["a", "0.25", "0.75"],
      ["b", "1", "0"],
    ]);
    expect(() => parseJsonl('{"a":1}\n{"a":}\n', "f.jsonl")).toThrow(
      /^f\.jsonl:2:\d+: malformed JSON/,
    );
    expect(() => parseJsonl('{"a":1}\n[1]\n', "f.jsonl")).toThrow("f.jsonl:2:1: malformed row");
  });
});

describe("parseNpy (files written by numpy 1.24 np.save)", () => {
  it("reads <f8 2-D: np.arange(12).reshape(4, 3) / 8", () => {
    const m = parseNpy(npy("vectors-f8.npy"), "v.npy");
    expect([m.rows, m.cols]).toEqual([4, 3]);
    expect(Array.from(m.data)).toEqual(Array.from({ length: 12 }, (_, k) => k / 8));
  });

  it("reads <f4: (np.arange(6) / 4).reshape(3, 2), exact in float32", () => {
    const m = readMatrix("test/cli/fixtures/vectors-f4.npy", "--vectors");
    expect([m.rows, m.cols]).toEqual([3, 2]);
    expect(Array.from(m.data)).toEqual([0, 0.25, 0.5, 0.75, 1, 1.25]);
  });

  it("rejects other dtypes, bad magic and truncated data", () => {
    expect(() => parseNpy(npy("vectors-i8.npy"), "i.npy")).toThrow(
      "NPY dtype <i8 is not supported",
    );
    expect(() => parseNpy(new Uint8Array(20), "z.npy")).toThrow("not an NPY file");
    const b = npy("vectors-f8.npy");
    expect(() => parseNpy(b.subarray(0, b.length - 8), "t.npy")).toThrow("NPY data is truncated");
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
