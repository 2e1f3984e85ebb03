/**
 * The labelling page: DOM wiring around ./session.ts. Nothing leaves the
 * browser: the file is read with FileReader, the session is kept in
 * localStorage and exported as downloads.
 */
import type { Estimate } from "../../src/entry/estimate.js";
import { type StrategyName, strategies } from "../../src/entry/tcs.js";
import {
  adaptiveStrategies,
  checkSession,
  cliArgs,
  freeStart,
  type Goal,
  goalDefaults,
  goalReasons,
  guessIdColumn,
  isSequential,
  type Label,
  labelsCsv,
  numericColumns,
  OtherContentError,
  otherContentText,
  parseTable,
  plural,
  type Replayed,
  type RunningPoint,
  readIds,
  replay,
  riskOf,
  runningPoint,
  type SavedSession,
  type ScoreKind,
  type Settings,
  savedSessions,
  saveSession,
  sequentialStrategies,
  shellLine,
  startedText,
  storageKey,
  supsSequenceNote,
  type Table,
} from "./session.js";

const $ = <T extends HTMLElement>(id: string): T => {
  const el = document.getElementById(id);
  if (el === null) throw new Error(`no #${id}`);
  return el as T;
};

type Run = {
  table: Table;
  ids: string[];
  risk: Float64Array;
  settings: Settings;
  labels: Label[];
  skipped: number[];
  state: Replayed;
  running: RunningPoint[];
  /** When the session was started: with the file content, its own localStorage slot. */
  started: number;
  /** Its localStorage key (a new session never reuses another's). */
  key: string;
};

let table: Table | undefined;
let run: Run | undefined;

function showError(msg: string): void {
  const box = $("error");
  box.textContent = msg;
  box.hidden = msg === "";
}

function option(
  sel: HTMLSelectElement,
  values: readonly string[],
  labels?: readonly string[],
): void {
  sel.replaceChildren(
    ...values.map((v, k) => {
      const o = document.createElement("option");
      o.value = v;
      o.textContent = labels?.[k] ?? v;
      return o;
    }),
  );
}

/** A session file saved for the same ids but another content, waiting for the user's choice. */
let pendingOther: unknown;

function loadFile(file: File): void {
  const reader = new FileReader();
  reader.onload = () => {
    try {
      showError("");
      run = undefined;
      $("session").hidden = true;
      table = parseTable(file.name, String(reader.result));
      onTable(table);
    } catch (e) {
      table = undefined;
      $("setup").hidden = true;
      showError((e as Error).message);
    }
  };
  reader.readAsText(file);
}

function onTable(t: Table): void {
  $("file-summary").textContent =
    `${t.name}: ${t.cells.length} items, columns ${t.columns.join(", ")}`;
  const idSel = $<HTMLSelectElement>("id-column");
  option(idSel, ["", ...t.columns], ["(none)", ...t.columns]);
  idSel.value = guessIdColumn(t) ?? "";
  const numeric = numericColumns(t);
  const scoreSel = $<HTMLSelectElement>("score-column");
  option(scoreSel, ["", ...t.columns], ["(none: srs only)", ...t.columns]);
  const scoreLike = /risk|prob|score|conf|fail|^p_/i;
  scoreSel.value =
    numeric.find((c) => scoreLike.test(c)) ?? t.columns.find((c) => scoreLike.test(c)) ?? "";
  const kind = $<HTMLSelectElement>("score-kind");
  kind.value = /conf|correct/i.test(scoreSel.value)
    ? "correctProb"
    : /prob|^p_/i.test(scoreSel.value)
      ? "failProb"
      : "risk";
  $<HTMLInputElement>("budget").value = String(Math.min(100, t.cells.length));
  $("setup").hidden = false;
  checkSaved();
}

function savedLine(s: SavedSession): string {
  const when = startedText(s.started);
  return `${plural(s.labels.length, "label")}, strategy ${s.settings.strategy}, seed ${s.settings.seed}${when === "" ? "" : `, started ${when}`}`;
}

