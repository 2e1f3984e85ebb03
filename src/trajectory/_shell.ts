/**
 * Rule-based reading of shell commands (paper 2, section 4.1): split a command
 * line into simple commands, find the program, test runs, written files and
 * heredoc sizes. A small lexer rather than a full shell parser: it honours
 * quotes, heredocs, `#` comments, `&&`/`||`/`;`/`|`/newlines and redirections,
 * which is what agent commands use.
 * @internal
 */

/** One simple command of a command line. */
export type Segment = {
  /** The segment as written (trimmed, heredoc body excluded). */
  readonly text: string;
  /** Words with quotes removed; redirections and their targets excluded. */
  readonly words: readonly string[];
  /** Targets of `>` / `>>` redirections, verbatim. */
  readonly redirects: readonly string[];
  /** Number of heredoc body lines fed to this segment. */
  readonly heredocLines: number;
};

const WRAPPERS = new Set(["timeout", "env", "sudo", "time", "nohup", "xargs", "exec", "command"]);
const NAVIGATION = new Set([
  "cd",
  "pushd",
  "popd",
  "export",
  "source",
  ".",
  "set",
  "unset",
  "true",
]);
const TEST_PROGRAMS = new Set(["pytest", "py.test", "tox", "nosetests", "nose2", "trial"]);
const TEST_MODULES = new Set(["pytest", "unittest", "nose", "tox", "trial"]);
const PYTHON = /^python(\d+(\.\d+)?)?$/;
const TEST_SCRIPT = /(^|\/)(test_[^/]*\.py|[^/]*_test\.py|tests?\.py|runtests\.py)$/;

type Cur = { text: string; words: string[]; redirects: string[]; heredocLines: number };
type Heredoc = { delim: string; strip: boolean; owner: Cur };

const fresh = (): Cur => ({ text: "", words: [], redirects: [], heredocLines: 0 });

/**
 * The lexer state of {@link segments}: the position in the command line, the
 * segment and word being built and the heredocs waiting for their bodies.
 * Each method reads one kind of token at `i` and moves past it.
 */
class ShellLexer {
  readonly out: Cur[] = [];
  readonly n: number;
  i = 0;
  cur: Cur = fresh();
  word = "";
  inWord = false;
  nextIsRedirect = false;
  nextIsInput = false;
  readonly pending: Heredoc[] = [];

  constructor(readonly cmd: string) {
    this.n = cmd.length;
  }

  endWord(): void {
    if (!this.inWord) return;
    if (this.nextIsRedirect) {
      if (!this.word.startsWith("&")) this.cur.redirects.push(this.word);
      this.nextIsRedirect = false;
    } else if (this.nextIsInput) {
      this.nextIsInput = false;
    } else {
      this.cur.words.push(this.word);
    }
    this.word = "";
    this.inWord = false;
  }

  endSegment(): void {
    this.endWord();
    const cur = this.cur;
    cur.text = cur.text.trim();
    if (cur.text.length > 0 || cur.words.length > 0) this.out.push(cur);
    this.cur = fresh();
    this.nextIsRedirect = false;
    this.nextIsInput = false;
  }

  /** Phase: one character of the command line, dispatched by kind. */
  step(): void {
    const { cmd, i } = this;
    const c = cmd[i] as string;
    if (c === "\n") this.newline();
    else if (c === "#" && !this.inWord && (i === 0 || /[\s;&|()]/.test(cmd[i - 1] as string)))
      this.comment();
    else if (c === "'") this.singleQuoted();
    else if (c === '"') this.doubleQuoted();
    else if (c === "\\" && i + 1 < this.n) this.escaped();
    else if (c === "(" || c === ")") {
      this.endSegment();
      this.i++;
    } else if (c === " " || c === "\t" || c === "\r" || c === "{" || c === "}") {
      this.endWord();
      this.cur.text += c;
      this.i++;
    } else if (c === "&" || c === "|" || c === ";" || c === ">" || c === "<") this.operator(c);
    else this.plain(c);
  }

