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

/** Splits a command line into simple commands. */
export function segments(cmd: string): Segment[] {
  type Cur = { text: string; words: string[]; redirects: string[]; heredocLines: number };
  const out: Cur[] = [];
  const fresh = (): Cur => ({ text: "", words: [], redirects: [], heredocLines: 0 });
  let cur = fresh();
  let word = "";
  let inWord = false;
  let nextIsRedirect = false;
  let nextIsInput = false;
  const pending: { delim: string; strip: boolean; owner: Cur }[] = [];

  const endWord = () => {
    if (!inWord) return;
    if (nextIsRedirect) {
      if (!word.startsWith("&")) cur.redirects.push(word);
      nextIsRedirect = false;
    } else if (nextIsInput) {
      nextIsInput = false;
    } else {
      cur.words.push(word);
    }
    word = "";
    inWord = false;
  };
  const endSegment = () => {
    endWord();
    cur.text = cur.text.trim();
    if (cur.text.length > 0 || cur.words.length > 0) out.push(cur);
    cur = fresh();
    nextIsRedirect = false;
    nextIsInput = false;
  };

  let i = 0;
  const n = cmd.length;
  while (i < n) {
    const c = cmd[i] as string;
    if (c === "\n") {
      i++;
      // a heredoc body starts on the line after the one that opened it
      while (pending.length > 0) {
        const h = pending.shift() as { delim: string; strip: boolean; owner: Cur };
        while (i < n) {
          let e = cmd.indexOf("\n", i);
          if (e < 0) e = n;
          const l = cmd.slice(i, e);
          i = e + 1;
          if ((h.strip ? l.replace(/^\t+/, "") : l).trim() === h.delim) break;
          h.owner.heredocLines++;
        }
      }
      endSegment();
      continue;
    }
    if (c === "#" && !inWord && (i === 0 || /[\s;&|()]/.test(cmd[i - 1] as string))) {
      // a comment runs to the end of the line; quotes in it open nothing
      const e = cmd.indexOf("\n", i);
      i = e < 0 ? n : e;
      continue;
    }
    if (c === "'") {
      const close = cmd.indexOf(c, i + 1);
      const end = close < 0 ? n : close;
      word += cmd.slice(i + 1, end);
      inWord = true;
      cur.text += cmd.slice(i, Math.min(end + 1, n));
      i = end + 1;
      continue;
    }
    if (c === '"') {
      // inside double quotes a backslash escapes ", \, $ and `
      let j = i + 1;
      while (j < n && cmd[j] !== '"') {
        if (cmd[j] === "\\" && j + 1 < n && '"\\$`'.includes(cmd[j + 1] as string)) {
          word += cmd[j + 1];
          j += 2;
        } else {
          word += cmd[j];
          j++;
        }
      }
      inWord = true;
      cur.text += cmd.slice(i, Math.min(j + 1, n));
      i = j + 1;
      continue;
    }
    if (c === "\\" && i + 1 < n) {
      if (cmd[i + 1] !== "\n") word += cmd[i + 1];
      inWord = cmd[i + 1] !== "\n" || inWord;
      cur.text += cmd.slice(i, i + 2);
      i += 2;
      continue;
    }
    if (c === "(" || c === ")") {
      endSegment();
      i++;
      continue;
    }
    if (c === " " || c === "\t" || c === "\r" || c === "{" || c === "}") {
      endWord();
      cur.text += c;
      i++;
      continue;
    }
    if (c === "&" && cmd[i + 1] === ">") {
      endWord();
      nextIsRedirect = true;
      const op = cmd[i + 2] === ">" ? "&>>" : "&>";
      cur.text += op;
      i += op.length;
      continue;
    }
    if (c === "&" && !inWord && cur.text.endsWith(">")) {
      word += c;
      inWord = true;
      cur.text += c;
      i++;
      continue;
    }
    if (c === "&" || c === "|" || c === ";") {
      endSegment();
      i += cmd[i + 1] === c ? 2 : 1;
      continue;
    }
    if (c === ">") {
      if (inWord && /^\d+$/.test(word)) {
        word = "";
        inWord = false;
      }
      endWord();
      nextIsRedirect = true;
      const op = cmd[i + 1] === ">" ? ">>" : ">";
      cur.text += op;
      i += op.length;
      continue;
    }
    if (c === "<") {
      endWord();
      const m = /^<<(-?)\s*(['"]?)([A-Za-z_][\w-]*)\2/.exec(cmd.slice(i, i + 80));
      if (m !== null) {
        pending.push({ delim: m[3] as string, strip: m[1] === "-", owner: cur });
        cur.text += m[0];
        i += m[0].length;
        continue;
      }
      nextIsInput = true;
      const op = cmd.startsWith("<<<", i) ? "<<<" : "<";
      cur.text += op;
      i += op.length;
      continue;
    }
    word += c;
    inWord = true;
    cur.text += c;
    i++;
  }
  endSegment();
  return out;
}

function basename(p: string): string {
  const k = p.lastIndexOf("/");
  return k < 0 ? p : p.slice(k + 1);
}

/** Index of the program word after environment assignments and wrappers. */
function programIndex(words: readonly string[]): number {
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
      return TEST_SCRIPT.test(a);
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
