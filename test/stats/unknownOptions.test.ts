import { describe, expect, it } from "vitest";
import { rowMatrix } from "../../src/core/rowMatrix.js";
import { averageRanks } from "../../src/stats/averageRanks.js";
import { dunn } from "../../src/stats/dunn.js";
import { nemenyi } from "../../src/stats/nemenyi.js";
import { wilcoxonSignedRank } from "../../src/stats/wilcoxonSignedRank.js";

const f = (...v: number[]) => Float64Array.from(v);
const cases: [string, RegExp, () => unknown][] = [
  [
    "averageRanks",
    /"decending" \(did you mean "descending"\?\); valid options: descending$/,
    () =>
      averageRanks(
        rowMatrix([
          [1, 2],
          [2, 1],
        ]),
        { decending: true } as never,
      ),
  ],
  [
    "dunn",
    /"ajust" \(did you mean "adjust"\?\)/,
    () => dunn([f(1, 2, 3), f(4, 5, 6)], { ajust: "none" } as never),
  ],
  [
    "nemenyi",
    /"alhpa" \(did you mean "alpha"\?\)/,
    () => nemenyi(f(1.2, 2.1, 2.7), 10, { alhpa: 0.05 } as never),
  ],
  [
    "wilcoxonSignedRank",
    /"alternativ" \(did you mean "alternative"\?\)/,
    () => wilcoxonSignedRank(f(1, 2, 3, 4), f(2, 1, 5, 7), { alternativ: "less" } as never),
  ],
];

describe("stats functions reject unknown option keys", () => {
  it.each(cases)("%s", (name, hint, call) => {
    expect(call).toThrow(TypeError);
    expect(call).toThrow(new RegExp(`^${name}: unknown option ${hint.source}`));
  });
});