  /** A newline ends the segment; the bodies of the heredocs opened on its line follow it. */
  newline(): void {
    const { cmd, n } = this;
    let i = this.i + 1;
    // a heredoc body starts on the line after the one that opened it
    while (this.pending.length > 0) {
      const h = this.pending.shift() as Heredoc;
      while (i < n) {
        let e = cmd.indexOf("\n", i);
        if (e < 0) e = n;
        const l = cmd.slice(i, e);
        i = e + 1;
        if ((h.strip ? l.replace(/^\t+/, "") : l).trim() === h.delim) break;
        h.owner.heredocLines++;
      }
    }
    this.i = i;
    this.endSegment();
  }

  comment(): void {
    // a comment runs to the end of the line; quotes in it open nothing
    const e = this.cmd.indexOf("\n", this.i);
    this.i = e < 0 ? this.n : e;
  }

  singleQuoted(): void {
    const { cmd, i, n } = this;
    const close = cmd.indexOf("'", i + 1);
    const end = close < 0 ? n : close;
    this.word += cmd.slice(i + 1, end);
    this.inWord = true;
    this.cur.text += cmd.slice(i, Math.min(end + 1, n));
    this.i = end + 1;
  }

  doubleQuoted(): void {
    const { cmd, i, n } = this;
    // inside double quotes a backslash escapes ", \, $ and `
    let j = i + 1;
    let word = this.word;
    while (j < n && cmd[j] !== '"') {
      if (cmd[j] === "\\" && j + 1 < n && '"\\$`'.includes(cmd[j + 1] as string)) {
        word += cmd[j + 1];
        j += 2;
      } else {
        word += cmd[j];
        j++;
      }
    }
    this.word = word;
    this.inWord = true;
    this.cur.text += cmd.slice(i, Math.min(j + 1, n));
    this.i = j + 1;
  }

  escaped(): void {
    const { cmd, i } = this;
    if (cmd[i + 1] !== "\n") this.word += cmd[i + 1];
    this.inWord = cmd[i + 1] !== "\n" || this.inWord;
    this.cur.text += cmd.slice(i, i + 2);
    this.i += 2;
  }

  /** Separators (`&`, `&&`, `|`, `||`, `;`) and redirections (`>`, `>>`, `&>`, `<`, heredocs). */
  operator(c: string): void {
    const { cmd, i } = this;
    if (c === "&" && cmd[i + 1] === ">") {
      this.endWord();
      this.nextIsRedirect = true;
      this.emitOp(cmd[i + 2] === ">" ? "&>>" : "&>");
    } else if (c === "&" && !this.inWord && this.cur.text.endsWith(">")) {
      this.plain(c);
    } else if (c === "&" || c === "|" || c === ";") {
      this.endSegment();
      this.i += cmd[i + 1] === c ? 2 : 1;
    } else if (c === ">") {
      if (this.inWord && /^\d+$/.test(this.word)) {
        this.word = "";
        this.inWord = false;
      }
      this.endWord();
      this.nextIsRedirect = true;
      this.emitOp(cmd[i + 1] === ">" ? ">>" : ">");
    } else this.input();
  }

