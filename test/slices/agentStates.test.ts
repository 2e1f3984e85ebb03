import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { agentStates } from "../../src/slices/agentStates.js";
import { behavioralSignals } from "../../src/slices/behavioralSignals.js";
import { fitTedBaseline } from "../../src/slices/fitTedBaseline.js";
import { shellAction } from "../../src/trajectory/_extract.js";
import type { Step, Trajectory } from "../../src/trajectory/schema.js";
import { hasShared } from "../helpers/sharedData.js";
import { realCorpus } from "../trajectory/_real.js";
import { step } from "./_steps.js";

const states = (...actions: string[]) => agentStates(actions.map((a, i) => step(i, a)));
const traj = (steps: Step[]): Trajectory => ({
  id: "t",
  framework: "mini-swe-agent",
  instanceId: "t",
  steps,
});

describe("agentStates(steps): test runs are VALIDATION as the trajectory parser reads them", () => {
  it("bin/test, an interpreter given by its path, runtests.py and manage.py test", () => {
    expect(
      states(
        "bin/test sympy/matrices/expressions/tests/test_matexpr.py",
        "/usr/bin/python3 -m pytest tests/test_utils.py",
        "python bin/test sympy/core",
        "/usr/bin/python3 -c 'print(1)'",
        "cd tests && ./runtests.py queries",
        "python -Wa tests/runtests.py admin_views",
        "python manage.py test app",
        "python -u test_fix.py",
      ),
    ).toEqual(Array(8).fill("VALIDATION"));
  });
  it("every action whose parsed Step.testsRun is non-empty is VALIDATION", () => {
    const cmds = [
      "bin/test sympy/core/tests/test_basic.py",
      "./bin/test sympy/core",
      "/usr/bin/python3 -m pytest -x tests/",
      "timeout 60 python3.11 -m pytest a.py",
      "PYTHONPATH=. nosetests tests",
      "make test",
      "tox -e py39",
      "python3 tests/runtests.py queries --parallel 1",
      "python3 manage.py test app.tests",
      "python3 test_x.py",
      "cd /testbed && git stash && python -m pytest t.py",
    ];
    const steps = cmds.map((c, i) => ({ ...step(i, c), ...shellAction(c, "bash") }));
    for (const s of steps) expect(s.testsRun.length, s.action).toBeGreaterThan(0);
    expect(agentStates(steps)).toEqual(Array(cmds.length).fill("VALIDATION"));
  });
});

describe("agentStates(steps): a cd prefix is skipped", () => {
  it("cd DIR && X is read as X; a bare cd stays SETUP", () => {
    expect(
      states(
        "cd /workspace/astropy__astropy__5.0 && python3 ../reproduce.py",
        "cd reproduction && make html",
        "cd /testbed && ls -la",
        "cd /testbed && rm -f x.py",
        "pushd src && grep -rn foo . && popd",
        "cd /testbed",
        "cd a && cd b",
      ),
    ).toEqual(["OTHER", "OTHER", "NAVIGATION", "CLEANUP", "NAVIGATION", "SETUP", "SETUP"]);
  });
});

describe("agentStates(steps): thought words are whole words", () => {
  it("a file or identifier name holding a REPRODUCTION word does not mark the turn", () => {
    const s = [
      step(0, "rm reproduce_issue.py", {
        thought: "All tests passed. `reproduce_issue.py` is gone.",
      }),
      step(1, "sed -i 's/a/b/' x.py", {
        thought: "Now fix it, then run reproduction/settings.py.",
      }),
      step(2, "ls", { thought: "Run ./reproduce-bug.sh and reproduce.py again" }),
      step(3, "ls", { thought: "Let me reproduce." }),
      step(4, "ls", { thought: "Reproducing: first step" }),
      step(5, "ls", { thought: "I will (re)create it to *replicate* the bug" }),
    ];
    expect(agentStates(s)).toEqual([
      "CLEANUP",
      "PATCH",
      "NAVIGATION",
      "REPRODUCTION",
      "REPRODUCTION",
      "REPRODUCTION",
    ]);
  });
  it("extra rules' thought words are whole words too", () => {
    const rule = { state: "SETUP" as const, thoughtWords: ["Install"] };
    const s = [
      step(0, "ls", { thought: "install_deps.sh exists" }),
      step(1, "ls", { thought: "I will INSTALL it." }),
    ];
    expect(agentStates(s, { extraRules: [rule] })).toEqual(["NAVIGATION", "SETUP"]);
  });
});

