import { randomBytes } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import type { Logger } from "pino";
import type { AppConfig } from "./config";
import { said } from "./i18n/errors";
import { serviceUnavailable } from "./shared/errors";

export type MailMessage = { to: string; subject: string; text: string };

/** Sends account mail (codes, resets, notices). A failure throws SERVICE_UNAVAILABLE with a message for the user. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

export const MAIL_FAILED = said("mail.failed");

/** Outbox files are named `<time>-<random>.eml`: the dev page serves only names of that shape. */
export const OUTBOX_FILE = /^\d{13}-[0-9a-f]{8}\.eml$/;

/** A dead mail server must not keep a request waiting for nodemailer's default two minutes. */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 15_000 };

/**
 * Over SMTP when SMTP_URL is set; otherwise each mail is written as an RFC 822 `.eml` file into
 * DATA_DIR/outbox (the quick start has no mail server; /dev/outbox shows them outside production).
 */
export function createMailer(config: Pick<AppConfig, "smtpUrl" | "mailFrom" | "outboxDir">, logger?: Logger): Mailer {
  const transport = config.smtpUrl
    ? nodemailer.createTransport({ url: config.smtpUrl, ...SMTP_TIMEOUTS })
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    async send(message) {
      try {
        const info = await transport.sendMail({ from: config.mailFrom, ...message });
        if (!config.smtpUrl) await writeOutbox(config.outboxDir, info.message as Buffer);
      } catch (error) {
        logger?.error({ err: error, to: message.to, subject: message.subject }, "mail not sent");
        throw serviceUnavailable(MAIL_FAILED);
      }
    },
  };
}

async function writeOutbox(dir: string, message: Buffer): Promise<void> {
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, `${Date.now()}-${randomBytes(4).toString("hex")}.eml`), message);
}
