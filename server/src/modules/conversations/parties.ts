import type { DataSource } from "typeorm";
import { Role, type AuthUser } from "../../platform/auth/roles";
import { said } from "../../platform/i18n/errors";
import { notFound } from "../../platform/shared/errors";
import { isId } from "../../platform/shared/validation";
import { Conversation } from "./entity";

/** Who takes part in a conversation and who may read it: shared by its messages and its offers. */

/** The web's chat page of a conversation, where its notifications point. */
export const conversationPath = (conversationId: string) => `/messages/${conversationId}`;

export const isParty = (c: Pick<Conversation, "buyerId" | "sellerId">, userId: string) => c.buyerId === userId || c.sellerId === userId;

/** A conversation readable by the caller: by its parties, and by admins once reported; anyone else is told it does not exist. */
export async function readableConversation(dataSource: DataSource, conversationId: string, caller: AuthUser): Promise<Conversation> {
  const conversation = isId(conversationId) ? await dataSource.getRepository(Conversation).findOneBy({ id: conversationId }) : null;
  const allowed = conversation && (isParty(conversation, caller.id) || (caller.role === Role.ADMIN && conversation.reportedAt !== null));
  if (!allowed) throw notFound(said("chat.conversationNotFound"));
  return conversation;
}
