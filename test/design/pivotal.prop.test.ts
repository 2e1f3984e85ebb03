import { describe, it } from "vitest";
import { pivotal } from "../../src/design/pivotal.js";
import { assertPikDesignProperties } from "./_helpers.js";

describe("pivotal properties", () => {
  it("returns sorted distinct indices with every pik = 1 unit and no pik = 0 unit", () => {
    assertPikDesignProperties(pivotal, true);
  });
});
