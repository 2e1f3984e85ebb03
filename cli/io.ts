import { isUtf8 } from "node:buffer";
import {
  accessSync,
  closeSync,
  constants,
  existsSync,
  fstatSync,
  openSync,
  readSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { open } from "node:fs/promises";
import { basename, dirname, extname, join } from "node:path";
import { nearestKey } from "../src/core/validate.js";
import { CliError } from "./errors.js";
import { jsonTableProblem } from "./jsonTable.js";

/** Bytes read per system call while streaming an input file. */
export const CHUNK_BYTES = 1 << 20;

const STRICT_DECIMAL = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

/**
 * Parses a decimal number with the strict grammar
 * `[+-]? (digits [. digits?] | . digits) ([eE] [+-]? digits)?` (no hex, no
 * `Infinity`, no `_`, no surrounding spaces); NaN when `s` does not match.
 */
export function parseDecimal(s: string): number {
  return STRICT_DECIMAL.test(s) ? Number(s) : Number.NaN;
}

/**
 * A 0/1 cell: `true`/`false` in any letter case (pandas writes a boolean
 * column as `True`/`False`) as 1/0, else {@link parseDecimal}.
 */
export function parseBinary(s: string): number {
  if (/^true$/i.test(s)) return 1;
  if (/^false$/i.test(s)) return 0;
  return parseDecimal(s);
}

const POW10 = Float64Array.from({ length: 23 }, (_, k) => 10 ** k);

/** End of the field scanned by the last {@link scanNumber}: the byte after it (a delimiter, a quote or the buffer end). */
let scanEnd = 0;

/** Moves past a field that is not a number: to the next comma, line end or quote. */
function skipField(buf: Buffer, i: number, end: number): number {
  for (; i < end; i++) {
    const c = buf[i] as number;
    if (c === 44 || c === 10 || c === 13 || c === 34) break;
  }
  scanEnd = i;
  return Number.NaN;
}

/**
 * Reads an unquoted CSV field from `buf[a, end)` as a number with the strict
 * grammar of {@link parseDecimal} (spaces and tabs around it ignored), in one
 * pass that also finds the field's end (left in `scanEnd`). A mantissa below
 * 2^53 with a decimal exponent within +-22 is converted by one multiplication
 * or division (Clinger's fast path: both operands are exact doubles, so the
 * result is correctly rounded); other numbers go through `Number()` on the
 * field's text. NaN when the field does not match the grammar.
 */
function scanNumber(src: Chunks, a: number, end: number): number {
  const buf = src.buf;
  let i = a;
  while (i < end && (buf[i] === 32 || buf[i] === 9)) i++;
  const from = i;
  let neg = false;
  if (i < end && (buf[i] === 43 || buf[i] === 45)) {
    neg = buf[i] === 45;
    i++;
  }
  let m = 0;
  let sig = 0;
  let digits = 0;
  let frac = 0;
  for (; i < end; i++) {
    const d = (buf[i] as number) - 48;
    if (d < 0 || d > 9) break;
    if (sig > 0 || d !== 0) {
      sig++;
      m = m * 10 + d;
    }
    digits++;
  }
  if (i < end && buf[i] === 46) {
    for (i++; i < end; i++) {
      const d = (buf[i] as number) - 48;
      if (d < 0 || d > 9) break;
      if (sig > 0 || d !== 0) {
        sig++;
        m = m * 10 + d;
      }
      digits++;
      frac++;
    }
  }
  if (digits === 0) return skipField(buf, i, end);
  let e = 0;
  if (i < end && ((buf[i] as number) | 0x20) === 101) {
    i++;
    let eneg = false;
    if (i < end && (buf[i] === 43 || buf[i] === 45)) {
      eneg = buf[i] === 45;
      i++;
    }
    let ed = 0;
    for (; i < end; i++) {
      const d = (buf[i] as number) - 48;
      if (d < 0 || d > 9) break;
      if (e < 100_000) e = e * 10 + d;
      ed++;
    }
    if (ed === 0) return skipField(buf, i, end);
    if (eneg) e = -e;
  }
  const to = i;
  while (i < end && (buf[i] === 32 || buf[i] === 9)) i++;
  if (i < end) {
    const c = buf[i] as number;
    if (c !== 44 && c !== 10 && c !== 13) return skipField(buf, i, end);
  }
  scanEnd = i;
  if (m === 0) return neg ? -0 : 0;
  const p = e - frac;
  // m is exact when it stays below 2^53 (every partial product is then below 2^53 too).
  if (sig <= 16 && m < 9007199254740992 && p >= -22 && p <= 22) {
    const v = p < 0 ? m / (POW10[-p] as number) : m * (POW10[p] as number);
    return neg ? -v : v;
  }
  return Number(src.latin1().slice(from, to));
}

/** How to read one column of a streamed table. */
export type ColumnRead =
  | {
      /** A finite number in the strict decimal grammar, stored in a Float64Array. */
      readonly kind: "number";
      /** Further condition on the value (e.g. 0 or 1). */
      readonly ok?: (v: number) => boolean;
      /** Also read `true`/`false` (any letter case; JSON booleans in JSONL) as 1/0: for 0/1 columns. */
      readonly booleans?: boolean;
      /** The error text (after "malformed row: ") for a cell that fails; default "column C holds RAW, not a finite number". */
      readonly bad?: (raw: string) => string;
    }
  /** The text of every cell (use only for ids and small tables). */
  | { readonly kind: "string" }
  /** Codes into the distinct values in order of first appearance (run and item ids). */
  | { readonly kind: "intern" };

/** The columns read from a table: typed arrays of length `n`, plus where each row came from. */
export type Columns = {
  readonly file: string;
  readonly header: readonly string[];
  /** Number of data rows. */
  readonly n: number;
  readonly numbers: ReadonlyMap<string, Float64Array>;
  readonly strings: ReadonlyMap<string, readonly string[]>;
  readonly interned: ReadonlyMap<string, { readonly codes: Int32Array; readonly values: string[] }>;
  /** 1-based line of each row (when read with `positions`). */
  readonly lines: Int32Array | undefined;
  /** 1-based character column of each read cell (when read with `positions`). */
  readonly cols: ReadonlyMap<string, Int32Array>;
};

/** A table whose header is known and whose rows are not read yet. */
export type TableSource = {
  readonly file: string;
  /** Column names (CSV header, or the keys of the first JSONL object with arrays flattened to `k.0, k.1, ...`). */
  readonly columns: readonly string[];
  /**
   * Streams the rows once, keeping only the requested columns; closes the
   * file. `positions` lists the columns whose cells' character columns are
   * kept (with the line of every row) for later error messages.
   */
  read(
    spec: ReadonlyMap<string, ColumnRead>,
    options?: { readonly positions?: readonly string[] },
  ): Columns;
  /** Closes the file without reading the rows. */
  close(): void;
};

function growF64(a: Float64Array, need: number): Float64Array {
  if (need <= a.length) return a;
  const b = new Float64Array(Math.max(need, a.length * 2));
  b.set(a);
  return b;
}

function growI32(a: Int32Array, need: number): Int32Array {
  if (need <= a.length) return a;
  const b = new Int32Array(Math.max(need, a.length * 2));
  b.set(a);
  return b;
}

/**
 * Index of the first byte of the first ill-formed UTF-8 sequence in
 * `b[from, to)`, or -1 when there is none. Well-formed is Unicode's table 3-7:
 * no overlong forms, no surrogates, nothing above U+10FFFF; a sequence cut by
 * `to` is ill-formed. The same rule as `isUtf8`, written out to find the place.
 */
export function firstInvalidUtf8(b: Uint8Array, from: number, to: number): number {
  let i = from;
  while (i < to) {
    const c = b[i] as number;
    if (c < 0x80) {
      i++;
      continue;
    }
    let more: number;
    let lo = 0x80;
    let hi = 0xbf;
    if (c >= 0xc2 && c <= 0xdf) more = 1;
    else if (c >= 0xe0 && c <= 0xef) {
      more = 2;
      if (c === 0xe0) lo = 0xa0;
      else if (c === 0xed) hi = 0x9f;
    } else if (c >= 0xf0 && c <= 0xf4) {
      more = 3;
      if (c === 0xf0) lo = 0x90;
      else if (c === 0xf4) hi = 0x8f;
    } else return i;
    if (i + more >= to) return i;
    const c1 = b[i + 1] as number;
    if (c1 < lo || c1 > hi) return i;
    for (let k = 2; k <= more; k++) if (((b[i + k] as number) & 0xc0) !== 0x80) return i;
    i += more + 1;
  }
  return -1;
}

/**
 * Refuses text that is UTF-16 rather than UTF-8, from its first bytes: a
 * UTF-16 byte-order mark, or a NUL byte beside a non-NUL one (UTF-16 without
 * a mark; no CSV, JSON or id list starts with a NUL).
 */
function checkTextStart(file: string, b: Uint8Array, end: number): void {
  if (end < 2) return;
  const b0 = b[0] as number;
  const b1 = b[1] as number;
  const bom = (b0 === 0xff && b1 === 0xfe) || (b0 === 0xfe && b1 === 0xff);
  if (bom || (b0 === 0) !== (b1 === 0)) {
    const order = b0 === 0 ? "be" : "le";
    const why = bom
      ? `it starts with the UTF-16 byte-order mark ${hex(b0)} ${hex(b1)}`
      : `its first bytes are ${hex(b0)} ${hex(b1)}: a character and a NUL, as UTF-16${order.toUpperCase()} writes it`;
    throw new CliError(
      `${file}: looks like UTF-16 (${why}); evalsift reads UTF-8: re-save the file as UTF-8 (e.g. iconv -f utf-16${bom ? "" : order} -t utf-8 ${file} > utf8-${basename(file)})`,
    );
  }
}

const hex = (c: number): string => c.toString(16).toUpperCase().padStart(2, "0");

/**
 * The usage error for an ill-formed UTF-8 sequence at `b[at]`, located by
 * counting from `b[start]`, the start of line `line` (lines end at LF, CR LF or
 * CR; columns count characters, as the parsers' other messages do); `bom`:
 * `b[start]` is the start of the file and a UTF-8 byte-order mark there is
 * not a character.
 */
function notUtf8(
  file: string,
  b: Uint8Array,
  start: number,
  line: number,
  at: number,
  bom: boolean,
): CliError {
  let k = start;
  if (bom && b[k] === 0xef && b[k + 1] === 0xbb && b[k + 2] === 0xbf) k += 3;
  let col = 1;
  for (; k < at; k++) {
    const c = b[k] as number;
    if (c === 13 || (c === 10 && (k === start || b[k - 1] !== 13))) {
      line++;
      col = 1;
    } else if (c === 10) col = 1;
    else if ((c & 0xc0) !== 0x80) col++;
  }
  const c = b[at] as number;
  // a lone high byte before ASCII is how Latin-1 and Windows-1252 write an accented letter
  const latin = c >= 0x80 && ((b[at + 1] ?? 0) as number) < 0x80;
  return new CliError(
    `${file}:${line}:${col}: not valid UTF-8 (byte 0x${hex(c)}${latin ? "; the file may be Latin-1 or Windows-1252" : ""}): re-save it as UTF-8${latin ? ` (e.g. iconv -f windows-1252 -t utf-8 ${file} > utf8-${basename(file)})` : ""}`,
  );
}

/**
 * The text of a whole file read into memory, refused with a usage error
 * naming `file:line:col` unless it is UTF-8 (see {@link checkTextStart},
 * {@link firstInvalidUtf8}); a byte-order mark stays in the text, as
 * `readFileSync(file, "utf8")` leaves it.
 */
export function decodeUtf8(file: string, bytes: Uint8Array): string {
  checkTextStart(file, bytes, bytes.length);
  if (!isUtf8(bytes)) {
    const at = firstInvalidUtf8(bytes, 0, bytes.length);
    throw notUtf8(file, bytes, 0, 1, Math.max(0, at), true);
  }
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).toString("utf8");
}

