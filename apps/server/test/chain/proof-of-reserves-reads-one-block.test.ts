// Proof of reserves on a real local chain (ganache in process): the reserves are the
// on-chain balances of the hot wallet and every deposit address, all read at the ONE block
// the proof records — a transfer after that block does not change them — and the ratio is
// reserves ÷ the liabilities from the ledger.
import { dec } from "@candor/domain";
import { afterAll, describe, expect, it } from "vitest";
import { registerCustomer } from "../factory";
import { setupApp } from "../helper";
import { api } from "../wallet/factory";
import { chainConfig, startChain } from "./chain";
import { independentAddress } from "./keys";

const chain = await startChain();
const usdt = await chain.deployToken(6);
const HOT = "0x00000000000000000000000000000000000c0dE1" as const;
const config = chainConfig(
  chain,
  [
    { symbol: "USDT", contract: usdt, decimals: 6 },
    { symbol: "ETH", contract: null, decimals: 18 },
  ],
  { hotWallet: HOT },
);
const { app } = await setupApp({ chainEvm: config });
afterAll(() => chain.close());
const { get } = api(app);

const ERC20 = [
  {
    type: "function",
    name: "balanceOf",
    stateMutability: "view",
    inputs: [{ name: "owner", type: "address" }],
    outputs: [{ name: "", type: "uint256" }],
  },
] as const;

describe("proof of reserves on a chain", () => {
  it("records the platform's on-chain balances at one block, equal to what the chain shows there", async () => {
    const customers = await Promise.all([registerCustomer(app), registerCustomer(app)]);
    for (const c of customers) {
      const res = await get("/api/finance/rechargeAddr/getAddr?currency=USDT", c.token);
      expect(res.status).toBe(200);
      expect(res.result.address).toBe(independentAddress(c.id));
    }
    await chain.sendToken(usdt, independentAddress(customers[0]?.id ?? 0), "120.5", 6);
    await chain.sendToken(usdt, independentAddress(customers[1]?.id ?? 0), "30", 6);
    await chain.sendToken(usdt, HOT, "1000", 6);
    await chain.sendEth(HOT, "2");
    await chain.mine(5);
    const head = await chain.head();
    await app.wallet.chain?.leader.waitForBlock(head);

    const proof = await app.reserves.make();
    expect(proof.reserveSource).toBe("chain");
    expect(proof.block).toBe(head - (config.confirmations - 1));
    expect(proof.network).toEqual({ name: "ERC20", chainId: config.chainId });

    // Money arriving after the recorded block is not in this proof.
    await chain.sendToken(usdt, HOT, "5000", 6);
    await chain.mine(3);

    const blockNumber = BigInt(proof.block ?? 0);
    const onChain = new Map<string, ReturnType<typeof dec>>();
    for (const a of proof.addresses) {
      const address = a.address as `0x${string}`;
      const token = await chain.client.readContract({
        address: usdt,
        abi: ERC20,
        functionName: "balanceOf",
        args: [address],
        blockNumber,
      });
      const eth = await chain.client.getBalance({ address, blockNumber });
      const listed = new Map(a.balances.map((b) => [b.currency, b.amount]));
      expect(dec(listed.get("USDT") ?? "0").eq(dec(token.toString()).div(1e6))).toBe(true);
      expect(dec(listed.get("ETH") ?? "0").eq(dec(eth.toString()).div("1e18"))).toBe(true);
      for (const b of a.balances) onChain.set(b.currency, (onChain.get(b.currency) ?? dec(0)).plus(b.amount));
    }
    expect(proof.addresses.find((a) => a.kind === "hot")).toMatchObject({ address: HOT.toLowerCase() });
    expect(proof.addresses.filter((a) => a.kind === "deposit")).toHaveLength(2);
    const usdtTotal = proof.totals.find((t) => t.currency === "USDT");
    expect(usdtTotal?.reserves).toBe("1150.5");
    expect(dec(usdtTotal?.reserves ?? "0").eq(onChain.get("USDT") ?? dec(-1))).toBe(true);
    // Customers were credited what reached their addresses: liabilities 150.5, ratio 1150.5 / 150.5.
    expect(usdtTotal?.liabilities).toBe("150.5");
    expect(usdtTotal?.ratio).toBe(dec("1150.5").div("150.5").toDecimalPlaces(6, 1).toFixed());
    const eth = proof.totals.find((t) => t.currency === "ETH");
    expect(eth).toMatchObject({ liabilities: "0", reserves: "2", ratio: null });
  }, 90_000);
});
