import type { RateLimiterPostgres } from "rate-limiter-flexible";
import { conversationReportRule, MESSAGE_MAX_LENGTH, stripBidi } from "@unibazaar/rules";
import { said } from "../../platform/i18n/errors";
import type { DataSource } from "typeorm";
import { z } from "zod";
import type { AuthUser } from "../../platform/auth/roles";
import type { Clock } from "../../platform/clock";
import type { EventBus } from "../../platform/events";
import { isOwnImagePath, NOT_OWN_IMAGE, storedImageAddress } from "../../platform/http/public-url";
import { forbidden, notFound } from "../../platform/shared/errors";
import { consumeOrRefuse, postgresLimiter } from "../../platform/shared/rate-limits";
import { pageInput, toPage, type Page } from "../../platform/shared/pagination";
import { idRule, isId, parseInput, ruleSaid } from "../../platform/shared/validation";
import { NotificationKind, type NotificationsService } from "../notifications";
import { isListed, Product } from "../products";
import type { ScreeningService } from "../screening";
import { assertNotBlocked, BlockingService } from "./blocking";
import { Conversation, Message } from "./entity";
import { NegotiationService, type OfferHold } from "./negotiation";
import type { OfferView } from "./offers";
import { conversationPath, isParty, readableConversation } from "./parties";

/** Messages one user may send per minute, over all conversations (counted in PostgreSQL, shared by every process). */
export const MESSAGES_PER_MINUTE = 20;
/** New conversations one user may open per hour (as buyer, or as seller with their buyers). */
export const CONVERSATIONS_PER_HOUR = 30;

/** Plain text: any character but the control ones, C0 and C1 (a line break and a tab are text). */
// eslint-disable-next-line no-control-regex -- the rule is precisely about control characters
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/;

const bodyRule = z
  .string({ error: ruleSaid("chat.writeMessage") })
  .overwrite(stripBidi)
  .trim()
  .min(1, ruleSaid("chat.writeMessage"))
  .max(MESSAGE_MAX_LENGTH, ruleSaid("chat.messageTooLong", { count: MESSAGE_MAX_LENGTH }))
  .refine((body) => !CONTROL_CHARACTERS.test(body), ruleSaid("chat.plainText"));

/** A photo in a chat: a picture uploaded here, like listing and profile pictures. */
const chatImageRule = z
  .string({ error: ruleSaid("chat.sendPhotoAddress") })
  .trim()
  .max(500, ruleSaid("upload.photoAddressTooLong"))
  .transform(storedImageAddress)
  .refine(isOwnImagePath, NOT_OWN_IMAGE);

/** A message is text, a photo, or both. */
const sendSchema = z
  .object({
    conversationId: idRule("Choose a conversation."),
    body: z.preprocess((body) => body ?? "", z.string().trim().max(0).or(bodyRule)),
    image: chatImageRule.nullish(),
  })
  .refine((v) => v.body !== "" || v.image, { path: ["body"], message: ruleSaid("chat.writeMessage") });
const reportSchema = z.object({
  conversationId: idRule("Choose a conversation."),
  reason: conversationReportRule,
});

type Paging = { page?: number; pageSize?: number };

/** A conversation as one caller sees it: their unread count, archive flag and the other party's read mark. */
export type ConversationView = {
  id: string;
  productId: string | null;
  wantedPostId: string | null;
  buyerId: string;
  sellerId: string;
  lastMessageAt: Date;
  lastMessage: string | null;
  unreadCount: number;
  archived: boolean;
  otherPartyReadAt: Date | null;
  blocked: boolean;
  reportedAt: Date | null;
  reportedById: string | null;
  reportReason: string | null;
  createdAt: Date;
};

export const MESSAGE_EVENT = "message";
/** Published to both parties (the sender's other devices show it too); dates arrive as ISO strings. */
export type MessageEvent = { type: typeof MESSAGE_EVENT; message: MessageView };

export const OFFER_EVENT = "offer";
/** Published to both parties whenever an offer is made or changes state; dates arrive as ISO strings. */
export type OfferEvent = { type: typeof OFFER_EVENT; offer: OfferView };

/** A message with its read receipt: whether the recipient's read mark has reached it. */
export type MessageView = Pick<Message, "id" | "conversationId" | "senderId" | "body" | "image" | "flags" | "createdAt"> & {
  read: boolean;
};

