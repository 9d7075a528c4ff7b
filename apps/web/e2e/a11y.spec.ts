// Accessibility: axe on every route of the route table at 375×812 — public routes
// logged out, login-only routes as a logged-in customer. Any serious or critical
// violation fails the route and is printed (rule, impact, elements).
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { ROUTES } from "../src/app/route-table";
// Renamed: not a React hook, and biome would read a conditional call as one.
import { registerCustomer, useToken as startLoggedIn } from "./support/customer";

type Violation = Awaited<ReturnType<AxeBuilder["analyze"]>>["violations"][number];

function describe(violations: Violation[]): string {
  return violations
    .map(
      (v) =>
        `${v.impact} ${v.id}: ${v.help}\n${v.nodes
          .slice(0, 5)
          .map((n) => `    ${n.target.join(" ")} — ${n.failureSummary?.split("\n").slice(1).join("; ")}`)
          .join("\n")}`,
    )
    .join("\n");
}

async function seriousViolations(page: Page, path: string): Promise<Violation[]> {
  await page.goto(`/#${path}`);
  // The guard shows the loading overlay until the screen has loaded.
  await expect(page.getByTestId("page-loading")).toHaveAttribute("aria-hidden", "true");
  await page.waitForLoadState("networkidle");
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations.filter((v) => v.impact === "serious" || v.impact === "critical");
}

let token = "";
test.beforeAll(async ({ request }) => {
  token = (await registerCustomer(request, "a11y")).token;
});

for (const route of ROUTES) {
  test(`${route.path} (${route.login ? "logged in" : "logged out"}) has no serious or critical axe violations`, async ({
    page,
  }) => {
    if (route.login) await startLoggedIn(page, token);
    const violations = await seriousViolations(page, route.path);
    // A login route must really be shown, not the login screen it would redirect to.
    expect(new URL(page.url()).hash.split("?")[0]).toBe(`#${route.path}`);
    expect(violations, describe(violations)).toEqual([]);
  });
}
