// Issue 39 §3 in the browser at 375×812: the market socket stays open but stops answering
// (a proxy that lost its peer). After the next ping goes unanswered the app drops it and
// connects again, and subscribes its channels on the new socket. The page's clock is
// fast-forwarded; nothing sleeps.
import { expect, test } from "@playwright/test";
import { routes } from "../src/app/routes";

test("a market socket that stops answering pings is replaced", async ({ page }) => {
  await page.clock.install();
  const sockets: { pings: number; subscribed: string[] }[] = [];
  await page.routeWebSocket(/\/api\/websocket\/market$/, (ws) => {
    const seen = { pings: 0, subscribed: [] as string[] };
    sockets.push(seen);
    // The first socket answers nothing after its subscription; later ones answer pings.
    const answers = sockets.length > 1;
    ws.onMessage((raw) => {
      const message = JSON.parse(String(raw)) as { op?: string; channels?: string[] };
      if (message.op === "subscribe") {
        seen.subscribed.push(...(message.channels ?? []));
        ws.send(JSON.stringify({ op: "subscribed", channels: message.channels }));
      }
      if (message.op === "ping") {
        seen.pings += 1;
        if (answers) ws.send(JSON.stringify({ op: "pong", ts: Date.now() }));
      }
    });
  });
  await page.goto(`/#${routes.market}`);
  await expect(page.getByText("BTC/USDT").first()).toBeVisible();
  await expect.poll(() => sockets[0]?.subscribed.length ?? 0).toBeGreaterThan(0);

  // One ping interval (20 s) and the answer's bound (10 s): the first socket is dropped;
  // after the reconnect delay (5 s) a second one subscribes the same channels.
  await page.clock.fastForward(20_000);
  await expect.poll(() => sockets[0]?.pings ?? 0).toBe(1);
  await page.clock.fastForward(10_000);
  await page.clock.fastForward(5_000);
  await expect.poll(() => sockets.length).toBe(2);
  await expect.poll(() => sockets[1]?.subscribed.sort()).toEqual([...(sockets[0]?.subscribed ?? [])].sort());

  // The second socket answers its pings: it is kept.
  await page.clock.fastForward(35_000);
  await expect.poll(() => sockets[1]?.pings ?? 0).toBeGreaterThan(0);
  expect(sockets).toHaveLength(2);
});
