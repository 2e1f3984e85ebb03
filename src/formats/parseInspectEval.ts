import { failType } from "../core/validate.js";
import { failAt, objectAt, sourceOption } from "./_internal.js";
import {
  INSPECT_KEYS,
  type InspectSample,
  type ParseInspectLogOptions,
  type ParseInspectLogResult,
  parseInspectJson,
  readInspect,
} from "./parseInspectLog.js";

const FN = "parseInspectEval";
const SAMPLE_ENTRY = /^samples\/.+_epoch_\d+\.json$/;

/**
 * Parses the entries of an Inspect AI binary log (`.eval`, a zip archive)
 * into one run, exactly as {@link parseInspectLog} reads a JSON log.
 *
 * The archive holds `header.json` (the log without its samples: `eval.model`,
 * `eval.task`, ...) and one `samples/<id>_epoch_<n>.json` per sample and
 * epoch; other entries (`summaries.json`, `reductions.json`, `_journal/...`)
 * are ignored. The library does no IO and no decompression: pass the
 * entries' texts by name (the CLI unzips the file; in a browser use any zip
 * reader). Items keep the order of the entries.
 *
 * @param entries - Entry name -> entry text (UTF-8 JSON).
 * @param options - {@link ParseInspectLogOptions}, as for {@link parseInspectLog}.
 * @returns As {@link parseInspectLog}.
 * @throws {TypeError} If `entries` is not an object of strings.
 * @throws {RangeError} If `header.json` is missing, there is no sample entry, an entry is not valid JSON, or
 *   as {@link parseInspectLog}; the message names the entry.
 * @see https://inspect.aisi.org.uk/eval-logs.html (`.eval` format)
 * @example
 * ```ts
 * const r = parseInspectEval({
 *   "header.json": JSON.stringify({ eval: { task: "arc", model: "m" } }),
 *   "samples/a_epoch_1.json": JSON.stringify({ id: "a", epoch: 1, scores: { s: { value: 1 } } }),
 *   "samples/b_epoch_1.json": JSON.stringify({ id: "b", epoch: 1, scores: { s: { value: "I" } } }),
 * });
 * r.items; // ["a", "b"]
 * r.data; // Uint8Array [1, 0]
 * parseInspectEval({ "samples/a_epoch_1.json": "{}" }); // throws RangeError: parseInspectEval: header.json is missing ...
 * ```
 */
export function parseInspectEval(
  entries: Readonly<Record<string, string>>,
  options?: ParseInspectLogOptions,
): ParseInspectLogResult {
  const source = sourceOption(FN, options, INSPECT_KEYS);
  const e = objectAt(FN, source, "entries", entries);
  const prefix = source === undefined ? "" : `${source}: `;
  const text = (name: string): string => {
    const t = e[name];
    if (typeof t !== "string")
      failType(FN, `${prefix}entry ${name} must be a string (got ${typeof t})`);
    return t;
  };
  if (!("header.json" in e))
    failAt(FN, source, "header.json", "is missing (not an Inspect .eval archive?)");
  const header = objectAt(
    FN,
    source,
    "header.json",
    parseInspectJson(FN, text("header.json"), `${prefix}header.json`),
  );
  const samples: InspectSample[] = Object.keys(e)
    .filter((name) => SAMPLE_ENTRY.test(name))
    .map((name) => ({
      where: name,
      sample: parseInspectJson(FN, text(name), `${prefix}${name}`),
    }));
  if (samples.length === 0)
    failAt(FN, source, "the archive", "has no samples/<id>_epoch_<n>.json entry");
  return readInspect(FN, header.eval, samples, options, source);
}
