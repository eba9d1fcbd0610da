import { Router } from "express";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { OUTBOX_FILE } from "../mail";
import { escapeHtml } from "./html";

const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
  `<title>${escapeHtml(title)}</title></head><body style="font-family: sans-serif; margin: 1rem">${body}</body></html>`;

/** The subject and recipient of an .eml file, read from its headers. */
function header(eml: string, name: string): string {
  const match = new RegExp(`^${name}: (.*)$`, "mi").exec(eml.split(/\r?\n\r?\n/)[0]);
  return match?.[1].trim() ?? "";
}

/**
 * Outside production, the mails written to DATA_DIR/outbox (no SMTP_URL): /dev/outbox lists them,
 * newest first, and /dev/outbox/<file> shows one as plain text. Only outbox names are served, so
 * no other file can be reached.
 */
export function createOutboxRouter(outboxDir: string): Router {
  const router = Router();
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