/**
 * A file read in chunks into one buffer; `buf[0, end)` holds the bytes not
 * yet consumed. Every chunk is checked to be UTF-8 as it is read (one
 * `isUtf8` pass; a character cut by the chunk's end is checked with the next
 * chunk), so the parsers never decode a replacement character.
 */
class Chunks {
  buf: Buffer = Buffer.allocUnsafe(CHUNK_BYTES);
  end = 0;
  private text: string | undefined;
  eof = false;
  private fd: number | undefined;
  /** Bytes of the file before `buf[0]`, and the file's size. */
  dropped = 0;
  readonly size: number;
  /** `buf[0, checked)` is known to be UTF-8. */
  private checked = 0;
  constructor(readonly file: string) {
    this.fd = openSync(file, "r");
    this.size = fstatSync(this.fd).size;
  }
  /** Rows expected in the whole file, from `n` rows read in the first `at` bytes of the buffer. */
  expectRows(n: number, at: number): number {
    const done = this.dropped + at;
    return done > 0 ? Math.ceil((n * this.size) / done) : n;
  }
  /** `buf[0, end)` as a one-byte string (ASCII-exact), decoded once per chunk: slicing it is cheaper than decoding each cell. */
  latin1(): string {
    const t = this.text ?? this.buf.toString("latin1", 0, this.end);
    this.text = t;
    return t;
  }
  /**
   * Drops `buf[0, keep)`, moves the rest to the front and appends the next
   * chunk (growing the buffer for a long record), checked to be UTF-8. `line`
   * is the line of the file that starts at `buf[keep]` (the caller keeps from
   * a line start), for the position of a byte that is not UTF-8.
   */
  refill(keep: number, line: number): void {
    this.text = undefined;
    const tail = this.end - keep;
    const first = this.dropped === 0 && this.end === 0;
    this.dropped += keep;
    this.checked = Math.max(0, this.checked - keep);
    if (keep > 0) this.buf.copy(this.buf, 0, keep, this.end);
    if (this.buf.length - tail < CHUNK_BYTES / 2) {
      const b = Buffer.allocUnsafe(this.buf.length * 2);
      this.buf.copy(b, 0, 0, tail);
      this.buf = b;
    }
    const got =
      this.fd === undefined ? 0 : readSync(this.fd, this.buf, tail, this.buf.length - tail, null);
    this.end = tail + got;
    if (got === 0) {
      this.eof = true;
      this.close();
    }
    if (first) checkTextStart(this.file, this.buf, this.end);
    this.checkUtf8(line);
  }
  /** Checks `buf[checked, end)` (up to a character cut by the end, unless at the end of the file). */
  private checkUtf8(line: number): void {
    const b = this.buf;
    const end = this.end;
    let lim = end;
    if (!this.eof) {
      for (let k = end - 1; k >= Math.max(this.checked, end - 3); k--) {
        const c = b[k] as number;
        if ((c & 0xc0) === 0x80) continue;
        if (c >= 0xc0 && end - k < (c >= 0xf0 ? 4 : c >= 0xe0 ? 3 : 2)) lim = k;
        break;
      }
    }
    if (lim > this.checked && !isUtf8(b.subarray(this.checked, lim))) {
      const at = firstInvalidUtf8(b, this.checked, lim);
      this.close();
      throw notUtf8(this.file, b, 0, line, at < 0 ? this.checked : at, this.dropped === 0);
    }
    this.checked = lim;
  }
  close(): void {
    if (this.fd !== undefined) closeSync(this.fd);
    this.fd = undefined;
  }
}

