import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    setupFiles: ["test/setup.ts"],
    // The CLI tests' bundle, built once per run in the main process and removed at its end.
    globalSetup: ["test/cliBundle.globalSetup.ts"],
    testTimeout: 60_000,
    pool: "forks",
    // One module registry per worker instead of per file: the ~340 files share
    // the library's modules instead of importing them again (a quarter of the
    // CPU time). Tests keep no module state between files; the two that stub
    // WebAssembly reset it in afterEach.
    isolate: false,
    // vitest starts one worker on a 2-core machine by default; the suite is CPU-bound, use both.
    maxWorkers: 2,
  },
});