/** How a photo sent without text reads in the inbox and notifications. */
export const PHOTO_PREVIEW = "Photo";

/**
 * A conversation's columns plus what depends on the caller ($1): unread messages from the other
 * party, the latest message for the inbox preview, and whether either party blocked the other.
 */
const VIEW_SELECT = `SELECT c.*,
    CASE WHEN $1::uuid IN (c."buyerId", c."sellerId") THEN
      (SELECT count(*)::int FROM messages m
        WHERE m."conversationId" = c.id AND m."senderId" <> $1::uuid
          AND m."createdAt" > COALESCE(CASE WHEN c."buyerId" = $1::uuid THEN c."buyerReadAt" ELSE c."sellerReadAt" END, '-infinity'))
    ELSE 0 END AS "unreadCount",
    (SELECT CASE WHEN m.body = '' AND m.image IS NOT NULL THEN '${PHOTO_PREVIEW}' ELSE m.body END FROM messages m WHERE m."conversationId" = c.id ORDER BY m."createdAt" DESC, m.id DESC LIMIT 1) AS "lastMessage",
    EXISTS (SELECT 1 FROM user_blocks b
             WHERE (b."blockerId" = c."buyerId" AND b."blockedId" = c."sellerId")
                OR (b."blockerId" = c."sellerId" AND b."blockedId" = c."buyerId")) AS blocked
  FROM conversations c`;

type ViewRow = Conversation & { unreadCount: number; lastMessage: string | null; blocked: boolean };

function toView(row: ViewRow, callerId: string, preview: (text: string) => string): ConversationView {
  const asBuyer = row.buyerId === callerId;
  const asSeller = row.sellerId === callerId;
  return {
    id: row.id,
    productId: row.productId,
    wantedPostId: row.wantedPostId,
    buyerId: row.buyerId,
    sellerId: row.sellerId,
    lastMessageAt: row.lastMessageAt,
    lastMessage: row.lastMessage && preview(row.lastMessage),
    unreadCount: row.unreadCount,
    archived: asBuyer ? row.buyerArchivedAt !== null : asSeller ? row.sellerArchivedAt !== null : false,
    otherPartyReadAt: asBuyer ? row.sellerReadAt : asSeller ? row.buyerReadAt : null,
    blocked: row.blocked,
    reportedAt: row.reportedAt,
    reportedById: row.reportedById,
    reportReason: row.reportReason,
    createdAt: row.createdAt,
  };
}

/** The caller's side of a conversation: the columns holding their read mark and archive flag. */
const sideOf = (c: Conversation, userId: string) =>
  c.buyerId === userId
    ? ({ readAt: "buyerReadAt", archivedAt: "buyerArchivedAt" } as const)
    : ({ readAt: "sellerReadAt", archivedAt: "sellerArchivedAt" } as const);

/** Conversations: the inbox views and the messages; blocking and the offer negotiation are its two parts. */
export class ConversationsService {
  private readonly messagesBySender: RateLimiterPostgres;
  private readonly conversationsByStarter: RateLimiterPostgres;
  readonly blocking: BlockingService;
  readonly negotiation: NegotiationService;

  constructor(
    private readonly dataSource: DataSource,
    private readonly events: EventBus,
    private readonly notifications: NotificationsService,
    private readonly screening: ScreeningService,
    clock: Clock,
    holdUnit: OfferHold,
  ) {
    this.messagesBySender = postgresLimiter(dataSource, { keyPrefix: "message_sender", points: MESSAGES_PER_MINUTE, duration: 60 });
    this.conversationsByStarter = postgresLimiter(dataSource, {
      keyPrefix: "conversation_starter",
      points: CONVERSATIONS_PER_HOUR,
      duration: 3600,
    });
    this.blocking = new BlockingService(dataSource);
    this.negotiation = new NegotiationService(dataSource, events, notifications, clock, this.messagesBySender, holdUnit);
  }