function button(text: string, cls: string, onClick: () => void): HTMLButtonElement {
  const b = document.createElement("button");
  b.type = "button";
  b.className = cls;
  b.textContent = text;
  b.addEventListener("click", onClick);
  return b;
}

/**
 * Lists the sessions saved in this browser for the file's ids: those saved
 * for this content first (resume), then those saved for another file with the
 * same ids (resuming one is an explicit choice). Nothing here overwrites one.
 */
function checkSaved(): void {
  const box = $("saved");
  box.hidden = true;
  $("other").hidden = true;
  pendingOther = undefined;
  if (table === undefined) return;
  const t = table;
  let ids: string[];
  try {
    ids = readIds(t, $<HTMLSelectElement>("id-column").value);
  } catch {
    return;
  }
  const entries = savedSessions(localStorage, ids, t);
  const list = $("saved-list");
  list.replaceChildren(
    ...entries.map((e) => {
      const li = document.createElement("li");
      li.dataset["key"] = e.key;
      li.className = e.sameContent ? "same" : "other";
      const text = document.createElement("span");
      text.className = "saved-desc";
      text.textContent = e.sameContent
        ? `Saved for this file: ${savedLine(e.session)}.`
        : `${otherContentText(e.session, ids.length)} ${savedLine(e.session)}.`;
      const resume = e.sameContent
        ? button("Resume it", "resume primary", () =>
            resumeFrom(e.session, false, { key: e.key, started: e.session.started ?? 0 }),
          )
        : button("Use its labels on this file anyway", "resume", () => resumeFrom(e.session, true));
      const del = button("Delete…", "delete", () => {
        if (
          confirm(
            `Delete the saved session (${savedLine(e.session)}) from this browser? Its labels are lost unless you downloaded them.`,
          )
        ) {
          localStorage.removeItem(e.key);
          checkSaved();
        }
      });
      li.append(text, " ", resume, " ", del);
      return li;
    }),
  );
  const same = entries.filter((e) => e.sameContent).length;
  $("saved-text").textContent =
    same > 0
      ? `${plural(same, "session")} saved for this file in this browser${entries.length > same ? `, and ${plural(entries.length - same, "session")} for another file with the same items` : ""}. Resume one, or start a new one below (the saved ones are kept).`
      : `No session saved for this file's content, but ${plural(entries.length, "session")} for another file with the same items. Its labels are about that file's answers: use them only if you are sure, or start a new session below (the saved ones are kept).`;
  box.hidden = entries.length === 0;
}

function strategyChoices(goal: Goal): void {
  const sel = $<HTMLSelectElement>("strategy");
  const names = Object.keys(strategies) as StrategyName[];
  option(
    sel,
    names,
    names.map((n) => `${n}${sequentialStrategies.has(n) ? " (running interval)" : ""}`),
  );
  sel.value = goalDefaults[goal];
  $("strategy-why").textContent = `Default for this goal: ${goalReasons[goal]}`;
  onStrategy();
}

function onStrategy(): void {
  const strategy = $<HTMLSelectElement>("strategy").value as StrategyName;
  const seq = sequentialStrategies.has(strategy);
  $("rule").hidden = !seq;
  $("fixed-note").hidden = seq;
  const note = $("sups-note");
  note.textContent = supsSequenceNote;
  note.hidden = strategy !== "sups";
}

function optionalNumber(id: string): number | undefined {
  const v = $<HTMLInputElement>(id).value.trim();
  return v === "" ? undefined : Number(v);
}

function budgetOf(v: string): number {
  return v === "" ? (table?.cells.length ?? 0) : Number(v);
}

