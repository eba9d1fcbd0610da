import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { SMTPServer } from "smtp-server";
import { OUTBOX_FILE } from "../platform/mail";
import { answerAfter, holdRequest, type HeldRequest, type Hold } from "./hold";

export type ReceivedMail = { to: string; subject: string; raw: string };

/** The headers and body of an RFC 822 message (enough for our plain ASCII mails). */
export function parseMail(raw: string): ReceivedMail {
  const head = raw.split(/\r?\n\r?\n/)[0];
  const header = (name: string) => new RegExp(`^${name}: (.*)$`, "mi").exec(head)?.[1].trim() ?? "";
  return { to: header("To"), subject: header("Subject"), raw };
}

/** The 6-digit code of a code mail (it leads the subject). */
export const codeIn = (mail: ReceivedMail): string => /\b(\d{6})\b/.exec(mail.subject)![1];

/** Every mail in an outbox folder, oldest first. */
export async function outboxMails(outboxDir: string): Promise<ReceivedMail[]> {
  const names = (await readdir(outboxDir).catch(() => [] as string[])).filter((n) => OUTBOX_FILE.test(n)).sort();
  return Promise.all(names.map(async (n) => parseMail(await readFile(path.join(outboxDir, n), "utf8"))));
}

/** The newest mail to `to` in an outbox folder, or undefined. */
export async function lastOutboxMail(outboxDir: string, to: string): Promise<ReceivedMail | undefined> {
  return (await outboxMails(outboxDir)).filter((m) => m.to.toLowerCase().includes(to.toLowerCase())).at(-1);
}

export type TestSmtp = {
  url: string;
  mails: ReceivedMail[];
  /** Keeps the next mail unanswered (its DATA not yet accepted) until released: a mail server that answers slowly. */
  holdNext: () => Hold;
  close: () => Promise<void>;
};

/** A real SMTP server on a free local port (no TLS, any login), keeping what it receives. */
export async function startSmtpServer(): Promise<TestSmtp> {
  const mails: ReceivedMail[] = [];
  let next: HeldRequest | undefined;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      const held = next;
      next = undefined;
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () =>
        answerAfter(held, () => {
          mails.push(parseMail(Buffer.concat(chunks).toString("utf8")));
          callback();
        }),
      );
    },
  });
  const port = await new Promise<number>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve((server.server.address() as { port: number }).port));
  });
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    holdNext: () => (next = holdRequest()),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A mail's subject and body as its reader sees them: RFC 2047 words and a base64 or quoted-printable body decoded (UTF-8). */
export function decodedMail(mail: ReceivedMail): { subject: string; body: string } {
  const [head, ...rest] = mail.raw.split(/\r?\n\r?\n/);
  // folded header lines continue with whitespace
  const unfolded = head.replace(/\r?\n[ \t]+/g, " ");
  const header = (name: string) => new RegExp(`^${name}: (.*)$`, "mi").exec(unfolded)?.[1].trim() ?? "";
  const subject = header("Subject")
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_, encoding: string, text: string) =>
      encoding.toLowerCase() === "b"
        ? Buffer.from(text, "base64").toString("utf8")
        : Buffer.from(
            text.replace(/_/g, " ").replace(/=([0-9a-f]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
            "latin1",
          ).toString("utf8"),
    );
  const raw = rest.join("\n\n");
  const encoding = header("Content-Transfer-Encoding").toLowerCase();
  const body =
    encoding === "base64"
      ? Buffer.from(raw.replace(/\s+/g, ""), "base64").toString("utf8")
      : encoding === "quoted-printable"
        ? Buffer.from(
            raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
            "latin1",
          ).toString("utf8")
        : raw;
  return { subject, body };
}