  /**
   * Opens the caller's conversation with the seller of a listed product, or returns the one they
   * already have (one per buyer and product; a concurrent second call lands on the same row).
   * With `buyerId`, the product's seller opens it with a buyer who ordered that product from them.
   */
  async start(productId: string, caller: AuthUser, buyerId?: string | null): Promise<ConversationView> {
    if (!isId(productId)) throw notFound(said("chat.productNotFound"));
    const bySeller = Boolean(buyerId) && buyerId !== caller.id;
    // a seller may still reach the buyers of a product they delisted
    const product = await this.dataSource.getRepository(Product).findOne({ where: { id: productId }, withDeleted: bySeller });
    // a listing hidden by moderation cannot start a conversation (its seller still reaches buyers)
    if (!product?.sellerId || (!bySeller && !isListed(product))) throw notFound(said("chat.productNotFound"));
    if (bySeller) {
      if (product.sellerId !== caller.id) throw forbidden(said("chat.onlySellerMessagesBuyers"));
      if (!isId(buyerId!) || !(await this.hasOrdered(buyerId!, caller.id, productId))) throw forbidden(said("chat.buyerNotOrdered"));
    } else if (product.sellerId === caller.id) throw forbidden(said("chat.ownProduct"));
    const buyer = bySeller ? buyerId! : caller.id;
    const existing = await this.dataSource.getRepository(Conversation).findOneBy({ productId, buyerId: buyer });
    if (existing) return this.view(existing.id, caller.id);
    return this.openNew(caller, { productId }, buyer, product.sellerId);
  }

  /** A seller's answer to a wanted post: their conversation with its author (one per post and seller), under the same limits as `start`. */
  async startAboutWanted(post: { id: string; authorId: string }, caller: AuthUser): Promise<ConversationView> {
    if (post.authorId === caller.id) throw forbidden(said("chat.ownWantedPost"));
    const existing = await this.dataSource.getRepository(Conversation).findOneBy({ wantedPostId: post.id, sellerId: caller.id });
    if (existing) return this.view(existing.id, caller.id);
    return this.openNew(caller, { wantedPostId: post.id }, post.authorId, caller.id);
  }

  /** A new conversation under the starter's limits (no block either way, CONVERSATIONS_PER_HOUR, screening); a concurrent twin lands on the same row. */
  private async openNew(caller: AuthUser, about: { productId: string } | { wantedPostId: string }, buyerId: string, sellerId: string) {
    await assertNotBlocked(this.dataSource.manager, caller.id, caller.id === buyerId ? sellerId : buyerId);
    await consumeOrRefuse([[this.conversationsByStarter, caller.id]], said("chat.tooManyConversations"));
    await this.screening.countNewConversation(caller.id);
    const [{ id }]: Array<{ id: string }> = await this.dataSource.query(
      "productId" in about
        ? `INSERT INTO conversations ("productId", "buyerId", "sellerId") VALUES ($1, $2, $3)
           ON CONFLICT ("productId", "buyerId") DO UPDATE SET "productId" = EXCLUDED."productId" RETURNING id`
        : `INSERT INTO conversations ("wantedPostId", "buyerId", "sellerId") VALUES ($1, $2, $3)
           ON CONFLICT ("wantedPostId", "sellerId") WHERE "wantedPostId" IS NOT NULL DO UPDATE SET "wantedPostId" = EXCLUDED."wantedPostId" RETURNING id`,
      ["productId" in about ? about.productId : about.wantedPostId, buyerId, sellerId],
    );
    return this.view(id, caller.id);
  }

  /** One conversation: for its two parties, and for admins once it was reported. */
  async get(conversationId: string, caller: AuthUser): Promise<ConversationView> {
    await readableConversation(this.dataSource, conversationId, caller);
    return this.view(conversationId, caller.id);
  }

  /** The caller's inbox (as buyer and as seller of the products asked about), latest activity first. */
  async list(caller: AuthUser, options: Paging & { archived?: boolean }): Promise<Page<ConversationView>> {
    const { page, pageSize } = parseInput(pageInput(20), options);
    const archived = options.archived ?? false;
    const mine = `((c."buyerId" = $1::uuid AND (c."buyerArchivedAt" IS NOT NULL) = $2)
                OR (c."sellerId" = $1::uuid AND (c."sellerArchivedAt" IS NOT NULL) = $2))`;
    const rows: ViewRow[] = await this.dataSource.query(
      `${VIEW_SELECT} WHERE ${mine} ORDER BY c."lastMessageAt" DESC, c.id DESC LIMIT $3 OFFSET $4`,
      [caller.id, archived, pageSize, (page - 1) * pageSize],
    );
    const [{ n }] = await this.dataSource.query(`SELECT count(*)::int AS n FROM conversations c WHERE ${mine}`, [caller.id, archived]);
    return toPage(
      rows.map((row) => toView(row, caller.id, this.screening.preview)),
      n,
      page,
      pageSize,
    );
  }

