// Child process of bench/ws.ts (`--api-target control`): a bare node:http server in a
// process of its own that answers every request with the same bytes (the product's
// symbol list, passed in by the parent). It does no websocket work and shares nothing
// with the server under test but the machine, so its latency during the run is what the
// machine alone allows: the floor under the product API's figure.
import http from "node:http";
import type { AddressInfo } from "node:net";

process.once("message", (m: { type: "serve"; body: string }) => {
  const body = Buffer.from(m.body);
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { "content-type": "application/json; charset=utf-8", "content-length": body.length });
    res.end(body);
  });
  server.keepAliveTimeout = 60_000;
  server.listen(0, "127.0.0.1", () => {
    process.send?.({ type: "listening", port: (server.address() as AddressInfo).port });
  });
});
