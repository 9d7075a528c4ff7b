import { defineProject } from "vitest/config";

// The console's unit tests: request bodies and the kit's rules (no browser needed).
export default defineProject({
  test: {
    name: "console",
    include: ["src/**/*.test.{ts,tsx}", "test/**/*.test.{ts,tsx}"],
  },
});
