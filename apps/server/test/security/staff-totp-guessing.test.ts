// Attack: someone who knows a staff member's password guesses the authenticator code
// without end — every correct password gives a new ticket with five more tries. Wrong codes
// are counted per staff account across tickets: 5 in 15 minutes lock the second step for
// 15 minutes (business clock), and the admins are told (audit row, console staff list).
import { describe, expect, it } from "vitest";
import { auth, createStaffMember, newIp, staffPasswordStep, totpCode } from "../factory";
import { MIDWEEK, setupApp, startClockAt } from "../helper";

const { app, database } = await setupApp(startClockAt(MIDWEEK));

const totpStep = (ticket: string, code: string) =>
  app.inject({ method: "POST", url: "/api/staff/login/totp", remoteAddress: newIp(), payload: { ticket, code } });

/** A code that is not the current one (nor the neighbouring steps'). */
async function wrongCode(secret: string): Promise<string> {
  const near = new Set([await totpCode(secret, -1), await totpCode(secret), await totpCode(secret, 1)]);
  for (let n = 0; ; n++) {
    const code = String((Number(await totpCode(secret)) + 1 + n * 7919) % 1_000_000).padStart(6, "0");
    if (!near.has(code)) return code;
  }
}

describe("guessing a staff authenticator code across many password logins", () => {
  it("30 cycles of password + 5 wrong codes end in a lock of the second step", async () => {
    const victim = await createStaffMember(app, database, "finance");
    let lockedAt = -1;
    for (let cycle = 0; cycle < 30 && lockedAt < 0; cycle++) {
      const { ticket } = await staffPasswordStep(app, victim.username);
      for (let i = 0; i < 5; i++) {
        const res = await totpStep(ticket, await wrongCode(victim.secret));
        if (res.statusCode === 429) {
          lockedAt = cycle * 5 + i;
          break;
        }
        expect(res.statusCode).toBe(401);
      }
    }
    // The 6th guess (the first of the second ticket) is refused without being tried.
    expect(lockedAt).toBe(5);

    // Locked: even the right code does not open a session now.
    const { ticket } = await staffPasswordStep(app, victim.username);
    const right = await totpStep(ticket, await totpCode(victim.secret, 1));
    expect(right.statusCode).toBe(429);
    expect(right.json().message).toMatch(/15 minutes/);
  });

  it("tells the admins: an audit row and the lock on the staff list", async () => {
    const admin = await createStaffMember(app, database, "admin");
    const victim = await createStaffMember(app, database, "support");
    const { ticket } = await staffPasswordStep(app, victim.username);
    for (let i = 0; i < 5; i++) await totpStep(ticket, await wrongCode(victim.secret));

    const audit = await app.inject({
      method: "GET",
      url: `/api/operator/audit/list?action=login.totpLocked&targetId=${victim.id}`,
      headers: auth(admin.token),
    });
    expect(audit.json().result.records).toHaveLength(1);
    expect(audit.json().result.records[0]).toMatchObject({ staffId: victim.id, targetType: "staff" });

    const list = await app.inject({
      method: "GET",
      url: `/api/operator/staff/list?search=${victim.username}`,
      headers: auth(admin.token),
    });
    expect(list.json().result.records[0].totpLockedUntil).toEqual(expect.any(String));
  });

  it("lifts the lock after 15 minutes of business time", async () => {
    const victim = await createStaffMember(app, database, "compliance");
    const { ticket } = await staffPasswordStep(app, victim.username);
    for (let i = 0; i < 5; i++) await totpStep(ticket, await wrongCode(victim.secret));
    const second = await staffPasswordStep(app, victim.username);
    expect((await totpStep(second.ticket, await totpCode(victim.secret, 1))).statusCode).toBe(429);

    await app.inject({ method: "POST", url: "/dev/clock/advance", payload: { seconds: 15 * 60 + 1 } });
    const third = await staffPasswordStep(app, victim.username);
    expect((await totpStep(third.ticket, await totpCode(victim.secret, 1))).statusCode).toBe(200);
  });

  it("a correct code does not wipe the count: 4 wrong, a login, 1 wrong within 15 minutes lock", async () => {
    const victim = await createStaffMember(app, database, "support");
    const first = await staffPasswordStep(app, victim.username);
    for (let i = 0; i < 4; i++)
      expect((await totpStep(first.ticket, await wrongCode(victim.secret))).statusCode).toBe(401);
    // Codes are single-use: the victim's own login uses a later step than the factory's.
    const ok = await totpStep(first.ticket, await totpCode(victim.secret, 1));
    expect(ok.statusCode).toBe(200);
    const next = await staffPasswordStep(app, victim.username);
    expect((await totpStep(next.ticket, await wrongCode(victim.secret))).statusCode).toBe(401);
    const after = await staffPasswordStep(app, victim.username);
    expect((await totpStep(after.ticket, await wrongCode(victim.secret))).statusCode).toBe(429);
  });

  it("parallel guesses over several tickets: no more than 5 codes are ever checked", async () => {
    const victim = await createStaffMember(app, database, "finance");
    const tickets = [];
    for (let i = 0; i < 4; i++) tickets.push((await staffPasswordStep(app, victim.username)).ticket);
    const guesses = await Promise.all(
      tickets.flatMap((ticket) =>
        Array.from({ length: 5 }, async () => totpStep(ticket, await wrongCode(victim.secret))),
      ),
    );
    const checked = guesses.filter((r) => r.statusCode === 401 && /wrong or already used/.test(r.json().message));
    expect(checked.length).toBeLessThanOrEqual(5);
    expect(guesses.filter((r) => r.statusCode === 429).length).toBeGreaterThanOrEqual(15);
  });
});
