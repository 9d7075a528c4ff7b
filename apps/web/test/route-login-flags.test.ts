// Every route in docs/product.md's route table ("Shell, navigation and routes") needs a login
// exactly when the table says so: the app's route table may not relax one (issue 39 §4 —
// /zhaiquanDetail was public without a recorded reason).
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ROUTES } from "../src/app/route-table";

const product = fs.readFileSync(path.join(import.meta.dirname, "../../../docs/product.md"), "utf8");
const section = product.slice(product.indexOf("## Shell, navigation and routes"), product.indexOf("## Accounts"));
const rows = [...section.matchAll(/^\| (\/[A-Za-z]+) \| [^|]+ \| (yes|no) \|$/gm)].map((m) => ({
  path: m[1] as string,
  login: m[2] === "yes",
}));

describe("login flags follow docs/product.md's route table", () => {
  it("reads the whole table", () => {
    expect(rows.length).toBeGreaterThanOrEqual(38);
  });

  it.each(rows)("$path needs login: $login", ({ path: p, login }) => {
    const route = ROUTES.find((r) => r.path === p);
    expect(route, `${p} is in the product's table but not in the app`).toBeDefined();
    expect(route?.login === true).toBe(login);
  });
});