  input(): void {
    const { cmd, i } = this;
    this.endWord();
    const m = /^<<(-?)\s*(['"]?)([A-Za-z_][\w-]*)\2/.exec(cmd.slice(i, i + 80));
    if (m !== null) {
      this.pending.push({ delim: m[3] as string, strip: m[1] === "-", owner: this.cur });
      this.emitOp(m[0]);
      return;
    }
    this.nextIsInput = true;
    this.emitOp(cmd.startsWith("<<<", i) ? "<<<" : "<");
  }

  emitOp(op: string): void {
    this.cur.text += op;
    this.i += op.length;
  }

  plain(c: string): void {
    this.word += c;
    this.inWord = true;
    this.cur.text += c;
    this.i++;
  }
}

/** Splits a command line into simple commands. */
export function segments(cmd: string): Segment[] {
  const lx = new ShellLexer(cmd);
  while (lx.i < lx.n) lx.step();
  lx.endSegment();
  return lx.out;
}

export function basename(p: string): string {
  const k = p.lastIndexOf("/");
  return k < 0 ? p : p.slice(k + 1);
}

/** Index of the program word after environment assignments and wrappers. */
export function programIndex(words: readonly string[]): number {
  let k = 0;
  while (k < words.length) {
    const w = words[k] as string;
    if (/^[A-Za-z_][A-Za-z0-9_]*=/.test(w)) {
      k++;
      continue;
    }
    if (WRAPPERS.has(basename(w))) {
      k++;
      while (k < words.length && /^(-\S*|\d+[smh]?)$/.test(words[k] as string)) k++;
      continue;
    }
    break;
  }
  return k;
}

/** The normalised verb of one segment (`python -m pytest`, `sed`, ...), or undefined. */
function verbOf(words: readonly string[]): string | undefined {
  const k = programIndex(words);
  const w = words[k];
  if (w === undefined) return undefined;
  const prog = basename(w);
  if (PYTHON.test(prog) && words[k + 1] === "-m" && words[k + 2] !== undefined) {
    return `${prog} -m ${words[k + 2]}`;
  }
  return prog;
}

/** The command verb of a command line: the first segment that is not navigation. */
export function shellVerb(segs: readonly Segment[]): string | undefined {
  let first: string | undefined;
  for (const s of segs) {
    const v = verbOf(s.words);
    if (v === undefined) continue;
    if (first === undefined) first = v;
    if (!NAVIGATION.has(v)) return v;
  }
  return first;
}

function isTestRun(words: readonly string[]): boolean {
  const k = programIndex(words);
  const w = words[k];
  if (w === undefined) return false;
  const prog = basename(w);
  if (TEST_PROGRAMS.has(prog)) return true;
  if (prog === "runtests.py" || (prog === "test" && w.includes("bin/"))) return true;
  if (["make", "npm", "yarn", "go", "cargo"].includes(prog)) {
    return /^test/.test(words[k + 1] ?? "");
  }
  if (PYTHON.test(prog) || prog === "coverage") {
    for (let j = k + 1; j < words.length; j++) {
      const a = words[j] as string;
      if (a === "-m") return TEST_MODULES.has(words[j + 1] ?? "") || words[j + 2] === "test";
      if (a === "-c") return false;
      if (a.startsWith("-")) continue;
      if (basename(a) === "manage.py") return words[j + 1] === "test";
      // sympy's runner is also run through the interpreter: `python bin/test ...`
      return TEST_SCRIPT.test(a) || /(?:^|\/)bin\/test$/.test(a);
    }
  }
  return false;
}

/** Verbatim segments that run tests. */
export function shellTests(segs: readonly Segment[]): string[] {
  const out: string[] = [];
  for (const s of segs) if (isTestRun(s.words) && s.text.length > 0) out.push(s.text);
  return out;
}

/** Files a command line writes, and how many lines it writes. */
export function shellWrites(segs: readonly Segment[]): { files: string[]; size: number } {
  const files: string[] = [];
  let size = 0;
  const add = (f: string) => {
    if (f.length > 0 && f !== "/dev/null" && !f.startsWith("-") && !files.includes(f)) {
      files.push(f);
    }
  };
  for (const s of segs) {
    const writes = s.redirects.filter((r) => r !== "/dev/null");
    for (const r of writes) add(r);
    const k = programIndex(s.words);
    const prog = basename(s.words[k] ?? "");
    const args = s.words.slice(k + 1);
    const plain = args.filter((a) => !a.startsWith("-"));
    if (prog === "tee") {
      for (const a of plain) add(a);
      if (plain.length > 0) size += s.heredocLines;
    } else if (
      prog === "sed" &&
      args.some((a) => a === "-i" || a.startsWith("-i") || a === "--in-place")
    ) {
      let exprs = 0;
      const targets: string[] = [];
      let scriptSeen = false;
      for (let j = 0; j < args.length; j++) {
        const a = args[j] as string;
        if (a === "-e" || a === "--expression") {
          exprs++;
          scriptSeen = true;
          j++;
        } else if (a.startsWith("-")) {
        } else if (!scriptSeen) {
          scriptSeen = true;
          exprs++;
        } else targets.push(a);
      }
      for (const t of targets) add(t);
      size += exprs * Math.max(1, targets.length);
    } else if (prog === "touch" || prog === "rm") {
      for (const a of plain) add(a);
    } else if ((prog === "cp" || prog === "mv") && plain.length >= 2) {
      add(plain[plain.length - 1] as string);
    }
    if (writes.length > 0) size += s.heredocLines;
  }
  return { files, size };
}
