/**
 * Input files must be UTF-8: a byte that is not is refused at file:line:col
 * (exit 2, nothing written) instead of being decoded as U+FFFD, which made
 * `caf\xe9` and `caf\xe8` the same id; UTF-16 is named as such.
 */
import { isUtf8 } from "node:buffer";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHUNK_BYTES, decodeUtf8, firstInvalidUtf8, openTable } from "../../cli/io.js";
import { buildCli, runCli } from "./_cli.js";

const work = mkdtempSync(join(tmpdir(), "evalsift-encoding-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));
let cli = { file: "" };
beforeAll(async () => {
  cli = await buildCli();
});
let count = 0;
/** Writes bytes (a string is written as Latin-1, one byte a character) to a fresh file. */
function file(content: string | Uint8Array, name = `f${count++}.csv`): string {
  const f = join(work, name);
  writeFileSync(f, typeof content === "string" ? Buffer.from(content, "latin1") : content);
  return f;
}
const plan = ["tcs", "plan", "--feature", "score", "--strategy", "srs", "--budget", "2"];
const utf8 = (s: string): Buffer => Buffer.from(s, "utf8");

describe("non-UTF-8 input is a usage error at file:line:col", () => {
  it("tcs plan --input: a Latin-1 é is refused at its line and column, nothing written", () => {
    const input = file("id,score\ncafe,0.5\ncaf\xe9,0.7\ncaf\xe8,0.1\n", "l1.csv");
    const out = join(work, "never.csv");
    const r = runCli(cli.file, [...plan, "--input", input, "--out", out]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`${input}:3:4: not valid UTF-8 (byte 0xE9; the file may be Latin-1`);
    expect(r.stderr).toContain("re-save it as UTF-8");
    expect(existsSync(out)).toBe(false);
  });

  it("--labels: the labels file is checked too (a Latin-1 id would match no row, or the wrong one)", () => {
    const input = file(utf8("id,score\ncafé,0.5\ncafè,0.7\nthé,0.1\n"));
    const labels = file("id,label\ncaf\xe8,1\n");
    const r = runCli(cli.file, [...plan, "--input", input, "--id", "id", "--labels", labels]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`${labels}:2:4: not valid UTF-8 (byte 0xE8`);
  });

  it("JSON Lines input: line and column of the byte", () => {
    const input = file('{"id":"a","score":1}\n{"id":"caf\xe9","score":2}\n', "l1.jsonl");
    const r = runCli(cli.file, [...plan, "--input", input]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`${input}:2:11: not valid UTF-8 (byte 0xE9`);
  });

  it("--from: a harness file read whole is checked too", () => {
    const bad = file(
      utf8('{"doc_id": 0, "acc": 1}\n{"doc_id": 1, "acc": 0, "x": "').toString("latin1") +
        '\xff"}\n',
      "samples_x_2024-01-01T00-00-00.jsonl",
    );
    const r = runCli(cli.file, [
      "subset",
      "select",
      "--from",
      "lm-eval",
      "--outcomes",
      bad,
      "--size",
      "1",
    ]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`${bad}:2:31: not valid UTF-8 (byte 0xFF`);
  });

  it("UTF-16, with or without its byte-order mark, is named and the fix given", () => {
    const text = "id,score\na,0.5\nb,0.7\n";
    const withBom = file(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, "utf16le")]));
    const r1 = runCli(cli.file, [...plan, "--input", withBom]);
    expect(r1.code).toBe(2);
    expect(r1.stderr).toContain(
      `${withBom}: looks like UTF-16 (it starts with the UTF-16 byte-order mark FF FE)`,
    );
    expect(r1.stderr).toContain("re-save the file as UTF-8");
    const noBom = file(Buffer.from(text, "utf16le"));
    const r2 = runCli(cli.file, [...plan, "--input", noBom]);
    expect(r2.code).toBe(2);
    expect(r2.stderr).toContain(`${noBom}: looks like UTF-16`);
    expect(r2.stderr).toContain("iconv -f utf-16le -t utf-8");
  });

  it("valid UTF-8 (accents, CJK, emoji, a BOM) still reads, ids kept exactly", () => {
    const input = file(utf8("\ufeffid,score\ncafé,0.5\n東京,0.7\n🙂,0.1\n"));
    const r = runCli(cli.file, [...plan.slice(0, -1), "3", "--input", input, "--csv"]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain("café");
    expect(r.stdout).toContain("東京");
    expect(r.stdout).toContain("🙂");
  });
});

