import type { DataSource, EntityManager } from "typeorm";
import { z } from "zod";
import type { AuthUser } from "../../platform/auth/roles";
import type { EventBus } from "../../platform/events";
import { LANGUAGES, languageOr, render, type Language, type MessageKey, type Phrase } from "../../platform/i18n";
import { said } from "../../platform/i18n/errors";
import { notFound } from "../../platform/shared/errors";
import { pageInput, toPage, type Page } from "../../platform/shared/pagination";
import { isId, parseInput } from "../../platform/shared/validation";
import { setLanguage } from "../users";
import { Notification, NotificationKind } from "./entity";

export const NOTIFICATION_TEXT_MAX_LENGTH = 500;

// longer texts are cut, not refused: a notification is a pointer, its link shows the whole thing
const clip = (text: string) => (text.length > NOTIFICATION_TEXT_MAX_LENGTH ? `${text.slice(0, NOTIFICATION_TEXT_MAX_LENGTH - 1)}…` : text);

const notifySchema = z.object({
  kind: z.enum(NotificationKind),
  message: z.object({
    key: z.string().min(1) as z.ZodType<MessageKey>,
    params: z
      .record(z.string(), z.union([z.string().transform(clip), z.number()]))
      .optional()
      .transform((params) => params ?? {}),
  }),
  link: z
    .string()
    .max(300, "A notification link must be at most 300 characters.")
    .regex(/^\/(?!\/)[\w\-./?=&%~]*$/, "A notification link is a path inside the app, such as /orders/<id>."),
});

/** A notification is written as a message key and parameters (platform/i18n), never as a sentence: each reader reads it in their language. */
export type NotifyInput = { kind: NotificationKind; message: Phrase; link: string };

/** A notification as its reader sees it: `text` is its message in their language. */
export type NotificationView = Pick<Notification, "id" | "kind" | "link" | "readAt" | "createdAt"> & { text: string };

export const NOTIFICATION_EVENT = "notification";
/** Published to the recipient after the commit, with their unread count at that moment. */
export type NotificationEvent = { type: typeof NOTIFICATION_EVENT; notification: NotificationView; unreadCount: number };

/** A row as written, with its recipient's language (RETURNING's subquery). */
type Written = Notification & { language: string };
/** The recipient's language, for the rows a statement returns. */
const RETURNING = `RETURNING *, (SELECT u.language FROM users u WHERE u.id = "recipientId") AS language`;

const languageSchema = z.object({ language: z.enum(LANGUAGES, { message: "The language is en (English) or ur (Urdu)." }) });

/** Kinds of which a recipient has at most one unread per link: later ones update it instead of piling up. */
const COLLAPSING: readonly NotificationKind[] = [NotificationKind.NEW_MESSAGE];

const toView = ({ id, kind, message, params, link, readAt, createdAt }: Notification, language: Language): NotificationView => ({
  id,
  kind,
  text: render(language, { key: message, params }),
  link,
  readAt,
  createdAt,
});