  /** Reported conversations, latest report first: the admin's queue. */
  async reported(caller: AuthUser, paging: Paging): Promise<Page<ConversationView>> {
    const { page, pageSize } = parseInput(pageInput(20), paging);
    const rows: ViewRow[] = await this.dataSource.query(
      `${VIEW_SELECT} WHERE c."reportedAt" IS NOT NULL ORDER BY c."reportedAt" DESC, c.id DESC LIMIT $2 OFFSET $3`,
      [caller.id, pageSize, (page - 1) * pageSize],
    );
    const [{ n }] = await this.dataSource.query(`SELECT count(*)::int AS n FROM conversations WHERE "reportedAt" IS NOT NULL`);
    return toPage(
      rows.map((row) => toView(row, caller.id, this.screening.preview)),
      n,
      page,
      pageSize,
    );
  }

  /** Messages not yet read by the caller, over all their conversations (the inbox badge). */
  async unreadCount(caller: AuthUser): Promise<number> {
    const [{ n }] = await this.dataSource.query(
      `SELECT count(*)::int AS n FROM conversations c JOIN messages m ON m."conversationId" = c.id
        WHERE m."senderId" <> $1::uuid
          AND ((c."buyerId" = $1::uuid AND m."createdAt" > COALESCE(c."buyerReadAt", '-infinity'))
            OR (c."sellerId" = $1::uuid AND m."createdAt" > COALESCE(c."sellerReadAt", '-infinity')))`,
      [caller.id],
    );
    return n;
  }

  /** A page of a conversation's messages, newest first, each with its read receipt. */
  async messages(conversationId: string, caller: AuthUser, paging: Paging): Promise<Page<MessageView>> {
    const { page, pageSize } = parseInput(pageInput(30), paging);
    const conversation = await readableConversation(this.dataSource, conversationId, caller);
    const [items, totalItems] = await this.dataSource.getRepository(Message).findAndCount({
      where: { conversationId },
      order: { createdAt: "DESC", id: "DESC" },
      skip: (page - 1) * pageSize,
      take: pageSize,
    });
    const views = await this.screening.forReader(
      items.map((message) => toMessageView(message, conversation)),
      caller.id,
      isParty(conversation, caller.id) ? (conversation.buyerId === caller.id ? conversation.sellerId : conversation.buyerId) : null,
    );
    return toPage(views, totalItems, page, pageSize);
  }

  /**
   * Sends a plain-text message, a photo (uploaded here) or both from one party to the other. Refused when either blocked the other
   * or the sender is over MESSAGES_PER_MINUTE; it brings the conversation back into both inboxes
   * and counts as read by its sender.
   */
  async send(input: { conversationId: string; body?: string | null; image?: string | null }, caller: AuthUser): Promise<MessageView> {
    const v = parseInput(sendSchema, input);
    const flags = await this.screening.screen(v.body, caller.id);
    // the limit is taken before the transaction: inside it, a burst of sends would each hold a pool
    // connection while asking the pool for another, and wait on each other until they time out
    await consumeOrRefuse([[this.messagesBySender, caller.id]], said("chat.tooFast"));
    const { message } = await this.dataSource.transaction(async (manager) => {
      const conversation = await manager.findOne(Conversation, { where: { id: v.conversationId }, lock: { mode: "pessimistic_write" } });
      if (!conversation || !isParty(conversation, caller.id)) throw notFound(said("chat.conversationNotFound"));
      const recipientId = conversation.buyerId === caller.id ? conversation.sellerId : conversation.buyerId;
      await assertNotBlocked(manager, caller.id, recipientId);
      const message = await manager.save(
        manager.create(Message, { conversationId: conversation.id, senderId: caller.id, body: v.body, image: v.image ?? null, flags }),
      );
      await manager.update(Conversation, conversation.id, {
        lastMessageAt: message.createdAt,
        [sideOf(conversation, caller.id).readAt]: message.createdAt,
        buyerArchivedAt: null,
        sellerArchivedAt: null,
      });
      // one unread notification per conversation: later messages update it
      await this.notifications.notify(
        recipientId,
        {
          kind: NotificationKind.NEW_MESSAGE,
          message: v.body
            ? { key: "message.new", params: { sender: caller.username, preview: this.screening.preview(v.body).replace(/\s+/g, " ") } }
            : { key: "message.photo", params: { sender: caller.username } },
          link: conversationPath(conversation.id),
        },
        manager,
      );
      const sent = { message: { ...pickMessage(message), read: false }, senderId: caller.id, recipientId };
      // the recipient's copy: phone numbers masked until the two have an order together
      const revealed = await this.screening.revealsPhones(recipientId, caller.id, manager);
      await this.events.publish(manager, "message.sent", { ...sent, recipientMessage: this.screening.bodyFor(sent.message, revealed) });
      return sent;
    });
    return message;
  }