const K_SKIP = 0;
const K_NUMBER = 1;
const K_STRING = 2;
const K_INTERN = 3;

/** Thrown inside the record parser when the buffer ends inside a record; the record is re-read after a refill. */
const INCOMPLETE = Symbol("incomplete");

/**
 * Streaming RFC 4180 CSV over {@link Chunks}: a header row, comma-separated
 * fields, fields in double quotes may hold commas, newlines and doubled
 * quotes; CRLF, LF or CR line ends; a UTF-8 byte-order mark is skipped; blank
 * lines are skipped. A record cut by a chunk boundary is parsed again from its
 * start after the next chunk is appended.
 */
class CsvReader {
  private pos = 0;
  /** Line of the byte being parsed. */
  line = 1;
  private lineStart = 0;
  /** Line and byte offset (or, for a quoted field, character column) of the current cell. */
  private cellLine = 1;
  private cellStart = 0;
  private cellCol = -1;
  readonly header: string[];
  constructor(
    readonly file: string,
    private readonly src: Chunks,
  ) {
    src.refill(0, 1);
    const b = src.buf;
    if (src.end >= 3 && b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf) {
      this.pos = 3;
      this.lineStart = 3;
    }
    const fields: string[] = [];
    const found = this.records(
      0,
      undefined,
      (_, s) => {
        fields.push(s);
      },
      () => {},
      () => {},
    );
    if (!found) throw new CliError(`${file}:1:1: empty file (a header row is required)`);
    this.header = fields;
  }

  /** 1-based character column of byte `p` on the current line (UTF-8 continuation bytes do not count). */
  col(p: number): number {
    const b = this.src.buf;
    let c = 1;
    for (let k = this.lineStart; k < p; k++) if (((b[k] as number) & 0xc0) !== 0x80) c++;
    return c;
  }

  /** Rows expected in the file, given that `n` were read up to the current position. */
  expectRows(n: number): number {
    return this.src.expectRows(n, this.pos);
  }

  /** `file:line:col` of the current cell. */
  where(): string {
    const c = this.cellCol >= 0 ? this.cellCol : this.col(this.cellStart);
    return `${this.file}:${this.cellLine}:${c}`;
  }

  /** Character column of the current cell. */
  cellColumn(): number {
    return this.cellCol >= 0 ? this.cellCol : this.col(this.cellStart);
  }

  private fail(p: number, text: string): never {
    throw new CliError(`${this.file}:${this.line}:${this.col(p)}: ${text}`);
  }

