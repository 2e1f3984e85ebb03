import { defineConfig } from "tsup";

// The `evalsift` command: one self-contained ESM file with the library and the
// vendored demo data bundled in, so `npx evalsift demo` works from the package.
export default defineConfig({
  entry: { cli: "cli/main.ts" },
  format: ["esm"],
  outDir: "dist",
  dts: false,
  sourcemap: false,
  clean: false,
  treeshake: true,
  target: "node20",
  platform: "node",
  tsconfig: "cli/tsconfig.json",
  loader: { ".csv": "text", ".txt": "text" },
  banner: { js: "#!/usr/bin/env node" },
});
