/**
 * Sparse arrays (`[a, , c]`): `map`, `forEach` and `every` skip a hole and
 * `for...of` reads it as undefined, so a hole used to slip past per-element
 * checks (or stay in a result). Each function below must refuse one with the
 * TypeError of `checkNoHoles`, naming itself and the slot.
 */
import { describe, expect, it } from "vitest";
import { checkNoHoles } from "../../src/core/validate.js";
import { forestSpec } from "../../src/plot/forestSpec.js";
import { agentStates } from "../../src/slices/agentStates.js";
import { behavioralSignals } from "../../src/slices/behavioralSignals.js";
import { rankSlices } from "../../src/slices/rankSlices.js";
import type { Step, Trajectory } from "../../src/trajectory/schema.js";
import { stepTexts } from "../../src/trajectory/stepTexts.js";
import { step as makeStep } from "../trajectory/_make.js";

const step: Step = makeStep(0, "ls", "a.py");
/** `[x, <hole>, x]`. */
const holed = <T>(x: T): T[] => {
  const a = [x, x, x];
  delete a[1];
  return a;
};
const trajectory = (steps: Step[]): Trajectory => ({
  id: "t",
  framework: "mini-swe-agent",
  instanceId: "t",
  steps,
});
const slot = (fn: string, arg: string) =>
  new RegExp(`^${fn}: ${arg.replace(/[.[\]]/g, "\\$&")}\\[1\\] is an empty slot`);

describe("checkNoHoles(fn, arg, a)", () => {
  it("names the first empty slot; dense arrays and explicit undefined pass", () => {
    expect(() => checkNoHoles("f", "xs", holed(1))).toThrow(TypeError);
    expect(() => checkNoHoles("f", "xs", holed(1))).toThrow(slot("f", "xs"));
    expect(() => checkNoHoles("f", "xs", [1, undefined, 3])).not.toThrow();
    expect(() => checkNoHoles("f", "xs", [])).not.toThrow();
  });
});

describe("public functions refuse an array with a hole", () => {
  it("plot specs (records), slice and trajectory functions", () => {
    const row = { name: "srs", estimate: 0.3, ci: [0.2, 0.4] };
    expect(() => forestSpec(holed(row) as never)).toThrow(slot("forestSpec", "rows"));
    expect(() => agentStates(holed(step))).toThrow(slot("agentStates", "steps"));
    expect(() => stepTexts(trajectory(holed(step)))).toThrow(slot("stepTexts", "trajectory.steps"));
    expect(() => behavioralSignals(trajectory(holed(step)))).toThrow(
      slot("behavioralSignals", "trajectory.steps"),
    );
    expect(() => behavioralSignals(trajectory([step]), { goldFiles: holed("a.py") })).toThrow(
      slot("behavioralSignals", "options.goldFiles"),
    );
    const input = {
      sliceOf: new Int32Array([0, 0, 1, 1]),
      picks: holed(new Int32Array([0])),
      outcomeV0: new Uint8Array([1, 1, 1, 1]),
      outcomeV1: new Uint8Array([1, 1, 0, 1]),
      scoreV0: new Float64Array([0.9, 0.8, 0.7, 0.6]),
      scoreV1: new Float64Array([0.5, 0, 0.6, 0]),
    };
    expect(() => rankSlices(input)).toThrow(slot("rankSlices", "picks"));
  });
});
