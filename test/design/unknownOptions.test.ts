import { describe, expect, it } from "vitest";
import { createRng } from "../../src/core/rng.js";
import { neymanAllocation } from "../../src/design/neymanAllocation.js";
import { pivotal } from "../../src/design/pivotal.js";

const cases: [string, RegExp, () => unknown][] = [
  [
    "neymanAllocation",
    /"minPerStrata" \(did you mean "minPerStratum"\?\); valid options: minPerStratum$/,
    () =>
      neymanAllocation(Int32Array.of(100, 100), Float64Array.of(1, 2), 20, {
        minPerStrata: 1,
      } as never),
  ],
  [
    "pivotal",
    /"esp" \(did you mean "eps"\?\)/,
    () => pivotal(Float64Array.of(0.5, 0.5), createRng(1), { esp: 1e-6 } as never),
  ],
];

describe("design functions reject unknown option keys", () => {
  it.each(cases)("%s", (name, hint, call) => {
    expect(call).toThrow(TypeError);
    expect(call).toThrow(new RegExp(`^${name}: unknown option ${hint.source}`));
  });
});
