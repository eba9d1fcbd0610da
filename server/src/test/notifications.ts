import type { DataSource } from "typeorm";
import { render, type Language } from "../platform/i18n";
import type { Notification } from "../modules/notifications/entity";

/** A stored notification as its reader reads it (English unless told). */
export const noticeText = (n: Pick<Notification, "message" | "params">, language: Language = "en"): string =>
  render(language, { key: n.message, params: n.params });

/**
 * The notifications of `recipientId` matching `where` (SQL over notifications, $2 onwards from
 * `params`), oldest first, as [text, link] in English.
 */
export async function noticeTexts(
  db: DataSource,
  recipientId: string,
  where = "true",
  params: unknown[] = [],
): Promise<Array<{ text: string; link: string }>> {
  const rows: Array<Pick<Notification, "message" | "params" | "link">> = await db.query(
    `SELECT message, params, link FROM notifications WHERE "recipientId" = $1 AND (${where}) ORDER BY "createdAt", id`,
    [recipientId, ...params],
  );
  return rows.map((row) => ({ text: noticeText(row), link: row.link }));
}

/** A notification message that says `text` as given, in every language (for tests of the bell's plumbing). */
export const said = (text: string) => ({ key: "legacy" as const, params: { text } });
