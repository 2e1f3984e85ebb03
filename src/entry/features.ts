/**
 * `evalsift/features`: per-input risk scores from a model's outputs — confidence, entropy, margin, deepGini, the surprise adequacies lsa / dsa / mdsa — and `toRisk`, which turns any of them into a sampling risk.
 * @module evalsift/features
 */
export * from "../features/index.js";
