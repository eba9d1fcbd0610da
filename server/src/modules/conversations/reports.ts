import type { EntityManager } from "typeorm";
import { Conversation } from "./entity";

/**
 * An admin closed the conversation's report (moderation): it leaves the admins' list, and they can no
 * longer read it until a party reports again. Only the report made at `reportedAt`, the one the admin
 * looked at: a newer one stays open.
 */
export async function closeConversationReport(manager: EntityManager, conversationId: string, reportedAt: Date): Promise<void> {
  await manager.update(Conversation, { id: conversationId, reportedAt }, { reportedAt: null, reportedById: null, reportReason: null });
}