describe("agentStates(steps): validation words only in a script run's argument", () => {
  it("sh inside hash, flush, show is no script run", () => {
    expect(
      states(
        'grep "HashedFilesMixin" tests/staticfiles_tests/test_storage.py',
        'grep -n "flush" tests/test_io.py',
        "git show HEAD:tests/test_x.py",
        "rm reproduce_issue.py test_record_applied.py test_flush.py",
        "cat <<'EOF' > test_hashability.py\nimport os\nEOF",
        "ls ./foo tests/",
        "ls tests/runtests.py",
      ),
    ).toEqual([
      "NAVIGATION",
      "NAVIGATION",
      "NAVIGATION",
      "CLEANUP",
      "PATCH",
      "NAVIGATION",
      "NAVIGATION",
    ]);
  });
  it("wrappers are read as the trajectory parser reads them (time, nohup, timeout -s 9 60)", () => {
    expect(
      states(
        "time python check_fix.py",
        "nohup python verify.py",
        "timeout -s 9 60 python check_fix.py",
        "python check_fix.py",
      ),
    ).toEqual(["VALIDATION", "VALIDATION", "VALIDATION", "VALIDATION"]);
  });
  it("a heredoc body is no command", () => {
    expect(states("cat <<'EOF' > run.py\npytest -x\npython -c 'print(1)'\nEOF")).toEqual(["PATCH"]);
  });
  it("script runs named like a check still are VALIDATION", () => {
    expect(
      states(
        "python check_fix.py",
        "python3 verify.py",
        "bash run_tests.sh",
        "sh ./validate.sh",
        "./run.sh tests/",
        "cd /testbed && python3 eval_case.py",
      ),
    ).toEqual(Array(6).fill("VALIDATION"));
  });
});

describe("agentStates(steps, { extraRules }): g / y patterns", () => {
  it("give the same state for the same action and leave the caller's RegExp unchanged", () => {
    const g = /make lint/g;
    const y = /make/y;
    const steps = [step(0, "make lint"), step(1, "make lint"), step(2, "make lint")];
    const rules = [
      { state: "VALIDATION" as const, patterns: [g] },
      { state: "SETUP" as const, patterns: [y] },
    ];
    expect(agentStates(steps, { extraRules: rules })).toEqual(Array(3).fill("VALIDATION"));
    expect(agentStates(steps, { extraRules: rules.slice(1) })).toEqual(Array(3).fill("SETUP"));
    expect(g.lastIndex).toBe(0);
    expect(y.lastIndex).toBe(0);
    g.lastIndex = 5;
    expect(agentStates(steps, { extraRules: rules })).toEqual(Array(3).fill("VALIDATION"));
    expect(g.lastIndex).toBe(5);
    expect(g.flags).toBe("g");
  });
});

