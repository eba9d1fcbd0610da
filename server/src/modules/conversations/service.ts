import { formatPKR } from "@unibazaar/rules";
import type { RateLimiterPostgres } from "rate-limiter-flexible";
import { In, type DataSource, type EntityManager } from "typeorm";
import { z } from "zod";
import { Role, type AuthUser } from "../../platform/auth/roles";
import type { Clock } from "../../platform/clock";
import type { EventBus } from "../../platform/events";
import { isOwnImagePath, NOT_OWN_IMAGE, storedImageAddress } from "../../platform/http/public-url";
import { badInput, conflict, forbidden, notFound, unauthenticated } from "../../platform/shared/errors";
import { toPaisa, toRupees } from "../../platform/shared/money";
import { consumeOrRefuse, postgresLimiter } from "../../platform/shared/rate-limits";
import { pageInput, toPage, type Page } from "../../platform/shared/pagination";
import { idRule, isId, parseInput } from "../../platform/shared/validation";
import { NotificationKind } from "../notifications/entity";
import type { NotificationsService } from "../notifications/service";
import { isListed, Product } from "../products/entity";
import type { ScreeningService } from "../screening/service";
import { reservationHoursSchema, reserveForOffer } from "../reservations/hold";
import { Conversation, Message, Offer, OfferStatus } from "./entity";
import { counterOfferSchema, makeOfferSchema, offerStatus, toOfferView, usableOffers, type OfferView } from "./offers";

export const MESSAGE_MAX_LENGTH = 2000;
export const REPORT_REASON_MAX_LENGTH = 500;
/** Messages one user may send per minute, over all conversations (counted in PostgreSQL, shared by every process). */
export const MESSAGES_PER_MINUTE = 20;
/** New conversations one user may open per hour (as buyer, or as seller with their buyers). */
export const CONVERSATIONS_PER_HOUR = 30;
export const NOT_FOR_SALE = "This product is no longer for sale.";

/** Plain text: any character but the control ones (a line break and a tab are text). */
// eslint-disable-next-line no-control-regex -- the rule is precisely about control characters
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B-\u001F\u007F]/;

const bodyRule = z
  .string({ error: "Write a message." })
  .trim()
  .min(1, "Write a message.")
  .max(MESSAGE_MAX_LENGTH, `A message must be at most ${MESSAGE_MAX_LENGTH} characters.`)
  .refine((body) => !CONTROL_CHARACTERS.test(body), "Messages are plain text: remove the control characters.");

/** A photo in a chat: a picture uploaded here, like listing and profile pictures. */
const chatImageRule = z
  .string({ error: "Send the photo's address." })
  .trim()
  .max(500, "That photo address is too long.")
  .transform(storedImageAddress)
  .refine(isOwnImagePath, NOT_OWN_IMAGE);

/** A message is text, a photo, or both. */
const sendSchema = z
  .object({
    conversationId: idRule("Choose a conversation."),
    body: z.preprocess((body) => body ?? "", z.string().trim().max(0).or(bodyRule)),
    image: chatImageRule.nullish(),
  })
  .refine((v) => v.body !== "" || v.image, { path: ["body"], message: "Write a message." });
const reportSchema = z.object({
  conversationId: idRule("Choose a conversation."),
  reason: z
    .string({ error: "Say what is wrong." })
    .trim()
    .min(1, "Say what is wrong.")
    .max(REPORT_REASON_MAX_LENGTH, `A report must be at most ${REPORT_REASON_MAX_LENGTH} characters.`),
});

type Paging = { page?: number; pageSize?: number };