function readSettings(): Settings {
  const strategy = $<HTMLSelectElement>("strategy").value as StrategyName;
  const seq = sequentialStrategies.has(strategy);
  return {
    idColumn: $<HTMLSelectElement>("id-column").value,
    scoreColumn: $<HTMLSelectElement>("score-column").value,
    scoreKind: $<HTMLSelectElement>("score-kind").value as ScoreKind,
    floor: Number($<HTMLInputElement>("floor").value),
    goal: $<HTMLSelectElement>("goal").value as Goal,
    strategy,
    // an empty budget with a stopping rule: up to every item
    budget: budgetOf($<HTMLInputElement>("budget").value.trim()),
    halfWidth: seq ? optionalNumber("half-width") : undefined,
    threshold: seq ? optionalNumber("threshold") : undefined,
    seed: $<HTMLInputElement>("seed").value.trim(),
    level: 0.95,
  };
}

/**
 * Starts (or resumes) a session. `slot` continues a saved session in its own
 * storage slot; without it the session gets a new slot (start time = now), so
 * no saved session is ever overwritten.
 */
function start(
  settings: Settings,
  labels: Label[],
  skipped: number[],
  slot?: { key: string; started: number },
): void {
  if (table === undefined) return;
  showError("");
  try {
    const ids = readIds(table, settings.idColumn);
    if (settings.scoreColumn === "" && settings.strategy !== "srs") {
      throw new Error(
        `${settings.strategy} needs a score column (risk or probability); only srs runs without one`,
      );
    }
    const risk = riskOf(table, settings);
    // the library checks the budget, the rule and the seed before any work
    const map = new Map(labels.map((l) => [l.row, l.label]));
    const state = replay(risk, settings, map);
    const started = slot?.started ?? freeStart(localStorage, ids, table, Date.now());
    const key =
      slot?.key ?? storageKey(saveSession(table, ids, settings, labels, skipped, started));
    run = { table, ids, risk, settings, labels, skipped, state, running: [], started, key };
    $("other").hidden = true;
    pendingOther = undefined;
    catchUp(run, map);
    $("setup").hidden = true;
    $("session").hidden = false;
    render();
  } catch (e) {
    showError((e as Error).message);
  }
}

/**
 * Extends the running series to the labels so far (dropping points past them
 * after an undo). Catching up on a long history (a resume) computes at most
 * about 200 points, each a replay of its prefix; the last point is always the
 * current one.
 */
function catchUp(r: Run, map: ReadonlyMap<number, number>): void {
  const T = r.state.picks.length;
  r.running = r.running.filter((p) => p.t <= T);
  if (!isSequential(r.settings) || T < 2) return;
  const point = (t: number): RunningPoint =>
    runningPoint(r.risk, r.settings, r.state.picks, map, t);
  const from = (r.running[r.running.length - 1]?.t ?? 1) + 1;
  const stride = Math.max(1, Math.ceil((T - from) / 200));
  for (let t = from; t < T; t += stride) r.running.push(point(t));
  if (r.running[r.running.length - 1]?.t !== T) r.running.push(point(T));
}

function persist(r: Run): void {
  localStorage.setItem(
    r.key,
    JSON.stringify(saveSession(r.table, r.ids, r.settings, r.labels, r.skipped, r.started)),
  );
}

/** The row the page asks for next: the plan order, skipped rows last. */
function nextRow(r: Run): number | undefined {
  const pending = r.state.pending;
  return (
    pending.find((row) => !r.skipped.includes(row)) ??
    r.skipped.find((row) => pending.includes(row))
  );
}

function label(y: 0 | 1): void {
  const r = run;
  if (r === undefined || r.state.estimate !== undefined) return;
  const row = nextRow(r);
  if (row === undefined) return;
  $("message").textContent = "";
  r.labels.push({ row, label: y });
  r.skipped = r.skipped.filter((s) => s !== row);
  const map = new Map(r.labels.map((l) => [l.row, l.label]));
  r.state = replay(r.risk, r.settings, map);
  catchUp(r, map);
  persist(r);
  render();
}

