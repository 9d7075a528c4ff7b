// ERC-20 Transfer logs: the event the watcher reads in every block range, and the look-up of
// the transfers a customer may have sent to an address before it was first shown.
import { type Hash, type PublicClient, pad, parseAbiItem, toEventSelector, toHex } from "viem";
import type { EvmToken } from "../../../chain-config";
import type { SeenTransfer } from "./store";

const TRANSFER = parseAbiItem("event Transfer(address indexed from, address indexed to, uint256 value)");
const TRANSFER_TOPIC = toEventSelector(TRANSFER);

/** A Transfer log, decoded; `to` and `value` null when it is not a standard Transfer. */
export interface RangeLog {
  /** The token contract, lower case. */
  token: string;
  to: string | null;
  value: bigint | null;
  txHash: Hash;
  logIndex: number;
  blockNumber: number;
  blockHash: string;
}

/**
 * The Transfer logs of `contracts` in blocks `from`..`to` (only to `recipients` when given),
 * decoded here: a Transfer's recipient is its third topic, its value the data's first 32
 * bytes (viem's generic decoding of every log was about a tenth of a catch-up's time, issue
 * 33). Removed logs and logs without their block or transaction are left out.
 */
export async function transferLogs(
  client: PublicClient,
  contracts: `0x${string}`[],
  from: number,
  to: number,
  recipients?: `0x${string}`[],
): Promise<RangeLog[]> {
  const topics = recipients
    ? [TRANSFER_TOPIC, null, recipients.map((r) => pad(r.toLowerCase() as `0x${string}`))]
    : [TRANSFER_TOPIC];
  const logs = await client.request({
    method: "eth_getLogs",
    params: [{ address: contracts, topics, fromBlock: toHex(from), toBlock: toHex(to) }],
  });
  const out: RangeLog[] = [];
  for (const log of logs) {
    if (log.removed || log.blockNumber === null || log.logIndex === null || log.transactionHash === null) continue;
    if (log.blockHash === null) continue;
    const [topic, , recipient] = log.topics;
    const standard =
      topic?.toLowerCase() === TRANSFER_TOPIC &&
      log.topics.length === 3 &&
      recipient?.length === 66 &&
      log.data.length >= 66;
    out.push({
      token: log.address.toLowerCase(),
      to: standard && recipient ? `0x${recipient.slice(26).toLowerCase()}` : null,
      value: standard ? BigInt(log.data.slice(0, 66)) : null,
      txHash: log.transactionHash,
      logIndex: Number(log.logIndex),
      blockNumber: Number(log.blockNumber),
      blockHash: log.blockHash,
    });
  }
  return out;
}

/** Addresses per getLogs call (the `to` topic), and blocks per call. */
const PER_CALL = 100;
const SPAN = 10_000;

export interface TokenTransfer {
  token: EvmToken;
  value: bigint;
  /** The recipient (lower case) and its customer. */
  to: string;
  userId: number;
  where: Pick<SeenTransfer, "txHash" | "logIndex" | "blockNumber" | "blockHash">;
}

/**
 * The configured tokens' Transfer logs to `owner`'s addresses (address → customer) in blocks
 * `from`..`upTo`: one getLogs per 100 addresses and 10,000 blocks. Removed logs and those
 * of other tokens or recipients are left out.
 */
export async function tokenTransfersTo(
  client: PublicClient,
  tokens: Map<string, EvmToken>,
  owner: Map<string, number>,
  from: number,
  upTo: number,
): Promise<TokenTransfer[]> {
  const out: TokenTransfer[] = [];
  if (tokens.size === 0) return out;
  const addresses = [...owner.keys()] as `0x${string}`[];
  const contracts = [...tokens.values()].map((t) => t.contract as `0x${string}`);
  for (let i = 0; i < addresses.length; i += PER_CALL) {
    const recipients = addresses.slice(i, i + PER_CALL);
    for (let start = from; start <= upTo; start += SPAN) {
      for (const log of await transferLogs(client, contracts, start, Math.min(upTo, start + SPAN - 1), recipients)) {
        const userId = log.to === null ? undefined : owner.get(log.to);
        const token = tokens.get(log.token);
        if (userId === undefined || !token || log.to === null || log.value === null) continue;
        const { txHash, logIndex, blockNumber, blockHash } = log;
        out.push({ token, value: log.value, to: log.to, userId, where: { txHash, logIndex, blockNumber, blockHash } });
      }
    }
  }
  return out;
}
