import { describe, expect, it } from "vitest";
import {
  checkSession,
  labelsCsv,
  parseTable,
  readIds,
  replay,
  riskOf,
  type Settings,
  saveSession,
  seedValue,
} from "../../apps/label/session.js";

const settings: Settings = {
  idColumn: "id",
  scoreColumn: "risk",
  scoreKind: "risk",
  floor: 0.05,
  goal: "both",
  strategy: "sups",
  budget: 3,
  halfWidth: 0.1,
  threshold: undefined,
  seed: "1",
  level: 0.95,
};

describe("labelling page: reading the items file", () => {
  it("reads quoted CSV fields with commas, quotes and line breaks, with their file lines", () => {
    const t = parseTable("a.csv", 'id,text,risk\r\na,"x, ""y""",0.5\nb,"two\nlines",1\n\n');
    expect(t.columns).toEqual(["id", "text", "risk"]);
    expect(t.cells).toEqual([
      ["a", 'x, "y"', "0.5"],
      ["b", "two\nlines", "1"],
    ]);
    expect(t.lines).toEqual([2, 3]);
  });

  it("reads JSON Lines, showing nested values as JSON", () => {
    const t = parseTable("a.jsonl", '{"id":"a","risk":0.25,"f":{"k":1}}\n\n{"id":"b","risk":1}\n');
    expect(t.cells).toEqual([
      ["a", "0.25", '{"k":1}'],
      ["b", "1", ""],
    ]);
    expect(t.lines).toEqual([1, 3]);
    expect(() => parseTable("b.jsonl", '{"id":1}\n[1]\n')).toThrow(
      "b.jsonl:2: each line must be a JSON object",
    );
  });

  it("reads what the CLI reads, and refuses what it refuses (an exported command failed)", () => {
    // header names as they are: " risk" is the column the CLI will be told
    expect(parseTable("a.csv", "id, risk\na,1\n").columns).toEqual(["id", " risk"]);
    expect(() => parseTable("a.csv", 'id,text\na,"x"y\n')).toThrow(
      "a.csv:2: text after a closing quote",
    );
    expect(() => parseTable("a.csv", 'id,text\na,x"y\n')).toThrow(
      "a.csv:2: a quote inside an unquoted field",
    );
    expect(() => parseTable("a.jsonl", '{"id":"a"}\n{"id":"b","risk":1}\n')).toThrow(
      'a.jsonl:2: key "risk" is not in the first line\'s keys',
    );
  });

  it("rejects a missing id column, a ragged row and duplicate ids, naming the line", () => {
    expect(() => readIds(parseTable("a.csv", "x\n1\n"), "")).toThrow("a.csv: no id column");
    expect(() => parseTable("a.csv", "id,risk\na,1,2\n")).toThrow(
      "a.csv:2: 3 fields, the header has 2",
    );
    expect(() => readIds(parseTable("a.csv", "id\na\nb\na\n"), "id")).toThrow(
      'a.csv:4: duplicate id "a" (first on line 2)',
    );
  });

  it("gives a negative or missing risk the strategy's own error with the row", () => {
    const neg = parseTable("a.csv", "id,risk\na,1\nb,-2\n");
    expect(() => riskOf(neg, settings)).toThrow(
      /^strategies.sups: risk\[1\].*\(data row 1, a\.csv line 3\)$/,
    );
    const nan = parseTable("a.csv", "id,risk\na,1\nb,\n");
    expect(() => riskOf(nan, settings)).toThrow(/^strategies.sups: risk\[1\].*NaN.*line 3\)$/);
    const p = parseTable("a.csv", "id,risk\na,1.5\nb,0\n");
    expect(() => riskOf(p, { ...settings, scoreKind: "failProb" })).toThrow(
      "score[0] must be a probability in [0, 1] (got 1.5) (data row 0, a.csv line 2)",
    );
  });
});

describe("labelling page: sessions", () => {
  const t = parseTable("a.csv", "id,risk\na,1\nb,2\nc,3\nd,4\n");
  const ids = readIds(t, "id");

  it("reads the seed as the CLI does", () => {
    expect([seedValue("7"), seedValue("007"), seedValue("-0"), seedValue("abc")]).toEqual([
      7,
      "007",
      "-0",
      "abc",
    ]);
  });

  it("refuses a session saved for another file or with edited settings", () => {
    const saved = saveSession("a.csv", ids, settings, [{ row: 1, label: 1 }], []);
    expect(checkSession(JSON.parse(JSON.stringify(saved)), ids, "a.csv").labels).toEqual([
      { row: 1, label: 1, id: "b" },
    ]);
    expect(() => checkSession(saved, ["a", "b", "c", "e"], "e.csv")).toThrow(
      "this session was saved for another file (a.csv, 4 items",
    );
    expect(() =>
      checkSession({ ...saved, settings: { ...settings, seed: "2" } }, ids, "a.csv"),
    ).toThrow("do not match its hash");
  });

  it("counts the labelled draws, those after a skipped row included (the progress line stopped at the skip)", () => {
    const big = parseTable(
      "b.csv",
      `id,risk\n${Array.from({ length: 20 }, (_, i) => `i${i},${1 + (i % 5)}`).join("\n")}\n`,
    );
    const fixed: Settings = { ...settings, strategy: "balanced", halfWidth: undefined, budget: 8 };
    const risk = riskOf(big, fixed);
    const plan = replay(risk, fixed, new Map()).pending;
    expect(plan).toHaveLength(8);
    // skip the first planned row, label the other seven
    const labels = new Map(plan.slice(1).map((row) => [row, 1]));
    const r = replay(risk, fixed, labels);
    expect(r.picks).toHaveLength(0);
    expect(r.labelledDraws).toBe(7);
  });

  it("exports row,id,label and replays a budget above N as the library's error", () => {
    expect(labelsCsv(["a", "b,c"], [{ row: 1, label: 0 }])).toBe('row,id,label\n1,"b,c",0\n');
    const risk = riskOf(t, settings);
    expect(() => replay(risk, { ...settings, budget: 5 }, new Map())).toThrow(
      /^strategies.sups: budget/,
    );
    expect(replay(risk, settings, new Map()).pending).toHaveLength(1);
  });
});