  /**
   * Parses records. Header mode (`kinds` undefined): reads the first non-blank
   * record, passing every field's text to `onText`, and returns whether there
   * was one. Otherwise reads every record, calling `onNumber(j, v, a, b)` with
   * the value (NaN if not a number) and bytes of number cells, `onText(j, text)` for string cells, and
   * `onRow(line)` at each record's end; returns true.
   */
  records(
    ncols: number,
    kinds: Uint8Array | undefined,
    onText: (j: number, s: string) => void,
    onNumber: (j: number, v: number, a: number, b: number) => void,
    onRow: (line: number) => void,
  ): boolean {
    const src = this.src;
    for (;;) {
      const start = this.pos;
      const startLine = this.line;
      try {
        const r = this.record(ncols, kinds, onText, onNumber);
        if (r === 0) return kinds !== undefined;
        if (r === 1) {
          onRow(startLine);
          if (kinds === undefined) return true;
        }
      } catch (e) {
        if (e !== INCOMPLETE) throw e;
        this.line = startLine;
        src.refill(start, startLine);
        this.pos = 0;
        this.lineStart = 0;
      }
    }
  }

  /** One record from `pos`: 0 at the end of the file, 1 after a record, 2 after a blank line. */
  private record(
    ncols: number,
    kinds: Uint8Array | undefined,
    onText: (j: number, s: string) => void,
    onNumber: (j: number, v: number, a: number, b: number) => void,
  ): 0 | 1 | 2 {
    const src = this.src;
    const b = src.buf;
    const end = src.end;
    const eof = src.eof;
    let p = this.pos;
    if (p >= end) {
      if (!eof) throw INCOMPLETE;
      return 0;
    }
    if (b[p] === 10 || b[p] === 13) {
      if (b[p] === 13) {
        if (p + 1 >= end && !eof) throw INCOMPLETE;
        p++;
        if (b[p] === 10) p++;
      } else p++;
      this.pos = p;
      this.line++;
      this.lineStart = p;
      return 2;
    }
    const all = kinds === undefined;
    let j = 0;
    let extraAt = -1;
    for (;;) {
      const fieldStart = p;
      if (j === ncols && !all) extraAt = this.col(p);
      const kind = all ? K_STRING : j < ncols ? (kinds[j] as number) : K_SKIP;
      let c = 0;
      if (b[p] === 34) {
        const qLine = this.line;
        const qCol = this.col(p);
        let q = p + 1;
        let from = q;
        let text = "";
        for (;;) {
          if (q >= end) {
            if (!eof) throw INCOMPLETE;
            throw new CliError(`${this.file}:${qLine}:${qCol}: unterminated quoted field`);
          }
          c = b[q] as number;
          if (c === 34) {
            if (q + 1 >= end && !eof) throw INCOMPLETE;
            if (b[q + 1] === 34) {
              if (kind !== K_SKIP) text += b.toString("utf8", from, q + 1);
              q += 2;
              from = q;
              continue;
            }
            if (kind !== K_SKIP) text += b.toString("utf8", from, q);
            q++;
            break;
          }
          if (c === 10) {
            this.line++;
            this.lineStart = q + 1;
          }
          q++;
        }
        if (q < end) {
          c = b[q] as number;
          if (c !== 44 && c !== 10 && c !== 13)
            this.fail(q, "unexpected character after a closing quote");
        } else {
          if (!eof) throw INCOMPLETE;
          c = -1;
        }
        if (kind !== K_SKIP) {
          this.cellLine = qLine;
          this.cellCol = qCol;
          onText(j, text);
        }
        p = q;
      } else if (kind === K_NUMBER) {
        const v = scanNumber(src, p, end);
        const q = scanEnd;
        if (q >= end) {
          if (!eof) throw INCOMPLETE;
          c = -1;
        } else {
          c = b[q] as number;
          if (c === 34) this.fail(q, "quote inside an unquoted field");
        }
        this.cellLine = this.line;
        this.cellStart = fieldStart;
        this.cellCol = -1;
        onNumber(j, v, fieldStart, q);
        p = q;
      } else {
        let q = p;
        while (q < end) {
          c = b[q] as number;
          if (c === 44 || c === 10 || c === 13) break;
          if (c === 34) this.fail(q, "quote inside an unquoted field");
          q++;
        }
        if (q >= end) {
          if (!eof) throw INCOMPLETE;
          c = -1;
        }
        if (kind !== K_SKIP) {
          this.cellLine = this.line;
          this.cellStart = fieldStart;
          this.cellCol = -1;
          onText(j, b.toString("utf8", fieldStart, q));
        }
        p = q;
      }
      if (c === 44) {
        p++;
        j++;
        continue;
      }
      if (c === 13) {
        if (p + 1 >= end && !eof) throw INCOMPLETE;
        p++;
        if (b[p] === 10) p++;
      } else if (c === 10) p++;
      break;
    }
    if (!all && j + 1 !== ncols) {
      throw new CliError(
        `${this.file}:${this.line}:${extraAt >= 0 ? extraAt : 1}: malformed row: ${j + 1} fields, the header has ${ncols}`,
      );
    }
    this.pos = p;
    this.line++;
    this.lineStart = p;
    return 1;
  }
}

function fileCheck(file: string, what: string): void {
  if (!existsSync(file)) throw new CliError(`${what}: file not found: ${file}`);
  if (statSync(file).isDirectory())
    throw new CliError(`${what}: ${file} is a directory, not a file`);
}

