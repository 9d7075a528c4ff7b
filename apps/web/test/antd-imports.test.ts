// @vitest-environment node
// build/antd-imports.ts: named imports of antd-mobile's index become per-component imports.
import { createRequire } from "node:module";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { readIndex, rewriteImports } from "../build/antd-imports";

const require = createRequire(import.meta.url);
const indexOf = (pkg: string) => path.join(path.dirname(require.resolve(`${pkg}/package.json`)), "es", "index.js");
const indexes = {
  "antd-mobile": readIndex(indexOf("antd-mobile"), "antd-mobile"),
  "antd-mobile-icons": readIndex(indexOf("antd-mobile-icons"), "antd-mobile-icons"),
};

describe("antd-mobile per-component imports", () => {
  it("reads components, helpers and icons from the installed index files", () => {
    expect(indexes["antd-mobile"].get("Button")).toEqual({
      file: "antd-mobile/es/components/button",
      imported: "default",
    });
    expect(indexes["antd-mobile"].get("setDefaultConfig")).toEqual({
      file: "antd-mobile/es/components/config-provider",
      imported: "setDefaultConfig",
    });
    expect(indexes["antd-mobile-icons"].get("TeamOutline")).toEqual({
      file: "antd-mobile-icons/es/TeamOutline",
      imported: "default",
    });
  });

  it("rewrites single and multi-line imports, keeps aliases, drops type-only names", () => {
    const code = [
      'import { Button, ErrorBlock as Empty, type ButtonProps } from "antd-mobile";',
      "import {\n  TeamOutline,\n  UserOutline,\n} from 'antd-mobile-icons';",
      'import { useState } from "react";',
    ].join("\n");
    const out = rewriteImports(code, indexes);
    expect(out).toContain('import Button from "antd-mobile/es/components/button";');
    expect(out).toContain('import Empty from "antd-mobile/es/components/error-block";');
    expect(out).toContain('import TeamOutline from "antd-mobile-icons/es/TeamOutline";');
    expect(out).toContain('import UserOutline from "antd-mobile-icons/es/UserOutline";');
    expect(out).not.toMatch(/from ["']antd-mobile["']/);
    expect(out).not.toContain("ButtonProps");
    expect(out).toContain('import { useState } from "react";');
  });

  it("keeps a name it does not know on the index import, so nothing goes missing", () => {
    const out = rewriteImports('import { Button, SomethingNew } from "antd-mobile";', indexes);
    expect(out).toContain('import Button from "antd-mobile/es/components/button";');
    expect(out).toContain('import { SomethingNew } from "antd-mobile";');
  });
});