  /** Marks every message of the conversation as read by the caller (up to the latest one). */
  async markRead(conversationId: string, caller: AuthUser): Promise<ConversationView> {
    const conversation = await this.partyOnly(conversationId, caller);
    await this.dataSource.query(`UPDATE conversations SET "${sideOf(conversation, caller.id).readAt}" = "lastMessageAt" WHERE id = $1`, [
      conversation.id,
    ]);
    // the bell's new-message notification is about the same messages
    await this.notifications.markLinkRead(caller, conversationPath(conversation.id));
    return this.view(conversation.id, caller.id);
  }

  /** Moves the conversation out of (or back into) the caller's inbox; the other party's is unchanged. */
  async archive(conversationId: string, archived: boolean, caller: AuthUser): Promise<ConversationView> {
    const conversation = await this.partyOnly(conversationId, caller);
    await this.dataSource.getRepository(Conversation).update(conversation.id, {
      [sideOf(conversation, caller.id).archivedAt]: archived ? new Date() : null,
    });
    return this.view(conversation.id, caller.id);
  }

  /** Reports a conversation to the admins, who may then read it; reporting again replaces the reason. */
  async report(input: { conversationId: string; reason: string }, caller: AuthUser): Promise<ConversationView> {
    const v = parseInput(reportSchema, input);
    const conversation = await this.partyOnly(v.conversationId, caller);
    await this.dataSource.getRepository(Conversation).update(conversation.id, {
      reportedAt: new Date(),
      reportedById: caller.id,
      reportReason: v.reason,
    });
    return this.view(conversation.id, caller.id);
  }

  /** Whether the buyer has an order from this seller with this product in it (in any state). */
  private async hasOrdered(buyerId: string, sellerId: string, productId: string): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query(
      `SELECT 1 FROM orders o JOIN order_lines l ON l."orderId" = o.id
        WHERE o."buyerId" = $1 AND o."sellerId" = $2 AND l."productId" = $3 LIMIT 1`,
      [buyerId, sellerId, productId],
    );
    return rows.length > 0;
  }

  private async view(conversationId: string, callerId: string): Promise<ConversationView> {
    const [row]: ViewRow[] = await this.dataSource.query(`${VIEW_SELECT} WHERE c.id = $2`, [callerId, conversationId]);
    return toView(row, callerId, this.screening.preview);
  }

  /** The conversation if the caller is one of its parties; anyone else is told it does not exist. */
  private async partyOnly(conversationId: string, caller: AuthUser): Promise<Conversation> {
    const conversation = isId(conversationId) ? await this.dataSource.getRepository(Conversation).findOneBy({ id: conversationId }) : null;
    if (!conversation || !isParty(conversation, caller.id)) throw notFound(said("chat.conversationNotFound"));
    return conversation;
  }
}

const pickMessage = ({ id, conversationId, senderId, body, image, flags, createdAt }: Message) => ({
  id,
  conversationId,
  senderId,
  body,
  image,
  flags,
  createdAt,
});

function toMessageView(message: Message, conversation: Conversation): MessageView {
  const recipientReadAt = message.senderId === conversation.buyerId ? conversation.sellerReadAt : conversation.buyerReadAt;
  return { ...pickMessage(message), read: recipientReadAt !== null && message.createdAt <= recipientReadAt };
}
