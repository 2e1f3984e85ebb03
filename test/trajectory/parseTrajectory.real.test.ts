/**
 * The paper's own validation (section 4.1) on the 40 real logs in
 * ../shared/data/trajs: every trajectory parses, step counts follow the raw
 * message counts, and every extracted command, test run, file path, exit code
 * and observation appears verbatim in the raw log.
 */
import { describe, expect, it } from "vitest";
import { parseTrajectory } from "../../src/trajectory/parseTrajectory.js";
import type { Trajectory } from "../../src/trajectory/schema.js";
import { hasShared, listShared, readShared, readSharedJson } from "../helpers/sharedData.js";
import { rawStrings } from "./_fixtures.js";

const MINI = "trajs/mini-swe-agent_v1.15.0_gemini-3-pro-preview_20251118";
const OH = "trajs/openhands_codeact_v0.15.0_claude-3-5-sonnet-20241022";

type Msg = { role: string; tool_calls?: unknown[] };

function checkVerbatim(t: Trajectory, raw: unknown): void {
  const strings = rawStrings(raw);
  const found = (s: string) => strings.some((r) => r.includes(s));
  for (const s of t.steps) {
    if (s.command !== undefined)
      expect(found(s.command), `${t.id} step ${s.index} command`).toBe(true);
    if (s.action.length > 0 && s.tool !== undefined && !s.action.startsWith(`${s.tool} `)) {
      expect(found(s.action), `${t.id} step ${s.index} action`).toBe(true);
    }
    for (const f of s.filesTouched)
      expect(found(f), `${t.id} step ${s.index} file ${f}`).toBe(true);
    for (const x of s.testsRun) expect(found(x), `${t.id} step ${s.index} test ${x}`).toBe(true);
    if (s.exitCode !== undefined) {
      const marks = [
        `<returncode>${s.exitCode}</returncode>`,
        `[Command finished with exit code ${s.exitCode}]`,
      ];
      expect(
        strings.some((r) => marks.some((m) => r.includes(m))),
        `${t.id} step ${s.index} exit code`,
      ).toBe(true);
    }
    if (s.error !== undefined) expect(found(s.error), `${t.id} step ${s.index} error`).toBe(true);
    if (!s.observation.includes("characters truncated ...]")) {
      expect(found(s.observation), `${t.id} step ${s.index} observation`).toBe(true);
    }
    expect(s.thought.length === 0 || found(s.thought.slice(0, 200))).toBe(true);
  }
}

describe.skipIf(!hasShared)("parseTrajectory on the 40 real samples", () => {
  const ids = (readShared("trajs/instance_ids.txt") ?? "").split("\n").filter((l) => l.length > 0);

  it("lists 20 instances with both frameworks present", () => {
    expect(ids.length).toBe(20);
    expect(listShared(MINI).filter((f) => f.endsWith(".traj.json")).length).toBe(20);
    expect(listShared(OH).filter((f) => f.endsWith(".last_llm_completion.json")).length).toBe(20);
  });

  it("mini-swe-agent: one step per assistant message, everything extracted is verbatim", () => {
    let steps = 0;
    let tests = 0;
    let files = 0;
    let errors = 0;
    for (const id of ids) {
      const raw = readSharedJson(`${MINI}/${id}.traj.json`) as { messages: Msg[] };
      const t = parseTrajectory(raw);
      expect(t.framework).toBe("mini-swe-agent");
      expect(t.instanceId).toBe(id);
      expect(t.steps.length).toBe(raw.messages.filter((m) => m.role === "assistant").length);
      checkVerbatim(t, raw);
      steps += t.steps.length;
      for (const s of t.steps) {
        tests += s.testsRun.length;
        files += s.filesTouched.length;
        if (s.error !== undefined) errors++;
      }
    }
    // the extraction finds something of each kind on real logs
    expect(steps).toBeGreaterThan(0);
    expect(tests).toBeGreaterThan(0);
    expect(files).toBeGreaterThan(0);
    expect(errors).toBeGreaterThan(0);
  });

  it("OpenHands: one step per assistant message plus the final response, verbatim extraction", () => {
    for (const id of ids) {
      const raw = readSharedJson(`${OH}/${id}.last_llm_completion.json`) as { messages: Msg[] };
      const t = parseTrajectory(raw, { instanceId: id });
      expect(t.framework).toBe("openhands");
      const assistant = raw.messages.filter((m) => m.role === "assistant");
      // every assistant message of these logs has at most one tool call
      expect(assistant.every((m) => (m.tool_calls?.length ?? 0) <= 1)).toBe(true);
      expect(t.steps.length).toBe(assistant.length + 1);
      checkVerbatim(t, raw);
      // every execute_bash observation reports its exit code
      for (const s of t.steps) {
        if (
          s.tool === "execute_bash" &&
          s.observation.includes("[Command finished with exit code")
        ) {
          expect(s.exitCode).toBeTypeOf("number");
        }
      }
    }
  });
});