describe("the streamed check across chunks (cli/io.ts)", () => {
  /** Rows of 4 bytes after the 4-byte header in {@link padded}. */
  const padRows = (pad: number): number => Math.floor((pad - 8) / 4);
  /** A CSV (columns a, b) whose first `pad` bytes are ASCII rows, then `tail`; returns its path. */
  const padded = (pad: number, tail: Uint8Array): string => {
    const filler = `a,b\n${"x,1\n".repeat(padRows(pad))}`;
    const last = `${"y".repeat(pad - filler.length - 3)},1\n`;
    return file(Buffer.concat([Buffer.from(`${filler}${last}`), tail]));
  };
  const read = (f: string) => openTable(f, "--input").read(new Map([["a", { kind: "string" }]]));

  it("a character split by a chunk boundary is read whole, in every split position", () => {
    for (const ch of ["é", "東", "🙂"]) {
      const bytes = utf8(ch);
      for (let cut = 1; cut < bytes.length; cut++) {
        // the character's first `cut` bytes end the first chunk
        const f = padded(CHUNK_BYTES - cut, Buffer.concat([bytes, Buffer.from(",2\n")]));
        const c = read(f);
        expect(c.strings.get("a")?.at(-1)).toBe(ch);
      }
    }
  });

  it("a bad byte after the first chunk is reported at its line (counted over the dropped chunks)", () => {
    const f = padded(CHUNK_BYTES + 100, Buffer.from("ok,2\r\nab\xe9c,3\n", "latin1"));
    // the header, the padding rows, the row of y's, "ok,2", then the bad row
    const line = 1 + padRows(CHUNK_BYTES + 100) + 1 + 1 + 1;
    expect(() => read(f)).toThrow(new RegExp(`:${line}:3: not valid UTF-8 \\(byte 0xE9`));
  });

  it("a character cut by the end of the file, an overlong form and a surrogate are refused", () => {
    for (const [bytes, col] of [
      [[0x61, 0x2c, 0x31, 0x0a, 0x62, 0xe6, 0x9d], 2],
      [[0x61, 0x2c, 0x31, 0x0a, 0xc0, 0xaf, 0x2c, 0x32, 0x0a], 1],
      [[0x61, 0x2c, 0x31, 0x0a, 0x7a, 0xed, 0xa0, 0x80, 0x0a], 2],
    ] as const) {
      const f = file(Uint8Array.from(bytes));
      expect(() => read(f)).toThrow(new RegExp(`:2:${col}: not valid UTF-8`));
    }
  });

  it("the column skips a UTF-8 byte-order mark and counts characters, not bytes", () => {
    const f = file(Buffer.concat([utf8("\ufeffné,"), Buffer.from([0xff]), utf8("\n")]));
    expect(() => openTable(f, "--input")).toThrow(/:1:4: not valid UTF-8 \(byte 0xFF/);
  });

  it("firstInvalidUtf8 finds a byte exactly when isUtf8 refuses the bytes", () => {
    const samples = [
      [0x41],
      [0xc3, 0xa9],
      [0xc3],
      [0xc1, 0xbf],
      [0xe0, 0x9f, 0xbf],
      [0xe0, 0xa0, 0x80],
      [0xed, 0x9f, 0xbf],
      [0xed, 0xa0, 0x80],
      [0xef, 0xbf, 0xbf],
      [0xf0, 0x8f, 0xbf, 0xbf],
      [0xf0, 0x90, 0x80, 0x80],
      [0xf4, 0x8f, 0xbf, 0xbf],
      [0xf4, 0x90, 0x80, 0x80],
      [0xf5, 0x80, 0x80, 0x80],
      [0x80],
      [0xe2, 0x82],
      [0xe2, 0x28, 0xa1],
    ];
    for (const s of samples) {
      const b = Uint8Array.from([0x61, ...s, 0x62]);
      expect(firstInvalidUtf8(b, 0, b.length) < 0, s.join(" ")).toBe(isUtf8(b));
      if (!isUtf8(b)) expect(firstInvalidUtf8(b, 0, b.length)).toBe(1);
    }
  });

  it("decodeUtf8 (files read whole) names file:line:col and UTF-16", () => {
    expect(decodeUtf8("x.txt", utf8("a\nbé\n"))).toBe("a\nbé\n");
    expect(() => decodeUtf8("x.txt", Buffer.from("a\r\nb\xe9\n", "latin1"))).toThrow(
      /^x\.txt:2:2: not valid UTF-8 \(byte 0xE9/,
    );
    expect(() => decodeUtf8("x.txt", Buffer.from([0xfe, 0xff, 0, 0x61]))).toThrow(
      /^x\.txt: looks like UTF-16/,
    );
  });
});
