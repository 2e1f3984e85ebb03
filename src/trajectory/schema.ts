/**
 * The unified trajectory schema shared by every parser (paper 2, section 4.1,
 * figure 3c): what the agent did, not how its framework logged it.
 */

/** The agent framework whose log a {@link Trajectory} was parsed from. */
export type Framework = "mini-swe-agent" | "openhands" | "swe-agent";

/**
 * One agent turn: the model's reasoning, the action it took, and what it saw.
 *
 * Every parser fills the same fields by the same rules (see
 * {@link parseTrajectory} for the extraction rules); only where the text comes
 * from differs per framework.
 */
export type Step = {
  /** 0-based position of the step in the trajectory. */
  readonly index: number;
  /**
   * The model's reasoning for this turn. mini-swe-agent: the reply without its
   * bash block and without the `THOUGHT:` label (v2 tool calling: the reply's
   * text, on the first call's step). OpenHands: the text blocks of
   * the assistant message. SWE-agent: the `thought` field.
   */
  readonly thought: string;
  /**
   * The action as the agent issued it. A shell command for shell tools (the
   * bash block of mini-swe-agent, or in v2 its `extra.actions` command, the `command` argument of OpenHands'
   * `execute_bash`, SWE-agent's `action`); `"<tool> <arguments JSON>"` for
   * other tool calls (the arguments string verbatim); `""` when the turn
   * issued no action (format errors, plain messages).
   */
  readonly action: string;
  /**
   * The normalised command verb: for shell actions the program of the first
   * simple command after stripping `cd ... &&`, environment assignments and
   * wrappers (`timeout`, `env`, `sudo`), with `python -m X` reported as
   * `python -m X`; for editor tools the editor sub-command (`str_replace`,
   * `create`, `view`, ...); for other tool calls and SWE-agent's special
   * commands the tool name (`finish`, `submit`, `open`, ...); absent when there
   * is no action.
   */
  readonly command?: string;
  /**
   * The tool that executed the action: `"bash"` for shell commands of
   * mini-swe-agent and SWE-agent, the function name for OpenHands tool calls
   * (`execute_bash`, `str_replace_editor`, `finish`, ...), the special command
   * name for SWE-agent's built-in tools (`edit`, `open`, `submit`, ...).
   */
  readonly tool?: string;
  /**
   * Files written by the action: the `path` of editor tools that change a file
   * (`create`, `str_replace`, `insert`, `undo_edit`, `write`), and for shell
   * commands the targets of `>`/`>>` redirections, `tee`, `sed -i`, `touch`,
   * `rm`, `cp`/`mv` destinations, plus SWE-agent's `edit`/`insert`/`create` target.
   * Each path appears verbatim in the raw log. Reading a file is not touching it.
   */
  readonly filesTouched: readonly string[];
  /**
   * Test invocations found in the shell action, each the verbatim command
   * segment (split on `&&`, `||`, `;`, `|` and newlines) that runs pytest,
   * py.test, tox, nose, `python -m unittest`/`pytest`, Django's `runtests.py`
   * or `manage.py test`, `make test`, `bin/test` (also as `python bin/test`), or a Python script whose file
   * name starts with `test_` / ends with `_test.py` / is named `tests.py`.
   */
  readonly testsRun: readonly string[];
  /**
   * Lines written by the action: `old_str` lines + `new_str` lines for a string
   * replacement, `file_text` lines for a file creation, `new_str` lines for an
   * insertion, heredoc body lines for a shell write, one per `sed -i`
   * expression and target file (`sed -i 's/a/b/' f1.py f2.py` is 2), replaced
   * range + new lines for SWE-agent's `edit a:b`, search + replace lines for
   * its `edit '<search>' '<replace>'`, text lines for its `insert '<text>'`; 0 for
   * actions that write nothing.
   */
  readonly editSize: number;
  /**
   * Exit code reported in the observation (`<returncode>N</returncode>`,
   * `[Command finished with exit code N]`, `exit code: N`); absent when the
   * observation reports none (editor tools, SWE-agent).
   */
  readonly exitCode?: number;
  /**
   * Exception type of the last Python traceback in the observation, read from
   * the line that ends it after its last `File "..."` frame, so that program
   * output printed between the frames is not taken for it (else of
   * the last line starting `SomeError:`, as left by truncated logs, else of
   * the last pytest `E   SomeError` line), e.g. `"AssertionError"`, `"django.core.exceptions.FieldError"`;
   * absent when the exit code is 0 (the paper's rule: exit code 0 means no
   * error) or when no traceback is present.
   */
  readonly error?: string;
  /**
   * What the agent saw after the action, truncated to `maxObservationChars`
   * (see {@link ParseTrajectoryOptions}) with a `[... N characters truncated ...]` marker
   * between the kept head and tail.
   */
  readonly observation: string;
};

/** A parsed agent run on one benchmark instance. */
export type Trajectory = {
  /** Unique id of this run: `options.id`, else `"<framework>:<instanceId>"`. */
  readonly id: string;
  /** The framework whose log was parsed. */
  readonly framework: Framework;
  /** The benchmark instance, e.g. `"django__django-11066"`. */
  readonly instanceId: string;
  /** Model name as logged (mini-swe-agent `info.config.model.model_name`, OpenHands `response.model`), or `options.model`. */
  readonly model?: string;
  /** Whether the run resolved the instance: `options.outcome`; no shipped log records it. */
  readonly outcome?: boolean;
  /** The agent turns in order. */
  readonly steps: readonly Step[];
};

/** Options shared by every trajectory parser. */
export type ParseTrajectoryOptions = {
  /** Trajectory id; defaults to `"<framework>:<instanceId>"`. */
  id?: string;
  /**
   * Benchmark instance id. Required for OpenHands completion logs, which do not
   * record it; overrides the logged `instance_id` otherwise.
   */
  instanceId?: string;
  /** Model name; overrides the logged one. */
  model?: string;
  /** Whether the run resolved the instance (from the benchmark's report). */
  outcome?: boolean;
  /**
   * Longest observation kept, in characters; longer observations keep their
   * first and last halves around a `[... N characters truncated ...]` marker.
   * @defaultValue 20000
   */
  maxObservationChars?: number;
};