function skip(): void {
  const r = run;
  if (r === undefined || r.state.estimate !== undefined) return;
  const row = nextRow(r);
  if (row === undefined) return;
  if (adaptiveStrategies.has(r.settings.strategy) || isSequential(r.settings)) {
    $("message").textContent =
      `Cannot skip: ${r.settings.strategy} chooses the next item from this item's label, and leaving it out would bias the estimate. Label it, or save the session and come back.`;
    return;
  }
  if (r.state.pending.length === 1) {
    $("message").textContent =
      "This is the last planned item: it must be labelled for the estimate.";
    return;
  }
  r.skipped = [...r.skipped.filter((s) => s !== row), row];
  $("message").textContent =
    `Skipped ${r.ids[row]}: it comes back at the end of the plan (every planned item needs a label).`;
  persist(r);
  render();
}

function undo(): void {
  const r = run;
  if (r === undefined || r.labels.length === 0) return;
  r.labels.pop();
  $("message").textContent = "";
  const map = new Map(r.labels.map((l) => [l.row, l.label]));
  r.state = replay(r.risk, r.settings, map);
  catchUp(r, map);
  persist(r);
  render();
}

const fmt = (x: number): string => (Math.abs(x) < 1e-12 ? "0" : x.toFixed(4));
const pct = (x: number): string => `${(100 * x).toFixed(1)}%`;
// interval ends rounded outward (the shown interval holds the computed one)
const fmtLo = (x: number): string =>
  Math.abs(x) < 1e-12 ? "0" : (Math.floor(x * 1e4) / 1e4).toFixed(4);
const fmtHi = (x: number): string => (Math.ceil(x * 1e4) / 1e4).toFixed(4);
const pctLo = (x: number): string => `${(Math.floor(x * 1e3) / 10).toFixed(1)}%`;
const pctHi = (x: number): string => `${(Math.ceil(x * 1e3) / 10).toFixed(1)}%`;
// a user's threshold as given (0.0125 is 1.25%, not 1.3%)
const pctExact = (x: number): string => `${Number((100 * x).toPrecision(12))}%`;

function render(): void {
  const r = run;
  if (r === undefined) return;
  const s = r.settings;
  const distinct = new Set(r.labels.map((l) => l.row)).size;
  const seq = isSequential(s);
  // draws with a label, those after a skipped row included; with replacement a budget counts draws
  const unit = drawUnit(s);
  $("progress").textContent =
    `${r.state.labelledDraws} of ${seq ? "at most " : ""}${s.budget} ${unit}s · failures found: ${r.state.failures} of ${plural(distinct, "item")} labelled`;
  const rule = [
    s.halfWidth === undefined ? "" : `half-width ${s.halfWidth}`,
    s.threshold === undefined ? "" : `excludes ${s.threshold}`,
  ].filter((x) => x !== "");
  $("summary").textContent = `${r.table.name} · strategy ${s.strategy} · seed ${s.seed} · ${
    seq
      ? `stops when ${rule.join(" or ")}, or after ${plural(s.budget, unit)}`
      : `fixed plan of ${plural(s.budget, unit)}`
  }`;
  const canSkip = !seq && !adaptiveStrategies.has(s.strategy);
  $("skip").hidden = !canSkip;
  if (!canSkip && r.labels.length === 0) {
    $("message").textContent =
      `${s.strategy} chooses each item from the labels so far, so items cannot be skipped: every item it asks for needs a verdict.`;
  }
  const row = r.state.estimate === undefined ? nextRow(r) : undefined;
  const card = $("item");
  card.hidden = row === undefined;
  $("buttons").hidden = row === undefined;
  if (row !== undefined) {
    $("item-id").textContent = r.ids[row] as string;
    $("item").dataset["row"] = String(row);
    const dl = $("item-fields");
    dl.replaceChildren();
    r.table.columns.forEach((c, j) => {
      if (c === s.idColumn || c === s.scoreColumn) return;
      const dt = document.createElement("dt");
      dt.textContent = c;
      const dd = document.createElement("dd");
      dd.textContent = r.table.cells[row]?.[j] ?? "";
      dl.append(dt, dd);
    });
  }
  const last = r.running[r.running.length - 1];
  const est = $("estimate");
  if (r.state.estimate !== undefined)
    showEstimate(est, r.state.estimate.estimate, r.state.estimate.ci);
  else if (seq && last !== undefined) showEstimate(est, last.estimate, [last.lower, last.upper]);
  else {
    est.textContent = seq
      ? "The running estimate appears after 2 labels."
      : `${s.strategy} is a fixed-size design: its estimate and interval come once all ${s.budget} planned items are labelled.`;
    delete est.dataset["estimate"];
  }
  $("plot-wrap").hidden = !seq;
  if (seq) drawPlot($("plot"), r);
  const done = r.state.estimate !== undefined;
  $("stop").hidden = !done;
  if (done && r.state.estimate !== undefined)
    $("stop-text").textContent = stopText(s, r.state.estimate, distinct);
  $("cli").textContent = shellLine(cliArgs(s, r.table.name, `${stem(r.table.name)}.labels.csv`));
  if (s.scoreColumn === "") {
    $("cli").textContent +=
      "\n# the CLI needs a score column for --feature: add any numeric column to the file";
  }
}

