// Areas that load as one lazy chunk pick their screen by path: every path the route table
// sends to an area's loader has a screen in that area's table, and nothing else does.
import { describe, expect, it } from "vitest";
import { ROUTES } from "../src/app/route-table";
import { routes } from "../src/app/routes";
import { CONTEST_SCREENS } from "../src/features/contests/screens";
import { EARN_SCREENS } from "../src/features/earn/screens";
import { LOAN_SCREENS } from "../src/features/loans/screens";

const loaderOf = (path: string) => ROUTES.find((r) => r.path === path)?.screen;
const pathsLoadedBy = (path: string) =>
  ROUTES.filter((r) => r.screen === loaderOf(path))
    .map((r) => r.path)
    .sort();

describe.each([
  ["earn", routes.arbitrage, EARN_SCREENS],
  ["loans", routes.loans, LOAN_SCREENS],
  ["contests", routes.contests, CONTEST_SCREENS],
])("%s", (_area, first, table) => {
  it("has a screen for exactly the paths the route table loads with it", () => {
    expect(pathsLoadedBy(first)).toEqual(Object.keys(table).sort());
  });
});
