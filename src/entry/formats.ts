/**
 * `evalsift/formats`: pure parsers of what evaluation harnesses write
 * (lm-evaluation-harness samples, Inspect AI logs, SWE-bench reports,
 * promptfoo results) into per-item outcome tables and scores; text or parsed
 * JSON in, no IO.
 * @module evalsift/formats
 */
export * from "../formats/index.js";
