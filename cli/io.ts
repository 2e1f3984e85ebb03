import { existsSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { basename, dirname, extname, join } from "node:path";
import { CliError } from "./errors.js";

/** A table read from CSV or JSONL: header names, cells as text, and where each cell came from. */
export type Table = {
  readonly file: string;
  readonly columns: readonly string[];
  readonly rows: readonly (readonly string[])[];
  /** 1-based line of each row. */
  readonly lines: readonly number[];
  /** 1-based character column of each cell (CSV); 1 for JSONL. */
  readonly cols: readonly (readonly number[])[];
};

function readText(file: string, what: string): string {
  if (!existsSync(file)) throw new CliError(`${what}: file not found: ${file}`);
  if (statSync(file).isDirectory())
    throw new CliError(`${what}: ${file} is a directory, not a file`);
  return readFileSync(file, "utf8");
}

/**
 * Parses RFC 4180 CSV: a header row, comma-separated fields, fields in double
 * quotes may hold commas, newlines and doubled quotes. Every row must have as
 * many fields as the header.
 */
export function parseCsv(text: string, file: string): Table {
  const rows: string[][] = [];
  const lines: number[] = [];
  const cols: number[][] = [];
  let line = 1;
  let col = 1;
  let k = 0;
  const n = text.length;
  if (text.charCodeAt(0) === 0xfeff) k = 1;
  while (k < n) {
    const rowLine = line;
    const fields: string[] = [];
    const starts: number[] = [];
    for (;;) {
      starts.push(col);
      let field = "";
      if (text[k] === '"') {
        const qLine = line;
        const qCol = col;
        k++;
        col++;
        for (;;) {
          if (k >= n) throw new CliError(`${file}:${qLine}:${qCol}: unterminated quoted field`);
          const c = text[k];
          if (c === '"') {
            if (text[k + 1] === '"') {
              field += '"';
              k += 2;
              col += 2;
              continue;
            }
            k++;
            col++;
            break;
          }
          if (c === "\n") {
            line++;
            col = 1;
          } else col++;
          field += c;
          k++;
        }
        if (k < n && text[k] !== "," && text[k] !== "\n" && text[k] !== "\r") {
          throw new CliError(`${file}:${line}:${col}: unexpected character after a closing quote`);
        }
      } else {
        const from = k;
        while (k < n && text[k] !== "," && text[k] !== "\n" && text[k] !== "\r") {
          if (text[k] === '"')
            throw new CliError(`${file}:${line}:${col}: quote inside an unquoted field`);
          k++;
          col++;
        }
        field = text.slice(from, k);
      }
      fields.push(field);
      if (text[k] === ",") {
        k++;
        col++;
        continue;
      }
      break;
    }
    if (text[k] === "\r") k++;
    if (text[k] === "\n") k++;
    line++;
    col = 1;
    if (fields.length === 1 && fields[0] === "") continue;
    rows.push(fields);
    lines.push(rowLine);
    cols.push(starts);
  }
  const header = rows.shift();
  lines.shift();
  cols.shift();
  if (header === undefined)
    throw new CliError(`${file}:1:1: empty file (a header row is required)`);
  const seen = new Set<string>();
  header.forEach((h, j) => {
    if (seen.has(h))
      throw new CliError(
        `${file}:1:${cols.length === 0 ? 1 : j + 1}: duplicate column ${JSON.stringify(h)}`,
      );
    seen.add(h);
  });
  rows.forEach((r, i) => {
    if (r.length !== header.length) {
      const at = r.length > header.length ? (cols[i]?.[header.length] ?? 1) : 1;
      throw new CliError(
        `${file}:${lines[i]}:${at}: malformed row: ${r.length} fields, the header has ${header.length}`,
      );
    }
  });
  return { file, columns: header, rows, lines, cols };
}

/**
 * Parses JSON Lines: one object per non-blank line. Columns are the keys of
 * the first object; an array of numbers under key `k` becomes columns
 * `k.0`, `k.1`, ...
 */
export function parseJsonl(text: string, file: string): Table {
  const rows: string[][] = [];
  const lines: number[] = [];
  const cols: number[][] = [];
  let columns: string[] | undefined;
  text.split("\n").forEach((raw, i) => {
    const lineText = raw.replace(/\r$/, "");
    if (lineText.trim() === "") return;
    let obj: unknown;
    try {
      obj = JSON.parse(lineText);
    } catch (e) {
      const m = /position (\d+)/.exec(String(e));
      const at = m ? Number(m[1]) + 1 : 1;
      throw new CliError(`${file}:${i + 1}:${at}: malformed JSON (${(e as Error).message})`);
    }
    if (typeof obj !== "object" || obj === null || Array.isArray(obj)) {
      throw new CliError(`${file}:${i + 1}:1: malformed row: each line must be a JSON object`);
    }
    const flat = new Map<string, string>();
    for (const [key, v] of Object.entries(obj)) {
      if (Array.isArray(v)) {
        v.forEach((x, j) => {
          flat.set(`${key}.${j}`, String(x));
        });
      } else flat.set(key, v === null ? "" : typeof v === "object" ? JSON.stringify(v) : String(v));
    }
    if (columns === undefined) columns = [...flat.keys()];
    const cs = columns;
    for (const key of flat.keys()) {
      if (!cs.includes(key)) {
        throw new CliError(
          `${file}:${i + 1}:1: malformed row: key ${JSON.stringify(key)} is not in the first row`,
        );
      }
    }
    rows.push(cs.map((c) => flat.get(c) ?? ""));
    lines.push(i + 1);
    cols.push(cs.map(() => 1));
  });
  if (columns === undefined) throw new CliError(`${file}:1:1: empty file (no JSON objects)`);
  return { file, columns, rows, lines, cols };
}

/** Reads a CSV (`.csv`, default) or JSON Lines (`.jsonl`, `.ndjson`) table. */
export function readTable(file: string, what: string): Table {
  const text = readText(file, what);
  const ext = extname(file).toLowerCase();
  return ext === ".jsonl" || ext === ".ndjson" ? parseJsonl(text, file) : parseCsv(text, file);
}

/** Index of a column, or a usage error listing the available ones. */
export function columnIndex(t: Table, name: string): number {
  const j = t.columns.indexOf(name);
  if (j < 0) {
    throw new CliError(
      `${t.file}: unknown column ${JSON.stringify(name)} (columns: ${t.columns.join(", ")})`,
    );
  }
  return j;
}

/** A numeric column; a cell that is not a finite number is reported at file:line:col. */
export function numericColumn(t: Table, name: string): Float64Array {
  const j = columnIndex(t, name);
  const out = new Float64Array(t.rows.length);
  t.rows.forEach((r, i) => {
    const s = (r[j] ?? "").trim();
    const v = Number(s);
    if (s === "" || !Number.isFinite(v)) {
      throw new CliError(
        `${t.file}:${t.lines[i]}:${t.cols[i]?.[j] ?? 1}: malformed row: column ${JSON.stringify(name)} holds ${JSON.stringify(r[j] ?? "")}, not a finite number`,
      );
    }
    out[i] = v;
  });
  return out;
}

/** A dense matrix read from NPY (2-D or 1-D, little-endian float32/float64, C order). */
export type NpyMatrix = {
  readonly data: Float64Array;
  readonly rows: number;
  readonly cols: number;
};

/** Parses a NumPy `.npy` file (format versions 1-3) holding little-endian `<f4` or `<f8` values. */
export function parseNpy(buf: Uint8Array, file: string): NpyMatrix {
  const magic = [0x93, 0x4e, 0x55, 0x4d, 0x50, 0x59];
  if (buf.length < 10 || magic.some((b, i) => buf[i] !== b))
    throw new CliError(`${file}: not an NPY file (bad magic)`);
  const major = buf[6] ?? 0;
  const view = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
  const headerLen = major === 1 ? view.getUint16(8, true) : view.getUint32(8, true);
  const start = major === 1 ? 10 : 12;
  const header = new TextDecoder("latin1").decode(buf.subarray(start, start + headerLen));
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
    .map(Number);
  if (shape.length < 1 || shape.length > 2 || shape.some((d) => !Number.isInteger(d) || d < 0)) {
    throw new CliError(`${file}: NPY shape (${shapeText}) must be 1-D or 2-D`);
  }
  const rows = shape[0] ?? 0;
  const cols = shape.length === 2 ? (shape[1] ?? 0) : 1;
  const size = descr === "<f8" ? 8 : 4;
  const offset = start + headerLen;
  if (buf.length < offset + rows * cols * size) {
    throw new CliError(
      `${file}: NPY data is truncated (${buf.length - offset} bytes for ${rows} x ${cols} values)`,
    );
  }
  const data = new Float64Array(rows * cols);
  for (let k = 0; k < data.length; k++) {
    const v =
      size === 8 ? view.getFloat64(offset + 8 * k, true) : view.getFloat32(offset + 4 * k, true);
    if (!Number.isFinite(v)) {
      throw new CliError(
        `${file}: value ${v} at row ${Math.floor(k / cols)}, column ${k % cols} is not finite`,
      );
    }
    data[k] = v;
  }
  return { data, rows, cols };
}

/** Reads a matrix from `.npy` or from a numeric CSV/JSONL table (all columns). */
export function readMatrix(file: string, what: string): NpyMatrix {
  if (extname(file).toLowerCase() === ".npy") {
    if (!existsSync(file)) throw new CliError(`${what}: file not found: ${file}`);
    return parseNpy(new Uint8Array(readFileSync(file)), file);
  }
  const t = readTable(file, what);
  const colsData = t.columns.map((c) => numericColumn(t, c));
  const rows = t.rows.length;
  const cols = t.columns.length;
  const data = new Float64Array(rows * cols);
  for (let i = 0; i < rows; i++)
    for (let j = 0; j < cols; j++) data[i * cols + j] = colsData[j]?.[i] ?? 0;
  return { data, rows, cols };
}

/**
 * Writes `text` to `file` through a temporary file in the same folder and a
 * rename, so a reader never sees a half-written output.
 */
export function writeAtomic(file: string, text: string): void {
  const dir = dirname(file);
  if (!existsSync(dir)) throw new CliError(`--out: folder not found: ${dir}`);
  const tmp = join(dir, `.${basename(file)}.${process.pid}.tmp`);
  try {
    writeFileSync(tmp, text);
    renameSync(tmp, file);
  } catch (e) {
    rmSync(tmp, { force: true });
    throw e;
  }
}
