// The watcher's catch-up credits (issue 33): what became due over several blocks is credited
// in one ledger transaction of a few statements (store.ts creditChainDeposits, the ledger's
// batchCreatingAccounts). As a table: the transfers recorded per block, whose account is
// closed, and what each customer must hold afterwards. Every scenario then credits the same
// records again (and twice at once) and must find nothing left to credit; the ledger audit
// stays clean. No chain needed: blocks and transfers are recorded as the watcher records them.
import { RecordStatuses } from "@candor/contract";
import { afterAll, describe, expect, it } from "vitest";
import {
  AccountClosedError,
  auditLedger,
  batchCreatingAccounts,
  closeOwner,
  getAccountBalance,
  getTransferIdsByKeys,
  type LedgerOp,
  ledgerTransaction,
  platformAccount,
  userAccount,
} from "../../src/modules/ledger/service";
import {
  creditChainDeposits,
  dueForCredit,
  initState,
  recordRange,
  type SeenTransfer,
  transferKey,
} from "../../src/modules/wallet/chain/store";
import { bareCustomers } from "../factory";
import { createTestDatabase } from "../helper";

const database = await createTestDatabase();
afterAll(() => database.close());
const { db } = database;

const CONFIRMATIONS = 2;
const hashOf = (chainId: number, n: number) =>
  `0x${chainId.toString(16).padStart(8, "0")}${n.toString(16).padStart(56, "0")}`;
let nextChain = 91_000;

interface Scenario {
  name: string;
  customers: number;
  /** Per block after the first: [customer index, amount] transfers in it. */
  blocks: Array<Array<[number, string]>>;
  /** Customer indexes whose accounts are closed before the credit. */
  closed?: number[];
  /** Each customer's spot USDT afterwards ("0" for none). */
  spot: string[];
}

const scenarios: Scenario[] = [
  {
    name: "several deposits over several blocks are each credited once",
    customers: 3,
    blocks: [
      [
        [0, "10"],
        [1, "2.5"],
      ],
      [[0, "20"]],
      [],
      [
        [2, "7"],
        [2, "0.000001"],
      ],
      [],
    ],
    spot: ["30", "2.5", "7.000001"],
  },
  {
    name: "a closed account's deposit is held (not credited) and the others are credited",
    customers: 3,
    blocks: [
      [
        [0, "5"],
        [1, "70"],
      ],
      [[2, "1"]],
      [],
    ],
    closed: [1],
    spot: ["5", "0", "1"],
  },
  {
    name: "a customer's many deposits in one block (a busy token) each get their own credit",
    customers: 1,
    blocks: [Array.from({ length: 40 }, () => [0, "1.25"] as [number, string]), []],
    spot: ["50"],
  },
];

