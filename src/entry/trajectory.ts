/**
 * `evalsift/trajectory`: one schema for agent trajectories, parsers for mini-swe-agent / SWE-agent / OpenHands, leakage-free sanitisation, the hashing TF-IDF embedder and the leakage probe.
 * @module evalsift/trajectory
 */
export * from "../trajectory/index.js";
