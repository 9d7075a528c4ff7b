// Attack surface: an oversized request line or header was answered by Node's bare
// "431 Request Header Fields Too Large" with no body — every other error uses the JSON
// envelope (docs/contract.md "Withdrawal safety": 431 included). Needs a real socket: the
// HTTP parser refuses the request before Fastify sees it.

import type { AddressInfo } from "node:net";
import net from "node:net";
import { describe, expect, it } from "vitest";
import { setupApp } from "../helper";

const ctx = await setupApp();
await ctx.app.listen({ port: 0, host: "127.0.0.1" });
const { port } = ctx.app.server.address() as AddressInfo;

function raw(request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1", () => socket.write(request));
    let data = "";
    socket.on("data", (chunk) => {
      data += chunk.toString();
    });
    socket.on("end", () => resolve(data));
    socket.on("close", () => resolve(data));
    socket.on("error", (err) => (data ? resolve(data) : reject(err)));
  });
}

function parse(response: string) {
  const [head = "", body = ""] = response.split("\r\n\r\n");
  return { status: Number(head.split(" ")[1]), head: head.toLowerCase(), body };
}

describe("oversized request lines and headers get the JSON envelope", () => {
  it("a 20 KB header → 431 with the envelope", async () => {
    const res = parse(
      await raw(`GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${"a".repeat(20_000)}\r\nConnection: close\r\n\r\n`),
    );
    expect(res.status).toBe(431);
    expect(res.head).toContain("content-type: application/json");
    const body = JSON.parse(res.body);
    expect(body).toMatchObject({ success: false, code: 431, result: null });
    expect(typeof body.message).toBe("string");
    expect(body.message.length).toBeGreaterThan(0);
  });

  it("a 20 KB request line → 431 with the envelope", async () => {
    const res = parse(
      await raw(`GET /api/health?q=${"b".repeat(20_000)} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`),
    );
    expect(res.status).toBe(431);
    expect(JSON.parse(res.body)).toMatchObject({ success: false, code: 431 });
  });

  it("a malformed request line → 400 with the envelope", async () => {
    const res = parse(await raw("NOT A REQUEST\r\n\r\n"));
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body)).toMatchObject({ success: false, code: 400 });
  });
});