/** Output arrays filled while a table streams. */
class Store {
  n = 0;
  readonly kinds: Uint8Array;
  private readonly nums: (Float64Array | undefined)[];
  private readonly oks: (((v: number) => boolean) | undefined)[];
  private readonly bools: boolean[];
  private readonly strs: (string[] | undefined)[];
  private readonly codes: (Int32Array | undefined)[];
  private readonly dict: (Map<string, number> | undefined)[];
  private readonly colsAt: (Int32Array | undefined)[];
  private lines: Int32Array | undefined;
  /** Capacity of every array: 1,024 rows, then the file's expected row count (+5%), then doubling. */
  private cap = 1024;
  private grown = false;
  constructor(
    readonly header: readonly string[],
    readonly spec: ReadonlyMap<string, ColumnRead>,
    positions: readonly string[] | undefined,
    private readonly expectRows: (n: number) => number,
  ) {
    const none = () => Array.from({ length: header.length }, () => undefined);
    this.nums = none();
    this.oks = none();
    this.bools = header.map((h) => {
      const s = spec.get(h);
      return s?.kind === "number" && s.booleans === true;
    });
    this.strs = none();
    this.codes = none();
    this.dict = none();
    this.colsAt = none();
    this.kinds = new Uint8Array(header.length);
    header.forEach((h, j) => {
      const s = spec.get(h);
      if (s === undefined) return;
      if (s.kind === "number") {
        this.kinds[j] = K_NUMBER;
        this.nums[j] = new Float64Array(1024);
        this.oks[j] = s.ok;
      } else if (s.kind === "string") {
        this.kinds[j] = K_STRING;
        this.strs[j] = [];
      } else {
        this.kinds[j] = K_INTERN;
        this.codes[j] = new Int32Array(1024);
        this.dict[j] = new Map();
      }
      if (positions?.includes(h) === true) this.colsAt[j] = new Int32Array(1024);
    });
    if (positions !== undefined) this.lines = new Int32Array(1024);
  }
  /** Stores a number for column j of the current row; false if it is not finite or fails the column's test. */
  number(j: number, v: number): boolean {
    const ok = this.oks[j];
    if (!Number.isFinite(v) || (ok !== undefined && !ok(v))) return false;
    (this.nums[j] as Float64Array)[this.n] = v;
    return true;
  }
  /** Whether column j reads true/false as 1/0. */
  booleans(j: number): boolean {
    return this.bools[j] === true;
  }
  /** A number cell's text as a number (true/false as 1/0 in a column that takes booleans); NaN if it is none. */
  parse(j: number, s: string): number {
    return this.bools[j] === true ? parseBinary(s.trim()) : parseDecimal(s.trim());
  }
  /** The usage error for a rejected number cell. */
  bad(j: number, raw: string, where: string): CliError {
    const name = this.header[j] ?? "";
    const s = this.spec.get(name);
    const msg =
      s?.kind === "number" && s.bad !== undefined
        ? s.bad(raw)
        : `column ${JSON.stringify(name)} holds ${JSON.stringify(raw)}, not a finite number`;
    return new CliError(`${where}: malformed row: ${msg}`);
  }
  text(j: number, s: string): void {
    const strs = this.strs[j];
    if (strs !== undefined) {
      strs[this.n] = s;
      return;
    }
    const dict = this.dict[j];
    if (dict === undefined) return;
    let code = dict.get(s);
    if (code === undefined) {
      code = dict.size;
      dict.set(s, code);
    }
    (this.codes[j] as Int32Array)[this.n] = code;
  }
  /** Whether column j keeps its cells' character columns. */
  wantsCol(j: number): boolean {
    return this.colsAt[j] !== undefined;
  }
  col(j: number, c: number): void {
    const a = this.colsAt[j];
    if (a !== undefined) a[this.n] = c;
  }
  row(line: number): void {
    if (this.lines !== undefined) this.lines[this.n] = line;
    this.n++;
    if (this.n < this.cap) return;
    const cap = this.grown
      ? this.cap * 2
      : Math.max(this.cap * 2, Math.ceil(this.expectRows(this.n) * 1.05));
    this.grown = true;
    this.cap = cap;
    this.nums.forEach((a, j) => {
      if (a !== undefined) this.nums[j] = growF64(a, cap);
    });
    this.codes.forEach((a, j) => {
      if (a !== undefined) this.codes[j] = growI32(a, cap);
    });
    this.colsAt.forEach((a, j) => {
      if (a !== undefined) this.colsAt[j] = growI32(a, cap);
    });
    if (this.lines !== undefined) this.lines = growI32(this.lines, cap);
  }
  done(file: string): Columns {
    const n = this.n;
    const numbers = new Map<string, Float64Array>();
    const strings = new Map<string, readonly string[]>();
    const interned = new Map<string, { codes: Int32Array; values: string[] }>();
    const cols = new Map<string, Int32Array>();
    this.header.forEach((h, j) => {
      const a = this.nums[j];
      // Within 10% of the capacity a view is kept; a copy would briefly need both.
      if (a !== undefined)
        numbers.set(h, a.length - n <= n / 10 ? a.subarray(0, n) : a.slice(0, n));
      const s = this.strs[j];
      if (s !== undefined) strings.set(h, s);
      const c = this.codes[j];
      const d = this.dict[j];
      if (c !== undefined && d !== undefined)
        interned.set(h, { codes: c.subarray(0, n), values: [...d.keys()] });
      const at = this.colsAt[j];
      if (at !== undefined) cols.set(h, at.subarray(0, n));
    });
    return {
      file,
      header: this.header,
      n,
      numbers,
      strings,
      interned,
      lines: this.lines?.subarray(0, n),
      cols,
    };
  }
}

function checkHeader(file: string, header: readonly string[]): void {
  const seen = new Set<string>();
  header.forEach((h, j) => {
    if (seen.has(h))
      throw new CliError(`${file}:1:${j + 1}: duplicate column ${JSON.stringify(h)}`);
    seen.add(h);
  });
}

function checkSpec(
  file: string,
  header: readonly string[],
  spec: ReadonlyMap<string, ColumnRead>,
): void {
  for (const name of spec.keys()) requireColumn({ file, columns: header }, name);
}

function openCsv(file: string): TableSource {
  const src = new Chunks(file);
  let reader: CsvReader;
  try {
    reader = new CsvReader(file, src);
    checkHeader(file, reader.header);
  } catch (e) {
    src.close();
    throw e;
  }
  const header = reader.header;
  return {
    file,
    columns: header,
    close: () => src.close(),
    read(spec, options) {
      try {
        checkSpec(file, header, spec);
        const positions = options?.positions;
        const store = new Store(header, spec, positions, (n) => reader.expectRows(n));
        const kinds = store.kinds;
        reader.records(
          header.length,
          kinds,
          (j, s) => {
            if (kinds[j] === K_NUMBER) {
              if (!store.number(j, store.parse(j, s))) throw store.bad(j, s, reader.where());
            } else store.text(j, s);
            if (store.wantsCol(j)) store.col(j, reader.cellColumn());
          },
          (j, v, a, b) => {
            // not a number: a true/false cell of a 0/1 column, or an error
            const x =
              Number.isNaN(v) && store.booleans(j)
                ? parseBinary(src.buf.toString("utf8", a, b).trim())
                : v;
            if (!store.number(j, x))
              throw store.bad(j, src.buf.toString("utf8", a, b), reader.where());
            if (store.wantsCol(j)) store.col(j, reader.cellColumn());
          },
          (line) => store.row(line),
        );
        return store.done(file);
      } finally {
        src.close();
      }
    },
  };
}

