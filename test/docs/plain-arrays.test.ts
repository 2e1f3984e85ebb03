/**
 * Plain arrays are welcome: every public function that takes a vector or a
 * matrix accepts `number[]` / `number[][]` (and booleans for 0/1 outcomes)
 * and gives the same documented result as with typed arrays.
 *
 * Proof by the TSDoc examples: each example is rerun with its typed-array
 * constructions rewritten to plain arrays (`new Float64Array([..])`,
 * `Float64Array.of(..)`, `Float64Array.from(..)`, the same for Int32Array and
 * Uint8Array, and `rowMatrix([[..]])` -> `[[..]]`), and every shown output
 * must still hold. Every public function (and registry member such as
 * `strategies.srs`) whose signature takes an array must be called with a
 * plain array by at least one rewritten example, or be listed in `EXEMPT`
 * with the reason; a new export without either fails this test.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { transformSync } from "esbuild";
import { describe, expect, it } from "vitest";
import * as api from "../helpers/api.js";
import { agrees, collectExamples, instrument, show, throwsAgrees, walk } from "./_examples.js";

const root = process.cwd();
const examples = collectExamples(root);
const silent = { ...console, log: () => {}, info: () => {}, warn: () => {}, table: () => {} };
const TYPED = "(?:Float64|Int32|Uint8)Array";

/** Index just past the bracket that closes the one at `open`, outside strings. */
function closing(text: string, open: number): number {
  let d = 0;
  let quote = "";
  for (let i = open; i < text.length; i++) {
    const c = text[i] as string;
    if (quote !== "") {
      if (c === "\\") i++;
      else if (c === quote) quote = "";
    } else if (c === '"' || c === "'" || c === "`") quote = c;
    else if (c === "(" || c === "[" || c === "{") d++;
    else if (c === ")" || c === "]" || c === "}") {
      d--;
      if (d === 0) return i + 1;
    }
  }
  return -1;
}

/**
 * Rewrites the typed-array and rowMatrix constructions of example code to
 * plain arrays; shown values (`// ...` comments) are left alone. Returns the
 * code and how many constructions were rewritten.
 */
