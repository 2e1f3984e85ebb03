import { describe, expect, it } from "vitest";
import { createRng } from "../../src/core/rng.js";
import { hashingTfidf } from "../../src/trajectory/hashingTfidf.js";
import { keyness } from "../../src/trajectory/keyness.js";
import { leakageProbe } from "../../src/trajectory/leakageProbe.js";
import { parseMiniSweAgent } from "../../src/trajectory/parseMiniSweAgent.js";
import { parseOpenHandsCompletion } from "../../src/trajectory/parseOpenHandsCompletion.js";
import { parseSweAgent } from "../../src/trajectory/parseSweAgent.js";

const texts = ["a b c", "a b d", "x y z", "x y w"];
const y = Uint8Array.of(1, 1, 0, 0);
const cases: [string, RegExp, () => unknown][] = [
  ["hashingTfidf", /"dim" \(did you mean "dims"\?\)/, () => hashingTfidf({ dim: 8 } as never)],
  [
    "keyness",
    /"treshold" \(did you mean "threshold"\?\)/,
    () => keyness(texts, y, { treshold: 1 } as never),
  ],
  [
    "leakageProbe",
    /"epoch" \(did you mean "epochs"\?\)/,
    () => leakageProbe(texts, y, createRng(1), { epoch: 1 } as never),
  ],
  [
    "parseSweAgent",
    /"instanceID" \(did you mean "instanceId"\?\)/,
    () => parseSweAgent({ trajectory: [] }, { instanceID: "x" } as never),
  ],
  [
    "parseMiniSweAgent",
    /"modle" \(did you mean "model"\?\)/,
    () => parseMiniSweAgent({ messages: [] }, { modle: "x" } as never),
  ],
  [
    "parseOpenHandsCompletion",
    /"outcom" \(did you mean "outcome"\?\)/,
    () => parseOpenHandsCompletion({ messages: [] }, { outcom: true } as never),
  ],
];

describe("trajectory functions reject unknown option keys", () => {
  it.each(cases)("%s", (name, hint, call) => {
    expect(call).toThrow(TypeError);
    expect(call).toThrow(new RegExp(`^${name}: unknown option ${hint.source}`));
  });
});
