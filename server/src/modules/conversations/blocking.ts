import type { DataSource, EntityManager } from "typeorm";
import type { AuthUser } from "../../platform/auth/roles";
import { said } from "../../platform/i18n/errors";
import { badInput, forbidden, notFound } from "../../platform/shared/errors";
import { isId } from "../../platform/shared/validation";

/** Blocking: one user stops every message and offer between them and another, either way. */
export class BlockingService {
  constructor(private readonly dataSource: DataSource) {}

  /** The caller stops all messages between them and `userId` (either way) until they unblock. */
  async block(userId: string, caller: AuthUser): Promise<boolean> {
    if (!isId(userId)) throw notFound(said("chat.userNotFound"));
    if (userId === caller.id) throw badInput(said("chat.cannotBlockSelf"));
    const inserted: unknown[] = await this.dataSource.query(
      `INSERT INTO user_blocks ("blockerId", "blockedId") SELECT $1, u.id FROM users u WHERE u.id = $2
       ON CONFLICT DO NOTHING RETURNING 1`,
      [caller.id, userId],
    );
    if (!inserted.length) {
      const exists: unknown[] = await this.dataSource.query(`SELECT 1 FROM users WHERE id = $1`, [userId]);
      if (!exists.length) throw notFound(said("chat.userNotFound"));
    }
    return true;
  }

  async unblock(userId: string, caller: AuthUser): Promise<boolean> {
    if (!isId(userId)) throw notFound(said("chat.userNotFound"));
    await this.dataSource.query(`DELETE FROM user_blocks WHERE "blockerId" = $1 AND "blockedId" = $2`, [caller.id, userId]);
    return true;
  }
}

/** Refuses a message or offer between two users when either blocked the other. */
export async function assertNotBlocked(manager: EntityManager, senderId: string, recipientId: string): Promise<void> {
  const rows: Array<{ blockerId: string }> = await manager.query(
    `SELECT "blockerId" FROM user_blocks WHERE ("blockerId", "blockedId") IN (($1::uuid, $2::uuid), ($2::uuid, $1::uuid))`,
    [senderId, recipientId],
  );
  if (rows.some((r) => r.blockerId === senderId)) throw forbidden(said("chat.youBlocked"));
  if (rows.length) throw forbidden(said("chat.notAccepted"));
}
