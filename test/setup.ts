/**
 * Property tests run with one fixed fast-check seed so that CI is
 * reproducible: a red run is a real, replayable failure, never a lucky draw.
 * Explore new inputs locally with `FC_SEED=random npm test` (or any integer).
 */
import fc from "fast-check";

const env = process.env.FC_SEED;
if (env !== "random") {
  const seed = env === undefined ? 20261130 : Number(env);
  if (!Number.isInteger(seed))
    throw new Error(`FC_SEED must be an integer or "random" (got ${env})`);
  fc.configureGlobal({ seed });
}