describe("malformed steps name the function and the argument", () => {
  it("a step without a string thought", () => {
    const bad = [{ ...step(0, "ls"), thought: undefined }] as unknown as Step[];
    expect(() => agentStates(bad)).toThrow(
      new TypeError(
        'agentStates: steps[0].thought must be a string (the schema requires it; "" for none)',
      ),
    );
    expect(() => behavioralSignals(traj(bad))).toThrow(
      /^behavioralSignals: trajectory\.steps\[0\]\.thought must be a string/,
    );
    expect(() =>
      fitTedBaseline([
        { ...traj(bad), outcome: true },
        { ...traj(bad), outcome: true },
      ]),
    ).toThrow(/^fitTedBaseline: trajectories\[0\]\.steps\[0\]\.thought must be a string/);
  });
  it("a step without a filesTouched array of strings, or with a non-integer exitCode", () => {
    const noFiles = [{ ...step(0, "sed -i 's/a/b/' x.py"), filesTouched: undefined }];
    expect(() => behavioralSignals(traj(noFiles as unknown as Step[]))).toThrow(
      new TypeError(
        "behavioralSignals: trajectory.steps[0].filesTouched must be an array of strings ([] for none)",
      ),
    );
    // also when the step is not a PATCH (the schema requires the field on every step)
    const numFiles = [step(0, "ls"), { ...step(1, "ls"), filesTouched: [3] }];
    expect(() => behavioralSignals(traj(numFiles as unknown as Step[]))).toThrow(
      /^behavioralSignals: trajectory\.steps\[1\]\.filesTouched must be an array of strings/,
    );
    const strCode = [{ ...step(0, "pytest"), exitCode: "1" }];
    expect(() => behavioralSignals(traj(strCode as unknown as Step[]))).toThrow(
      new TypeError("behavioralSignals: trajectory.steps[0].exitCode must be a number or absent"),
    );
    expect(() => behavioralSignals(traj([step(0, "pytest", { exitCode: Number.NaN })]))).toThrow(
      new RangeError(
        "behavioralSignals: trajectory.steps[0].exitCode must be an integer (got NaN)",
      ),
    );
  });
  it("a step whose index or editSize is NaN or infinite (was taken: no function read them)", () => {
    for (const v of [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY]) {
      const badIndex = [step(0, "ls"), step(v, "ls")];
      const badSize = [step(0, "ls"), step(1, "ls", { editSize: v })];
      expect(() => agentStates(badIndex), String(v)).toThrow(
        new RangeError(`agentStates: steps[1].index must be an integer (got ${v})`),
      );
      expect(() => agentStates(badSize), String(v)).toThrow(
        new RangeError(`agentStates: steps[1].editSize must be finite (got ${v})`),
      );
      expect(() => behavioralSignals(traj(badIndex))).toThrow(
        new RangeError(
          `behavioralSignals: trajectory.steps[1].index must be an integer (got ${v})`,
        ),
      );
      expect(() => behavioralSignals(traj(badSize))).toThrow(
        new RangeError(`behavioralSignals: trajectory.steps[1].editSize must be finite (got ${v})`),
      );
      const ok = { ...traj([step(0, "ls")]), outcome: true };
      expect(() => fitTedBaseline([ok, { ...traj(badIndex), outcome: true }])).toThrow(
        new RangeError(
          `fitTedBaseline: trajectories[1].steps[1].index must be an integer (got ${v})`,
        ),
      );
      expect(() => fitTedBaseline([{ ...traj(badSize), outcome: true }, ok])).toThrow(
        new RangeError(
          `fitTedBaseline: trajectories[0].steps[1].editSize must be finite (got ${v})`,
        ),
      );
    }
    expect(() => agentStates([step(-1, "ls")])).toThrow(
      new RangeError("agentStates: steps[0].index must be at least 0 (got -1)"),
    );
    expect(() => agentStates([{ ...step(0, "ls"), editSize: "2" } as unknown as Step])).toThrow(
      new TypeError('agentStates: steps[0].editSize must be a number (got "2")'),
    );
  });
  it("a goldFiles entry that is not a string", () => {
    const t = traj([step(0, "sed -i 's/a/b/' x.py", { filesTouched: ["x.py"] })]);
    expect(() => behavioralSignals(t, { goldFiles: ["x.py", 3 as unknown as string] })).toThrow(
      new TypeError("behavioralSignals: options.goldFiles[1] must be a string"),
    );
  });
});

describe("kmeansSlices TSDoc", () => {
  it("names gmmSlices as the paper's Gaussian-mixture baseline", () => {
    const src = readFileSync(new URL("../../src/slices/kmeansSlices.ts", import.meta.url), "utf8");
    expect(src).toContain("{@link gmmSlices}");
    expect(src).not.toMatch(/no maintained JavaScript Gaussian-mixture/);
  });
});

describe.skipIf(!hasShared)("agentStates on the 40 real trajectories", () => {
  it("every parsed test run is VALIDATION unless the thought or a submission outranks it", () => {
    let runs = 0;
    for (const t of realCorpus()) {
      const st = agentStates(t.steps);
      t.steps.forEach((s, i) => {
        if (s.testsRun.length === 0) return;
        runs++;
        expect(["VALIDATION", "REPRODUCTION", "SUBMISSION"], s.action).toContain(st[i]);
      });
    }
    expect(runs).toBeGreaterThan(0);
  });
  it("no OpenHands turn is SETUP only because of its cd prefix", () => {
    for (const t of realCorpus()) {
      const st = agentStates(t.steps);
      t.steps.forEach((s, i) => {
        if (st[i] === "SETUP" && /^\s*cd\s+\S+\s*&&/.test(s.action)) {
          expect(
            /&&\s*(?:cd|pushd|popd|pip|echo|export|source|conda)\b/.test(s.action),
            s.action,
          ).toBe(true);
        }
      });
    }
  });
});
