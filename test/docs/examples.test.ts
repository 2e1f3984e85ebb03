import { transformSync } from "esbuild";
import { describe, expect, it } from "vitest";
import * as api from "../helpers/api.js";
import { agrees, collectExamples, instrument, show, throwsAgrees } from "./_examples.js";

const examples = collectExamples(process.cwd());
const names = Object.keys(api);
const values = names.map((n) => (api as Record<string, unknown>)[n]);
const silent = { ...console, log: () => {}, info: () => {}, warn: () => {}, table: () => {} };

describe("the example convention", () => {
  it("formats values in the examples' notation", () => {
    expect(show(new Int32Array([1, 4]))).toBe("Int32Array [1, 4]");
    expect(show([new Int32Array([2]), 0.5, "a"])).toBe('[Int32Array [2], 0.5, "a"]');
    expect(show({ type: "line", point: true })).toBe('{ type: "line", point: true }');
  });

  it("accepts a matching literal with a trailing explanation and rejects a near miss", () => {
    expect(agrees(2, "2  ((15 + 12.5 + 12.5) / 20)")).toBe(true);
    expect(agrees(0.5, "0.55")).toBe(false);
    expect(agrees(0.5, "0.5")).toBe(true);
    expect(agrees(new Float64Array([1, 2, 3]), "Float64Array [1, 2, ...]")).toBe(true);
    expect(agrees(new Float64Array([1, 5, 3]), "Float64Array [1, 2, ...]")).toBe(false);
    expect(agrees({ a: 1 }, "{ 'a': 1 }")).toBe(true);
  });

  it("instruments `expr; // literal` lines and leaves prose comments alone", () => {
    const code = instrument(
      "f(1); // 2\ng(); // runs the thing\nconst x = 1; // 1\nh(x);\n// [1]",
      10,
    );
    expect(code).toBe(
      '__check((f(1)), "2", 10);\ng(); // runs the thing\nconst x = 1; // 1\n__check((h(x)), "[1]", 13);\n',
    );
  });

  it("checks `// throws Class: message` comments", () => {
    expect(instrument("f(); // throws RangeError: f: bad", 1)).toBe(
      '__throws(() => (f()), "throws RangeError: f: bad", 1);',
    );
    expect(throwsAgrees(new RangeError("f: bad x"), "throws RangeError: f: bad ...")).toBe(true);
    expect(throwsAgrees(new TypeError("f: bad x"), "throws RangeError: f: bad")).toBe(false);
  });

  it("finds the examples", () => {
    expect(examples.length).toBeGreaterThan(50);
  });
});

describe("every @example in src/ runs and shows its real output", () => {
  for (const ex of examples) {
    it(ex.where, () => {
      const failures: string[] = [];
      const check = (actual: unknown, comment: string, line: number): void => {
        if (!agrees(actual, comment))
          failures.push(`line ${line}: shows ${comment}\n  actual ${show(actual)}`);
      };
      const js = transformSync(instrument(ex.code, ex.firstLine), {
        loader: "ts",
        format: "esm",
      }).code;
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
      // The block lets an example declare a name the package also exports (e.g. `const rmse = ...`).
      const run = new Function(...names, "__check", "__throws", "console", `{\n${js}\n}`);
      run(...values, check, throws, silent);
      expect(failures, `${ex.where}\n${failures.join("\n")}`).toEqual([]);
    });
  }
});
