import { describe, it } from "vitest";
import { systematicPps } from "../../src/design/systematicPps.js";
import { assertPikDesignProperties } from "./_helpers.js";

describe("systematicPps properties", () => {
  it("returns sorted distinct indices with every pik = 1 unit and no pik = 0 unit", () => {
    assertPikDesignProperties(systematicPps, true);
  });
});
