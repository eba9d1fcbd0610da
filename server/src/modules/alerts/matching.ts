import { In, type EntityManager } from "typeorm";
import type { Clock } from "../../platform/clock";
import { languageOr, render } from "../../platform/i18n";
import type { JobQueue } from "../../platform/jobs";
import type { Mailer, MailMessage } from "../../platform/mail";
import { NotificationKind, type NotificationsService } from "../notifications";
import { LISTED } from "../products";
import { SavedSearch } from "./entity";
import { savedSearchName } from "./service";

declare module "../../platform/jobs" {
  interface JobPayloads {
    /** A listing that just became visible, to match against saved searches and wanted posts (ListingAlerts.matchJob). */
    "alerts.match": { productId: string };
    /** Scheduled: the morning e-mail of the day's saved-search matches (ListingAlerts.digestJob). */
    "alerts.digest": object;
    /** One user's digest e-mail, written by the digest (ListingAlerts.mailJob). */
    "alerts.mail": MailMessage;
  }
}

type Match = { userId: string; savedSearchId: string | null; wantedPostId: string | null };

/**
 * One new listing against every saved search with its alert on and every open wanted post, in one
 * statement: the filters are columns compared with the listing's, the words a stored tsquery matched
 * against its tsvector. A user is told once per listing (`listing_alerts`' key, a wanted post
 * winning over a saved search), never about their own listing nor across a block either way.
 * $1 the listing, $2 the clock's now.
 */
const MATCH = `
  WITH listing AS (
    SELECT p.id, p."sellerId", p.category, p.color, p.condition, p.campus, p."pricePaisa", p.search_vector,
           EXISTS (SELECT 1 FROM users u WHERE u.id = p."sellerId" AND u."verifiedAt" IS NOT NULL) AS verified
      FROM products p
     WHERE p.id = $1 AND p."deletedAt" IS NULL AND p."quantityAvailable" > 0 AND ${LISTED}
  ), candidates AS (
    SELECT s."userId", s.id AS "savedSearchId", NULL::uuid AS "wantedPostId"
      FROM saved_searches s, listing l
     WHERE s.alert
       AND (s.category IS NULL OR s.category = l.category)
       AND (s.color IS NULL OR s.color = l.color)
       AND (s.condition IS NULL OR s.condition = l.condition)
       AND (s.campus IS NULL OR s.campus = l.campus)
       AND (s."minPricePaisa" IS NULL OR l."pricePaisa" >= s."minPricePaisa")
       AND (s."maxPricePaisa" IS NULL OR l."pricePaisa" <= s."maxPricePaisa")
       AND (s."sellerId" IS NULL OR s."sellerId" = l."sellerId")
       AND (NOT s."verifiedSellersOnly" OR l.verified)
       AND (s.words IS NULL OR l.search_vector @@ s.words)
    UNION ALL
    SELECT w."authorId", NULL, w.id
      FROM wanted_posts w, listing l
     WHERE w."closedAt" IS NULL AND w."expiresAt" > $2
       AND w.category = l.category
       AND (w.campus IS NULL OR w.campus = l.campus)
       AND (w."maxPricePaisa" IS NULL OR l."pricePaisa" <= w."maxPricePaisa")
       AND l.search_vector @@ w.words
  ), chosen AS (
    SELECT DISTINCT ON (c."userId") c.*
      FROM candidates c, listing l
     WHERE c."userId" <> l."sellerId"
       AND NOT EXISTS (SELECT 1 FROM user_blocks b
                        WHERE (b."blockerId" = c."userId" AND b."blockedId" = l."sellerId")
                           OR (b."blockerId" = l."sellerId" AND b."blockedId" = c."userId"))
     ORDER BY c."userId", c."wantedPostId" NULLS LAST, c."savedSearchId"
  )
  INSERT INTO listing_alerts ("productId", "userId", "savedSearchId", "wantedPostId")
  SELECT $1, "userId", "savedSearchId", "wantedPostId" FROM chosen
  ON CONFLICT ("productId", "userId") DO NOTHING
  RETURNING "userId", "savedSearchId", "wantedPostId"`;

/**
 * Alerts for new listings: a listing that becomes visible (listed, or released from a hold) enqueues
 * `alerts.match` in its own transaction, so the match happens if and only if the listing committed,
 * even when the process dies right after; the job tells the owners of the saved searches and wanted
 * posts it matches (bell, and push through SAVED_SEARCHES). Saved searches with the e-mail digest on
 * also get the day's matches in one morning e-mail.
 */
