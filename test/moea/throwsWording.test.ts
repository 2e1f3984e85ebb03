import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { constrainedDominates } from "../../src/moea/constrainedDominates.js";
import { crowdingDistance } from "../../src/moea/crowdingDistance.js";
import { hypervolume } from "../../src/moea/hypervolume.js";
import { nonDominatedSort } from "../../src/moea/nonDominatedSort.js";

/** The @throws {TypeError} paragraph of a source file's TSDoc, joined onto one line. */
function typeErrorDoc(file: string): string {
  const text = readFileSync(join(process.cwd(), "src/moea", file), "utf8");
  const m = /@throws \{TypeError\}([\s\S]*?)(?=\n \* @|\n \*\/)/.exec(text);
  expect(m, file).not.toBeNull();
  return (m?.[1] ?? "").replace(/\n \*\s*/g, " ");
}

// Review F4: the @throws lines said "not a Float64Array" (or "not an array of
// Int32Array") where plain number arrays are accepted as well.
describe("@throws {TypeError} says what is accepted: typed arrays or number arrays", () => {
  it("every src/moea TypeError doc that names a typed array also names number arrays", () => {
    for (const file of [
      "nonDominatedSort.ts",
      "constrainedDominates.ts",
      "crowdingDistance.ts",
      "hypervolume.ts",
      "sbx.ts",
      "polynomialMutation.ts",
    ]) {
      const doc = typeErrorDoc(file);
      expect(doc, file).toMatch(/(Float64Array|Int32Array)`? or an array of numbers/);
    }
  });
  it("and the plain arrays are indeed accepted", () => {
    expect(nonDominatedSort([[1], [2]], { violation: [0, 0] }).map((f) => Array.from(f))).toEqual([
      [0],
      [1],
    ]);
    expect(constrainedDominates([[1], [2]], 0, 1, { violation: [0, 0] })).toBe(true);
    expect(Array.from(crowdingDistance([[1], [2]], { fronts: [[0], [1]] }))).toEqual([
      Number.POSITIVE_INFINITY,
      Number.POSITIVE_INFINITY,
    ]);
    expect(hypervolume([[1, 1]], [2, 2])).toBe(1);
  });
  it("crowdingDistance's message for fronts that are not an array says so", () => {
    expect(() => crowdingDistance([[1]], { fronts: "0" as never })).toThrow(
      new TypeError(
        "crowdingDistance: fronts must be an array of Int32Array or of arrays of numbers",
      ),
    );
  });
});
