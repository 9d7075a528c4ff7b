// `SANDBOX=false MARKET_FEED=sim npm start` exits with a message naming the symbols the
// simulator would price, even when missing secrets stop the start before the symbol table
// is read (issue 32 §1). Runs the real entry point in a child process.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";

const entry = path.join(import.meta.dirname, "../../src/server.ts");

function start(env: Record<string, string>) {
  const child = spawnSync(process.execPath, ["--import", "tsx", entry], {
    env: { PATH: process.env.PATH ?? "", ...env },
    encoding: "utf8",
    timeout: 60_000,
  });
  return { status: child.status, stderr: child.stderr };
}

describe("a real-money start with simulated prices", () => {
  it.each([
    ["sim", "simulated"],
    ["replay", "replayed"],
  ])("SANDBOX=false MARKET_FEED=%s exits 2 naming the symbols it would price", (feed, how) => {
    const { status, stderr } = start({ SANDBOX: "false", MARKET_FEED: feed, REPLAY_FILE: "x.csv" });
    expect(status).toBe(2);
    expect(stderr).toContain(`MARKET_FEED=${feed}: with SANDBOX=false no tradable symbol may be ${how}`);
    for (const symbol of ["BTCUSDT", "XAUUSD", "EURUSD"]) expect(stderr).toContain(symbol);
  });

  it("MARKET_FEED=binance is not named for simulation by the entry point (the start checks its symbols)", () => {
    const { status, stderr } = start({ SANDBOX: "false", MARKET_FEED: "binance" });
    expect(status).toBe(2);
    expect(stderr).toContain("AUDIT_KEY");
    expect(stderr).not.toContain("MARKET_FEED=");
  });
});