export class ListingAlerts {
  constructor(
    private readonly notifications: NotificationsService,
    private readonly jobs: JobQueue,
    private readonly mailer: Mailer,
    private readonly clock: Clock,
  ) {}

  /** In the transaction that made the listing visible. */
  async listingShown({ productId }: { productId: string }, manager: EntityManager): Promise<void> {
    await this.jobs.enqueue(manager, "alerts.match", { productId });
  }

  /** The job: matches, records and notifies in one transaction; a second run finds every match recorded. */
  async matchJob({ productId }: { productId: string }, manager: EntityManager): Promise<void> {
    const matches = await this.match(manager, productId);
    if (!matches.length) return;
    const [product]: Array<{ name: string; pricePaisa: number }> = await manager.query(
      `SELECT name, "pricePaisa" FROM products WHERE id = $1`,
      [productId],
    );
    const searches = await manager.findBy(SavedSearch, { id: In(matches.flatMap((m) => (m.savedSearchId ? [m.savedSearchId] : []))) });
    const searchName = new Map(searches.map((s) => [s.id, savedSearchName(s)]));
    const wanted: Array<{ id: string; title: string }> = await manager.query(`SELECT id, title FROM wanted_posts WHERE id = ANY($1)`, [
      matches.flatMap((m) => (m.wantedPostId ? [m.wantedPostId] : [])),
    ]);
    const wantedTitle = new Map(wanted.map((w) => [w.id, w.title]));
    const listing = { product: product.name, pricePaisa: product.pricePaisa };
    await this.notifications.notifyMany(
      matches.map((m) => ({
        recipientId: m.userId,
        kind: NotificationKind.LISTING_MATCH,
        message: m.wantedPostId
          ? { key: "alert.wanted", params: { ...listing, title: wantedTitle.get(m.wantedPostId) ?? "" } }
          : { key: "alert.search", params: { ...listing, search: searchName.get(m.savedSearchId!) ?? "" } },
        link: `/shop/${productId}`,
      })),
      manager,
    );
  }

  /** The matching statement alone (the bench times it): who is newly told about this listing. */
  match(manager: EntityManager, productId: string): Promise<Match[]> {
    return manager.query(MATCH, [productId, this.clock.now()]);
  }

  /**
   * Scheduled each morning: one e-mail per user with the matches, not yet mailed, of their saved
   * searches whose digest is on, still listed, in their language. Marked mailed in the job's
   * transaction, which enqueues each e-mail as an `alerts.mail` job: no transaction waits on the
   * mail server (nor holds the marked rows meanwhile), and a mail that fails is retried alone.
   */
  async digestJob(_payload: object, manager: EntityManager): Promise<void> {
    type Row = { userId: string; email: string; username: string; language: string; productId: string; name: string; pricePaisa: number };
    const rows: Row[] = await manager.query(
      // a CTE, so the driver answers the rows (an UPDATE alone answers [rows, count])
      `WITH marked AS (
           UPDATE listing_alerts a SET "mailedAt" = now()
             FROM saved_searches s, users u, products p
            WHERE a."mailedAt" IS NULL AND s.id = a."savedSearchId" AND s."emailDigest" AND u.id = a."userId" AND p.id = a."productId"
              AND p."deletedAt" IS NULL AND ${LISTED}
           RETURNING a."userId", u.email, u.username, u.language, p.id AS "productId", p.name, p."pricePaisa")
         SELECT * FROM marked ORDER BY "userId", name`,
    );
    const byUser = new Map<string, typeof rows>();
    for (const row of rows) byUser.set(row.userId, [...(byUser.get(row.userId) ?? []), row]);
    for (const listings of byUser.values()) {
      const { email, username } = listings[0];
      const language = languageOr(listings[0].language);
      const lines = listings.map((l) =>
        render(language, { key: "mail.digest.line", params: { product: l.name, pricePaisa: l.pricePaisa, link: `/shop/${l.productId}` } }),
      );
      await this.jobs.enqueue(manager, "alerts.mail", {
        to: email,
        subject: render(language, { key: "mail.digest.subject", params: { count: listings.length } }),
        text: render(language, { key: "mail.digest.body", params: { name: username, lines: lines.join("\n") } }),
      });
    }
  }

  /** The job that sends one digest e-mail: defined with `ownTransactions`, it waits on the mail server in no transaction. */
  async mailJob(message: MailMessage): Promise<void> {
    await this.mailer.send(message);
  }
}