/** Streams JSON Lines: one object per non-blank line; arrays of numbers under key `k` become columns `k.0`, `k.1`, .... */
function openJsonl(file: string): TableSource {
  const src = new Chunks(file);
  let pos = 0;
  let line = 0;
  /** The next non-blank line as text and its 1-based number, or undefined at the end. */
  const nextLine = (): { text: string; line: number } | undefined => {
    for (;;) {
      let q = src.buf.indexOf(10, pos);
      if (q < 0 || q >= src.end) {
        if (!src.eof) {
          src.refill(pos, line + 1);
          pos = 0;
          continue;
        }
        q = src.end;
        if (pos >= q) return undefined;
      }
      const text = src.buf.toString("utf8", pos, q).replace(/\r$/, "");
      pos = q + 1;
      line++;
      if (text.trim() !== "") return { text, line };
    }
  };
  const parse = (l: { text: string; line: number }): Map<string, unknown> => {
    let obj: unknown;
    try {
      obj = JSON.parse(l.text);
    } catch (e) {
      const m = /position (\d+)/.exec(String(e));
      const at = m ? Number(m[1]) + 1 : 1;
      throw new CliError(`${file}:${l.line}:${at}: malformed JSON (${(e as Error).message})`);
    }
    if (typeof obj !== "object" || obj === null || Array.isArray(obj)) {
      throw new CliError(`${file}:${l.line}:1: malformed row: each line must be a JSON object`);
    }
    const flat = new Map<string, unknown>();
    for (const [key, v] of Object.entries(obj)) {
      if (Array.isArray(v)) {
        v.forEach((x, j) => {
          flat.set(`${key}.${j}`, x);
        });
      } else flat.set(key, v);
    }
    return flat;
  };
  let first: { row: Map<string, unknown>; line: number };
  try {
    src.refill(0, 1);
    const l = nextLine();
    if (l === undefined) throw new CliError(`${file}:1:1: empty file (no JSON objects)`);
    first = { row: parse(l), line: l.line };
  } catch (e) {
    src.close();
    throw e;
  }
  const header = [...first.row.keys()];
  const text = (v: unknown): string =>
    v === null || v === undefined ? "" : typeof v === "object" ? JSON.stringify(v) : String(v);
  return {
    file,
    columns: header,
    close: () => src.close(),
    read(spec, options) {
      try {
        checkSpec(file, header, spec);
        const positions = options?.positions;
        const store = new Store(header, spec, positions, (n) => src.expectRows(n, pos));
        const kinds = store.kinds;
        const known = new Set(header);
        let row: Map<string, unknown> | undefined = first.row;
        let at = first.line;
        while (row !== undefined) {
          for (const key of row.keys()) {
            if (!known.has(key)) {
              throw new CliError(
                `${file}:${at}:1: malformed row: key ${JSON.stringify(key)} is not in the first row`,
              );
            }
          }
          for (let j = 0; j < header.length; j++) {
            const k = kinds[j];
            if (k === K_SKIP) continue;
            const v = row.get(header[j] ?? "");
            if (k === K_NUMBER) {
              const num =
                typeof v === "number"
                  ? v
                  : typeof v === "string"
                    ? store.parse(j, v)
                    : typeof v === "boolean"
                      ? store.parse(j, String(v))
                      : Number.NaN;
              if (!store.number(j, num)) throw store.bad(j, text(v), `${file}:${at}:1`);
            } else store.text(j, text(v));
            if (store.wantsCol(j)) store.col(j, 1);
          }
          store.row(at);
          const l = nextLine();
          row = l === undefined ? undefined : parse(l);
          at = l?.line ?? at;
        }
        return store.done(file);
      } finally {
        src.close();
      }
    },
  };
}

/**
 * Opens a CSV (`.csv`, default) or JSON Lines (`.jsonl`, `.ndjson`) table and
 * reads its header. A `.json` file holding one object per line is read as
 * JSON Lines; one holding a JSON array or a single document is refused with
 * the one-line conversion to JSON Lines.
 */
export function openTable(file: string, what: string): TableSource {
  return withAliases(openTableAsIs(file, what));
}

/**
 * The `--columns NAME=COLUMN,...` mapping of the current run: the verb reads
 * column COLUMN of a table under the name NAME. Undefined when not given.
 */
let columnAliases: ReadonlyMap<string, string> | undefined;
/** Names of the mappings that met their column in a table of this run. */
const aliasesUsed = new Set<string>();

/**
 * Parses `--columns`: comma-separated NAME=COLUMN pairs, each name and column
 * non-empty and given once (`run=submission,item=instance_id`).
 */
export function parseColumnAliases(raw: string): Map<string, string> {
  const map = new Map<string, string>();
  const columns = new Set<string>();
  for (const pair of raw.split(",")) {
    const eq = pair.indexOf("=");
    const name = eq < 0 ? "" : pair.slice(0, eq).trim();
    const column = eq < 0 ? "" : pair.slice(eq + 1).trim();
    if (name === "" || column === "") {
      throw new CliError(
        `--columns: ${JSON.stringify(pair)} is not NAME=COLUMN (e.g. --columns run=submission,item=instance_id: read column submission as run)`,
      );
    }
    if (map.has(name)) throw new CliError(`--columns: ${name} is mapped twice`);
    if (columns.has(column)) throw new CliError(`--columns: column ${column} is mapped twice`);
    map.set(name, column);
    columns.add(column);
  }
  return map;
}

