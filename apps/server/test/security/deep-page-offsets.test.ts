// Attack: pageNo was unbounded, so "?pageNo=100000000&pageSize=100" made the database
// count and skip ten billion rows (OFFSET) on every call — a cheap way to tie up the
// database. pageNo and the offset it makes are bounded on every list: deeper pages → 400.
import { describe, expect, it } from "vitest";
import { auth, registerCustomer } from "../factory";
import { setupApp } from "../helper";

const ctx = await setupApp();
const customer = await registerCustomer(ctx.app);

const get = (url: string) => ctx.app.inject({ method: "GET", url, headers: auth(customer.token) });

describe("deep page offsets are refused on every list", () => {
  it.each([
    "/api/contest/list?pageNo=100000000&pageSize=100",
    "/api/contest/list?pageNo=102&pageSize=100",
    "/api/contest/list?pageNo=1002",
    "/api/finance/appBalanceLog/list?pageNo=5000&pageSize=50",
    "/api/chat/chatMessage/list/me?pageNo=9999999",
    "/api/trade/appTradePositions/listMy?pageNo=2147483647&pageSize=100",
  ])("%s → 400 with a translated message", async (url) => {
    const res = await get(url);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 400, result: null });
    const ko = await ctx.app.inject({ method: "GET", url, headers: { ...auth(customer.token), "x-lang": "ko" } });
    expect(ko.json().message).not.toBe(res.json().message);
  });

  it("the last allowed pages still answer", async () => {
    expect((await get("/api/contest/list?pageNo=101&pageSize=100")).statusCode).toBe(200);
    expect((await get("/api/contest/list?pageNo=1001&pageSize=10")).statusCode).toBe(200);
    expect((await get("/api/finance/appBalanceLog/list?pageNo=201&pageSize=50")).statusCode).toBe(200);
  });
});
