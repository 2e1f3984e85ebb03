import { defineConfig } from "tsup";
import { ENTRIES as JOBS } from "./scripts/entries.js";

// No source maps in the published build: they were 58 % of the tarball, and
// the sources they point to are not shipped. For local debugging run
// `npx tsup --sourcemap` (the CLI bundle never had maps).
const common = {
  sourcemap: false,
  clean: false,
  target: "es2022",
  tsconfig: "tsconfig.build.json",
} as const;

// ESM keeps one file per module (bundle: false) so a consumer's bundler drops
// the modules it does not import, together with their dependencies (jstat): `import { pivotal, horvitzThompson }` stays a few kB
// (scripts/size-budget.ts). A single-file bundle would keep every dependency
// import, since those packages do not declare themselves side-effect free.
// CommonJS stays one bundled file. `npm run build` empties dist first.
// The job entries (`evalsift/estimate`, ...), from package.json "exports" (scripts/entries.ts).
const ENTRIES = JOBS.map((e) => `src/entry/${e}.ts`);

export default defineConfig([
  {
    ...common,
    entry: ["src/**/*.ts", "!src/**/*.d.ts"],
    format: ["esm"],
    bundle: false,
    dts: { entry: ["src/index.ts", ...ENTRIES] },
  },
  {
    ...common,
    entry: ["src/index.ts", ...ENTRIES],
    format: ["cjs"],
    dts: true,
    treeshake: true,
    // the entries share their modules through chunks instead of each carrying a copy
    splitting: true,
  },
]);