/** Sets the `--columns` mapping for the tables this run opens (undefined: none) and forgets which were used. */
export function setColumnAliases(map: ReadonlyMap<string, string> | undefined): void {
  columnAliases = map;
  aliasesUsed.clear();
}

/**
 * A usage error when a `--columns` mapping met its column in none of the
 * tables read so far: it did nothing (a misspelt column, or a table the
 * command does not read). Call once every table is read, before any output.
 */
export function checkColumnAliasesUsed(): void {
  if (columnAliases === undefined) return;
  for (const [name, column] of columnAliases) {
    if (!aliasesUsed.has(name)) {
      throw new CliError(
        `--columns ${name}=${column}: no table this command read has a column ${JSON.stringify(column)}, so the mapping does nothing`,
      );
    }
  }
}

/**
 * The table under the `--columns` names: a mapped column appears (and is read)
 * under its new name, and a column of the table already called that name is
 * hidden behind it. Error messages about a cell still name the file's column.
 */
function withAliases(t: TableSource): TableSource {
  const map = columnAliases;
  if (map === undefined) return t;
  const toFile = new Map<string, string>();
  for (const [name, column] of map) {
    if (t.columns.includes(column)) {
      toFile.set(name, column);
      aliasesUsed.add(name);
    }
  }
  if (toFile.size === 0) return t;
  const hidden = new Set(toFile.keys());
  const fromFile = new Map([...toFile].map(([name, column]) => [column, name]));
  const columns = t.columns
    .filter((c) => !hidden.has(c) || fromFile.has(c))
    .map((c) => fromFile.get(c) ?? c);
  const rename = <V>(m: ReadonlyMap<string, V>): Map<string, V> =>
    new Map([...m].map(([k, v]) => [fromFile.get(k) ?? k, v]));
  return {
    file: t.file,
    columns,
    read(spec, options) {
      const inner = new Map([...spec].map(([k, v]) => [toFile.get(k) ?? k, v]));
      const positions = options?.positions?.map((k) => toFile.get(k) ?? k);
      const c = t.read(inner, positions === undefined ? options : { ...options, positions });
      return {
        ...c,
        numbers: rename(c.numbers),
        strings: rename(c.strings),
        interned: rename(c.interned),
        cols: rename(c.cols),
      };
    },
    close: () => t.close(),
  };
}

function openTableAsIs(file: string, what: string): TableSource {
  fileCheck(file, what);
  const ext = extname(file).toLowerCase();
  if (ext === ".json") {
    const fd = openSync(file, "r");
    const head = Buffer.alloc(64 * 1024);
    const got = readSync(fd, head, 0, head.length, 0);
    closeSync(fd);
    checkTextStart(file, head, got);
    const text = head
      .subarray(0, got)
      .toString("utf8")
      .replace(/^\uFEFF/, "");
    const problem = jsonTableProblem(file, text, what);
    if (problem !== undefined) {
      throw new CliError(
        `${problem}${what === "--input" || what === "--outcomes" ? " (or read a harness's own output with --from)" : ""}`,
      );
    }
    return openJsonl(file);
  }
  return ext === ".jsonl" || ext === ".ndjson" ? openJsonl(file) : openCsv(file);
}

/** A usage error unless `name` is a column of `t`, listing the available ones. */
export function requireColumn(
  t: { file: string; columns: readonly string[] },
  name: string,
): string {
  if (!t.columns.includes(name)) {
    const mapped = columnAliases?.get(name);
    const near = nearestKey(mapped ?? name, t.columns);
    const mean = near === undefined ? "" : ` (did you mean ${JSON.stringify(near)}?)`;
    const fix =
      mapped === undefined
        ? `; to read another column as ${name}: --columns ${name}=COLUMN`
        : `; --columns maps ${name} to ${JSON.stringify(mapped)}, which this table does not have${mean}`;
    throw new CliError(
      `${t.file}: unknown column ${JSON.stringify(name)}${mapped === undefined ? mean : ""} (columns: ${t.columns.join(", ")})${fix}`,
    );
  }
  return name;
}

/** A usage error naming the file and its option when a table read has no data rows (a header line only). */
export function requireRows(c: Columns, what: string): void {
  if (c.n === 0) throw new CliError(`${c.file}: ${what} has no data rows, only the header line`);
}

/** Reads the named numeric columns of a table (streamed), in order. */
export function readNumbers(t: TableSource, names: readonly string[]): Columns {
  for (const c of names) requireColumn(t, c);
  return t.read(new Map(names.map((c) => [c, { kind: "number" } as const])));
}

/** Interleaves numeric columns into a row-major matrix. */
export function rowMatrix(c: Columns, names: readonly string[]): NpyMatrix {
  const rows = c.n;
  const cols = names.length;
  const data = new Float64Array(rows * cols);
  names.forEach((name, j) => {
    const v = c.numbers.get(name) as Float64Array;
    for (let i = 0; i < rows; i++) data[i * cols + j] = v[i] as number;
  });
  return { data, rows, cols };
}

/** A dense matrix read from NPY (2-D or 1-D, little-endian float32/float64, C order). */
export type NpyMatrix = {
  readonly data: Float64Array;
  readonly rows: number;
  readonly cols: number;
};

/**
 * Reads a NumPy `.npy` file (format versions 1-3) holding little-endian
 * `<f4` or `<f8` values through a file handle: the header first, then the
 * values straight into the result (in chunks for float32).
 */
