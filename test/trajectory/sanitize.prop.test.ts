import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { sanitize } from "../../src/trajectory/sanitize.js";
import { traj } from "./_make.js";

// words that exercise every rule: outcome words, hashes, paths, seeds, error names, repo names
const WORDS = [
  "passed",
  "FAILED",
  "ok,",
  "exit",
  "code",
  "0",
  "1",
  "exit code 2",
  "<returncode>0</returncode>",
  "AssertionError:",
  "ValueError",
  "django.db.OperationalError",
  "django",
  "Astropy",
  "astropy__astropy__5.1",
  "/tmp/tmpx1y2z3",
  "3f8a2b1c9d",
  "PYTHONHASHSEED=42",
  "seed",
  "=",
  "7",
  "0x7ffd12ab34cd",
  "2024-01-02",
  "10:11:12",
  "in",
  "0.5s",
  "run_12ab",
  "run_34cd",
  "[PATH]",
  "[Command",
  "the",
  "test_x.py",
  "\t",
  "\n",
  "\u001b[0m",
];
const text = fc.array(fc.constantFrom(...WORDS), { maxLength: 30 }).map((ws) => ws.join(" "));
const corpus = fc.array(
  fc.record({
    pairs: fc.array(fc.tuple(text, text), { minLength: 1, maxLength: 3 }),
    ok: fc.boolean(),
  }),
  { minLength: 1, maxLength: 8 },
);
const build = (c: { pairs: [string, string][]; ok: boolean }[]) =>
  c.map((t, i) =>
    traj(i % 2 === 0 ? `django__django-${i}` : `astropy__astropy-${i}`, t.pairs, t.ok),
  );

const KNOWN =
  /^\[(PATH|HASH|UUID|RANDOM_SEED|TIMESTAMP|ADDR|DURATION|ID|NUMBER|REPO_VAR|ERR_[A-Z_]+)\]$/;

describe("sanitize properties", () => {
  it("is idempotent: applying its rules to its output changes nothing", () => {
    fc.assert(
      fc.property(corpus, (c) => {
        const out = sanitize(build(c), { minDistinct: 2 });
        const again = sanitize(out.trajectories, { rules: out.rules });
        expect(again.texts).toEqual(out.texts);
        expect(again.trajectories).toEqual(out.trajectories);
      }),
      { numRuns: 150 },
    );
  });

  it("leaves no removed word, stop word, repository name or exit code, and only known placeholders", () => {
    fc.assert(
      fc.property(corpus, (c) => {
        const corpusIn = build(c);
        const out = sanitize(corpusIn, { minDistinct: 2 });
        const remove = new Set(out.rules.removeWords);
        const repos = [...new Set(corpusIn.map((t) => t.instanceId.split("__")[0] as string))];
        const repoRe = new RegExp(`(?<![A-Za-z0-9])(${repos.join("|")})(?![A-Za-z0-9])`, "i");
        const stop = new Set(out.rules.stopWords);
        for (const t of out.texts) {
          expect(t).not.toMatch(/exit code \d/i);
          expect(t).not.toMatch(/<returncode>/);
          expect(t).not.toMatch(repoRe);
          expect(t).not.toMatch(/Error\b/);
          for (const tok of t.split(/\s+/)) {
            if (tok.length === 0) continue;
            expect(stop.has(tok)).toBe(false);
            const core = tok
              .replace(/^[\s()[\]{}<>"'`,.;:!?]+|[\s()[\]{}<>"'`,.;:!?]+$/g, "")
              .toLowerCase();
            if (!/^\[[A-Z][A-Z_]*\]$/.test(tok)) expect(remove.has(core)).toBe(false);
            for (const m of tok.matchAll(/\[[A-Z][A-Z_]*\]/g)) expect(m[0]).toMatch(KNOWN);
          }
        }
      }),
      { numRuns: 150 },
    );
  });
});
