import * as zlib from "node:zlib";
import { CliError } from "./errors.js";
import { decodeUtf8 } from "./io.js";

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

/** zstd decompression where this Node has it (22.15+); Inspect writes .eval entries with zstd since 2025. */
type Zstd = (buf: Uint8Array) => Buffer;
const zstd = (zlib as unknown as { zstdDecompressSync?: Zstd }).zstdDecompressSync;

/**
 * Reads every entry of a zip archive as UTF-8 text, by name (in central
 * directory order). Supports the stored (0) and deflate (8) methods, and
 * zstd (93) where Node provides it; no ZIP64, no encryption, no multi-disk
 * archives: each is a clear error naming the file.
 */
export function readZipText(file: string, buf: Buffer): Record<string, string> {
  const bad = (what: string): never => {
    throw new CliError(`${file}: not a readable zip archive (${what})`);
  };
  let eocd = -1;
  for (let k = buf.length - 22; k >= Math.max(0, buf.length - 22 - 65535); k--) {
    if (buf.readUInt32LE(k) === EOCD) {
      eocd = k;
      break;
    }
  }
  if (eocd < 0) bad("no end-of-central-directory record");
  const count = buf.readUInt16LE(eocd + 10);
  const size = buf.readUInt32LE(eocd + 12);
  let at = buf.readUInt32LE(eocd + 16);
  if (count === 0xffff || at === 0xffffffff) bad("ZIP64 archives are not supported");
  if (at + size > buf.length) bad("central directory beyond the end of the file");
  const out: Record<string, string> = {};
  for (let n = 0; n < count; n++) {
    if (at + 46 > buf.length || buf.readUInt32LE(at) !== CENTRAL)
      bad(`central directory entry ${n}`);
    const flags = buf.readUInt16LE(at + 8);
    const method = buf.readUInt16LE(at + 10);
    const csize = buf.readUInt32LE(at + 20);
    const usize = buf.readUInt32LE(at + 24);
    const nameLen = buf.readUInt16LE(at + 28);
    const extraLen = buf.readUInt16LE(at + 30);
    const commentLen = buf.readUInt16LE(at + 32);
    const local = buf.readUInt32LE(at + 42);
    const name = buf.toString("utf8", at + 46, at + 46 + nameLen);
    at += 46 + nameLen + extraLen + commentLen;
    if (name.endsWith("/")) continue;
    if ((flags & 1) !== 0) bad(`entry ${name} is encrypted`);
    if (csize === 0xffffffff || usize === 0xffffffff || local === 0xffffffff)
      bad(`entry ${name} needs ZIP64`);
    if (local + 30 > buf.length || buf.readUInt32LE(local) !== LOCAL)
      bad(`local header of ${name}`);
    const start = local + 30 + buf.readUInt16LE(local + 26) + buf.readUInt16LE(local + 28);
    if (start + csize > buf.length) bad(`entry ${name} is truncated`);
    const raw = buf.subarray(start, start + csize);
    let data: Buffer;
    try {
      if (method === 0) data = raw;
      else if (method === 8) data = zlib.inflateRawSync(raw);
      else if (method === 93 && zstd !== undefined) data = zstd(raw);
      else if (method === 93)
        throw new CliError(
          `${file}: entry ${name} is zstd-compressed, which needs Node 22.15 or later (this is ${process.version}); or convert the log with \`inspect log convert --to json\``,
        );
      else
        throw new CliError(
          `${file}: entry ${name} uses compression method ${method} (supported: stored, deflate, zstd)`,
        );
    } catch (e) {
      if (e instanceof CliError) throw e;
      return bad(
        `entry ${name} does not decompress: ${e instanceof Error ? e.message : String(e)}`,
      );
    }
    if (data.length !== usize)
      bad(`entry ${name} has ${data.length} bytes, its header says ${usize}`);
    out[name] = decodeUtf8(`${file} (entry ${name})`, data);
  }
  return out;
}
