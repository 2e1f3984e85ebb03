import { describe, expect, it } from "vitest";
import { outcomes } from "../../src/subset/outcomes.js";

describe("outcomes(rows)", () => {
  it("builds the runs x items matrix in first-appearance order, whatever the record order", () => {
    const o = outcomes([
      { run: "a", item: "x", resolved: 1 },
      { run: "a", item: "y", resolved: 0 },
      { run: "b", item: "y", resolved: 1 },
      { run: "b", item: "x", resolved: 1 },
    ]);
    expect(o.runs).toEqual(["a", "b"]);
    expect(o.items).toEqual(["x", "y"]);
    expect(Array.from(o.data)).toEqual([1, 0, 1, 1]);
  });

  it("leaves its input unchanged", () => {
    const rows = [
      { run: "a", item: "x", resolved: 1 },
      { run: "a", item: "y", resolved: 0 },
    ];
    const copy = structuredClone(rows);
    outcomes(rows);
    expect(rows).toEqual(copy);
  });

  it("rejects outcome values other than 0/1", () => {
    for (const v of [2, -1, 0.5, Number.NaN, true as unknown as number]) {
      expect(() => outcomes([{ run: "a", item: "x", resolved: v }])).toThrow(
        /outcomes: rows\[0\]\.resolved must be 0 or 1/,
      );
    }
  });

  it("rejects ragged runs, naming the run and a missing item", () => {
    expect(() =>
      outcomes([
        { run: "a", item: "x", resolved: 1 },
        { run: "a", item: "y", resolved: 0 },
        { run: "b", item: "x", resolved: 1 },
      ]),
    ).toThrow(/outcomes: ragged runs: run "b" has 1 of 2 items \(missing "y"\)/);
  });

  it("rejects a duplicate item id within a run", () => {
    expect(() =>
      outcomes([
        { run: "a", item: "x", resolved: 1 },
        { run: "a", item: "x", resolved: 0 },
      ]),
    ).toThrow(/outcomes: duplicate item id "x" in run "a"/);
  });

  it("rejects empty input and malformed records", () => {
    expect(() => outcomes([])).toThrow(RangeError);
    expect(() => outcomes("x" as never)).toThrow(TypeError);
    expect(() => outcomes([null as never])).toThrow(TypeError);
    expect(() => outcomes([{ run: 1 as never, item: "x", resolved: 1 }])).toThrow(TypeError);
    expect(() => outcomes([{ run: "a", item: 2 as never, resolved: 1 }])).toThrow(TypeError);
  });
});
