// Attack: an operator from before the console (a `users` row with role 'operator', carried
// over into `staff` by migration 0016) skips the console's authenticator: they log in as a
// customer with the same password and read other customers' identity documents. After
// migration 0031 that role is gone; private files are for their owner and for staff
// sessions of a role that reviews identities (support, compliance, admin).
import { describe, expect, it } from "vitest";
import { hashPassword } from "../../src/modules/users/service";
import { multipart, samples } from "../accounts/factory";
import { auth, createStaffMember, newIp, registerCustomer } from "../factory";
import { upgradedApp } from "./upgraded-database";

const OLD_PASSWORD = "Operator-pass-1";
const { app, database } = await upgradedApp("0031", async (db) => {
  await db.query(
    "INSERT INTO users (username, email, role, password_hash) VALUES ('oldop', 'oldop@example.com', 'operator', $1)",
    [await hashPassword(OLD_PASSWORD)],
  );
});

async function kycFileOf(token: string): Promise<string> {
  const body = multipart(samples.jpeg);
  const res = await app.inject({
    method: "POST",
    url: "/api/sys/common/upload?purpose=kyc",
    headers: { ...auth(token), ...body.headers },
    payload: body.payload,
  });
  expect(res.statusCode).toBe(200);
  return res.json().result.url as string;
}

describe("the old operator role after an upgrade", () => {
  it("an upgraded database's old operator gets 404 on another customer's KYC file", async () => {
    const customer = await registerCustomer(app);
    const url = await kycFileOf(customer.token);
    const login = await app.inject({
      method: "POST",
      url: "/api/app/login",
      remoteAddress: newIp(),
      payload: { account: "oldop@example.com", password: OLD_PASSWORD },
    });
    // Whether or not the old account may still log in as a customer, it is no operator.
    if (login.statusCode === 200) {
      const token = login.json().result.token as string;
      const res = await app.inject({ method: "GET", url, headers: auth(token) });
      expect(res.statusCode).toBe(404);
    }
    const [row] = await database.query<{ n: number | string }>(
      "SELECT count(*) AS n FROM users WHERE role <> 'customer'",
    );
    expect(Number(row?.n)).toBe(0);
    // The role cannot come back.
    await expect(
      database.query("UPDATE users SET role = 'operator' WHERE email = 'oldop@example.com'"),
    ).rejects.toThrow();
  });

  it("staff read identity documents only with a role that reviews them", async () => {
    const customer = await registerCustomer(app);
    const url = await kycFileOf(customer.token);
    expect((await app.inject({ method: "GET", url, headers: auth(customer.token) })).statusCode).toBe(200);
    for (const role of ["compliance", "support", "admin"] as const) {
      const member = await createStaffMember(app, database, role);
      expect((await app.inject({ method: "GET", url, headers: auth(member.token) })).statusCode).toBe(200);
    }
    const finance = await createStaffMember(app, database, "finance");
    expect((await app.inject({ method: "GET", url, headers: auth(finance.token) })).statusCode).toBe(404);
  });
});
