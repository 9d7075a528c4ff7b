import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    // 2 cores: two test files at a time (each server file owns its own database).
    maxWorkers: 2,
    projects: [
      { test: { name: "domain", root: "packages/domain", include: ["test/**/*.test.ts"] } },
      { test: { name: "contract", root: "packages/contract", include: ["test/**/*.test.ts"] } },
      "apps/server/vitest.config.ts",
      "apps/web/vitest.config.ts",
      "apps/console/vitest.config.ts",
    ],
  },
});
