// Delivers e-mails and SMS. E-mail goes through SMTP (nodemailer) when SMTP_URL is set;
// everything else is parked in the `outbox` table and logged, which is how the sandbox
// works out of the box (read it at GET /dev/outbox). Every message is recorded.
import type { OutboxMessage } from "@candor/contract";
import { desc, eq } from "drizzle-orm";
import nodemailer, { type Transporter } from "nodemailer";
import type { Db } from "../../db";
import { outbox } from "../../db/schema";
import { AppError } from "../../lib/errors";

export interface Notification {
  channel: "email" | "sms";
  /** E-mail address (lower case) or E.164 phone number. */
  to: string;
  subject: string;
  text: string;
  /** The one-time code inside `text`, if any (shown by the sandbox outbox). */
  code?: string;
}

export interface Notifier {
  send(message: Notification): Promise<void>;
  close(): void;
}

export interface NotifierOptions {
  sandbox: boolean;
  smtpUrl?: string | undefined;
  smtpFrom: string;
  log: { info: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void };
}

const OUTBOX_LIST_LIMIT = 50;

export function createNotifier(db: Db, options: NotifierOptions): Notifier {
  const smtp: Transporter | null = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;
  return {
    async send(message) {
      const viaSmtp = message.channel === "email" && smtp !== null;
      if (viaSmtp) {
        try {
          await smtp.sendMail({ from: options.smtpFrom, to: message.to, subject: message.subject, text: message.text });
        } catch (err) {
          options.log.error({ err, to: message.to }, "smtp delivery failed");
          throw new AppError(503, "unavailable");
        }
      }
      // Outside the sandbox a code that left through SMTP is not kept readable.
      const keepCode = options.sandbox || !viaSmtp;
      await db.insert(outbox).values({
        channel: message.channel,
        recipient: message.to,
        subject: message.subject,
        body: keepCode || !message.code ? message.text : message.text.replaceAll(message.code, "******"),
        code: keepCode ? (message.code ?? null) : null,
        transport: viaSmtp ? "smtp" : "outbox",
      });
      options.log.info(
        {
          channel: message.channel,
          to: message.to,
          transport: viaSmtp ? "smtp" : "outbox",
          ...(options.sandbox && message.code ? { code: message.code } : {}),
        },
        viaSmtp ? "e-mail sent" : `${message.channel} parked in the outbox`,
      );
    },
    close() {
      smtp?.close();
    },
  };
}

/** Normalise an outbox query: e-mails in lower case, phone numbers as E.164 ("+" may arrive as a space). */
export function normaliseRecipient(to: string): string {
  const value = to.trim();
  if (value.includes("@")) return value.toLowerCase();
  return `+${value.replace(/\D/g, "")}`;
}

export async function listOutbox(db: Db, to: string): Promise<OutboxMessage[]> {
  const rows = await db
    .select()
    .from(outbox)
    .where(eq(outbox.recipient, normaliseRecipient(to)))
    .orderBy(desc(outbox.id))
    .limit(OUTBOX_LIST_LIMIT);
  return rows.map((r) => ({
    to: r.recipient,
    channel: r.channel === "sms" ? "sms" : "email",
    subject: r.subject,
    text: r.body,
    code: r.code,
    createdAt: r.createdAt.toISOString(),
  }));
}
