import cookieParser from "cookie-parser";
import { Router, type Request } from "express";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { Role, type AuthUser } from "../auth/roles";
import { bearerToken } from "../graphql/context";
import { OUTBOX_FILE } from "../mail";
import { escapeHtml } from "./html";
import { TOKEN_COOKIE } from "./rest";

const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
  `<title>${escapeHtml(title)}</title></head><body style="font-family: sans-serif; margin: 1rem">${body}</body></html>`;

/** The subject and recipient of an .eml file, read from its headers. */
function header(eml: string, name: string): string {
  const match = new RegExp(`^${name}: (.*)$`, "mi").exec(eml.split(/\r?\n\r?\n/)[0]);
  return match?.[1].trim() ?? "";
}

const LOOPBACK = /^(127\.|::1$|::ffff:127\.)/;

/**
 * A request from this machine: the TCP peer is a loopback address and no proxy relayed it (a
 * proxy on this machine connects from loopback for any client, so a forwarding header means "not local").
 */
export const fromThisMachine = (req: Pick<Request, "socket" | "headers">): boolean =>
  LOOPBACK.test(req.socket.remoteAddress ?? "") && !req.headers["x-forwarded-for"] && !req.headers.forwarded;

/**
 * Outside production, the mails written to DATA_DIR/outbox (no SMTP_URL): /dev/outbox lists them,
 * newest first, and /dev/outbox/<file> shows one as plain text. Only outbox names are served, so
 * no other file can be reached. The mails hold reset codes: only requests from this machine, or
 * from an admin (bearer token or the session cookie), are answered.
 */
export function createOutboxRouter(outboxDir: string, authenticate: (token: string | undefined) => Promise<AuthUser | null>): Router {
  const router = Router();
  router.use("/dev/outbox", cookieParser(), async (req, res, next) => {
    if (fromThisMachine(req)) return next();
    const caller = await authenticate(bearerToken(req) ?? (req.cookies?.[TOKEN_COOKIE] as string | undefined)).catch(() => null);
    if (caller?.role === Role.ADMIN) return next();
    res
      .status(403)
      .type("text/plain")
      .setHeader("Cache-Control", "no-store")
      .send("The outbox is shown only on this machine or to an admin.");
  });
  router.get("/dev/outbox", async (_req, res) => {
    const names = (await readdir(outboxDir).catch(() => [] as string[]))
      .filter((n) => OUTBOX_FILE.test(n))
      .sort()
      .reverse();
    const rows = await Promise.all(
      names.map(async (name) => {
        const eml = await readFile(path.join(outboxDir, name), "utf8");
        const when = new Date(Number(name.slice(0, 13))).toISOString();
        return `<li><a href="/dev/outbox/${name}">${escapeHtml(`${when} · ${header(eml, "To")} · ${header(eml, "Subject")}`)}</a></li>`;
      }),
    );
    res
      .type("html")
      .setHeader("Cache-Control", "no-store")
      .send(
        page(
          "Outbox",
          `<h1>Outbox</h1><p>Mails the app would have sent (no SMTP_URL is set).</p>` +
            (rows.length ? `<ul>${rows.join("")}</ul>` : "<p>No mail yet.</p>"),
        ),
      );
  });
  router.get("/dev/outbox/:file", async (req, res) => {
    const name = req.params.file;
    const eml = OUTBOX_FILE.test(name) ? await readFile(path.join(outboxDir, name), "utf8").catch(() => null) : null;
    if (eml === null) {
      res.status(404).type("text/plain").send("No such mail.");
      return;
    }
    res
      .type("html")
      .setHeader("Cache-Control", "no-store")
      .send(page(header(eml, "Subject") || name, `<p><a href="/dev/outbox">All mails</a></p><pre>${escapeHtml(eml)}</pre>`));
  });
  return router;
}