describe("deposits that became due over several blocks, credited in one batch", () => {
  it.each(scenarios)("$name", async (s) => {
    const chainId = nextChain++;
    const users = await bareCustomers(database, s.customers);
    const user = (i: number) => users[i] as number;
    await initState(db, chainId, 100, hashOf(chainId, 100));
    const recorded: SeenTransfer[] = [];
    for (const [i, inBlock] of s.blocks.entries()) {
      const n = 101 + i;
      const transfers = inBlock.map(([who, amount], logIndex) => ({
        userId: user(who),
        currency: "USDT",
        network: "ERC20",
        amount,
        address: `0x${user(who).toString(16).padStart(40, "0")}`,
        txHash: hashOf(chainId, n * 1000 + logIndex),
        logIndex,
        blockNumber: n,
        blockHash: hashOf(chainId, n),
        dust: false,
      }));
      recorded.push(...transfers);
      const range = { from: n, to: n, hashes: [{ number: n, hash: hashOf(chainId, n) }] };
      expect(await recordRange(db, chainId, range, transfers, CONFIRMATIONS)).toBe(true);
    }
    for (const i of s.closed ?? []) await ledgerTransaction(db, (tx) => closeOwner(tx, user(i)));

    const due = await dueForCredit(db, chainId);
    // Due: every block but the last (the last has one confirmation of two).
    const lastBlock = 100 + s.blocks.length;
    expect(due.length).toBe(recorded.filter((t) => t.blockNumber < lastBlock).length);
    const credited = await creditChainDeposits(db, chainId, due);
    const closed = new Set((s.closed ?? []).map(user));
    expect(credited.length).toBe(due.filter((d) => !closed.has(d.userId)).length);

    // Again, and twice at once (two nodes): nothing is credited a second time.
    expect(await creditChainDeposits(db, chainId, due)).toEqual([]);
    const [a, b] = await Promise.all([creditChainDeposits(db, chainId, due), creditChainDeposits(db, chainId, due)]);
    expect([...(a ?? []), ...(b ?? [])]).toEqual([]);

    for (const [i, expected] of s.spot.entries()) {
      const balance = await getAccountBalance(db, { ...userAccount(user(i)), currency: "USDT" });
      expect(balance?.balance ?? "0", `customer ${i}`).toBe(expected);
    }
    const keys = recorded.map((t) => `deposit:evm:${transferKey(chainId, t.txHash, t.logIndex)}`);
    const applied = await getTransferIdsByKeys(db, keys);
    for (const t of recorded) {
      const key = `deposit:evm:${transferKey(chainId, t.txHash, t.logIndex)}`;
      expect(applied.has(key), key).toBe(t.blockNumber < lastBlock && !closed.has(t.userId));
    }
    const statuses = await database.query<{ user_id: string | number; status: number; chain_state: string }>(
      "SELECT user_id, status, chain_state FROM deposits WHERE chain_id = $1 AND block_number < $2",
      [chainId, lastBlock],
    );
    for (const row of statuses) {
      const held = closed.has(Number(row.user_id));
      expect(Number(row.status)).toBe(held ? RecordStatuses.pending : RecordStatuses.completed);
      expect(row.chain_state).toBe(held ? "pending" : "credited");
    }
    expect((await auditLedger(db)).violations).toEqual([]);
  });
});

describe("the ledger's batchCreatingAccounts", () => {
  const op = (userId: number, amount: string, key: string): LedgerOp => ({
    type: "transfer",
    currency: "USDT",
    debit: platformAccount("clearing"),
    credit: userAccount(userId),
    amount,
    key,
    kind: "deposit",
    reference: { type: "deposit", id: key },
  });

  it("creates the missing accounts, books each transfer once, and answers a replay from the first result", async () => {
    const [known, fresh] = await bareCustomers(database, 2);
    const tag = `bca:${known}`;
    await batchCreatingAccounts(db, [op(known as number, "1", `${tag}:0`)]); // an account that exists already
    const ops = [op(known as number, "2", `${tag}:1`), op(fresh as number, "3", `${tag}:2`)];
    const first = await batchCreatingAccounts(db, ops);
    expect(first.replayed).toBe(false);
    const again = await batchCreatingAccounts(db, ops);
    expect(again.replayed).toBe(true);
    expect(again.transfers.map((t) => t.id)).toEqual(first.transfers.map((t) => t.id));
    expect((await getAccountBalance(db, { ...userAccount(known as number), currency: "USDT" }))?.balance).toBe("3");
    expect((await getAccountBalance(db, { ...userAccount(fresh as number), currency: "USDT" }))?.balance).toBe("3");
    expect((await auditLedger(db)).violations).toEqual([]);
  });

  it("refuses a batch with a closed owner in it as a whole: nothing is booked", async () => {
    const [open, closed] = await bareCustomers(database, 2);
    await ledgerTransaction(db, (tx) => closeOwner(tx, closed as number));
    const tag = `bca-closed:${open}`;
    await expect(
      batchCreatingAccounts(db, [op(open as number, "4", `${tag}:0`), op(closed as number, "4", `${tag}:1`)]),
    ).rejects.toBeInstanceOf(AccountClosedError);
    expect(await getAccountBalance(db, { ...userAccount(open as number), currency: "USDT" })).toBeNull();
    expect((await getTransferIdsByKeys(db, [`${tag}:0`, `${tag}:1`])).size).toBe(0);
  });
});