function toPlainCode(code: string): { code: string; rewritten: number } {
  let rewritten = 0;
  const lines = code.split("\n").map((line) => {
    const cut = line.search(/\s\/\/\s|^\s*\/\//);
    let text = cut >= 0 ? line.slice(0, cut) : line;
    const tail = cut >= 0 ? line.slice(cut) : "";
    const re = new RegExp(`(new ${TYPED}\\(|\\b${TYPED}\\.(of|from)\\(|\\browMatrix\\()`, "g");
    let out = "";
    let at = 0;
    for (let m = re.exec(text); m !== null; m = re.exec(text)) {
      if (m.index < at) continue;
      const open = m.index + m[0].length - 1;
      const end = closing(text, open);
      if (end < 0) break;
      const inner = text.slice(open + 1, end - 1);
      const kind = m[0];
      const plain = kind.startsWith("new ")
        ? /^\s*\[/.test(inner)
          ? inner
          : `__plain(${inner})`
        : kind.endsWith(".of(")
          ? `[${inner}]`
          : kind.endsWith(".from(")
            ? `Array.from(${inner})`
            : inner;
      out += text.slice(at, m.index) + plain;
      at = end;
      rewritten++;
      re.lastIndex = end;
    }
    text = out + text.slice(at);
    return text + tail;
  });
  return { code: lines.join("\n"), rewritten };
}

/** `new Float64Array(x)` with a non-literal x: zeros for a length, a copy of an array-like. */
function plainOf(x: unknown): unknown[] {
  return typeof x === "number" ? new Array<number>(x).fill(0) : Array.from(x as ArrayLike<unknown>);
}

/** Whether a value is (or holds, one level down) a plain JS array of numbers, booleans or rows. */
function hasPlainArray(v: unknown, depth = 0): boolean {
  if (Array.isArray(v)) {
    if (v.length === 0) return false;
    return v.every(
      (x) => typeof x === "number" || typeof x === "boolean" || (Array.isArray(x) && depth < 1),
    )
      ? true
      : depth < 1 && v.some((x) => hasPlainArray(x, depth + 1));
  }
  if (depth < 1 && typeof v === "object" && v !== null && !ArrayBuffer.isView(v)) {
    return Object.values(v).some((x) => hasPlainArray(x, depth + 1));
  }
  return false;
}

const REGISTRIES = { strategies: api.strategies, extraStrategies: api.extraStrategies };
type Fn = (...a: unknown[]) => unknown;

/** Public callables (name -> function), registry members as `strategies.srs`. */
const callables = new Map<string, Fn>();
for (const [name, v] of Object.entries(api)) {
  if (typeof v === "function") callables.set(name, v as Fn);
}
for (const [reg, members] of Object.entries(REGISTRIES)) {
  for (const [k, f] of Object.entries(members)) callables.set(`${reg}.${k}`, f as Fn);
}

/** Source text of every file under src/, to read signatures from. */
const sources = walk(join(root, "src")).map((f) => readFileSync(f, "utf8"));

/** The parameter list of `export function name(...)` (or the Strategy type for registry members). */
function paramsOf(name: string): string | undefined {
  if (name.includes(".")) {
    const types = sources.find((s) => s.includes("export type Strategy<"));
    const m = /export type Strategy<.*?> = \(([^)]*)\)/s.exec(types ?? "");
    return m?.[1];
  }
  for (const s of sources) {
    const m = new RegExp(`export function ${name}\\s*(<[^(]*>)?\\(`).exec(s);
    if (m === null) continue;
    const open = m.index + m[0].length - 1;
    return s.slice(open + 1, closing(s, open) - 1);
  }
  return undefined;
}

const ARRAY_PARAM = /ArrayLike<|RowMatrix|Float64Array|Int32Array|Uint8Array|number\[\]/;

/** Public functions whose signature takes a numeric array or a matrix. */
const takesArrays = [...callables.keys()].filter((n) => ARRAY_PARAM.test(paramsOf(n) ?? "")).sort();

/**
 * Functions that take arrays but that no rewritten example calls with a plain
 * one, and why.
 */
const EXEMPT: Readonly<Record<string, string>> = {
  rowMatrix:
    "builds the typed form from number[][] (plain by definition); the rewrite removes the call",
};

/** Examples whose rewrite cannot hold, and why (checked to still fail, so the list stays honest). */
const CANNOT_REWRITE: Readonly<Record<string, string>> = {
  "src/core/rowMatrix.ts:15": "shows the RowMatrix rowMatrix builds (m.rows, m.data)",
  "src/core/toPlain.ts:72": "shows toPlain of a RowMatrix, which must stay one",
  "src/subset/embeddingMethod.ts:81":
    "vectors goes into a SubsetMethod's ctx (what evaluateSubset passes), not a public argument",
};

type Outcome = { failures: string[]; plainCalls: Set<string> };

function runPlain(code: string, firstLine: number): Outcome {
  const failures: string[] = [];
  const plainCalls = new Set<string>();
  const wrap = (name: string, f: Fn): Fn => {
    const w = function (this: unknown, ...args: unknown[]) {
      if (args.some((a) => hasPlainArray(a))) plainCalls.add(name);
      return f.apply(this, args);
    };
    // selectors and methods report their own name (embeddingMethod reads it)
    Object.defineProperty(w, "name", { value: f.name });
    return w;
  };
  const scope: Record<string, unknown> = { ...api };
  for (const [name, f] of callables) if (!name.includes(".")) scope[name] = wrap(name, f);
  for (const [reg, members] of Object.entries(REGISTRIES)) {
    scope[reg] = Object.freeze(
      Object.fromEntries(
        Object.entries(members).map(([k, f]) => [k, wrap(`${reg}.${k}`, f as Fn)]),
      ),
    );
  }
  const check = (actual: unknown, comment: string, line: number): void => {
    if (!agrees(actual, comment))
      failures.push(`line ${line}: shows ${comment}\n  actual ${show(actual)}`);
  };
  const throws = (f: () => unknown, comment: string, line: number): void => {
    try {
      f();
    } catch (e) {
      if (!throwsAgrees(e, comment))
        failures.push(`line ${line}: shows ${comment}\n  threw ${String(e)}`);
      return;
    }
    failures.push(`line ${line}: shows ${comment}\n  but did not throw`);
  };
  const js = transformSync(instrument(code, firstLine), { loader: "ts", format: "esm" }).code;
  const names = Object.keys(scope);
  try {
    const run = new Function(...names, "__check", "__throws", "__plain", "console", `{\n${js}\n}`);
    run(...names.map((n) => scope[n]), check, throws, plainOf, silent);
  } catch (e) {
    failures.push(`threw ${String(e)}`);
  }
  return { failures, plainCalls };
}

const covered = new Map<string, string>();
const results = examples.map((ex) => {
  const { code, rewritten } = toPlainCode(ex.code);
  const out = rewritten > 0 ? runPlain(code, ex.firstLine) : undefined;
  if (out !== undefined && out.failures.length === 0) {
    for (const n of out.plainCalls) if (!covered.has(n)) covered.set(n, ex.where);
  }
  return { ex, rewritten, out };
});

describe("the plain-array rewrite", () => {
  it("rewrites typed-array and rowMatrix constructions and leaves shown values alone", () => {
    const { code, rewritten } = toPlainCode(
      [
        "f(new Float64Array([1, 2]), Int32Array.of(3, 4)); // Float64Array [1, 2]",
        "g(rowMatrix([[1, 2], [3, 4]]), new Uint8Array(n), Float64Array.from({ length: 2 }, (_, i) => i));",
      ].join("\n"),
    );
    expect(code).toBe(
      [
        "f([1, 2], [3, 4]); // Float64Array [1, 2]",
        "g([[1, 2], [3, 4]], __plain(n), Array.from({ length: 2 }, (_, i) => i));",
      ].join("\n"),
    );
    expect(rewritten).toBe(5);
  });

  it("finds the array-taking public functions from their signatures", () => {
    expect(takesArrays).toContain("horvitzThompson");
    expect(takesArrays).toContain("strategies.srs");
    expect(takesArrays).toContain("getRow");
    expect(takesArrays).not.toContain("createRng");
    expect(takesArrays.length).toBeGreaterThan(90);
  });
});

describe("every @example with typed-array inputs gives its shown output with plain arrays", () => {
  for (const { ex, rewritten, out } of results) {
    if (rewritten === 0 || out === undefined) continue;
    const reason = CANNOT_REWRITE[ex.where];
    it(ex.where, () => {
      if (reason !== undefined) {
        expect(
          out.failures,
          `${ex.where} is listed as not rewritable (${reason}) but passes`,
        ).not.toEqual([]);
        return;
      }
      expect(out.failures, `${ex.where}\n${out.failures.join("\n")}`).toEqual([]);
    });
  }
});

describe("plain-array coverage of the public API", () => {
  it("every public function that takes arrays is called with a plain array by a rewritten example, or is exempt", () => {
    const missing = takesArrays.filter((n) => !covered.has(n) && EXEMPT[n] === undefined);
    expect(missing, `not covered by a plain-array example: ${missing.join(", ")}`).toEqual([]);
  });

  it("every listed example exists (a moved example must be re-listed under its new line)", () => {
    const where = new Set(examples.map((e) => e.where));
    expect(Object.keys(CANNOT_REWRITE).filter((w) => !where.has(w))).toEqual([]);
  });

  it("every exemption is still needed", () => {
    const stale = Object.keys(EXEMPT).filter((n) => covered.has(n) || !takesArrays.includes(n));
    expect(stale).toEqual([]);
  });
});

describe("booleans are 0/1 outcomes", () => {
  const yBool = [true, false, true, true];
  const y01 = [1, 0, 1, 1];
  const pik = [0.5, 0.5, 0.5, 0.5];

  it("horvitzThompson / hajek take y as booleans and agree with 0/1", () => {
    expect(api.horvitzThompson(yBool, pik, 8)).toEqual(api.horvitzThompson(y01, pik, 8));
    expect(api.hajek(yBool, pik)).toEqual(
      api.hajek(Float64Array.from(y01), Float64Array.from(pik)),
    );
  });

  it("failuresFound, auc, hypergeometricCs and fitLogistic take boolean outcomes", () => {
    expect(api.failuresFound([0, 2, 3], yBool)).toBe(
      api.failuresFound(Int32Array.of(0, 2, 3), Uint8Array.from(y01)),
    );
    const scores = [0.9, 0.1, 0.8, 0.4];
    expect(api.auc(scores, yBool)).toBe(api.auc(Float64Array.from(scores), Uint8Array.from(y01)));
    expect(api.hypergeometricCs(yBool, 10)).toEqual(api.hypergeometricCs(Uint8Array.from(y01), 10));
    const X = [[0], [1], [2], [3]];
    expect(api.fitLogistic(X, [false, false, true, true])).toEqual(
      api.fitLogistic(api.rowMatrix(X), Uint8Array.of(0, 0, 1, 1)),
    );
  });

  it("runGrid takes y as booleans", () => {
    const y = [true, false, false, true, false, false, true, false];
    const input = {
      features: { r: [0.9, 0.2, 0.1, 0.8, 0.3, 0.2, 0.7, 0.1] },
      strategies: { srs: api.strategies.srs, sups: api.strategies.sups },
      budgets: [4],
      repetitions: 2,
      seed: 1,
    };
    const plain = api.runGrid({ ...input, y });
    const typed = api.runGrid({
      ...input,
      y: Uint8Array.from(y, Number),
      features: { r: Float64Array.from(input.features.r) },
    });
    expect(plain).toEqual(typed);
  });
});

describe("plain inputs are converted once and never mutated", () => {
  it("a strategy with a plain risk array gives the same run as with a Float64Array", () => {
    const risk = [0.9, 0.1, 0.8, 0.3, 0.7, 0.2, 0.6, 0.4, 0.5, 0.05];
    const copy = risk.slice();
    const y = (i: number) => (i % 3 === 0 ? 1 : 0);
    for (const key of Object.keys(api.strategies) as (keyof typeof api.strategies)[]) {
      const plain = api.runStrategy(api.strategies[key](risk, 4, api.createRng(7)), y);
      const typed = api.runStrategy(
        api.strategies[key](Float64Array.from(risk), 4, api.createRng(7)),
        y,
      );
      expect(plain, key).toEqual(typed);
    }
    expect(risk).toEqual(copy);
  });

  it("a fitted model or a confidence sequence read back from JSON (toPlain) works again", () => {
    const X = [[0], [1], [2], [3], [4]];
    const model = api.fitLogistic(X, [0, 1, 0, 1, 1]);
    const back = JSON.parse(JSON.stringify(api.toPlain(model)));
    expect(Array.isArray(back.coefficients)).toBe(true);
    expect(api.predictLogistic(back, X)).toEqual(api.predictLogistic(model, X));
    const cs = api.bettingCs([0.2, 0.1, 0.3, 0.2, 0.1, 0.2], 50);
    const csBack = JSON.parse(JSON.stringify(api.toPlain(cs)));
    expect(api.stoppingTime(csBack, { halfWidth: 0.4 })).toEqual(
      api.stoppingTime(cs, { halfWidth: 0.4 }),
    );
  });

  it("array-valued options take plain arrays too and give the same result", () => {
    const pi2 = [
      [0.5, 0.2],
      [0.2, 0.5],
    ];
    expect(api.horvitzThompson([1, 0], [0.5, 0.5], 4, { pi2 })).toEqual(
      api.horvitzThompson([1, 0], [0.5, 0.5], 4, { pi2: api.rowMatrix(pi2) }),
    );
    const F = [
      [1, 2],
      [2, 1],
      [3, 3],
    ];
    expect(api.nonDominatedSort(F, { violation: [0, 1, 0] })).toEqual(
      api.nonDominatedSort(api.rowMatrix(F), { violation: Float64Array.of(0, 1, 0) }),
    );
    const a = [0.2, 0.8];
    const b = [0.6, 0.1];
    const opts = { low: [0, 0], high: [1, 1] };
    expect(api.sbx(a, b, api.createRng(3), opts)).toEqual(
      api.sbx(a, b, api.createRng(3), { low: Float64Array.of(0, 0), high: Float64Array.of(1, 1) }),
    );
  });

  it("results stay typed arrays", () => {
    expect(api.pivotal([0.2, 0.7, 0.8, 0.3], api.createRng(1))).toBeInstanceOf(Int32Array);
    expect(api.toRisk([0.1, 0.5, 0.9], "higher")).toBeInstanceOf(Float64Array);
    expect(
      api.confidence([
        [0.2, 0.8],
        [0.6, 0.4],
      ]),
    ).toBeInstanceOf(Float64Array);
  });
});

describe("a rejected plain input names the function, the argument and the fix", () => {
  it("a string in a number[]", () => {
    expect(() => api.horvitzThompson([1, "a" as never, 0], [0.5, 0.5, 0.5], 6)).toThrow(
      new TypeError(
        "horvitzThompson: y must hold numbers: pass numbers, booleans or a Float64Array; got a string at [1]",
      ),
    );
    expect(() => api.pivotal([0.5, null as never], api.createRng(1))).toThrow(
      new TypeError(
        "pivotal: pik must hold numbers: pass numbers or a Float64Array; got null at [1]",
      ),
    );
    expect(() => api.stratifiedSrs([0, "1" as never], [1, 1], api.createRng(1))).toThrow(
      /^stratifiedSrs: strata must hold numbers: pass integers or an Int32Array; got a string at \[1\]$/,
    );
    expect(() => api.failuresFound([0], ["yes" as never])).toThrow(
      /^failuresFound: y must hold numbers: pass 0\/1 numbers, booleans or a Uint8Array; got a string at \[0\]$/,
    );
  });

  it("NaN, a fraction where an integer is due, and a non-0/1 outcome", () => {
    expect(() => api.pivotal([0.5, Number.NaN], api.createRng(1))).toThrow(
      new RangeError("pivotal: pik[1] is not finite (got NaN)"),
    );
    expect(() => api.stratifiedSrs([0, 1.5], [1, 1], api.createRng(1))).toThrow(
      new RangeError("stratifiedSrs: strata[1] must be an integer (got 1.5)"),
    );
    expect(() => api.failuresFound([0], [2])).toThrow(
      new RangeError("failuresFound: y[0] must be 0 or 1 (got 2)"),
    );
  });

  it("a number[] or a deeper nesting where number[][] is due, and ragged rows", () => {
    expect(() => api.confidence([0.2, 0.8] as never)).toThrow(
      new TypeError(
        "confidence: probs[0] must be an array of numbers (a row of number[][]) (got 0.2)",
      ),
    );
    expect(() => api.centroid([[[1]], [[2]]] as never, 1)).toThrow(
      new TypeError(
        "centroid: X[0] must hold numbers: pass number[][] or a RowMatrix; got an array at [0]",
      ),
    );
    expect(() => api.centroid([[1, 2], [3]], 1)).toThrow(
      new RangeError("centroid: X rows differ in length (row 0 has 2, row 1 has 1)"),
    );
    expect(() =>
      api.centroid(
        [
          [1, 2],
          [3, Number.POSITIVE_INFINITY],
        ],
        1,
      ),
    ).toThrow(RangeError);
  });

  it("something that is not an array at all keeps the old message", () => {
    expect(() => api.horvitzThompson("1, 0" as never, [0.5, 0.5], 4)).toThrow(
      /^horvitzThompson: y must be a Float64Array or an array of numbers or booleans \(got "1, 0"\)$/,
    );
  });
});
