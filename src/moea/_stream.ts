/**
 * The record of random numbers behind an NSGA-II state's `stream`: every
 * number a step draws from the run's `rng` is appended to a shared tape, and
 * a state holds only its position on it. A step from a state reads the tape
 * from that position, drawing from `rng` only past the tape's end, so the
 * same state stepped twice (or stepped again after a step that threw) reads
 * the same numbers, while a run that never steps a state twice draws from
 * `rng` exactly as a direct use of it would: one number at a time, when
 * asked, nothing read ahead.
 *
 * The tape is a chain of fixed-size chunks linked forward, so the numbers
 * before the oldest state still referenced are garbage. A stream is a frozen
 * empty-looking object holding its position under a non-enumerable symbol.
 *
 * @internal
 */

import type { Rng } from "../core/rng.js";
import type { Nsga2Stream } from "./types.js";

/** Numbers per chunk of the tape. */
const CHUNK = 4096;

/** A run of the tape; `next` is created when it is full and read past. */
type Chunk = { readonly values: unknown[]; next: Chunk | undefined };

/** A position on a tape of numbers drawn from `source`. */
type Position = { readonly source: Rng; readonly chunk: Chunk; readonly offset: number };

/**
 * The key of a stream's position: a symbol and not enumerable, so the stream
 * shows as `{}` (JSON, `Object.entries`, deep comparisons): the record grows
 * as steps draw, but what any state's step gives never changes, so a state
 * compares equal before and after it is stepped.
 */
const AT = Symbol("Nsga2Stream position");

function wrap(p: Position): Nsga2Stream {
  return Object.freeze(Object.defineProperty({}, AT, { value: p })) as unknown as Nsga2Stream;
}

/** A new, empty tape over `source`, positioned at its start. */
export function newStream(source: Rng): Nsga2Stream {
  return wrap({ source, chunk: { values: [], next: undefined }, offset: 0 });
}

/**
 * The position a step from a state reads from: `stream` itself when it is a
 * position on a tape over `rng`, a new tape over `rng` otherwise: `stream`
 * absent, recorded from another rng (a state whose `rng` was replaced starts
 * afresh from the new one), or not a stream of a state at all (a state
 * rebuilt from a serialised copy, whose `stream` came back as `{}`).
 */
export function readStream(stream: unknown, rng: Rng): Nsga2Stream {
  if (stream === undefined) return newStream(rng);
  const p =
    typeof stream === "object" && stream !== null
      ? ((stream as { [AT]?: Position })[AT] as Position | undefined)
      : undefined;
  if (
    typeof p !== "object" ||
    p === null ||
    typeof p.source !== "function" ||
    typeof p.chunk !== "object" ||
    p.chunk === null ||
    !Array.isArray(p.chunk.values) ||
    !Number.isInteger(p.offset) ||
    !(p.offset >= 0 && p.offset <= p.chunk.values.length && p.offset <= CHUNK)
  ) {
    return newStream(rng);
  }
  return p.source === rng ? (stream as Nsga2Stream) : newStream(rng);
}

/**
 * Whether numbers were recorded past `stream`'s position: a step from this
 * state already ran (a look-ahead), so another step from it must read them
 * to give the same numbers. False for anything that is not a stream.
 */
export function recordedAhead(stream: unknown): boolean {
  const p =
    typeof stream === "object" && stream !== null
      ? ((stream as { [AT]?: Position })[AT] as Position | undefined)
      : undefined;
  if (typeof p !== "object" || p === null || typeof p.chunk !== "object" || p.chunk === null)
    return false;
  return p.offset < p.chunk.values.length || p.chunk.next !== undefined;
}

/**
 * A random source reading the tape from `stream` on, and the position it has
 * reached (the next state's stream).
 */
export function streamReader(stream: Nsga2Stream): { rng: Rng; position: () => Nsga2Stream } {
  const start = (stream as unknown as { [AT]: Position })[AT];
  const source = start.source;
  let chunk = start.chunk;
  let offset = start.offset;
  const rng = (): number => {
    if (offset === CHUNK) {
      let next = chunk.next;
      if (next === undefined) {
        next = { values: [], next: undefined };
        chunk.next = next;
      }
      chunk = next;
      offset = 0;
    }
    const values = chunk.values;
    // recorded as returned: the engine's checks see exactly what rng gave
    if (offset === values.length) {
      const u = source();
      values.push(u);
      offset++;
      return u;
    }
    return values[offset++] as number;
  };
  const position = (): Nsga2Stream => wrap({ source, chunk, offset });
  return { rng, position };
}