function showEstimate(el: HTMLElement, e: number, ci: readonly [number, number]): void {
  el.dataset["estimate"] = String(e);
  el.dataset["lo"] = String(ci[0]);
  el.dataset["hi"] = String(ci[1]);
  el.textContent = `Failure rate ${fmt(e)} (${pct(e)}), 95% interval [${fmtLo(ci[0])}, ${fmtHi(ci[1])}], half-width ${fmt((ci[1] - ci[0]) / 2)}`;
}

/** What the budget and `Estimate.n` count: draws for the with-replacement designs (an item may be drawn twice), else labels. */
function drawUnit(s: Settings): "draw" | "label" {
  return s.strategy === "sups" || s.strategy === "twoUps" ? "draw" : "label";
}

function stopText(s: Settings, e: Estimate, distinct: number): string {
  const [lo, hi] = e.ci;
  const count =
    drawUnit(s) === "draw"
      ? `${plural(e.n, "draw")}, ${plural(distinct, "item")} labelled`
      : plural(e.n, "label");
  return `With ${100 * e.level}% confidence the failure rate is between ${pctLo(lo)} and ${pctHi(hi)} (estimate ${pct(e.estimate)}, ${count}). ${stopReason(s, e)}`;
}

function stopReason(s: Settings, e: Estimate): string {
  const [lo, hi] = e.ci;
  if (!isSequential(s)) {
    return `All ${e.n} planned ${drawUnit(s)}s are labelled. ${e.method}; ${e.interval} interval at ${100 * e.level}% for this fixed-size design${e.reliable ? "." : ` (not reliable: ${e.warning}).`}`;
  }
  const fired: string[] = [];
  if (s.halfWidth !== undefined && (hi - lo) / 2 <= s.halfWidth)
    fired.push(`the half-width reached ${s.halfWidth}`);
  if (s.threshold !== undefined && (hi < s.threshold || lo > s.threshold)) {
    fired.push(
      `the interval lies ${hi < s.threshold ? "below" : "above"} ${s.threshold}: the failure rate is ${hi < s.threshold ? "below" : "above"} ${pctExact(s.threshold)}`,
    );
  }
  const why =
    fired.length > 0 && e.n <= s.budget
      ? `The stopping rule fired after ${plural(e.n, drawUnit(s))}: ${fired.join("; ")}.`
      : `The budget of ${plural(s.budget, drawUnit(s))} is spent; the stopping rule did not fire.`;
  return `${why} Guarantee: the 95% confidence sequence covers the true failure rate at every label at once with probability at least 95%, so the interval at this data-dependent stop is valid${s.threshold === undefined ? "" : ", and a below/above decision is wrong with probability at most 5%"}. It is wider than a fixed-n interval: that is the price of being allowed to watch it and stop.`;
}

