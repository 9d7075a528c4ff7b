// The platform's on-chain balances for the proof of reserves (issue 33; modules/reserves):
// every stored deposit address and the hot wallet (CHAIN_EVM_HOT_WALLET), each configured
// token, all read at ONE block, so the figures are a snapshot anybody can re-read from the
// chain. The block is the newest one with the credit threshold's confirmations, the depth at
// which deposits are credited to customers (and a reorganisation no longer changes it).

import { eq } from "drizzle-orm";
import { formatUnits, type PublicClient, parseAbi } from "viem";
import type { EvmChainConfig } from "../../../chain-config";
import type { Db } from "../../../db";
import { evmDepositAddresses } from "../schema";
import { chainClient } from "./watcher";

const ERC20 = parseAbi(["function balanceOf(address owner) view returns (uint256)"]);
/** Balance reads in flight at once. */
const PARALLEL = 16;

export interface ChainReserveAddress {
  address: string;
  kind: "hot" | "deposit";
  /** Non-zero balances only, as decimal strings. */
  balances: Array<{ currency: string; amount: string }>;
}

export interface ChainReserves {
  block: number;
  chainId: number;
  network: string;
  /** Addresses holding something at `block`. */
  addresses: ChainReserveAddress[];
}

/** `address`'s balance of `token` (its contract's `balanceOf`, or the native coin) at `blockNumber`, in units. */
export function balanceAt(
  client: PublicClient,
  token: Pick<EvmChainConfig["tokens"][number], "contract">,
  address: `0x${string}`,
  blockNumber: bigint,
): Promise<bigint> {
  return token.contract
    ? client.readContract({
        address: token.contract,
        abi: ERC20,
        functionName: "balanceOf",
        args: [address],
        blockNumber,
      })
    : client.getBalance({ address, blockNumber });
}

/** The platform's addresses on the chain: the hot wallet first, then every deposit address. */
async function platformAddresses(db: Db, chain: EvmChainConfig): Promise<Array<Omit<ChainReserveAddress, "balances">>> {
  const stored = await db
    .select({ address: evmDepositAddresses.address })
    .from(evmDepositAddresses)
    .where(eq(evmDepositAddresses.chainId, chain.chainId))
    .orderBy(evmDepositAddresses.seq);
  const list: Array<Omit<ChainReserveAddress, "balances">> = [];
  if (chain.hotWallet) list.push({ address: chain.hotWallet.toLowerCase(), kind: "hot" });
  for (const s of stored) if (s.address !== list[0]?.address) list.push({ address: s.address, kind: "deposit" });
  return list;
}

/** Reads the balances of the platform's addresses at one confirmed block. */
export async function readChainReserves(
  db: Db,
  chain: EvmChainConfig,
  client: PublicClient = chainClient(chain.rpcUrl),
): Promise<ChainReserves> {
  const head = Number(await client.getBlockNumber({ cacheTime: 0 }));
  const block = Math.max(0, head - (chain.confirmations - 1));
  const blockNumber = BigInt(block);
  const addresses = await platformAddresses(db, chain);
  const result: ChainReserveAddress[] = [];
  for (let i = 0; i < addresses.length; i += PARALLEL) {
    const chunk = addresses.slice(i, i + PARALLEL);
    const read = await Promise.all(
      chunk.map(async (a) => {
        const address = a.address as `0x${string}`;
        const balances = await Promise.all(
          chain.tokens.map(async (t) => {
            const raw = await balanceAt(client, t, address, blockNumber);
            return { currency: t.symbol, amount: formatUnits(raw, t.decimals) };
          }),
        );
        return { ...a, balances: balances.filter((b) => !/^0(\.0*)?$/.test(b.amount)) };
      }),
    );
    result.push(...read.filter((a) => a.balances.length > 0));
  }
  return { block, chainId: chain.chainId, network: chain.network, addresses: result };
}
