import { createRequire } from "node:module";
import path from "node:path";
import { defineProject } from "vitest/config";
import { rcUtilEs } from "./build/antd-imports.ts";
import { preactAliases } from "./build/preact.ts";

// testing-library's ES module build, so its React imports go through the aliases too
// (its CommonJS build would `require` React itself).
const rtl = path.join(
  path.dirname(createRequire(import.meta.url).resolve("@testing-library/react/package.json")),
  "dist/@testing-library/react.esm.js",
);

export default defineProject({
  // The app's React imports resolve to Preact (build/preact.ts), in testing-library too.
  resolve: { alias: [...preactAliases, rcUtilEs, { find: /^@testing-library\/react$/, replacement: rtl }] },
  test: {
    name: "web",
    environment: "jsdom",
    include: ["src/**/*.test.{ts,tsx}", "test/**/*.test.{ts,tsx}"],
    // Libraries that import React, processed by Vite so that import resolves to Preact too.
    server: {
      deps: {
        inline: [
          /@testing-library\/react/,
          /react-i18next/,
          /react-router/,
          /@tanstack\/react-query/,
          /zustand/,
          /antd-mobile/,
        ],
      },
    },
  },
});
