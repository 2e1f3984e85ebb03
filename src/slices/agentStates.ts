import {
  checkChoice,
  checkNestedKeys,
  checkNoHoles,
  checkOptions,
  failType,
  optionKeys,
} from "../core/validate.js";
import { checkStepNumbers } from "../trajectory/_checkStep.js";
import {
  basename,
  programIndex,
  segments as shellSegments,
  shellTests,
} from "../trajectory/_shell.js";
import type { Step } from "../trajectory/schema.js";

const KEYS = optionKeys<AgentStatesOptions>()("extraRules");

/** The workflow state of an agent turn (CASPER Table 1; order code in parentheses). */
export type AgentState =
  | "SETUP" // 0
  | "NAVIGATION" // 1
  | "REPRODUCTION" // 2
  | "PATCH" // 3
  | "VALIDATION" // 4
  | "CLEANUP" // 5
  | "SUBMISSION" // 6
  | "OTHER"; // -1, outside the workflow

/**
 * One row of the state table: a turn gets `state` when any listed test
 * matches. `commands` are command-name phrases matched at the start of a
 * simple command of the action, read as the trajectory parser reads it
 * (quotes removed, heredoc bodies excluded), after environment assignments,
 * `sudo`, `env`, `timeout N`, with the program compared by its base name
 * (`/usr/bin/python3` is `python3`); `cd`, `pushd` and `popd` commands are
 * skipped when the action runs anything else (`cd DIR && X` is read as `X`).
 * `patterns` are tested on the whole action (a copy without the `g` and `y`
 * flags, so they keep no state between turns). `thoughtWords` are whole words
 * of the thought (case-insensitive): a word is a run of ASCII letters, digits and
 * `_ . / -`, less trailing dots, so `reproduce_issue.py` is not the word
 * "reproduce". `tools` are tool or editor sub-command names (`Step.tool`,
 * `Step.command`).
 */
export type AgentStateRule = {
  /** The state assigned. */
  readonly state: AgentState;
  /** Command-name phrases, e.g. `"git diff"`, `"sed -n"`. */
  readonly commands?: readonly string[];
  /** Regular expressions tested on `Step.action`. */
  readonly patterns?: readonly RegExp[];
  /** Words that mark the state in `Step.thought`. */
  readonly thoughtWords?: readonly string[];
  /** Tool or editor sub-command names. */
  readonly tools?: readonly string[];
};

/** Options of {@link agentStates}. */
export type AgentStatesOptions = {
  /** Rules tried before the built-in table (first match wins). @defaultValue none */
  readonly extraRules?: readonly AgentStateRule[];
};

/** An action read as shell: its simple commands (wrappers removed) and whether it runs tests. */
type Shell = { readonly segs: readonly (readonly string[])[]; readonly runsTests: boolean };

/** A built-in row: a rule plus, for VALIDATION, a test on the action read as shell. */
type TableRule = AgentStateRule & { readonly shell?: (sh: Shell) => boolean };

const INTERPRETER = /^(?:python[\d.]*|bash|sh)$/;
const SCRIPT_WORD = /test|tests\/|test_|_test\.py|verify|check|eval|validate/;
const DIR_CHANGE = new Set(["cd", "pushd", "popd"]);

/**
 * A script run whose first argument names a test, check or verification:
 * `python check_fix.py`, `bash run_tests.sh`, `./run.sh tests/`. Anchored at
 * the program word, so that `grep "hash" tests/x.py` is no script run.
 */
function scriptCheck(seg: readonly string[]): boolean {
  const prog = seg[0] ?? "";
  if (!INTERPRETER.test(basename(prog)) && !prog.startsWith("./")) return false;
  return SCRIPT_WORD.test(seg[1] ?? "");
}

