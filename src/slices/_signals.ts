/** Internal helpers for the behavioural signals. */
import type { AgentState } from "./agentStates.js";

/** CASPER Table 1 order codes; OTHER is outside the order. */
export const STATE_CODE: Readonly<Record<AgentState, number>> = {
  SETUP: 0,
  NAVIGATION: 1,
  REPRODUCTION: 2,
  PATCH: 3,
  VALIDATION: 4,
  CLEANUP: 5,
  SUBMISSION: 6,
  OTHER: -1,
};

/** Shannon entropy (bits) of the empirical state distribution; 0 for no states. */
export function stateEntropy(states: readonly AgentState[]): number {
  if (states.length === 0) return 0;
  const count = new Map<AgentState, number>();
  for (const s of states) count.set(s, (count.get(s) ?? 0) + 1);
  let h = 0;
  for (const c of count.values()) {
    const p = c / states.length;
    h -= p * Math.log2(p);
  }
  return h;
}

/** File-like tokens (with an extension) in a shell action, quotes and trailing punctuation removed. */
export function pathsIn(action: string): string[] {
  const out: string[] = [];
  for (const raw of action.split(/[\s'"=:,()]+/)) {
    const t = raw.replace(/^[<>|&;]+/, "").replace(/[;|&)]+$/, "");
    if (
      /^[\w./-]*[\w-]\.(py|pyi|pyx|c|h|js|ts|cfg|toml|ini|txt|rst|md|json|yaml|yml|html|sh)$/.test(
        t,
      )
    ) {
      out.push(t);
    }
  }
  return out;
}
