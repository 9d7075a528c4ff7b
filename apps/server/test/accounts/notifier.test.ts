// The notifier: SMTP delivery through nodemailer (against a local smtp-server), the
// sandbox outbox, and /dev/outbox existing only in the sandbox.
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { afterAll, describe, expect, it } from "vitest";
import { createNotifier } from "../../src/modules/notifier/service";
import { newIp, registerCustomer } from "../factory";
import { setupApp } from "../helper";
import { outbox } from "./factory";

interface Received {
  from: string;
  to: string[];
  raw: string;
}
const received: Received[] = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS", "AUTH"],
  logger: false,
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on("data", (c: Buffer) => chunks.push(c));
    stream.on("end", () => {
      received.push({
        from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
        to: session.envelope.rcptTo.map((r) => r.address),
        raw: Buffer.concat(chunks).toString("utf8"),
      });
      callback();
    });
  },
});
await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
const smtpPort = (smtp.server.address() as AddressInfo).port;
afterAll(() => new Promise<void>((resolve) => smtp.close(() => resolve())));

const sandbox = await setupApp({ smtpUrl: `smtp://127.0.0.1:${smtpPort}`, smtpFrom: "Candor <codes@candor.test>" });
const live = await setupApp({ sandbox: false });

describe("SMTP delivery", () => {
  it("sends the code e-mail through SMTP_URL and still records it in the sandbox outbox", async () => {
    const c = await registerCustomer(sandbox.app, { proved: false });
    const res = await sandbox.app.inject({
      method: "GET",
      url: `/api/app/getEmailCaptcha?email=${c.email}`,
      remoteAddress: newIp(),
    });
    expect(res.statusCode).toBe(200);
    const mail = received.find((m) => m.to.includes(c.email));
    expect(mail?.from).toBe("codes@candor.test");
    const [recorded] = await outbox(sandbox.app, c.email);
    expect(recorded?.code).toMatch(/^\d{6}$/);
    expect(mail?.raw).toContain(recorded?.code ?? "missing");
    expect(mail?.raw).toMatch(/Subject: Your Candor login code/);
    const rows = await sandbox.database.query<{ transport: string }>(
      "SELECT transport FROM outbox WHERE recipient = $1",
      [c.email],
    );
    expect(rows.map((r) => r.transport)).toEqual(["smtp"]);
  });

  it("does not keep a code readable outside the sandbox once it left by SMTP", async () => {
    const notifier = createNotifier(live.database.db, {
      sandbox: false,
      smtpUrl: `smtp://127.0.0.1:${smtpPort}`,
      smtpFrom: "Candor <codes@candor.test>",
      log: { info: () => {}, error: () => {} },
    });
    await notifier.send({
      channel: "email",
      to: "prod@example.com",
      subject: "Code",
      text: "Your code is 424242.",
      code: "424242",
    });
    notifier.close();
    const [row] = await live.database.query<{ body: string; code: string | null }>(
      "SELECT body, code FROM outbox WHERE recipient = 'prod@example.com'",
    );
    expect(row).toEqual({ body: "Your code is ******.", code: null });
    expect(received.find((m) => m.to.includes("prod@example.com"))?.raw).toContain("424242");
  });

  it("answers 503 when the mail server cannot be reached", async () => {
    const notifier = createNotifier(live.database.db, {
      sandbox: true,
      smtpUrl: "smtp://127.0.0.1:1",
      smtpFrom: "x@y.z",
      log: { info: () => {}, error: () => {} },
    });
    await expect(notifier.send({ channel: "email", to: "a@b.cd", subject: "s", text: "t" })).rejects.toMatchObject({
      status: 503,
    });
    notifier.close();
  });
});

describe("/dev/outbox", () => {
  it("lists {to, channel, subject, text, code, createdAt}, newest first, in the sandbox", async () => {
    const c = await registerCustomer(sandbox.app, { proved: false });
    await sandbox.database.query(
      "INSERT INTO outbox (channel, recipient, subject, body, code, transport, created_at) VALUES ('email', $1, 'old', 'old', '111111', 'outbox', now() - interval '1 hour')",
      [c.email],
    );
    await sandbox.app.inject({
      method: "GET",
      url: `/api/app/getEmailCaptcha?email=${c.email}`,
      remoteAddress: newIp(),
    });
    const res = await sandbox.app.inject({ method: "GET", url: `/dev/outbox?to=${c.email.toUpperCase()}` });
    expect(res.json().success).toBe(true);
    const list = res.json().result;
    expect(list).toHaveLength(2);
    expect(Object.keys(list[0]).sort()).toEqual(["channel", "code", "createdAt", "subject", "text", "to"]);
    expect(list[1].code).toBe("111111");
  });

  it("does not exist outside the sandbox (404 envelope)", async () => {
    const res = await live.app.inject({ method: "GET", url: "/dev/outbox?to=a@b.cd" });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, code: 404, result: null });
    expect((await live.app.inject({ method: "GET", url: "/dev/outbox" })).statusCode).toBe(404);
  });
});
