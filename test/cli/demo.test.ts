import { beforeAll, describe, expect, it } from "vitest";
import { loadSwebenchOutcomes } from "../../examples/loadSwebench.js";
import { resolveRateDemo } from "../../examples/resolveRateDemo.js";
import { buildCli, runCli } from "./_cli.js";

let cli: Awaited<ReturnType<typeof buildCli>>;
beforeAll(async () => {
  cli = await buildCli();
});

describe("evalsift demo", () => {
  it("reproduces resolveRateDemo on the bundled data (JSON)", () => {
    const r = runCli(cli.file, ["demo", "--reps", "20", "--json", "--quiet"]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toBe("");
    const got = JSON.parse(r.stdout);
    const lib = resolveRateDemo(loadSwebenchOutcomes(), { reps: 20 });
    expect(got.trueRate).toBe(lib.trueRate);
    expect(got.methods.map((m: { name: string }) => m.name)).toEqual(
      lib.methods.map((m) => m.name),
    );
    got.methods.forEach(
      (m: { estimate: { estimate: number; ci: number[] }; rmse: number }, k: number) => {
        expect(m.estimate.estimate).toBe(lib.methods[k]?.estimate.estimate);
        expect(m.estimate.ci).toEqual([...(lib.methods[k]?.estimate.ci ?? [])]);
        expect(m.rmse).toBe(lib.methods[k]?.rmse);
      },
    );
  });

  it("prints CSV in a pipe and a note on stderr", () => {
    const r = runCli(cli.file, ["demo", "--reps", "5", "--n", "30"]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.split("\n")[0]).toBe(
      "design,estimate,ci_lo,ci_hi,true_rate,rmse,bias,coverage,mean_ci_width",
    );
    expect(r.stdout.trim().split("\n")).toHaveLength(4);
    expect(r.stderr).toContain("estimated from n = 30");
  });

  it("exits 2 on an unknown submission and on a bad --n", () => {
    const a = runCli(cli.file, ["demo", "--target", "nobody"]);
    expect(a.code).toBe(2);
    expect(a.stderr).toContain('unknown submission "nobody"');
    const b = runCli(cli.file, ["demo", "--n", "1"]);
    expect(b.code).toBe(2);
    expect(b.stderr).toContain("--n must be an integer in [10, 500]");
    // a target without two earlier submissions: a usage error, not an internal one with a stack
    const c = runCli(cli.file, ["demo", "--reps", "5", "--target", "20231010_rag_claude2"]);
    expect(c.code).toBe(2);
    expect(c.stderr).toContain(
      "--target 20231010_rag_claude2 has fewer than 2 earlier submissions",
    );
  });

  it("a census (--n 500) covers the true rate with every design (stratified's estimate was 1 ulp off)", () => {
    const r = runCli(cli.file, ["demo", "--reps", "3", "--n", "500", "--json", "--quiet"]);
    expect(r.code, r.stderr).toBe(0);
    const got = JSON.parse(r.stdout) as { methods: { name: string; coverage: number }[] };
    for (const m of got.methods) expect(m.coverage, m.name).toBe(1);
  });
});
