import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/** Shape of test/fixtures/irt.json (written by scripts/fixtures/irt.py). */
export type Fixture = {
  versions: Record<string, string>;
  priors: { thetaSd: number; bSd: number; logASd: number };
  fits: {
    model: "rasch" | "2pl";
    runs: number;
    items: number;
    data: number[];
    theta: number[];
    a: number[];
    b: number[];
    logPosterior: number;
  }[];
  eap: {
    a: number[];
    b: number[];
    thetaMean: number;
    thetaSd: number;
    observed: number[];
    responses: number[];
    eapTheta: number;
    eapSd: number;
    pirt: number;
    pirtVariance: number;
  }[];
};

/** The parsed fixture. */
const here = dirname(fileURLToPath(import.meta.url));
export const fx = JSON.parse(
  readFileSync(join(here, "../../fixtures/irt.json"), "utf8"),
) as Fixture;
