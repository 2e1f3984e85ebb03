import { describe, expect, it } from "vitest";
import { parseMiniSweAgent } from "../../src/trajectory/parseMiniSweAgent.js";
import { sanitize } from "../../src/trajectory/sanitize.js";
import { traj } from "./_make.js";

describe("sanitize(corpus, options)", () => {
  it("reproduces its documented example", () => {
    const t = parseMiniSweAgent(
      {
        instance_id: "demo__demo-1",
        messages: [
          { role: "user", content: "Fix it." },
          {
            role: "assistant",
            content: "THOUGHT: test\n\n```bash\npytest tests/test_demo.py\n```",
          },
          {
            role: "user",
            content:
              "<returncode>1</returncode>\nAssertionError in demo at 3f8a2b1c\n1 failed in 0.12s",
          },
        ],
      },
      { outcome: false },
    );
    const out = sanitize([t]);
    expect(out.texts[0]).toBe(
      "pytest tests/test_[REPO_VAR].py\n[ERR_ASSERT] in [REPO_VAR] at [HASH]\n1 in [DURATION]",
    );
    expect(out.report.applied.map((r) => r.rule)).toEqual([
      "duration",
      "hex hash",
      "outcome word failed",
      "returncode tag",
      "repository",
      "error type AssertionError",
    ]);
    expect(out.report.applied.find((r) => r.rule === "repository")?.count).toBe(3);
    expect(out.trajectories[0]?.steps[0]?.thought).toBe("test");
    expect(out.trajectories[0]?.id).toBe(t.id);
  });

  it("phase 1: replaces random identifiers by typed placeholders", () => {
    const out = sanitize([
      traj("a__b-1", [
        [
          "PYTHONHASHSEED=1868256478 python x.py",
          "id 123e4567-e89b-12d3-a456-426614174000 at 0x7f3a2b1c4d5e\n" +
            "2024-05-01T12:00:01Z wrote /tmp/tmpab12_x/out.txt in 3.5s \u001b[32mgreen\u001b[0m",
        ],
      ]),
    ]);
    expect(out.texts[0]).toBe(
      "[RANDOM_SEED] python x.py\nid [UUID] at [ADDR]\n[TIMESTAMP] wrote [PATH] in [DURATION] green",
    );
  });

  it("phase 1: flags character patterns with many distinct tokens, keeps repeated ones", () => {
    // 12 distinct run ids share the pattern "ccc_ddcdcd"; "cache_v2" repeated 12 times is one token
    const ids = Array.from(
      { length: 12 },
      (_, i) => `run_${String(10 + i)}a${i % 10}b${(i * 7) % 10}`,
    );
    const out = sanitize([
      traj("a__b-1", [["echo", ids.join(" ")]]),
      traj("a__b-2", [["echo", "cache_v2 ".repeat(12)]]),
    ]);
    expect(out.report.identifierPatterns).toEqual([
      {
        pattern: "ccc_ddcdcd",
        occurrences: 12,
        distinct: 12,
        example: ids[0],
        placeholder: "[ID]",
      },
    ]);
    expect(out.texts[0]).toBe(`echo\n${Array(12).fill("[ID]").join(" ")}`);
    expect(out.texts[1]).toContain("cache_v2");
    // a repeated token with the same pattern dilutes distinct / occurrences below 0.9
    const diluted = sanitize([
      traj("a__b-1", [["echo", ids.join(" ")]]),
      traj("a__b-2", [["echo", "xyz_12q3w4 ".repeat(12)]]),
    ]);
    expect(diluted.report.identifierPatterns).toEqual([]);
  });

  it("phase 1: removes Zipf-ranked boilerplate present in most trajectories", () => {
    const corpus = Array.from({ length: 6 }, (_, i) =>
      traj(`a__b-${i}`, [[`cmd${i}`, `[Command done] ${"word ".repeat(i)}unique${i}`]]),
    );
    // "word" is rank 1 (0 + 1 + ... + 5 = 15 times) in 5 of 6 trajectories, "[Command" rank 2 in all
    const out = sanitize(corpus, { stopTopK: 2 });
    expect(out.report.stopWords).toEqual([
      { token: "word", rank: 1, count: 15, docFraction: 5 / 6 },
      { token: "[Command", rank: 2, count: 6, docFraction: 1 },
    ]);
    expect(out.texts[2]).toBe("cmd2\ndone] unique2");
    expect(sanitize(corpus, { stopTopK: 2, stopMinDocFraction: 0.9 }).report.stopWords.length).toBe(
      1,
    );
    // fewer than 5 trajectories: no stop words at all
    expect(sanitize(corpus.slice(0, 4), { stopTopK: 1 }).report.stopWords).toEqual([]);
  });

  it("phase 2: removes outcome words and exit codes; keep and remove adjust the list", () => {
    const t = traj("a__b-1", [
      ["pytest", "5 PASSED, 1 failed (ok)\n[Command finished with exit code 1]\npylint clean"],
    ]);
    expect(sanitize([t]).texts[0]).toBe("pytest\n5 1\n[Command finished with ]\npylint clean");
    expect(sanitize([t], { keep: ["passed"], remove: ["pylint"] }).texts[0]).toBe(
      "pytest\n5 PASSED, 1\n[Command finished with ]\nclean",
    );
  });

  it("phase 2: a test runner's counts and progress marks go with the outcome words", () => {
    // unittest's `FAILED (failures=1, errors=2)` kept its counts once FAILED was removed (52 of
    // the 500 real trajectories still said failures=N), and pytest's `.F.E` stayed
    const t = traj("a__b-1", [
      ["runtests", "Ran 12 tests\nFAILED (failures=1, errors=2)\nOK (skipped=1)"],
      ["pytest", "tests/test_a.py .F.E [100%]\ntests/test_b.py .... [100%]"],
    ]);
    // the marks of passing runs go too: kept dots beside removed `.F.E` told outcomes apart
    expect(sanitize([t]).texts[0]).toBe(
      "runtests\nRan 12 tests\npytest\ntests/test_a.py [100%]\ntests/test_b.py [100%]",
    );
    // a count whose name is no outcome stays (`n=3`), and so does an ellipsis
    const u = traj("a__b-2", [["run", "n=3 ... e.f"]]);
    expect(sanitize([u]).texts[0]).toBe("run\nn=3 ... e.f");
  });

  it("phase 2: progress marks and outcome tags go whatever the outcome, so their presence tells nothing", () => {
    // sympy's bin/test (`[OK]`/`[FAIL]`, lower-case f for an expected failure) and pytest: before,
    // `[OK]`/`[FAIL]` were kept as placeholders and only runs with an F or E lost their marks
    const passing = traj(
      "sympy__sympy-1",
      [
        [
          "bin/test sympy/core/tests/test_a.py",
          "sympy/core/tests/test_a.py[6] ...... [OK]\ntests/test_b.py .... [100%]\n...\n.\n----\nRan 1 test",
        ],
      ],
      true,
    );
    const failing = traj(
      "sympy__sympy-2",
      [
        [
          "bin/test sympy/core/tests/test_a.py",
          "sympy/core/tests/test_a.py[6] ...f.F [FAIL]\ntests/test_b.py ..F. [100%]\n..E\nF\n----\nRan 1 test",
        ],
      ],
      false,
    );
    const out = sanitize([passing, failing]);
    const body = "sympy/core/tests/test_a.py[6]\ntests/test_b.py [100%]\n----\nRan 1 test";
    expect(out.texts).toEqual([
      `bin/test [REPO_VAR]/core/tests/test_a.py\n${body.replace("sympy", "[REPO_VAR]")}`,
      `bin/test [REPO_VAR]/core/tests/test_a.py\n${body.replace("sympy", "[REPO_VAR]")}`,
    ]);
    expect(out.report.applied.map((r) => r.rule)).toEqual(
      expect.arrayContaining(["test progress marks", "outcome tag [OK]", "outcome tag [FAIL]"]),
    );
    // real content stays: an ellipsis inside a line, a lone x (code), `cd ..`, `[INFO]`, `[PATH]`
    const kept = traj("a__b-1", [["cd .. && ls", "n=3 ... e.f\nx\n[INFO] done\ncat [PATH]"]]);
    expect(sanitize([kept]).texts[0]).toBe("cd .. && ls\nn=3 ... e.f\nx\n[INFO] done\ncat [PATH]");
    // idempotent, and the fitted rules give the same texts
    const again = sanitize([...out.trajectories], { rules: out.rules });
    expect(again.texts).toEqual(out.texts);
    expect(sanitize([passing, failing], { rules: out.rules }).texts).toEqual(out.texts);
  });

  it("phase 2: reports G² leakage candidates and can remove them", () => {
    const corpus = [
      ...Array.from({ length: 4 }, (_, i) =>
        traj(`a__b-${i}`, [["x", "hooray hooray common"]], true),
      ),
      ...Array.from({ length: 4 }, (_, i) => traj(`a__b-${i + 4}`, [["x", "sadly common"]], false)),
    ];
    const out = sanitize(corpus, { stopTopK: 0, threshold: 5 });
    // hooray: a = 8, b = 0 of c = 16 and d = 12 tokens; E1 = 16*8/28, G² = 2*8 ln(8/E1) = 16 ln(28/16)
    expect(out.report.leakageCandidates[0]?.word).toBe("hooray");
    expect(out.report.leakageCandidates[0]?.g2).toBeCloseTo(16 * Math.log(28 / 16), 12);
    expect(out.texts[0]).toContain("hooray");
    expect(sanitize(corpus, { stopTopK: 0 }).report.leakageCandidateCount).toBe(0);
    const removed = sanitize(corpus, { stopTopK: 0, threshold: 5, removeCandidates: true });
    expect(removed.texts[0]).toBe("x\ncommon");
    expect(removed.rules.removeWords).toContain("hooray");
    // unlabelled corpus: no candidates
    expect(sanitize([traj("a__b-1", [["x", "y"]])]).report.leakageCandidateCount).toBe(0);
  });

  it("phase 3: masks error types and repository identities", () => {
    const t = traj("django__django-11066", [
      [
        "cd /workspace/django__django__3.0 && python -m pytest",
        "AssertionError ModuleNotFoundError django.core.exceptions.FieldError ZeroDivisionError Django",
      ],
    ]);
    expect(sanitize([t], { repoTerms: ["pytest"] }).texts[0]).toBe(
      "cd /workspace/[REPO_VAR] && python -m [REPO_VAR]\n[ERR_ASSERT] [ERR_IMPORT] [REPO_VAR].core.exceptions.[ERR_FIELD] [ERR_ZERO_DIVISION] [REPO_VAR]",
    );
  });

  it("phase 3: masks the import names that identify a repository (sklearn, scikit_learn, mpl_toolkits)", () => {
    // after sanitisation `sklearn` was in all 32 scikit-learn trajectories of the real 500 and in no other
    const sk = traj("scikit-learn__scikit-learn-10297", [
      [
        "python -c 'import sklearn'",
        "/testbed/scikit_learn.egg-info from sklearn.linear_model import X",
      ],
    ]);
    const mpl = traj("matplotlib__matplotlib-13989", [
      ["python a.py", "from mpl_toolkits.mplot3d import Axes3D\nimport seaborn as sns"],
    ]);
    const sea = traj("mwaskom__seaborn-3069", [["python b.py", "sns.histplot(x)"]]);
    const out = sanitize([sk, mpl, sea]);
    expect(out.texts).toEqual([
      "python -c 'import [REPO_VAR]'\n/testbed/[REPO_VAR].egg-info from [REPO_VAR].linear_model import X",
      "python a.py\nfrom [REPO_VAR].mplot3d import Axes3D\nimport [REPO_VAR] as [REPO_VAR]",
      "python b.py\n[REPO_VAR].histplot(x)",
    ]);
    expect(out.rules.repoTerms).toEqual(
      expect.arrayContaining(["sklearn", "scikit_learn", "mpl_toolkits", "sns"]),
    );
  });

  it("never rewrites placeholders, even when a rule names their word", () => {
    const t = traj("path__var-1", [["cat [PATH]", "[REPO_VAR] [ERR_ASSERT] ok"]]);
    const out = sanitize([t], { remove: ["path", "err_assert"], repoTerms: ["repo", "assert"] });
    expect(out.texts[0]).toBe("cat [PATH]\n[REPO_VAR] [ERR_ASSERT]");
  });

  it("keeps the structured fields' verbs: stop and outcome words apply to the texts only", () => {
    // `test` is a Zipf stop word of the real 500; all 145 bin/test steps came out with command ""
    const corpus = Array.from({ length: 6 }, (_, i) => {
      const t = traj(`sympy__sympy-${i}`, [["bin/test a", "test test test ok"]], i % 2 === 0);
      const s0 = t.steps[0] as (typeof t.steps)[number];
      return {
        ...t,
        steps: [
          {
            ...s0,
            command: "test",
            testsRun: ["bin/test a"],
            filesTouched: ["ok", "exit code 1"],
          },
        ],
      };
    });
    const out = sanitize(corpus);
    expect(out.rules.stopWords).toContain("test");
    const s = out.trajectories[0]?.steps[0];
    expect(s?.command).toBe("test");
    expect(s?.testsRun).toEqual(["bin/test a"]);
    // the string rules still apply, and an entry they empty is dropped, not left as ""
    expect(s?.filesTouched).toEqual(["ok"]);
    expect(sanitize([...out.trajectories], { rules: out.rules }).trajectories).toEqual(
      out.trajectories,
    );
  });

  it("reuses fitted rules, sanitises every string field and does not mutate its input", () => {
    const t = {
      ...traj("alpha__beta-1", [["python t.py", "AssertionError at deadbeef12"]], false),
    };
    const s0 = t.steps[0];
    const withFields = {
      ...t,
      steps: [
        {
          ...(s0 as (typeof t.steps)[number]),
          command: "python",
          error: "AssertionError",
          filesTouched: ["/workspace/alpha__beta__1.0/x.py"],
          testsRun: ["python -m pytest beta/test_x.py"],
          thought: "the tests passed",
        },
      ],
    };
    const copy = structuredClone(withFields);
    const out = sanitize([withFields]);
    expect(withFields).toEqual(copy);
    const s = out.trajectories[0]?.steps[0];
    expect(s?.error).toBe("[ERR_ASSERT]");
    expect(s?.filesTouched).toEqual(["/workspace/[REPO_VAR]/x.py"]);
    expect(s?.testsRun).toEqual(["python -m pytest [REPO_VAR]/test_x.py"]);
    expect(s?.thought).toBe("the tests");
    const again = sanitize([withFields], { rules: out.rules });
    expect(again.texts).toEqual(out.texts);
    expect(again.report.identifierPatterns).toEqual([]);
    expect(sanitize([withFields])).toEqual(out);
  });

  it("is idempotent on the cases fast-check once found", () => {
    for (const text of [
      "seed = 3f8a2b1c9d",
      "exit <returncode>0</returncode> code 0",
      "a__b__1deadbeef12",
    ]) {
      const out = sanitize([traj("x__y-1", [["", text]])]);
      expect(sanitize(out.trajectories, { rules: out.rules }).texts).toEqual(out.texts);
    }
    expect(sanitize([traj("x__y-1", [["", "seed = 3f8a2b1c9d"]])]).texts[0]).toBe("seed = [HASH]");
  });

  it("counts tokens before and after", () => {
    const out = sanitize([traj("a__b-1", [["ls", "ok done"]])]);
    expect(out.report.tokens).toEqual({ before: 3, after: 2 });
  });

  it("rejects bad input", () => {
    expect(() => sanitize([])).toThrow(/sanitize: corpus is empty/);
    expect(() => sanitize("x" as unknown as [])).toThrow(TypeError);
    expect(() => sanitize([{ steps: [] } as unknown as ReturnType<typeof traj>])).toThrow(
      /corpus\[0\].instanceId must be a string/,
    );
    const bad = { ...traj("a__b-1", [["ls", "x"]]), steps: [{ index: 0, action: "ls" }] };
    expect(() => sanitize([bad as unknown as ReturnType<typeof traj>])).toThrow(
      /corpus\[0\].steps\[0\] is missing a string or array field of Step/,
    );
    const t = traj("a__b-1", [["ls", "x"]]);
    expect(() => sanitize([t], { minDistinct: 0 })).toThrow(RangeError);
    expect(() => sanitize([t], { minDistinctRatio: 2 })).toThrow(RangeError);
    expect(() => sanitize([t], { threshold: Number.NaN })).toThrow(RangeError);
    expect(() => sanitize([t], { stopMinDocFraction: -0.1 })).toThrow(RangeError);
    expect(() => sanitize([t], { keep: "ok" as unknown as string[] })).toThrow(TypeError);
    expect(() => sanitize([t], { remove: [1] as unknown as string[] })).toThrow(
      /options.remove\[0\]/,
    );
    expect(() =>
      sanitize([t], {
        rules: {
          identifierPatterns: [{ pattern: "cd", placeholder: "X" }],
          stopWords: [],
          removeWords: [],
          repoTerms: [],
        },
      }),
    ).toThrow(/identifierPatterns\[0\]/);
    expect(() => sanitize([t], { removeCandidates: 1 as unknown as boolean })).toThrow(TypeError);
  });
});
