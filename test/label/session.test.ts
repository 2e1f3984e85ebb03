import { describe, expect, it } from "vitest";
import {
  checkSession,
  contentHash,
  freeStart,
  goalDefaults,
  hash,
  idsHash,
  labelsCsv,
  OtherContentError,
  parseTable,
  plural,
  readIds,
  replay,
  riskOf,
  type SessionStore,
  type Settings,
  savedSessions,
  saveSession,
  seedValue,
  storageKey,
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
      "b.jsonl:2:1: malformed row: each line must be a JSON object",
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
      'a.jsonl:2:1: malformed row: key "risk" is not in the first row',
    );
  });

  it("refuses a duplicate CSV header, as the CLI does (the page used to accept it)", () => {
    expect(() => parseTable("dupcol.csv", "id,p_fail,p_fail\na,0.1,0.2\n")).toThrow(
      'dupcol.csv:1:3: duplicate column "p_fail"',
    );
  });

  it("flattens JSON Lines arrays to key.0, key.1, ... as the CLI does, and refuses a longer one later", () => {
    const t = parseTable("a.jsonl", '{"id":"a","probs":[0.1,0.9]}\n{"id":"b","probs":[0.2,0.8]}\n');
    expect(t.columns).toEqual(["id", "probs.0", "probs.1"]);
    expect(t.cells).toEqual([
      ["a", "0.1", "0.9"],
      ["b", "0.2", "0.8"],
    ]);
    expect(() =>
      parseTable(
        "arrays.jsonl",
        '{"id":"a","probs":[0.1,0.9]}\n{"id":"b","probs":[0.2,0.7,0.1]}\n',
      ),
    ).toThrow('arrays.jsonl:2:1: malformed row: key "probs.2" is not in the first row');
  });

  it("reads a .json file of JSON Lines as the CLI does, and refuses a JSON array with its advice", () => {
    const t = parseTable("items.json", '{"id":"a","risk":1}\n{"id":"b","risk":2}\n');
    expect(t.columns).toEqual(["id", "risk"]);
    expect(t.cells).toHaveLength(2);
    expect(() => parseTable("items.json", '[{"id":"a"}]\n')).toThrow(
      "this .json file holds a JSON array. Convert it with: jq -c '.[]' items.json > items.jsonl",
    );
    expect(() => parseTable("items.json", '{\n "id": "a"\n}\n')).toThrow(
      "this .json file is one JSON document",
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
    const saved = saveSession(t, ids, settings, [{ row: 1, label: 1 }], [], 1000);
    expect(checkSession(JSON.parse(JSON.stringify(saved)), t, ids).labels).toEqual([
      { row: 1, label: 1, id: "b" },
    ]);
    const e = parseTable("e.csv", "id,risk\na,1\nb,2\nc,3\ne,4\n");
    expect(() => checkSession(saved, e, readIds(e, "id"))).toThrow(
      "this session was saved for another file (a.csv, 4 items",
    );
    expect(() => checkSession({ ...saved, settings: { ...settings, seed: "2" } }, t, ids)).toThrow(
      "do not match its hash",
    );
    expect(() => checkSession({ ...saved, contentHash: contentHash(e) }, t, ids)).toThrow(
      "do not match its hash",
    );
  });

  it("tells apart two files with the same ids but other answers or scores (another model's outputs)", () => {
    const modelA = parseTable("modelA.csv", "id,answer,risk\na,12,1\nb,7,2\nc,3,3\nd,9,4\n");
    const modelB = parseTable("modelB.csv", "id,answer,risk\na,13,1\nb,7,2\nc,3,3\nd,9,4\n");
    const rescored = parseTable("modelA.csv", "id,answer,risk\na,12,1\nb,7,2\nc,3,3\nd,9,5\n");
    const idsA = readIds(modelA, "id");
    expect(readIds(modelB, "id")).toEqual(idsA);
    expect(new Set([contentHash(modelA), contentHash(modelB), contentHash(rescored)]).size).toBe(3);
    // the same content read from CRLF text with quotes is the same file
    const crlf = parseTable(
      "copy.csv",
      'id,answer,risk\r\n"a",12,1\r\nb,7,2\r\nc,3,3\r\nd,9,4\r\n',
    );
    expect(contentHash(crlf)).toBe(contentHash(modelA));
    const s = { ...settings, strategy: "balanced" as const, halfWidth: undefined };
    const saved = saveSession(modelA, idsA, s, [{ row: 0, label: 1 }], [], 5);
    for (const other of [modelB, rescored]) {
      let err: unknown;
      try {
        checkSession(saved, other, idsA);
      } catch (e) {
        err = e;
      }
      expect(err).toBeInstanceOf(OtherContentError);
      expect((err as Error).message).toMatch(
        /^A session saved for another file with the same 4 items \(modelA\.csv, started .*\): its contents differ/,
      );
      // an explicit choice takes it
      expect(checkSession(saved, other, idsA, true).labels).toHaveLength(1);
    }
    // a session of the first page (ids only, no content recorded) needs the same choice
    const v1 = {
      format: "evalsift-label-session",
      version: 1,
      file: "modelA.csv",
      idsHash: idsHash(idsA),
      sessionHash: hash(`${idsHash(idsA)}\n${JSON.stringify(s)}`),
      items: 4,
      settings: s,
      labels: [{ row: 0, label: 1, id: "a" }],
      skipped: [],
    };
    expect(() => checkSession(v1, modelA, idsA)).toThrow(OtherContentError);
    expect(checkSession(v1, modelA, idsA, true).labels).toHaveLength(1);
  });

  it("keeps every saved session in its own slot: a new one never overwrites a saved one", () => {
    const map = new Map<string, string>();
    const store: SessionStore = {
      get length() {
        return map.size;
      },
      key: (k) => [...map.keys()][k] ?? null,
      getItem: (k) => map.get(k) ?? null,
      setItem: (k, v) => {
        map.set(k, v);
      },
      removeItem: (k) => {
        map.delete(k);
      },
    };
    const put = (table: typeof t, st: Settings, n: number, started: number): string => {
      const saved = saveSession(
        table,
        ids,
        st,
        Array.from({ length: n }, (_, row) => ({ row, label: 1 as const })),
        [],
        started,
      );
      store.setItem(storageKey(saved), JSON.stringify(saved));
      return storageKey(saved);
    };
    const first = put(t, settings, 3, 1000);
    // a new session on the same file a second later (another strategy), and one at the same ms
    const second = put(t, { ...settings, strategy: "srs" }, 1, freeStart(store, ids, t, 2000));
    const third = put(t, settings, 1, freeStart(store, ids, t, 1000));
    expect(new Set([first, second, third]).size).toBe(3);
    // another model's file with the same ids: its own slots, listed as another file's
    const other = parseTable("b.csv", "id,risk\na,1\nb,2\nc,3\nd,5\n");
    put(other, settings, 2, 1500);
    store.setItem("unrelated", "x");
    const listed = savedSessions(store, ids, t);
    expect(listed.map((e) => [e.session.labels.length, e.sameContent])).toEqual([
      [1, true],
      [1, true],
      [3, true],
      [2, false],
    ]);
    expect(savedSessions(store, ids, other).filter((e) => e.sameContent)).toHaveLength(1);
    expect(JSON.parse(store.getItem(first) ?? "").labels).toHaveLength(3);
  });

  it("chooses a measured default for goal both (a fixed-size rhc plan), and says 1 label", () => {
    expect(goalDefaults.both).toBe("rhc");
    expect([plural(1, "label"), plural(2, "label"), plural(0, "draw")]).toEqual([
      "1 label",
      "2 labels",
      "0 draws",
    ]);
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
