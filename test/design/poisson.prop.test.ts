import { describe, it } from "vitest";
import { poisson } from "../../src/design/poisson.js";
import { assertPikDesignProperties } from "./_helpers.js";

describe("poisson properties", () => {
  it("returns sorted distinct indices with every pik = 1 unit and no pik = 0 unit", () => {
    assertPikDesignProperties(poisson, false);
  });
});