/** CASPER Table 4, in priority order (first match wins). */
const TABLE: readonly TableRule[] = [
  {
    state: "SUBMISSION",
    patterns: [/COMPLETE_TASK_AND_SUBMIT_FINAL_OUTPUT|MINI_SWE_AGENT_FINAL_OUTPUT/],
    tools: ["finish", "submit"],
  },
  {
    state: "REPRODUCTION",
    thoughtWords: [
      "reproduce",
      "reproduction",
      "replicate",
      "recreate",
      "replicating",
      "replication",
      "recreating",
      "reproducing",
    ],
  },
  {
    state: "VALIDATION",
    commands: [
      "pytest",
      "py.test",
      "tox",
      "nosetests",
      "python -m pytest",
      "python3 -m pytest",
      "python -m unittest",
      "python3 -m unittest",
      "python -m django",
      "python3 -m django",
      "pylint",
      "flake8",
      "mypy",
      "ruff",
      "sphinx-build",
      "make test",
      "make check",
      "cmake --build",
      "python -c",
      "python3 -c",
    ],
    // every test run the trajectory parser lists in Step.testsRun (bin/test,
    // runtests.py, manage.py test, any python -m pytest, ...), by its own rule
    shell: (sh) => sh.runsTests || sh.segs.some(scriptCheck),
  },
  {
    state: "PATCH",
    commands: [
      "sed -i",
      "perl -pi",
      "perl -i",
      "patch",
      "git apply",
      "git checkout",
      "git restore",
      "git reset",
      "git stash",
      "git add",
      "cp",
      "mv",
      "touch",
      "mkdir",
      "tee",
    ],
    patterns: [/<<\s*['"]?(?:EOF|EOT|END)\b/, /(?:^|[^0-9&>])>>?\s*(?!&|\/dev\/null)[\w./-]+/],
    tools: ["str_replace", "create", "insert", "undo_edit", "write", "edit"],
  },
  { state: "CLEANUP", commands: ["rm", "unlink"], patterns: [/\bfind\b.*\s-delete\b/] },
  {
    state: "NAVIGATION",
    commands: [
      "ls",
      "find",
      "locate",
      "tree",
      "du",
      "df",
      "which",
      "whereis",
      "pwd",
      "cat",
      "grep",
      "head",
      "tail",
      "less",
      "more",
      "rg",
      "wc",
      "awk",
      "sed -n",
      "diff",
      "git show",
      "git log",
      "git diff",
      "git status",
      "nl",
    ],
    tools: [
      "view",
      "open",
      "goto",
      "scroll_up",
      "scroll_down",
      "search_file",
      "search_dir",
      "find_file",
    ],
  },
  {
    state: "SETUP",
    commands: [
      "pip install",
      "pip3 install",
      "apt-get",
      "conda",
      "export",
      "poetry install",
      "npm install",
      "cd",
      "pushd",
      "popd",
      "source",
      "echo",
      "exit",
      "wget",
      "whoami",
      "date",
      "bash",
      "true",
    ],
  },
];

/**
 * The simple commands of an action (the trajectory parser's shell reading)
 * with assignments and wrappers removed; `cd`/`pushd`/`popd` commands are
 * dropped when any other command remains.
 */
function readShell(action: string): Shell {
  const parsed = shellSegments(action);
  const segs: string[][] = [];
  for (const s of parsed) {
    // the parser's own reading of assignments and wrappers (time, nohup, timeout -s 9 60, ...)
    const t = programIndex(s.words);
    if (t < s.words.length) segs.push(s.words.slice(t));
  }
  const moves = (seg: readonly string[]) => DIR_CHANGE.has(basename(seg[0] ?? ""));
  const work = segs.filter((seg) => !moves(seg));
  return { segs: work.length > 0 ? work : segs, runsTests: shellTests(parsed).length > 0 };
}

/** Whole words of a thought: runs of ASCII letters, digits and `_ . / -`, less trailing dots. */
function wordsOf(thought: string): Set<string> {
  const out = new Set<string>();
  for (const raw of thought.toLowerCase().split(/[^a-z0-9_./-]+/)) {
    const w = raw.replace(/\.+$/, "");
    if (w.length > 0) out.add(w);
  }
  return out;
}

/** A rule with its patterns copied without the stateful `g` / `y` flags. */
function stateless(rule: AgentStateRule): AgentStateRule {
  if (rule.patterns === undefined) return rule;
  return {
    ...rule,
    patterns: rule.patterns.map((p) => new RegExp(p.source, p.flags.replace(/[gy]/g, ""))),
  };
}

function matches(
  rule: TableRule,
  step: Step,
  sh: Shell,
  thought: () => ReadonlySet<string>,
): boolean {
  if (rule.thoughtWords !== undefined && step.thought.length > 0) {
    const words = thought();
    if (rule.thoughtWords.some((w) => words.has(w.toLowerCase()))) return true;
  }
  if (rule.tools !== undefined) {
    if (rule.tools.some((t) => t === step.tool || (step.tool !== "bash" && t === step.command)))
      return true;
  }
  if (rule.patterns?.some((p) => p.test(step.action)) === true) return true;
  if (rule.shell?.(sh) === true) return true;
  if (rule.commands !== undefined) {
    for (const seg of sh.segs) {
      for (const phrase of rule.commands) {
        const words = phrase.split(" ");
        if (words.every((w, k) => (k === 0 ? basename(seg[0] ?? "") : seg[k]) === w)) return true;
      }
    }
  }
  return false;
}

/**
 * Maps every turn of an agent trajectory to a workflow state (SETUP,
 * NAVIGATION, REPRODUCTION, PATCH, VALIDATION, CLEANUP, SUBMISSION, OTHER) by
 * CASPER's table of command patterns and thought words.
 *
 * Table-driven: rules are tried in priority order and the first match wins:
 * `extraRules`, then SUBMISSION (the mini-swe-agent submit sentinel, `finish`
 * / `submit` tools), REPRODUCTION (the paper's words in the thought: reproduce,
 * replicate, recreate and their forms, as whole words: a file name such as
 * `reproduce_issue.py` is not one), VALIDATION (every test run the trajectory
 * parser lists in `Step.testsRun`, found by the same rule on the action:
 * pytest, tox, `python -m pytest`/`unittest`, `bin/test`, `runtests.py`,
 * `manage.py test`, `make test`, any interpreter path such as
 * `/usr/bin/python3`; linters, `python -c`, and scripts whose first argument
 * is named like test/verify/check/eval/validate), PATCH (`sed -i`, heredoc
 * and `>` / `>>` writes, `tee`, `cp`, `mv`, git workspace changes, editor
 * writes), CLEANUP (`rm`, `unlink`, `find -delete`), NAVIGATION (`ls`, `cat`,
 * `grep`, `sed -n`, `git diff`, editor `view`, ...), SETUP (`pip install`,
 * `echo`, `export`, a bare `cd`, ...); anything else is OTHER. Commands are
 * read as the trajectory parser reads them (quotes removed, heredoc bodies
 * excluded), with a leading `cd DIR &&` (any `cd`/`pushd`/`popd` beside other
 * commands) skipped, so `cd /testbed && python x.py` is read as `python x.py`.
 * The thought words outrank commands, as in the paper; writing precedes
 * reading so that `cat > f <<EOF` is a PATCH, and the paper's broad
 * validation words (test, check, ...) are only read in the first argument of
 * a script run (a command whose program is `python`, `bash`, `sh` or `./...`),
 * so that `grep test` and `grep -n "hash" tests/x.py` stay NAVIGATION.
 *
 * @param steps - The turns of a parsed trajectory (see the trajectory folder).
 * @param options - `extraRules`, tried before the built-in table (default none); their patterns
 *   are used as copies without the `g` / `y` flags, so the caller's RegExps are not changed.
 * @returns One state per step.
 * @throws {TypeError} If `steps` is not an array, a step has no string `action` or `thought`,
 *   `extraRules` is not an array of rule objects, or a rule has an unknown key (with "did you
 *   mean") or a test list of the wrong type.
 * @throws {RangeError} If a rule's `state` is not one of the eight states (with "did you mean"), or a
 *   step's `index` is not an integer >= 0 or its `editSize` not finite (`agentStates: steps[2].index
 *   must be an integer (got NaN)`).
 * @see Muse, B. A. et al. CASPER, Tables 1 and 4; Liu et al. (2026) for the base states.
 * @example
 * ```ts
 * const step = (action: string, thought = "") =>
 *   ({ index: 0, thought, action, filesTouched: [], testsRun: [], editSize: 0, observation: "" });
 * agentStates([step("ls -la"), step("python repro.py", "Let me reproduce it"),
 *   step("sed -i 's/a/b/' x.py"), step("cd /testbed && bin/test sympy/core")]);
 * // ["NAVIGATION", "REPRODUCTION", "PATCH", "VALIDATION"]
 * ```
 */
export function agentStates(
  steps: readonly Step[],
  options: AgentStatesOptions = {},
): AgentState[] {
  return statesAs("agentStates", "steps", steps, options);
}

/** The states a rule or a plan may name. */
export const AGENT_STATES: readonly AgentState[] = [
  "SETUP",
  "NAVIGATION",
  "REPRODUCTION",
  "PATCH",
  "VALIDATION",
  "CLEANUP",
  "SUBMISSION",
  "OTHER",
];
const RULE_KEYS = ["state", "commands", "patterns", "thoughtWords", "tools"] as const;

/**
 * Checks one extra rule: an object of the known keys (a misspelt one gets
 * "did you mean"), a known state, lists of strings (of RegExps for
 * `patterns`); an unknown state gave NaN signals downstream.
 */
function checkRule(fn: string, path: string, r: unknown): void {
  if (typeof r !== "object" || r === null || Array.isArray(r)) {
    failType(fn, `${path} must be an object with a state and its tests`);
  }
  checkNestedKeys(fn, path, r, RULE_KEYS);
  const rule = r as AgentStateRule;
  checkChoice(fn, `${path}.state`, rule.state, AGENT_STATES);
  for (const key of ["commands", "thoughtWords", "tools", "patterns"] as const) {
    const list: unknown = rule[key];
    if (list === undefined) continue;
    const ok =
      Array.isArray(list) &&
      list.every((x) => (key === "patterns" ? x instanceof RegExp : typeof x === "string"));
    if (!ok) {
      failType(
        fn,
        `${path}.${key} must be an array of ${key === "patterns" ? "RegExp" : "strings"}`,
      );
    }
  }
}

/**
 * {@link agentStates} whose errors name `fn` and call the steps `arg`, so that
 * `behavioralSignals` and `fitTedBaseline` report their own names.
 */
export function statesAs(
  fn: string,
  arg: string,
  steps: readonly Step[],
  options: AgentStatesOptions = {},
): AgentState[] {
  if (!Array.isArray(steps)) failType(fn, `${arg} must be an array of Step`);
  checkNoHoles(fn, arg, steps);
  checkOptions(fn, options, KEYS);
  const { extraRules = [] } = options;
  if (!Array.isArray(extraRules)) failType(fn, "extraRules must be an array");
  checkNoHoles(fn, "options.extraRules", extraRules);
  extraRules.forEach((r, k) => {
    checkRule(fn, `options.extraRules[${k}]`, r);
  });
  // copies: RegExp.test on a g/y pattern moves (mutates) its lastIndex
  const rules: readonly TableRule[] = [...extraRules.map(stateless), ...TABLE];
  return steps.map((step, i) => {
    if (typeof step !== "object" || step === null || typeof step.action !== "string") {
      failType(fn, `${arg}[${i}] must be a Step with a string action`);
    }
    if (typeof step.thought !== "string") {
      failType(fn, `${arg}[${i}].thought must be a string (the schema requires it; "" for none)`);
    }
    checkStepNumbers(fn, `${arg}[${i}]`, step);
    const sh = readShell(step.action);
    let words: ReadonlySet<string> | undefined;
    const thought = () => {
      words ??= wordsOf(step.thought);
      return words;
    };
    for (const rule of rules) if (matches(rule, step, sh, thought)) return rule.state;
    return "OTHER";
  });
}
