// Attack: the global rate limit skipped every request whose raw URL did not start with
// "/api/", but the router decodes "/%61pi/…" (and an absolute-form request line
// "GET http://host/api/… HTTP/1.1") to the same /api route — so a script could call any
// endpoint without limit. The limit now decides on the matched route.

import type { AddressInfo } from "node:net";
import net from "node:net";
import { describe, expect, it } from "vitest";
import { setupApp } from "../helper";

const ctx = await setupApp({ rateLimitPerMinute: 3 });

describe("the global rate limit cannot be bypassed by spelling the path differently", () => {
  it("counts /%61pi/app/checkAccount like /api/app/checkAccount: 429 from the 4th request", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) {
      const res = await ctx.app.inject({
        method: "GET",
        url: "/%61pi/app/checkAccount?account=victim%40example.com",
        remoteAddress: "10.1.1.1",
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 3)).toEqual([200, 200, 200]);
    expect(statuses.slice(3)).toEqual(Array(7).fill(429));
  });

  it("mixed spellings share one counter", async () => {
    const urls = [
      "/api/app/checkAccount",
      "/%61pi/app/checkAccount",
      "/%61%70%69/app/checkAccount",
      "/api/app/%63heckAccount",
    ];
    const statuses: number[] = [];
    for (const url of urls) {
      const res = await ctx.app.inject({
        method: "GET",
        url: `${url}?account=a%40example.com`,
        remoteAddress: "10.1.1.2",
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
  });

  it("counts an absolute-form request line over a real socket", async () => {
    await ctx.app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = ctx.app.server.address() as AddressInfo;
    const send = (line: string) =>
      new Promise<number>((resolve, reject) => {
        const socket = net.connect(port, "127.0.0.1", () => {
          socket.write(`${line}\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`);
        });
        let data = "";
        socket.on("data", (chunk) => {
          data += chunk.toString();
        });
        socket.on("end", () => resolve(Number(data.split(" ")[1])));
        socket.on("error", reject);
      });
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      statuses.push(await send(`GET http://127.0.0.1:${port}/%61pi/app/checkAccount?account=b%40example.com HTTP/1.1`));
    }
    expect(statuses.slice(0, 3)).toEqual([200, 200, 200]);
    expect(statuses.slice(3)).toEqual([429, 429]);
  });

  it("still leaves the app's static files alone", async () => {
    for (let i = 0; i < 5; i++) {
      const res = await ctx.app.inject({ method: "GET", url: "/", remoteAddress: "10.1.1.4" });
      expect(res.statusCode).not.toBe(429);
    }
  });
});
