import type { DataSource, EntityManager } from "typeorm";
import { z } from "zod";
import type { AuthUser } from "../../platform/auth/roles";
import type { EventBus } from "../../platform/events";
import { notFound } from "../../platform/shared/errors";
import { pageInput, toPage, type Page } from "../../platform/shared/pagination";
import { isId, parseInput } from "../../platform/shared/validation";
import { Notification, NotificationKind } from "./entity";

export const NOTIFICATION_TEXT_MAX_LENGTH = 500;

const notifySchema = z.object({
  kind: z.enum(NotificationKind),
  // longer texts are cut, not refused: a notification is a pointer, its link shows the whole thing
  text: z
    .string()
    .trim()
    .min(1, "A notification needs a text.")
    .transform((text) => (text.length > NOTIFICATION_TEXT_MAX_LENGTH ? `${text.slice(0, NOTIFICATION_TEXT_MAX_LENGTH - 1)}…` : text)),
  link: z
    .string()
    .max(300, "A notification link must be at most 300 characters.")
    .regex(/^\/(?!\/)[\w\-./?=&%~]*$/, "A notification link is a path inside the app, such as /orders/<id>."),
});

export type NotifyInput = { kind: NotificationKind; text: string; link: string };

export type NotificationView = Pick<Notification, "id" | "kind" | "text" | "link" | "readAt" | "createdAt">;

export const NOTIFICATION_EVENT = "notification";
/** Published to the recipient after the commit, with their unread count at that moment. */
export type NotificationEvent = { type: typeof NOTIFICATION_EVENT; notification: NotificationView; unreadCount: number };

/** Kinds of which a recipient has at most one unread per link: later ones update it instead of piling up. */
const COLLAPSING: readonly NotificationKind[] = [NotificationKind.NEW_MESSAGE];

const toView = ({ id, kind, text, link, readAt, createdAt }: Notification): NotificationView => ({
  id,
  kind,
  text,
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
   * published in it (its live event goes out after the commit). An unread NEW_MESSAGE for the same link is updated (text and time), not repeated.
   */
  async notify(recipientId: string, input: NotifyInput, manager: EntityManager = this.dataSource.manager): Promise<NotificationView> {
    const v = parseInput(notifySchema, input);
    const collapse = COLLAPSING.includes(v.kind)
      ? `ON CONFLICT ("recipientId", link) WHERE "readAt" IS NULL AND kind = 'NEW_MESSAGE' DO UPDATE SET text = EXCLUDED.text, "createdAt" = now()`
      : "";
    const [row]: Notification[] = await manager.query(
      `INSERT INTO notifications ("recipientId", kind, text, link) VALUES ($1, $2, $3, $4) ${collapse} RETURNING *`,
      [recipientId, v.kind, v.text, v.link],
    );
    const unreadCount = await this.countUnread(manager, recipientId);
    const notification = toView(row);
    await this.events.publish(manager, "notification.created", {
      recipientId,
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
    const rows: Notification[] = await manager.query(
      `INSERT INTO notifications ("recipientId", kind, text, link)
         SELECT * FROM unnest($1::uuid[], $2::notification_kind[], $3::varchar[], $4::varchar[]) RETURNING *`,
      [valid.map((n) => n.recipientId), valid.map((n) => n.kind), valid.map((n) => n.text), valid.map((n) => n.link)],
    );
    const counts: Array<{ recipientId: string; n: number }> = await manager.query(
      `SELECT "recipientId", count(*)::int AS n FROM notifications WHERE "recipientId" = ANY($1) AND "readAt" IS NULL GROUP BY "recipientId"`,
      [[...new Set(rows.map((row) => row.recipientId))]],
    );
    const unread = new Map(counts.map((c) => [c.recipientId, c.n]));
    for (const row of rows) {
      const live: NotificationEvent = {
        type: NOTIFICATION_EVENT,
        notification: toView(row),
        unreadCount: unread.get(row.recipientId) ?? 0,
      };
      await this.events.publish(manager, "notification.created", { recipientId: row.recipientId, live });
    }
  }

  /** The caller's notifications, newest first. */
  async list(caller: AuthUser, paging: { page?: number; pageSize?: number }): Promise<Page<NotificationView>> {
    const { page, pageSize } = parseInput(pageInput(20), paging);
    const [items, totalItems] = await this.dataSource.getRepository(Notification).findAndCount({
      where: { recipientId: caller.id },
      order: { createdAt: "DESC", id: "DESC" },
      skip: (page - 1) * pageSize,
      take: pageSize,
    });
    return toPage(items.map(toView), totalItems, page, pageSize);
  }

  /** How many of the caller's notifications are unread (the bell's badge). */
  unreadCount(caller: AuthUser): Promise<number> {
    return this.countUnread(this.dataSource.manager, caller.id);
  }

  /** Marks one of the caller's notifications read (again: no change); anyone else's is "not found". */
  async markRead(notificationId: string, caller: AuthUser): Promise<NotificationView> {
    if (!isId(notificationId)) throw notFound("Notification not found.");
    // an UPDATE answers [rows, count]; RETURNING gives the rows
    const [rows]: [Notification[], number] = await this.dataSource.query(
      `UPDATE notifications SET "readAt" = COALESCE("readAt", now()) WHERE id = $1 AND "recipientId" = $2 RETURNING *`,
      [notificationId, caller.id],
    );
    if (!rows.length) throw notFound("Notification not found.");
    return toView(rows[0]);
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
