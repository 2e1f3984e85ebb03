import { describe, expect, it } from "vitest";
import { parseSwebenchReports } from "../../src/formats/parseSwebenchReports.js";
import { expected, fixture, swebenchItems } from "./_fixtures.js";

describe("parseSwebenchReports(reports, options)", () => {
  it("reads real per-instance report.json files of one run, merged by instance id", () => {
    const { items, resolved } = expected.swebench.reports;
    const merged = Object.fromEntries(
      items.map((id) => [id, JSON.parse(fixture(`swebench/reports/${id}.report.json`)) as unknown]),
    );
    const r = parseSwebenchReports(merged, { run: "gemini" });
    expect(r.items).toEqual(items);
    expect(Array.from(r.data)).toEqual(resolved);
    const all = parseSwebenchReports(merged, { run: "gemini", items: swebenchItems });
    expect(all.items).toEqual(swebenchItems);
    expect(all.data.reduce((a, b) => a + b, 0)).toBe(resolved.reduce((a, b) => a + b, 0));
  });

  it("reads a leaderboard per_instance_details.json", () => {
    const sub = "20251124_mini-v1.16.0_claude-opus-4-5-20251101";
    const r = parseSwebenchReports(fixture(`swebench/${sub}/per_instance_details.json`), {
      run: sub,
    });
    expect(r.items).toEqual(swebenchItems);
    expect(Array.from(r.data)).toEqual(expected.swebench.details);
  });

  it("errors name the source and the instance", () => {
    const o = { run: "r", source: "d.json" };
    const bare = JSON.parse(
      fixture("swebench/reports/astropy__astropy-12907.report.json"),
    ) as unknown;
    expect(() => parseSwebenchReports(bare, o)).toThrow(
      "parseSwebenchReports: d.json: reports is a bare report (it has a resolved field): wrap it as { [instanceId]: report }",
    );
    expect(() => parseSwebenchReports({ a: { resolved: "yes" } }, o)).toThrow(
      'parseSwebenchReports: d.json: reports["a"].resolved must be a boolean (got "yes")',
    );
    expect(() => parseSwebenchReports({ a: 1 }, o)).toThrow(TypeError);
    expect(() => parseSwebenchReports({}, o)).toThrow(
      "parseSwebenchReports: d.json: reports is empty",
    );
    expect(() => parseSwebenchReports({ a: { resolved: true } }, { ...o, items: ["b"] })).toThrow(
      'parseSwebenchReports: d.json: reports[0] "a" is not one of the 1 items',
    );
  });
});
