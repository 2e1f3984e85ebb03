import { describe, expect, it } from "vitest";
import { forestSpec, forestSpecDefaults } from "../../src/plot/forestSpec.js";
import { rows, toVega } from "./_compile.js";

const input = [
  { name: "srs", estimate: 0.3, ci: [0.2, 0.4] as const, group: "design" },
  { name: "ppi", estimate: 0.32, ci: [0.27, 0.37] as const, group: "model-assisted" },
];

describe("forestSpec(rows, options)", () => {
  it("flattens each row's interval into lo / hi and keeps the group", () => {
    expect(rows(forestSpec(input))).toEqual([
      { name: "srs", estimate: 0.3, lo: 0.2, hi: 0.4, group: "design" },
      { name: "ppi", estimate: 0.32, lo: 0.27, hi: 0.37, group: "model-assisted" },
    ]);
  });

  it("accepts an Estimate spread into the row (extra fields ignored) and compiles", () => {
    const e = {
      estimate: 0.5,
      variance: 0.01,
      se: 0.1,
      ci: [0.3, 0.7] as const,
      n: 20,
      level: 0.95,
    };
    const spec = forestSpec([{ name: "srs", ...e }], { reference: 0.45, axisTitle: "rate" });
    expect(rows(spec)).toEqual([{ name: "srs", estimate: 0.5, lo: 0.3, hi: 0.7 }]);
    expect(spec.height).toBe(forestSpecDefaults.rowHeight);
    expect(toVega(spec)).toHaveProperty("marks");
  });

  it("leaves its input unchanged", () => {
    const copy = structuredClone(input);
    forestSpec(input);
    expect(input).toEqual(copy);
  });

  it("throws on a repeated name, an unbounded or reversed interval and a bad option", () => {
    const row = input[0] ?? input[1];
    if (row === undefined) throw new Error("no row");
    expect(() => forestSpec([row, row])).toThrow(
      'forestSpec: rows[1].name repeats rows[0].name "srs"',
    );
    expect(() => forestSpec([{ ...row, ci: [0, Number.POSITIVE_INFINITY] }])).toThrow(
      "forestSpec: rows[0].ci must be finite (an unbounded interval cannot be drawn; leave the row out or clip it) (got Infinity)",
    );
    expect(() => forestSpec([{ ...row, ci: [0.5, 0.4] }])).toThrow(
      "forestSpec: rows[0].ci must have lo <= hi (got [0.5, 0.4])",
    );
    expect(() => forestSpec([{ ...row, ci: 0.4 as never }])).toThrow(TypeError);
    expect(() => forestSpec([row], { reference: Number.NaN })).toThrow(
      "forestSpec: options.reference must be finite (got NaN)",
    );
    expect(() => forestSpec([row], { rowHeight: 0 })).toThrow(RangeError);
    // a string was read as options "0", "1", ...; an overflowing height was blamed on height
    expect(() => forestSpec([row], "abc" as never)).toThrow(
      new TypeError("forestSpec: options must be an object"),
    );
    expect(() => forestSpec([row, { ...row, name: "b" }], { rowHeight: 1e308 })).toThrow(
      /^forestSpec: options.rowHeight x 2 rows overflows/,
    );
    expect(() => forestSpec([row], { axisTitle: 3 as never })).toThrow(
      "forestSpec: options.axisTitle must be a string",
    );
    expect(() => forestSpec([])).toThrow("forestSpec: rows must not be empty");
  });
});

describe("forestSpec: review findings", () => {
  it("names the colour of a row without a group beside grouped rows, and takes height: undefined as the default", () => {
    const rows = [
      { name: "srs", estimate: 0.1, ci: [0.05, 0.15] as const, group: "design" },
      { name: "pivotal", estimate: 0.12, ci: [0.08, 0.16] as const },
    ];
    const spec = forestSpec(rows);
    expect((spec["data"] as { values: { group?: string }[] }).values.map((v) => v.group)).toEqual([
      "design",
      "(no group)",
    ]);
    expect(forestSpec(rows, { height: undefined })["height"]).toBe(forestSpec(rows)["height"]);
    // null is no height: refused as before, not taken as the default
    expect(() => forestSpec(rows, { height: null as unknown as number })).toThrow(/forestSpec/);
  });
});
