// A JSON-RPC proxy in front of the test chain that can "lose" broadcasts: while `drop` is on,
// eth_sendRawTransaction is answered with the transaction's hash but never reaches the node,
// as when a transaction is stuck outside every block (the stuck-withdrawal test).
import http from "node:http";
import { type Hex, keccak256 } from "viem";

interface RpcRequest {
  id: number | string;
  method: string;
  params?: unknown[];
}

export async function startRpcProxy(target: string) {
  const state = { drop: false, dropped: [] as Hex[] };
  const forward = async (body: unknown) => {
    const res = await fetch(target, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    return res.json();
  };
  const lose = (r: RpcRequest) => {
    const raw = r.params?.[0] as Hex;
    state.dropped.push(keccak256(raw));
    return { jsonrpc: "2.0", id: r.id, result: keccak256(raw) };
  };
  const isLost = (r: RpcRequest) => state.drop && r.method === "eth_sendRawTransaction";
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    const answer = async () => {
      const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as RpcRequest | RpcRequest[];
      if (Array.isArray(body)) {
        const passed = body.filter((r) => !isLost(r));
        const forwarded = passed.length > 0 ? ((await forward(passed)) as Array<{ id: unknown }>) : [];
        return body.map((r) => (isLost(r) ? lose(r) : forwarded.find((f) => f.id === r.id)));
      }
      return isLost(body) ? lose(body) : forward(body);
    };
    req.on("end", () => {
      answer().then(
        (result) => {
          res.writeHead(200, { "content-type": "application/json" });
          res.end(JSON.stringify(result));
        },
        // The chain went away (the file's teardown closes it while a round is in flight): the
        // caller sees a failed request, as from a node that is down, not an unhandled error.
        () => res.destroy(),
      );
    });
  });
  return { ...(await serveLocally(server)), state };
}

/**
 * Listens on a free local port; `close` also ends open connections (the watcher keeps its
 * keep-alive connection open, so a plain close() would wait for ever).
 */
export async function serveLocally(server: http.Server): Promise<{ url: string; close: () => Promise<void> }> {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
    close: () =>
      new Promise<void>((r) => {
        server.close(() => r());
        server.closeAllConnections();
      }),
  };
}