const SVG = "http://www.w3.org/2000/svg";
function svg(tag: string, attrs: Record<string, string | number>, text?: string): SVGElement {
  const el = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  if (text !== undefined) el.textContent = text;
  return el;
}

function drawPlot(box: HTMLElement, r: Run): void {
  const W = 560;
  const H = 220;
  const m = { l: 48, r: 12, t: 12, b: 34 };
  const pts = r.running;
  const root = svg("svg", { viewBox: `0 0 ${W} ${H}`, width: "100%", role: "img" });
  box.replaceChildren(root);
  const tMax = Math.max(10, pts.length > 0 ? (pts[pts.length - 1] as RunningPoint).t : 0);
  const yMax =
    pts.length > 0
      ? Math.min(
          1,
          Math.max(0.1, ...pts.slice(Math.min(3, pts.length - 1)).map((p) => p.upper)) * 1.1,
        )
      : 1;
  const x = (t: number): number => m.l + ((t - 1) / Math.max(1, tMax - 1)) * (W - m.l - m.r);
  const y = (v: number): number => H - m.b - (Math.min(v, yMax) / yMax) * (H - m.t - m.b);
  for (let k = 0; k <= 4; k++) {
    const v = (yMax * k) / 4;
    root.append(svg("line", { x1: m.l, x2: W - m.r, y1: y(v), y2: y(v), class: "grid" }));
    root.append(
      svg("text", { x: m.l - 6, y: y(v) + 4, "text-anchor": "end", class: "tick" }, v.toFixed(2)),
    );
  }
  root.append(
    svg("text", { x: (W + m.l) / 2, y: H - 4, "text-anchor": "middle", class: "tick" }, "labels"),
  );
  root.append(
    svg(
      "text",
      {
        x: 12,
        y: (H - m.b) / 2,
        transform: `rotate(-90 12 ${(H - m.b) / 2})`,
        "text-anchor": "middle",
        class: "tick",
      },
      "failure rate",
    ),
  );
  for (const t of [1, Math.round(tMax / 2), tMax]) {
    root.append(
      svg("text", { x: x(t), y: H - m.b + 14, "text-anchor": "middle", class: "tick" }, String(t)),
    );
  }
  if (r.settings.threshold !== undefined) {
    const ty = y(r.settings.threshold);
    root.append(svg("line", { x1: m.l, x2: W - m.r, y1: ty, y2: ty, class: "threshold" }));
    root.append(
      svg(
        "text",
        { x: W - m.r, y: ty - 4, "text-anchor": "end", class: "tick" },
        `threshold ${r.settings.threshold}`,
      ),
    );
  }
  if (pts.length === 0) return;
  const band = [
    ...pts.map((p) => `${x(p.t)},${y(p.upper)}`),
    ...pts.map((p) => `${x(p.t)},${y(p.lower)}`).reverse(),
  ].join(" ");
  root.append(svg("polygon", { points: band, class: "band" }));
  root.append(
    svg("polyline", {
      points: pts.map((p) => `${x(p.t)},${y(p.estimate)}`).join(" "),
      class: "line",
    }),
  );
  const lastPoint = pts[pts.length - 1] as RunningPoint;
  root.append(svg("circle", { cx: x(lastPoint.t), cy: y(lastPoint.estimate), r: 3, class: "dot" }));
}

function download(name: string, text: string, type: string): void {
  const a = document.createElement("a");
  a.href = URL.createObjectURL(new Blob([text], { type }));
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
}

function stem(name: string): string {
  return name.replace(/\.[^.]*$/, "");
}

