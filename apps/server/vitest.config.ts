import { defineProject } from "vitest/config";

export default defineProject({
  test: {
    name: "server",
    include: ["test/**/*.test.ts", "src/**/*.test.ts"],
    globalSetup: ["test/global-setup.ts"],
    // Files in one worker share the imported modules instead of loading the whole server
    // again for each file (that was ~40 % of the suite's time). Every file still gets its
    // own database and app (test/helper.ts); module-level state is per database or per
    // app, and tests that fake timers or spy restore them after each test.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