/** A conversation as one caller sees it: their unread count, archive flag and the other party's read mark. */
export type ConversationView = {
  id: string;
  productId: string;
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

/** The web's chat page of a conversation, where its notifications point. */
const conversationPath = (conversationId: string) => `/messages/${conversationId}`;

const isParty = (c: Pick<Conversation, "buyerId" | "sellerId">, userId: string) => c.buyerId === userId || c.sellerId === userId;

/** The caller's side of a conversation: the columns holding their read mark and archive flag. */
const sideOf = (c: Conversation, userId: string) =>
  c.buyerId === userId
    ? ({ readAt: "buyerReadAt", archivedAt: "buyerArchivedAt" } as const)
    : ({ readAt: "sellerReadAt", archivedAt: "sellerArchivedAt" } as const);

export class ConversationsService {
  private readonly messagesBySender: RateLimiterPostgres;
  private readonly conversationsByStarter: RateLimiterPostgres;

  constructor(
    private readonly dataSource: DataSource,
    private readonly events: EventBus,
    private readonly notifications: NotificationsService,
    private readonly screening: ScreeningService,
    private readonly clock: Clock,
  ) {
    this.messagesBySender = postgresLimiter(dataSource, { keyPrefix: "message_sender", points: MESSAGES_PER_MINUTE, duration: 60 });
    this.conversationsByStarter = postgresLimiter(dataSource, {
      keyPrefix: "conversation_starter",
      points: CONVERSATIONS_PER_HOUR,
      duration: 3600,
    });
  }

  /**
   * Opens the caller's conversation with the seller of a listed product, or returns the one they
   * already have (one per buyer and product; a concurrent second call lands on the same row).
   * With `buyerId`, the product's seller opens it with a buyer who ordered that product from them.
   */
  async start(productId: string, caller: AuthUser | null, buyerId?: string | null): Promise<ConversationView> {
    if (!caller) throw unauthenticated();
    if (!isId(productId)) throw notFound("Product not found.");
    const bySeller = Boolean(buyerId) && buyerId !== caller.id;
    // a seller may still reach the buyers of a product they delisted
    const product = await this.dataSource.getRepository(Product).findOne({ where: { id: productId }, withDeleted: bySeller });
    // a listing hidden by moderation cannot start a conversation (its seller still reaches buyers)
    if (!product?.sellerId || (!bySeller && !isListed(product))) throw notFound("Product not found.");
    if (bySeller) {
      if (product.sellerId !== caller.id) throw forbidden("Only the product's seller can message its buyers.");
      if (!isId(buyerId!) || !(await this.hasOrdered(buyerId!, caller.id, productId)))
        throw forbidden("You can message a buyer only about a product they ordered from you.");
    } else if (product.sellerId === caller.id) throw forbidden("You cannot message yourself about your own product.");
    const buyer = bySeller ? buyerId! : caller.id;
    const existing = await this.dataSource.getRepository(Conversation).findOneBy({ productId, buyerId: buyer });
    if (existing) return this.view(existing.id, caller.id);
    await this.assertNotBlocked(this.dataSource.manager, caller.id, bySeller ? buyer : product.sellerId);
    await consumeOrRefuse([[this.conversationsByStarter, caller.id]], "You have started too many conversations. Please try again later.");
    await this.screening.countNewConversation(caller.id);
    const [{ id }] = await this.dataSource.query(
      `INSERT INTO conversations ("productId", "buyerId", "sellerId") VALUES ($1, $2, $3)
       ON CONFLICT ("productId", "buyerId") DO UPDATE SET "productId" = EXCLUDED."productId"
       RETURNING id`,
      [productId, buyer, product.sellerId],
    );
    return this.view(id, caller.id);
  }

  /** One conversation: for its two parties, and for admins once it was reported. */
  async get(conversationId: string, caller: AuthUser | null): Promise<ConversationView> {
    if (!caller) throw unauthenticated();
    await this.readable(conversationId, caller);
    return this.view(conversationId, caller.id);
  }

  /** The caller's inbox (as buyer and as seller of the products asked about), latest activity first. */
  async list(caller: AuthUser | null, options: Paging & { archived?: boolean }): Promise<Page<ConversationView>> {
    if (!caller) throw unauthenticated();
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
  async reported(caller: AuthUser | null, paging: Paging): Promise<Page<ConversationView>> {
    if (!caller) throw unauthenticated();
    if (caller.role !== Role.ADMIN) throw forbidden();
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
  async unreadCount(caller: AuthUser | null): Promise<number> {
    if (!caller) throw unauthenticated();
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
  async messages(conversationId: string, caller: AuthUser | null, paging: Paging): Promise<Page<MessageView>> {
    if (!caller) throw unauthenticated();
    const { page, pageSize } = parseInput(pageInput(30), paging);
    const conversation = await this.readable(conversationId, caller);
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
  async send(
    input: { conversationId: string; body?: string | null; image?: string | null },
    caller: AuthUser | null,
  ): Promise<MessageView> {
    if (!caller) throw unauthenticated();
    const v = parseInput(sendSchema, input);
    const flags = await this.screening.screen(v.body, caller.id);
    const { message } = await this.dataSource.transaction(async (manager) => {
      const conversation = await manager.findOne(Conversation, { where: { id: v.conversationId }, lock: { mode: "pessimistic_write" } });
      if (!conversation || !isParty(conversation, caller.id)) throw notFound("Conversation not found.");
      const recipientId = conversation.buyerId === caller.id ? conversation.sellerId : conversation.buyerId;
      await this.assertNotBlocked(manager, caller.id, recipientId);
      await consumeOrRefuse([[this.messagesBySender, caller.id]], "You are sending messages too fast. Please wait a minute.");
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
          text: `${caller.username}: ${v.body ? this.screening.preview(v.body).replace(/\s+/g, " ") : PHOTO_PREVIEW}`,
          link: conversationPath(conversation.id),
        },
        manager,
      );
      const sent = { message: { ...pickMessage(message), read: false }, senderId: caller.id, recipientId };
      // the recipient's copy: phone numbers masked until the two have an order together
      const revealed = await this.screening.revealsPhones(recipientId, caller.id);
      await this.events.publish(manager, "message.sent", { ...sent, recipientMessage: this.screening.bodyFor(sent.message, revealed) });
      return sent;
    });
    return message;
  }

  /** Marks every message of the conversation as read by the caller (up to the latest one). */
  async markRead(conversationId: string, caller: AuthUser | null): Promise<ConversationView> {
    if (!caller) throw unauthenticated();
    const conversation = await this.partyOnly(conversationId, caller);
    await this.dataSource.query(`UPDATE conversations SET "${sideOf(conversation, caller.id).readAt}" = "lastMessageAt" WHERE id = $1`, [
      conversation.id,
    ]);
    // the bell's new-message notification is about the same messages
    await this.notifications.markLinkRead(caller, conversationPath(conversation.id));
    return this.view(conversation.id, caller.id);
  }

  /** Moves the conversation out of (or back into) the caller's inbox; the other party's is unchanged. */
  async archive(conversationId: string, archived: boolean, caller: AuthUser | null): Promise<ConversationView> {
    if (!caller) throw unauthenticated();
    const conversation = await this.partyOnly(conversationId, caller);
    await this.dataSource.getRepository(Conversation).update(conversation.id, {
      [sideOf(conversation, caller.id).archivedAt]: archived ? new Date() : null,
    });
    return this.view(conversation.id, caller.id);
  }

  /** Reports a conversation to the admins, who may then read it; reporting again replaces the reason. */
  async report(input: { conversationId: string; reason: string }, caller: AuthUser | null): Promise<ConversationView> {
    if (!caller) throw unauthenticated();
    const v = parseInput(reportSchema, input);
    const conversation = await this.partyOnly(v.conversationId, caller);
    await this.dataSource.getRepository(Conversation).update(conversation.id, {
      reportedAt: new Date(),
      reportedById: caller.id,
      reportReason: v.reason,
    });
    return this.view(conversation.id, caller.id);
  }

  /** The caller stops all messages between them and `userId` (either way) until they unblock. */
  async block(userId: string, caller: AuthUser | null): Promise<boolean> {
    if (!caller) throw unauthenticated();
    if (!isId(userId)) throw notFound("User not found.");
    if (userId === caller.id) throw badInput("You cannot block yourself.");
    const inserted: unknown[] = await this.dataSource.query(
      `INSERT INTO user_blocks ("blockerId", "blockedId") SELECT $1, u.id FROM users u WHERE u.id = $2
       ON CONFLICT DO NOTHING RETURNING 1`,
      [caller.id, userId],
    );
    if (!inserted.length) {
      const exists: unknown[] = await this.dataSource.query(`SELECT 1 FROM users WHERE id = $1`, [userId]);
      if (!exists.length) throw notFound("User not found.");
    }
    return true;
  }

  async unblock(userId: string, caller: AuthUser | null): Promise<boolean> {
    if (!caller) throw unauthenticated();
    if (!isId(userId)) throw notFound("User not found.");
    await this.dataSource.query(`DELETE FROM user_blocks WHERE "blockerId" = $1 AND "blockedId" = $2`, [caller.id, userId]);
    return true;
  }

  /**
   * The caller's accepted offer on a product that their checkout would charge now (unexpired,
   * unused, below the listed price), or null: the product page shows it with the way to buy at it.
   */
  async acceptedOffer(productId: string, caller: AuthUser): Promise<OfferView | null> {
    if (!isId(productId)) throw notFound("Product not found.");
    const usable = (await usableOffers(this.dataSource.manager, caller.id, [productId], this.clock.now())).get(productId);
    if (!usable) return null;
    const product = await this.dataSource.getRepository(Product).findOneBy({ id: productId });
    if (!product || usable.amountPaisa >= product.pricePaisa) return null;
    return this.offerView(await this.dataSource.getRepository(Offer).findOneByOrFail({ id: usable.id }));
  }

  /** A page of a conversation's offers, newest first (the chat shows them among the messages); same access as `messages`. */
  async offers(conversationId: string, caller: AuthUser | null, paging: Paging): Promise<Page<OfferView>> {
    if (!caller) throw unauthenticated();
    const { page, pageSize } = parseInput(pageInput(30), paging);
    await this.readable(conversationId, caller);
    const [items, totalItems] = await this.dataSource.getRepository(Offer).findAndCount({
      where: { conversationId },
      order: { createdAt: "DESC", id: "DESC" },
      skip: (page - 1) * pageSize,
      take: pageSize,
    });
    const now = this.clock.now();
    return toPage(
      items.map((offer) => toOfferView(offer, now)),
      totalItems,
      page,
      pageSize,
    );
  }

  /**
   * The buyer proposes a price for the product (at most its listed price), open for
   * `expiresInHours` (1 to 168, 24 by default). One pending offer per conversation; refused when
   * either party blocked the other, and counted with the sender's messages for the rate limit.
   */
  async makeOffer(
    input: { conversationId: string; amount: number; expiresInHours?: number | null },
    caller: AuthUser | null,
  ): Promise<OfferView> {
    if (!caller) throw unauthenticated();
    const v = parseInput(makeOfferSchema, input);
    const offer = await this.dataSource.transaction(async (manager) => {
      const conversation = await manager.findOne(Conversation, { where: { id: v.conversationId }, lock: { mode: "pessimistic_write" } });
      if (!conversation || !isParty(conversation, caller.id)) throw notFound("Conversation not found.");
      if (conversation.buyerId !== caller.id) throw forbidden("Only the buyer can make an offer; answer theirs with a counter-offer.");
      const offer = await this.proposeOffer(manager, conversation, caller.id, v.amount, v.expiresInHours);
      await this.offerChanged(manager, offer);
      return offer;
    });
    return this.offerView(offer);
  }

  /**
   * The party who did not make a pending offer accepts it: it then reserves one unit for the buyer
   * and prices it, once, for `reserveHours` (chosen by the seller; 24 by default).
   */
  async acceptOffer(offerId: string, caller: AuthUser | null, reserveHours?: number | null): Promise<OfferView> {
    const hours = parseInput(z.object({ reserveHours: reservationHoursSchema }), { reserveHours }).reserveHours;
    return this.answerOffer(offerId, caller, async (manager, offer) => {
      await this.assertNotBlocked(manager, caller!.id, offer.madeById);
      if (reserveHours != null && caller!.id !== offer.sellerId)
        throw badInput("Only the seller chooses how long the item is reserved.", { reserveHours: "Only the seller chooses this." });
      // a listing hidden since the offer was made is not for sale
      const product = await manager.findOneBy(Product, { id: offer.productId });
      if (!product || !isListed(product)) throw conflict(NOT_FOR_SALE);
      await reserveForOffer(manager, this.events, offer, hours, this.clock.now());
      return this.settleOffer(manager, offer, OfferStatus.ACCEPTED);
    });
  }

  /** The party who did not make a pending offer turns it down. */
  async declineOffer(offerId: string, caller: AuthUser | null): Promise<OfferView> {
    return this.answerOffer(offerId, caller, (manager, offer) => this.settleOffer(manager, offer, OfferStatus.DECLINED));
  }

  /**
   * The party who did not make a pending offer proposes another amount instead: the old offer
   * becomes COUNTERED and the new one is pending, for the other party to answer.
   */
  async counterOffer(
    input: { offerId: string; amount: number; expiresInHours?: number | null },
    caller: AuthUser | null,
  ): Promise<OfferView> {
    if (!caller) throw unauthenticated();
    const v = parseInput(counterOfferSchema, input);
    return this.answerOffer(v.offerId, caller, async (manager, offer) => {
      const conversation = await manager.findOneOrFail(Conversation, { where: { id: offer.conversationId } });
      const countered = await this.settleOffer(manager, offer, OfferStatus.COUNTERED);
      return [countered, await this.proposeOffer(manager, conversation, caller.id, v.amount, v.expiresInHours)];
    });
  }

  /** Whoever made a pending offer takes it back. */
  async withdrawOffer(offerId: string, caller: AuthUser | null): Promise<OfferView> {
    if (!caller) throw unauthenticated();
    const offer = await this.dataSource.transaction(async (manager) => {
      const offer = await this.openOffer(manager, offerId, caller);
      if (offer.madeById !== caller.id) throw forbidden("Only the party who made an offer can withdraw it.");
      const withdrawn = await this.settleOffer(manager, offer, OfferStatus.WITHDRAWN);
      await this.offerChanged(manager, withdrawn);
      return withdrawn;
    });
    return this.offerView(offer);
  }

  /**
   * Marks every open offer past its expiry at the clock's time as EXPIRED, in one statement, and
   * tells the buyer and both parties' live views. The scheduled `offers.expire` job; a second run
   * finds nothing left to change.
   */
  async expireDueOffers(manager: EntityManager): Promise<number> {
    return (await this.expireOffers(manager)).length;
  }

  /** In a checkout's transaction: announces the accepted offers it used to both parties (after the commit). */
  async offersUsed(manager: EntityManager, offerIds: string[]): Promise<void> {
    if (!offerIds.length) return;
    for (const offer of await manager.findBy(Offer, { id: In(offerIds) })) await this.events.publish(manager, "offer.changed", { offer });
  }

  /**
   * Runs `answer` on a pending, unexpired offer the caller did not make, in one transaction, then
   * announces every offer it returns (the answered one first; a counter returns two) and answers
   * with the last.
   */
  private async answerOffer(
    offerId: string,
    caller: AuthUser | null,
    answer: (manager: EntityManager, offer: Offer) => Promise<Offer | Offer[]>,
  ): Promise<OfferView> {
    if (!caller) throw unauthenticated();
    const changed = await this.dataSource.transaction(async (manager) => {
      const offer = await this.openOffer(manager, offerId, caller);
      if (offer.madeById === caller.id) throw forbidden("You cannot answer your own offer; you can withdraw it.");
      const answered = [await answer(manager, offer)].flat();
      for (const changed of answered) await this.offerChanged(manager, changed);
      return answered;
    });
    return this.offerView(changed[changed.length - 1]);
  }

  /** A pending, unexpired offer of one of the caller's conversations, locked for the change. */
  private async openOffer(manager: EntityManager, offerId: string, caller: AuthUser): Promise<Offer> {
    const offer = isId(offerId) ? await manager.findOne(Offer, { where: { id: offerId }, lock: { mode: "pessimistic_write" } }) : null;
    if (!offer || !isParty(offer, caller.id)) throw notFound("Offer not found.");
    const status = offerStatus(offer, this.clock.now());
    if (status === OfferStatus.EXPIRED) throw conflict("This offer has expired.");
    if (status !== OfferStatus.PENDING) throw conflict(`This offer is no longer open (${status.toLowerCase()}).`);
    return offer;
  }

  /** An offer as its parties see it at the clock's time. */
  private offerView(offer: Offer): OfferView {
    return toOfferView(offer, this.clock.now());
  }

  /**
   * Rewrites the PENDING and ACCEPTED (unused) offers past their expiry as EXPIRED, all of them or
   * one conversation's, and announces each (the buyer's notification, `offer.changed`).
   */
  private async expireOffers(manager: EntityManager, conversationId?: string): Promise<Offer[]> {
    // an UPDATE answers [rows, count] through TypeORM
    const [rows]: [Array<{ id: string }>, number] = await manager.query(
      `UPDATE offers SET status = $1
        WHERE status IN ($2, $3) AND "expiresAt" <= $4::timestamptz AND ($5::uuid IS NULL OR "conversationId" = $5::uuid)
        RETURNING id`,
      [OfferStatus.EXPIRED, OfferStatus.PENDING, OfferStatus.ACCEPTED, this.clock.now(), conversationId ?? null],
    );
    const expired = rows.length ? await manager.findBy(Offer, { id: In(rows.map((r) => r.id)) }) : [];
    for (const offer of expired) await this.offerChanged(manager, offer);
    return expired;
  }

  private async settleOffer(manager: EntityManager, offer: Offer, status: OfferStatus): Promise<Offer> {
    await manager.query(`UPDATE offers SET status = $2, "respondedAt" = now() WHERE id = $1`, [offer.id, status]);
    return manager.findOneByOrFail(Offer, { id: offer.id });
  }

  /**
   * A new pending offer from `makerId` in a locked conversation: the product must still be for
   * sale and the amount at most its price; a pending offer left to expire no longer counts.
   */
  private async proposeOffer(
    manager: EntityManager,
    conversation: Conversation,
    makerId: string,
    amount: number,
    hours: number,
  ): Promise<Offer> {
    const otherId = conversation.buyerId === makerId ? conversation.sellerId : conversation.buyerId;
    await this.assertNotBlocked(manager, makerId, otherId);
    const product = await manager.findOneBy(Product, { id: conversation.productId });
    if (!product || !isListed(product) || product.quantityAvailable < 1) throw conflict(NOT_FOR_SALE);
    const amountPaisa = toPaisa(amount);
    if (amountPaisa > product.pricePaisa)
      throw badInput(`An offer cannot be more than the price (PKR ${toRupees(product.pricePaisa).toLocaleString("en-US")}).`, {
        amount: "An offer cannot be more than the price.",
      });
    await this.expireOffers(manager, conversation.id);
    const pending = await manager.existsBy(Offer, { conversationId: conversation.id, status: OfferStatus.PENDING });
    if (pending) throw conflict("This conversation already has an open offer: answer or withdraw it first.");
    await consumeOrRefuse([[this.messagesBySender, makerId]], "You are sending messages too fast. Please wait a minute.");
    const [{ id }]: Array<{ id: string }> = await manager.query(
      `INSERT INTO offers ("conversationId", "productId", "buyerId", "sellerId", "madeById", "amountPaisa", "expiresAt")
       VALUES ($1, $2, $3, $4, $5, $6, $7::timestamptz + make_interval(hours => $8)) RETURNING id`,
      [conversation.id, conversation.productId, conversation.buyerId, conversation.sellerId, makerId, amountPaisa, this.clock.now(), hours],
    );
    return manager.findOneByOrFail(Offer, { id });
  }

  /**
   * The other party's notification of an offer made, answered or withdrawn, written in the same
   * transaction. A countered offer is told by its counter (a new pending one); a used one by the
   * order the checkout placed.
   */
  private async notifyOfferChange(manager: EntityManager, offer: Offer): Promise<void> {
    const amount = formatPKR(offer.amountPaisa / 100);
    const maker = offer.madeById;
    const other = maker === offer.buyerId ? offer.sellerId : offer.buyerId;
    const notice: Partial<Record<OfferStatus, [string, string]>> = {
      [OfferStatus.PENDING]: [other, `New offer: ${amount}.`],
      [OfferStatus.ACCEPTED]: [maker, `Your offer of ${amount} was accepted.`],
      [OfferStatus.DECLINED]: [maker, `Your offer of ${amount} was declined.`],
      [OfferStatus.WITHDRAWN]: [other, `The offer of ${amount} was withdrawn.`],
      [OfferStatus.EXPIRED]: [offer.buyerId, `The offer of ${amount} has expired.`],
    };
    const entry = notice[offer.status];
    if (!entry) return;
    const [recipientId, text] = entry;
    await this.notifications.notify(
      recipientId,
      { kind: NotificationKind.OFFER, text, link: conversationPath(offer.conversationId) },
      manager,
    );
  }

  /** An offer was made or changed state: the other party's notification, and `offer.changed` (both parties' subscriptions). */
  private async offerChanged(manager: EntityManager, offer: Offer): Promise<void> {
    await this.notifyOfferChange(manager, offer);
    await this.events.publish(manager, "offer.changed", { offer });
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
    if (!conversation || !isParty(conversation, caller.id)) throw notFound("Conversation not found.");
    return conversation;
  }

  /** Readable by its parties, and by admins once reported. */
  private async readable(conversationId: string, caller: AuthUser): Promise<Conversation> {
    const conversation = isId(conversationId) ? await this.dataSource.getRepository(Conversation).findOneBy({ id: conversationId }) : null;
    const allowed = conversation && (isParty(conversation, caller.id) || (caller.role === Role.ADMIN && conversation.reportedAt !== null));
    if (!allowed) throw notFound("Conversation not found.");
    return conversation;
  }

  private async assertNotBlocked(manager: EntityManager, senderId: string, recipientId: string): Promise<void> {
    const rows: Array<{ blockerId: string }> = await manager.query(
      `SELECT "blockerId" FROM user_blocks WHERE ("blockerId", "blockedId") IN (($1::uuid, $2::uuid), ($2::uuid, $1::uuid))`,
      [senderId, recipientId],
    );
    if (rows.some((r) => r.blockerId === senderId)) throw forbidden("You blocked this user; unblock them to send messages.");
    if (rows.length) throw forbidden("This user does not accept your messages.");
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