export function readNpy(file: string): NpyMatrix {
  const fd = openSync(file, "r");
  try {
    const size = fstatSync(fd).size;
    const head = Buffer.alloc(Math.min(size, 12));
    readSync(fd, head, 0, head.length, 0);
    const magic = [0x93, 0x4e, 0x55, 0x4d, 0x50, 0x59];
    if (head.length < 10 || magic.some((b, i) => head[i] !== b))
      throw new CliError(`${file}: not an NPY file (bad magic)`);
    const major = head[6] ?? 0;
    const headerLen = major === 1 ? head.readUInt16LE(8) : head.readUInt32LE(8);
    const start = major === 1 ? 10 : 12;
    if (start + headerLen > size)
      throw new CliError(`${file}: NPY header is truncated (${size} bytes in the file)`);
    const hb = Buffer.alloc(headerLen);
    readSync(fd, hb, 0, headerLen, start);
    const header = hb.toString("latin1");
    const descr = /'descr':\s*'([^']+)'/.exec(header)?.[1];
    const fortran = /'fortran_order':\s*(True|False)/.exec(header)?.[1];
    const shapeText = /'shape':\s*\(([^)]*)\)/.exec(header)?.[1];
    if (descr === undefined || fortran === undefined || shapeText === undefined) {
      throw new CliError(`${file}: malformed NPY header ${JSON.stringify(header.trim())}`);
    }
    if (descr !== "<f8" && descr !== "<f4") {
      throw new CliError(
        `${file}: NPY dtype ${descr} is not supported (use little-endian float32 '<f4' or float64 '<f8')`,
      );
    }
    if (fortran === "True")
      throw new CliError(`${file}: Fortran-order NPY is not supported (save a C-contiguous array)`);
    const shape = shapeText
      .split(",")
      .map((s) => s.trim())
      .filter((s) => s !== "")
      .map((s) => (/^\d+$/.test(s) ? Number(s) : Number.NaN));
    if (shape.length < 1 || shape.length > 2 || shape.some((d) => !Number.isSafeInteger(d))) {
      throw new CliError(`${file}: NPY shape (${shapeText}) must be 1-D or 2-D`);
    }
    const rows = shape[0] ?? 0;
    const cols = shape.length === 2 ? (shape[1] ?? 0) : 1;
    const width = descr === "<f8" ? 8 : 4;
    const offset = start + headerLen;
    const count = rows * cols;
    if (size - offset < count * width) {
      throw new CliError(
        `${file}: NPY data is truncated (${size - offset} bytes for ${rows} x ${cols} values)`,
      );
    }
    const data = new Float64Array(count);
    const readAll = (into: Uint8Array, at: number): void => {
      let done = 0;
      while (done < into.length) {
        const got = readSync(fd, into, done, Math.min(into.length - done, 1 << 30), at + done);
        if (got === 0) throw new CliError(`${file}: NPY data is truncated`);
        done += got;
      }
    };
    const little = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;
    if (width === 8 && little) readAll(new Uint8Array(data.buffer), offset);
    else {
      const per = Math.max(1, Math.floor(CHUNK_BYTES / width));
      const chunk = new Uint8Array(per * width);
      const view = new DataView(chunk.buffer);
      for (let k0 = 0; k0 < count; k0 += per) {
        const m = Math.min(per, count - k0);
        readAll(chunk.subarray(0, m * width), offset + k0 * width);
        for (let k = 0; k < m; k++)
          data[k0 + k] = width === 8 ? view.getFloat64(8 * k, true) : view.getFloat32(4 * k, true);
      }
    }
    for (let k = 0; k < count; k++) {
      const v = data[k] as number;
      if (!Number.isFinite(v)) {
        throw new CliError(
          `${file}: value ${v} at row ${Math.floor(k / cols)}, column ${k % cols} is not finite`,
        );
      }
    }
    return { data, rows, cols };
  } finally {
    closeSync(fd);
  }
}

/** Reads a matrix from `.npy` or from a numeric CSV/JSONL table (all columns). */
export function readMatrix(file: string, what: string): NpyMatrix {
  fileCheck(file, what);
  if (extname(file).toLowerCase() === ".npy") return readNpy(file);
  const t = openTable(file, what);
  return rowMatrix(readNumbers(t, t.columns), t.columns);
}

/**
 * Fails before a run when `file` cannot be written: its folder is missing or
 * not a folder, or `file` is a folder; the message names `flag` (default `--out`).
 */
export function checkWritable(file: string, flag = "--out"): void {
  const dir = dirname(file);
  if (!existsSync(dir)) throw new CliError(`${flag}: folder not found: ${dir}`);
  if (!statSync(dir).isDirectory()) throw new CliError(`${flag}: ${dir} is not a folder`);
  try {
    accessSync(dir, constants.W_OK);
  } catch {
    throw new CliError(`${flag}: folder ${dir} is not writable`);
  }
  if (existsSync(file) && statSync(file).isDirectory())
    throw new CliError(`${flag}: ${file} is a folder`);
}

/** The temporary file `writeAtomicAsync` writes before its rename. */
export function tempPath(file: string): string {
  return join(dirname(file), `.${basename(file)}.${process.pid}.tmp`);
}

/**
 * {@link writeAtomicAsync} in one synchronous write, for a small file written
 * inside a run (`--save`): checked as `flag`, through a temporary file and a
 * rename, the temporary file removed when the write fails.
 */
export function writeAtomicSync(file: string, text: string, flag: string): void {
  checkWritable(file, flag);
  const tmp = tempPath(file);
  try {
    writeFileSync(tmp, text);
    renameSync(tmp, file);
  } catch (e) {
    rmSync(tmp, { force: true });
    throw e;
  }
}

/**
 * Writes `text` to `file` through a temporary file in the same folder and a
 * rename, so a reader never sees a half-written output. The temporary file is
 * written in 1 MiB pieces with the event loop free between them, so a signal
 * handler can remove it mid-write.
 */
export async function writeAtomicAsync(
  file: string,
  text: string | Uint8Array,
  commit?: { readonly allowed: () => boolean; readonly done: () => void },
): Promise<boolean> {
  checkWritable(file);
  const tmp = tempPath(file);
  const bytes = typeof text === "string" ? Buffer.from(text, "utf8") : Buffer.from(text);
  try {
    const fh = await open(tmp, "w");
    try {
      for (let k = 0; k < bytes.length; k += CHUNK_BYTES)
        await fh.write(bytes, k, Math.min(CHUNK_BYTES, bytes.length - k));
    } finally {
      await fh.close();
    }
    // an interrupt that arrived while the file was written wins: no output at all
    if (commit !== undefined && !commit.allowed()) {
      rmSync(tmp, { force: true });
      return false;
    }
    renameSync(tmp, file);
    // synchronously after the rename: a signal from here on must not report a failed run
    commit?.done();
    return true;
  } catch (e) {
    rmSync(tmp, { force: true });
    throw e;
  }
}
