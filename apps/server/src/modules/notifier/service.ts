// Delivers e-mails and SMS. E-mail goes through SMTP (nodemailer) when SMTP_URL is set;
// everything else is parked in the `outbox` table and logged, which is how the sandbox
// works out of the box (read it at GET /dev/outbox). Every message is recorded.
import type { OutboxMessage } from "@candor/contract";
import { desc, eq } from "drizzle-orm";
import nodemailer, { type Transporter } from "nodemailer";
import type { Db } from "../../db";
import { outbox } from "../../db/schema";
import { AppError } from "../../lib/errors";
import { maskRecipient } from "../../lib/log-redaction";
import type { SmsSender } from "./sms";

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
  /** The SMS provider (null or absent: SMS stay in the outbox, sandbox only; see sms.ts). */
  sms?: SmsSender | null;
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
          options.log.error({ err, recipient: maskRecipient(message.to) }, "smtp delivery failed");
          throw new AppError(503, "unavailable");
        }
      }
      const viaSms = message.channel === "sms" && options.sms !== null && options.sms !== undefined;
      if (viaSms) {
        try {
          await options.sms?.send(message.to, message.text);
        } catch (err) {
          options.log.error({ err, recipient: maskRecipient(message.to) }, "sms delivery failed");
          throw new AppError(503, "unavailable");
        }
      }
      const transport = viaSmtp ? "smtp" : viaSms ? "sms" : "outbox";
      // Outside the sandbox a code that left through SMTP or the SMS provider is not kept readable.
      const keepCode = options.sandbox || !(viaSmtp || viaSms);
      await db.insert(outbox).values({
        channel: message.channel,
        recipient: message.to,
        subject: message.subject,
        body: keepCode || !message.code ? message.text : message.text.replaceAll(message.code, "******"),
        code: keepCode ? (message.code ?? null) : null,
        transport,
      });
      options.log.info(
        {
          // Masked, and never the code (the sandbox reads codes at GET /dev/outbox).
          channel: message.channel,
          recipient: maskRecipient(message.to),
          transport,
        },
        viaSmtp ? "e-mail sent" : viaSms ? "sms sent" : `${message.channel} parked in the outbox`,
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