/**
 * Resumes a saved session on the open file. One saved for another content
 * (same ids) is refused unless `otherContent` (the user's explicit choice);
 * it then continues in a new slot of this file, and the saved one is kept.
 */
function resumeFrom(
  raw: unknown,
  otherContent: boolean,
  slot?: { key: string; started: number },
): void {
  if (table === undefined) return;
  try {
    const ids = readIds(table, $<HTMLSelectElement>("id-column").value);
    const s = checkSession(raw, table, ids, otherContent);
    const labels = s.labels.map((l) => ({ row: l.row, label: l.label }));
    if (slot === undefined && !otherContent && s.started !== undefined) {
      // a session file: its own slot if free, else a new one (never over a saved session)
      const own = storageKey(s);
      if (localStorage.getItem(own) === null) slot = { key: own, started: s.started };
    }
    start(s.settings, labels, [...s.skipped], slot);
  } catch (e) {
    if (e instanceof OtherContentError) {
      pendingOther = raw;
      $("other-text").textContent = `${e.message} ${savedLine(e.session)}.`;
      $("other").hidden = false;
      showError("");
      return;
    }
    showError((e as Error).message);
  }
}

function wire(): void {
  $("unbuilt").remove();
  $<HTMLInputElement>("file").addEventListener("change", (ev) => {
    const f = (ev.target as HTMLInputElement).files?.[0];
    if (f !== undefined) loadFile(f);
  });
  $("id-column").addEventListener("change", checkSaved);
  const goal = $<HTMLSelectElement>("goal");
  goal.addEventListener("change", () => strategyChoices(goal.value as Goal));
  $("strategy").addEventListener("change", onStrategy);
  strategyChoices("estimate");
  $("start").addEventListener("click", () => start(readSettings(), [], []));
  $("resume-other").addEventListener("click", () => {
    if (pendingOther !== undefined) resumeFrom(pendingOther, true);
  });
  $<HTMLInputElement>("session-file").addEventListener("change", (ev) => {
    const input = ev.target as HTMLInputElement;
    const f = input.files?.[0];
    if (f === undefined) return;
    // cleared, so choosing the same file again (e.g. after opening the right items file) reads it again
    input.value = "";
    f.text().then((text) => {
      try {
        resumeFrom(JSON.parse(text), false);
      } catch (e) {
        showError(`${f.name}: ${(e as Error).message}`);
      }
    });
  });
  $("fail").addEventListener("click", () => label(1));
  $("pass").addEventListener("click", () => label(0));
  $("skip").addEventListener("click", skip);
  $("undo").addEventListener("click", undo);
  $("new").addEventListener("click", () => {
    run = undefined;
    $("session").hidden = true;
    $("setup").hidden = false;
    checkSaved();
  });
  $("export-labels").addEventListener("click", () => {
    if (run !== undefined)
      download(`${stem(run.table.name)}.labels.csv`, labelsCsv(run.ids, run.labels), "text/csv");
  });
  $("export-session").addEventListener("click", () => {
    if (run === undefined) return;
    const s = saveSession(run.table, run.ids, run.settings, run.labels, run.skipped, run.started);
    download(
      `${stem(run.table.name)}.session.json`,
      `${JSON.stringify(s, null, 1)}\n`,
      "application/json",
    );
  });
  document.addEventListener("keydown", (ev) => {
    if (run === undefined || $("session").hidden) return;
    // a held key sends auto-repeat keydowns: one press is one verdict
    if (ev.repeat) return;
    const target = ev.target as HTMLElement;
    if (
      target.tagName === "INPUT" ||
      target.tagName === "SELECT" ||
      ev.ctrlKey ||
      ev.metaKey ||
      ev.altKey
    )
      return;
    if (ev.key === "f") label(1);
    else if (ev.key === "p") label(0);
    else if (ev.key === "s") skip();
    else if (ev.key === "u") undo();
    else return;
    ev.preventDefault();
  });
  document.body.dataset["ready"] = "1";
}

wire();
