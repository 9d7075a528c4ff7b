// Platform accounts split into shards (modules/ledger/shards.ts): the shard is a pure
// function of the operation, concurrent deposits spread over the shards with every balance
// and the audit exact, platform reads and the audit sum the shards, and a key applied under
// one shard count replays under another.
import { dec } from "@candor/domain";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import {
  auditLedger,
  batch,
  getAccountBalance,
  getPlatformBalances,
  getPlatformShardBalances,
  platformAccount,
  userAccount,
} from "../../src/modules/ledger/service";
import {
  PLATFORM_SHARDS_DEFAULT,
  parsePlatformShards,
  platformShards,
  setPlatformShards,
  shardFor,
  shardForKey,
  shardForUser,
} from "../../src/modules/ledger/shards";
import { bareCustomers } from "../factory";
import { deposit, move } from "./factories";
import { ledgerTestDatabase } from "./ledger-db";

const database = await ledgerTestDatabase(12);
afterAll(() => database.close());
afterEach(() => setPlatformShards(PLATFORM_SHARDS_DEFAULT));
const db = database.db;

describe("shard choice", () => {
  it("is a pure function of the customer on the other side, or of the key between platform accounts", () => {
    const clearing = platformAccount("clearing");
    expect(shardFor(clearing, userAccount(42), "a", 8)).toBe(shardForUser(42, 8));
    expect(shardFor(userAccount(42), clearing, "b", 8)).toBe(shardForUser(42, 8));
    expect(shardFor(clearing, userAccount(42), "a", 8)).toBe(shardFor(clearing, userAccount(42), "zzz", 8));
    expect(shardFor(platformAccount("treasury"), platformAccount("fees"), "k:1", 8)).toBe(shardForKey("k:1", 8));
    expect(shardFor(userAccount(1), userAccount(2), "x", 8)).toBe(0);
    for (let id = 1; id < 500; id++) {
      const s = shardForUser(id, 8);
      expect(s).toBe(shardForUser(id, 8));
      expect(s).toBeGreaterThanOrEqual(0);
      expect(s).toBeLessThan(8);
      expect(shardForUser(id, 1)).toBe(0);
    }
  });

  it("spreads consecutive customers and keys over every shard", () => {
    const users = new Set(Array.from({ length: 64 }, (_, i) => shardForUser(1000 + i, 8)));
    const keys = new Set(Array.from({ length: 64 }, (_, i) => shardForKey(`fee:${i}`, 8)));
    expect(users.size).toBe(8);
    expect(keys.size).toBe(8);
  });

  it("reads LEDGER_PLATFORM_SHARDS: default 8, 1–64, anything else refused", () => {
    expect(parsePlatformShards(undefined)).toBe(8);
    expect(parsePlatformShards("")).toBe(8);
    expect(parsePlatformShards("16")).toBe(16);
    expect(() => parsePlatformShards("0")).toThrow(/LEDGER_PLATFORM_SHARDS/);
    expect(() => parsePlatformShards("65")).toThrow(/LEDGER_PLATFORM_SHARDS/);
    expect(() => parsePlatformShards("2.5")).toThrow(/LEDGER_PLATFORM_SHARDS/);
    expect(platformShards()).toBe(8);
  });
});

