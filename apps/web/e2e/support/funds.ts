// Money for browser tests of the trading screens: a sandbox deposit through the public
// API (POST /api/finance/appRecharge/apply), waited for until it is credited (status 1).
import { type APIRequestContext, expect } from "@playwright/test";

export async function deposit(
  request: APIRequestContext,
  token: string,
  currency: string,
  amount: string,
): Promise<void> {
  const headers = { "X-Access-Token": token };
  const res = await request.post("/api/finance/appRecharge/apply", { headers, data: { currency, amount } });
  expect(res.status(), await res.text()).toBe(200);
  const id = (await res.json()).result.id as number;
  await expect
    .poll(
      async () => {
        const r = await request.get(`/api/finance/appRecharge/detail/${id}`, { headers });
        return (await r.json()).result?.status;
      },
      { timeout: 20_000, intervals: [250, 500, 1000] },
    )
    .toBe(1);
}

export async function availableOf(request: APIRequestContext, token: string, currency: string): Promise<string> {
  const res = await request.get("/api/finance/appWallet/queryUserBalance", { headers: { "X-Access-Token": token } });
  const list = (await res.json()).result as { currency: string; available: string }[];
  return list.find((b) => b.currency === currency)?.available ?? "0";
}