/** The bell: what happened to a user's orders, messages and offers, each with the app path that shows it. */
export class NotificationsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly events: EventBus,
  ) {}

  /**
   * Tells `recipientId` about something. Pass the caller's transaction `manager` so the
   * notification commits (or rolls back) with the change it reports; `notification.created` is
   * published in it (its live event goes out after the commit), in the recipient's language. An
   * unread NEW_MESSAGE for the same link is updated (message and time), not repeated.
   */
  async notify(recipientId: string, input: NotifyInput, manager: EntityManager = this.dataSource.manager): Promise<NotificationView> {
    const v = parseInput(notifySchema, input);
    const collapse = COLLAPSING.includes(v.kind)
      ? `ON CONFLICT ("recipientId", link) WHERE "readAt" IS NULL AND kind = 'NEW_MESSAGE'
           DO UPDATE SET message = EXCLUDED.message, params = EXCLUDED.params, "createdAt" = now()`
      : "";
    const [row]: Written[] = await manager.query(
      `INSERT INTO notifications ("recipientId", kind, message, params, link) VALUES ($1, $2, $3, $4, $5) ${collapse} ${RETURNING}`,
      [recipientId, v.kind, v.message.key, v.message.params, v.link],
    );
    const unreadCount = await this.countUnread(manager, recipientId);
    const language = languageOr(row.language);
    const notification = toView(row, language);
    await this.events.publish(manager, "notification.created", {
      recipientId,
      language,
      live: { type: NOTIFICATION_EVENT, notification, unreadCount },
    });
    return notification;
  }

  /**
   * Tells several users at once (e.g. everyone who saved a listing): one INSERT and one count for
   * all of them, in the caller's transaction; one `notification.created` each.
   * For kinds that do not collapse.
   */
  async notifyMany(notices: Array<NotifyInput & { recipientId: string }>, manager: EntityManager): Promise<void> {
    if (!notices.length) return;
    const valid = notices.map(({ recipientId, ...input }) => ({ recipientId, ...parseInput(notifySchema, input) }));
    if (valid.some((n) => COLLAPSING.includes(n.kind))) throw new Error("notifyMany is for kinds that do not collapse.");
    const rows: Written[] = await manager.query(
      `INSERT INTO notifications ("recipientId", kind, message, params, link)
         SELECT * FROM unnest($1::uuid[], $2::notification_kind[], $3::varchar[], $4::jsonb[], $5::varchar[]) ${RETURNING}`,
      [
        valid.map((n) => n.recipientId),
        valid.map((n) => n.kind),
        valid.map((n) => n.message.key),
        valid.map((n) => JSON.stringify(n.message.params)),
        valid.map((n) => n.link),
      ],
    );
    const counts: Array<{ recipientId: string; n: number }> = await manager.query(
      `SELECT "recipientId", count(*)::int AS n FROM notifications WHERE "recipientId" = ANY($1) AND "readAt" IS NULL GROUP BY "recipientId"`,
      [[...new Set(rows.map((row) => row.recipientId))]],
    );
    const unread = new Map(counts.map((c) => [c.recipientId, c.n]));
    for (const row of rows) {
      const language = languageOr(row.language);
      const live: NotificationEvent = {
        type: NOTIFICATION_EVENT,
        notification: toView(row, language),
        unreadCount: unread.get(row.recipientId) ?? 0,
      };
      await this.events.publish(manager, "notification.created", { recipientId: row.recipientId, language, live });
    }
  }

  /** The caller's notifications, newest first, in the caller's language. */
  async list(caller: AuthUser, paging: { page?: number; pageSize?: number }): Promise<Page<NotificationView>> {
    const { page, pageSize } = parseInput(pageInput(20), paging);
    const [[items, totalItems], language] = await Promise.all([
      this.dataSource.getRepository(Notification).findAndCount({
        where: { recipientId: caller.id },
        order: { createdAt: "DESC", id: "DESC" },
        skip: (page - 1) * pageSize,
        take: pageSize,
      }),
      this.languageOf(caller.id),
    ]);
    return toPage(
      items.map((item) => toView(item, language)),
      totalItems,
      page,
      pageSize,
    );
  }

  /** The language the server writes to `userId` in (English for an unknown user). */
  async languageOf(userId: string, manager: EntityManager = this.dataSource.manager): Promise<Language> {
    const [row]: Array<{ language: string }> = await manager.query(`SELECT language FROM users WHERE id = $1`, [userId]);
    return languageOr(row?.language);
  }

  /** Sets the language the server writes to the caller in, from now on and for the notifications they already have. */
  async setLanguage(caller: AuthUser, language: string): Promise<Language> {
    const v = parseInput(languageSchema, { language }).language;
    await setLanguage(this.dataSource.manager, caller.id, v);
    return v;
  }

  /** How many of the caller's notifications are unread (the bell's badge). */
  unreadCount(caller: AuthUser): Promise<number> {
    return this.countUnread(this.dataSource.manager, caller.id);
  }

  /** Marks one of the caller's notifications read (again: no change); anyone else's is "not found". */
  async markRead(notificationId: string, caller: AuthUser): Promise<NotificationView> {
    if (!isId(notificationId)) throw notFound(said("notification.notFound"));
    // an UPDATE answers [rows, count]; RETURNING gives the rows
    const [rows]: [Written[], number] = await this.dataSource.query(
      `UPDATE notifications SET "readAt" = COALESCE("readAt", now()) WHERE id = $1 AND "recipientId" = $2 ${RETURNING}`,
      [notificationId, caller.id],
    );
    if (!rows.length) throw notFound(said("notification.notFound"));
    return toView(rows[0], languageOr(rows[0].language));
  }

  /** Marks every unread notification of the caller read; returns how many it marked. */
  async markAllRead(caller: AuthUser): Promise<number> {
    const [, affected]: [unknown, number] = await this.dataSource.query(
      `UPDATE notifications SET "readAt" = now() WHERE "recipientId" = $1 AND "readAt" IS NULL`,
      [caller.id],
    );
    return affected;
  }

  /** Marks the caller's unread notifications pointing at `link` read (e.g. a conversation they just read). */
  async markLinkRead(caller: AuthUser, link: string): Promise<number> {
    const [, affected]: [unknown, number] = await this.dataSource.query(
      `UPDATE notifications SET "readAt" = now() WHERE "recipientId" = $1 AND link = $2 AND "readAt" IS NULL`,
      [caller.id, link],
    );
    return affected;
  }

  private async countUnread(manager: EntityManager, recipientId: string): Promise<number> {
    const [{ n }] = await manager.query(`SELECT count(*)::int AS n FROM notifications WHERE "recipientId" = $1 AND "readAt" IS NULL`, [
      recipientId,
    ]);
    return n;
  }
}