describe("sharded platform accounts", () => {
  it("concurrent deposits land on different shards; every balance, the sum and the audit are exact", async () => {
    const users = await bareCustomers(database, 40);
    const results = await Promise.all(
      users.map((u, i) => batch(db, [deposit(u, "SHD", `${i + 1}.5`, `shd:dep:${u}`)])),
    );
    expect(results.every((r) => !r.replayed)).toBe(true);
    for (const [i, u] of users.entries()) {
      expect((await getAccountBalance(db, { ...userAccount(u), currency: "SHD" }))?.available).toBe(`${i + 1}.5`);
    }
    const total = users.reduce((sum, _, i) => sum.plus(`${i + 1}.5`), dec(0)); // 840
    const shards = (await getPlatformShardBalances(db, "SHD")).filter((a) => a.kind === "clearing");
    const expectedShards = new Set(users.map((u) => shardForUser(u, 8)));
    expect(new Set(shards.map((s) => s.shard))).toEqual(expectedShards);
    expect(shards.length).toBeGreaterThan(4);
    // Each deposit sits on its customer's shard.
    for (const s of shards) {
      const onShard = users
        .map((u, i) => ({ u, amount: `${i + 1}.5` }))
        .filter(({ u }) => shardForUser(u, 8) === s.shard)
        .reduce((sum, { amount }) => sum.plus(amount), dec(0));
      expect(s.balance).toBe(onShard.neg().toFixed());
    }
    // Reads sum the shards: one row per kind.
    expect((await getAccountBalance(db, { ...platformAccount("clearing"), currency: "SHD" }))?.balance).toBe(
      total.neg().toFixed(),
    );
    const platform = await getPlatformBalances(db, "SHD");
    expect(platform.map((a) => [a.kind, a.balance])).toEqual([["clearing", total.neg().toFixed()]]);
    expect((await auditLedger(db)).violations).toEqual([]);
  });

  it("platform ↔ platform moves book on the key's shard; reads and the audit sum the shards", async () => {
    const [u] = await bareCustomers(database, 1);
    await batch(db, [deposit(u as number, "SHE", "10", `she:dep:${u}`)]);
    const before = await auditLedger(db);
    expect(before.violations).toEqual([]);
    // A platform ↔ platform move between shards keeps the sum at zero.
    await batch(db, [
      move("SHE", platformAccount("clearing"), platformAccount("fees"), "3", "she:fees:1"),
      move("SHE", platformAccount("clearing"), platformAccount("fees"), "4", "she:fees:2"),
    ]);
    const fees = (await getPlatformShardBalances(db, "SHE")).filter((a) => a.kind === "fees");
    expect(fees.map((a) => a.shard).sort()).toEqual(
      [...new Set([shardForKey("she:fees:1", 8), shardForKey("she:fees:2", 8)])].sort(),
    );
    expect((await getAccountBalance(db, { ...platformAccount("fees"), currency: "SHE" }))?.balance).toBe("7");
    expect((await auditLedger(db)).violations).toEqual([]);
  });

  it("replays a key applied under another shard count (same transfer), and refuses a changed payload", async () => {
    const [u] = await bareCustomers(database, 1);
    const user = u as number;
    const first = await batch(db, [deposit(user, "SHF", "5", `shf:dep:${user}`)]);
    for (const n of [1, 3, 16]) {
      setPlatformShards(n);
      const again = await batch(db, [deposit(user, "SHF", "5", `shf:dep:${user}`)]);
      expect(again.replayed).toBe(true);
      expect(again.transfers[0]?.id).toBe(first.transfers[0]?.id);
      await expect(batch(db, [deposit(user, "SHF", "6", `shf:dep:${user}`)])).rejects.toMatchObject({ status: 409 });
      // Another platform kind under the same key is still a conflict.
      await expect(
        batch(db, [move("SHF", platformAccount("treasury"), userAccount(user), "5", `shf:dep:${user}`)]),
      ).rejects.toMatchObject({ status: 409 });
    }
    expect((await getAccountBalance(db, { ...userAccount(user), currency: "SHF" }))?.balance).toBe("5");
    expect((await auditLedger(db)).violations).toEqual([]);
  });

  it("with 1 shard every deposit books on shard 0", async () => {
    setPlatformShards(1);
    const users = await bareCustomers(database, 6);
    await Promise.all(users.map((u) => batch(db, [deposit(u, "SHG", "1", `shg:dep:${u}`)])));
    const shards = await getPlatformShardBalances(db, "SHG");
    expect(shards.map((a) => [a.kind, a.shard, a.balance])).toEqual([["clearing", 0, "-6"]]);
  });
});
