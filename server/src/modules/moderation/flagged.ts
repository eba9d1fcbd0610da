import { In, type DataSource } from "typeorm";
import { pageInput, toPage, type Page } from "../../platform/shared/pagination";
import { parseInput } from "../../platform/shared/validation";
import { User } from "../users";

/** A chat message screening flagged, as admins see it (without the rest of its conversation). */
export type FlaggedMessageView = { id: string; conversationId: string; senderId: string; body: string; flags: string[]; createdAt: Date };

/** An account whose chat messages screening often flags: a row of the admins' flagged accounts. */
export type FlaggedAccountView = { user: User; flaggedMessageCount: number; openReportCount: number; messages: FlaggedMessageView[] };

/** Flagged messages within this many days count towards an account's risk. */
export const FLAGGED_WINDOW_DAYS = 30;
/** An account with this many flagged messages in the window is listed for admins and rises in the queue. */
export const FLAGGED_ACCOUNT_THRESHOLD = 3;
/** Flagged messages shown per account (the latest). */
const FLAGGED_SHOWN = 5;

/** Flagged messages an account sent within the window (`sender`: an SQL expression for the account's id). */
export const flaggedCount = (sender: string) =>
  `(SELECT count(*)::int FROM messages m WHERE m."senderId" = ${sender} AND m.flags <> '{}'
      AND m."createdAt" > now() - make_interval(days => ${FLAGGED_WINDOW_DAYS}))`;

/** What screening flagged in the chat, for admins: the accounts that send flagged messages (held listings: ./held.ts). */
export class FlaggedService {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * Accounts with FLAGGED_ACCOUNT_THRESHOLD or more flagged chat messages in the window, most flagged
   * and reported first, each with its latest flagged messages: admins see those messages, never the
   * rest of a conversation no party reported.
   */
  async flaggedAccounts(paging: { page?: number; pageSize?: number }): Promise<Page<FlaggedAccountView>> {
    const { page, pageSize } = parseInput(pageInput(10), paging);
    const recent = `flags <> '{}' AND "createdAt" > now() - make_interval(days => ${FLAGGED_WINDOW_DAYS})`;
    const [rows, [{ n }]] = await Promise.all([
      this.dataSource.query<Array<{ userId: string; flaggedMessageCount: number; openReportCount: number }>>(
        `SELECT * FROM (
           SELECT "senderId" AS "userId", count(*)::int AS "flaggedMessageCount",
                  (SELECT count(*)::int FROM reports r WHERE r."targetKind" = 'USER' AND r."targetId" = m."senderId" AND r.status = 'OPEN') AS "openReportCount"
             FROM messages m WHERE ${recent} GROUP BY "senderId" HAVING count(*) >= $3
         ) accounts
         ORDER BY "flaggedMessageCount" + "openReportCount" DESC, "userId" LIMIT $1 OFFSET $2`,
        [pageSize, (page - 1) * pageSize, FLAGGED_ACCOUNT_THRESHOLD],
      ),
      this.dataSource.query<Array<{ n: number }>>(
        `SELECT count(*)::int AS n FROM (SELECT 1 FROM messages WHERE ${recent} GROUP BY "senderId" HAVING count(*) >= $1) accounts`,
        [FLAGGED_ACCOUNT_THRESHOLD],
      ),
    ]);
    const ids = rows.map((r) => r.userId);
    const [users, messages] = await Promise.all([this.dataSource.getRepository(User).findBy({ id: In(ids) }), this.latestFlagged(ids)]);
    const userById = new Map(users.map((u) => [u.id, u]));
    const items = rows
      .filter((r) => userById.has(r.userId))
      .map((r) => ({ ...r, user: userById.get(r.userId)!, messages: messages.filter((m) => m.senderId === r.userId) }));
    return toPage(items, n, page, pageSize);
  }

  /** The latest FLAGGED_SHOWN flagged messages of each user, newest first. */
  latestFlagged(userIds: string[]): Promise<FlaggedMessageView[]> {
    if (!userIds.length) return Promise.resolve([]);
    return this.dataSource.query<FlaggedMessageView[]>(
      `SELECT f.* FROM unnest($1::uuid[]) AS u(id)
         CROSS JOIN LATERAL (SELECT m.id, m."conversationId", m."senderId", m.body, m.flags, m."createdAt" FROM messages m
                              WHERE m."senderId" = u.id AND m.flags <> '{}' ORDER BY m."createdAt" DESC LIMIT $2) f`,
      [userIds, FLAGGED_SHOWN],
    );
  }
}
