import { RESERVATION_DEFAULT_HOURS, reservationHoursRule } from "@unibazaar/rules";
import type { RateLimiterPostgres } from "rate-limiter-flexible";
import { said } from "../../platform/i18n/errors";
import { In, type DataSource, type EntityManager } from "typeorm";
import { z } from "zod";
import type { AuthUser } from "../../platform/auth/roles";
import type { Clock } from "../../platform/clock";
import type { EventBus } from "../../platform/events";
import type { MessageKey } from "../../platform/i18n";
import { badInput, conflict, forbidden, notFound } from "../../platform/shared/errors";
import { toPaisa } from "../../platform/shared/money";
import { pageInput, toPage, type Page } from "../../platform/shared/pagination";
import { consumeOrRefuse } from "../../platform/shared/rate-limits";
import { isId, parseInput } from "../../platform/shared/validation";
import { NotificationKind, type NotificationsService } from "../notifications";
import { isListed, Product } from "../products";
import { assertNotBlocked } from "./blocking";
import { Conversation, Offer, OfferStatus } from "./entity";
import { counterOfferSchema, makeOfferSchema, offerStatus, toOfferView, usableOffers, type OfferView } from "./offers";
import { conversationPath, isParty, readableConversation } from "./parties";

/** The hours a seller picked when accepting (the default when none). */
const acceptSchema = z.object({ reserveHours: reservationHoursRule.nullish().transform((hours) => hours ?? RESERVATION_DEFAULT_HOURS) });

/**
 * Holds one unit of an accepted offer's listing for its buyer for `hours` from `now`, in the
 * accepting transaction, or refuses (the reservations feature, handed in by app/services.ts).
 */
export type OfferHold = (manager: EntityManager, offer: Offer, hours: number, now: Date) => Promise<{ expiresAt: Date }>;

export const NOT_FOR_SALE = said("offer.notForSale");

type Paging = { page?: number; pageSize?: number };

/**
 * The offer negotiation inside a conversation: the buyer proposes a price, the other party accepts,
 * declines or counters, the maker withdraws, and open offers expire on the clock.
 */
export class NegotiationService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly events: EventBus,
    private readonly notifications: NotificationsService,
    private readonly clock: Clock,
    /** The sender's message limit: an offer counts as a message. */
    private readonly messagesBySender: RateLimiterPostgres,
    private readonly holdUnit: OfferHold,
  ) {}

  /**
   * The caller's accepted offer on a product that their checkout would charge now (unexpired,
   * unused, below the listed price), or null: the product page shows it with the way to buy at it.
   */
  async acceptedOffer(productId: string, caller: AuthUser): Promise<OfferView | null> {
    if (!isId(productId)) throw notFound(said("chat.productNotFound"));
    const usable = (await usableOffers(this.dataSource.manager, caller.id, [productId], this.clock.now())).get(productId);
    if (!usable) return null;
    const product = await this.dataSource.getRepository(Product).findOneBy({ id: productId });
    if (!product || usable.amountPaisa >= product.pricePaisa) return null;
    return this.offerView(await this.dataSource.getRepository(Offer).findOneByOrFail({ id: usable.id }));
  }

  /** A page of a conversation's offers, newest first (the chat shows them among the messages); same access as `messages`. */
  async offers(conversationId: string, caller: AuthUser, paging: Paging): Promise<Page<OfferView>> {
    const { page, pageSize } = parseInput(pageInput(30), paging);
    await readableConversation(this.dataSource, conversationId, caller);
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
  async makeOffer(input: { conversationId: string; amount: number; expiresInHours?: number | null }, caller: AuthUser): Promise<OfferView> {
    const v = parseInput(makeOfferSchema, input);
    await this.countOffer(caller);
    const offer = await this.dataSource.transaction(async (manager) => {
      const conversation = await manager.findOne(Conversation, { where: { id: v.conversationId }, lock: { mode: "pessimistic_write" } });
      if (!conversation || !isParty(conversation, caller.id)) throw notFound(said("chat.conversationNotFound"));
      if (conversation.buyerId !== caller.id) throw forbidden(said("offer.onlyBuyerOffers"));
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
  async acceptOffer(offerId: string, caller: AuthUser, reserveHours?: number | null): Promise<OfferView> {
    const hours = parseInput(acceptSchema, { reserveHours }).reserveHours;
    return this.answerOffer(offerId, caller, async (manager, offer) => {
      await assertNotBlocked(manager, caller.id, offer.madeById);
      if (reserveHours != null && caller.id !== offer.sellerId)
        throw badInput(said("offer.onlySellerReserves"), { reserveHours: said("offer.onlySellerChooses") });
      // a listing hidden since the offer was made is not for sale
      const product = await manager.findOneBy(Product, { id: offer.productId });
      if (!product || !isListed(product)) throw conflict(NOT_FOR_SALE);
      const { expiresAt } = await this.holdUnit(manager, offer, hours, this.clock.now());
      // the accepted price lasts as long as the unit is held
      await manager.query(`UPDATE offers SET "expiresAt" = $2 WHERE id = $1`, [offer.id, expiresAt]);
      return this.settleOffer(manager, offer, OfferStatus.ACCEPTED);
    });
  }

  /** The party who did not make a pending offer turns it down. */
  async declineOffer(offerId: string, caller: AuthUser): Promise<OfferView> {
    return this.answerOffer(offerId, caller, (manager, offer) => this.settleOffer(manager, offer, OfferStatus.DECLINED));
  }

  /**
   * The party who did not make a pending offer proposes another amount instead: the old offer
   * becomes COUNTERED and the new one is pending, for the other party to answer.
   */
  async counterOffer(input: { offerId: string; amount: number; expiresInHours?: number | null }, caller: AuthUser): Promise<OfferView> {
    const v = parseInput(counterOfferSchema, input);
    await this.countOffer(caller);
    return this.answerOffer(v.offerId, caller, async (manager, offer) => {
      const conversation = await manager.findOneOrFail(Conversation, { where: { id: offer.conversationId } });
      const countered = await this.settleOffer(manager, offer, OfferStatus.COUNTERED);
      return [countered, await this.proposeOffer(manager, conversation, caller.id, v.amount, v.expiresInHours)];
    });
  }

  /** Whoever made a pending offer takes it back. */
  async withdrawOffer(offerId: string, caller: AuthUser): Promise<OfferView> {
    const offer = await this.dataSource.transaction(async (manager) => {
      const offer = await this.openOffer(manager, offerId, caller);
      if (offer.madeById !== caller.id) throw forbidden(said("offer.onlyMakerWithdraws"));
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
    caller: AuthUser,
    answer: (manager: EntityManager, offer: Offer) => Promise<Offer | Offer[]>,
  ): Promise<OfferView> {
    const changed = await this.dataSource.transaction(async (manager) => {
      const offer = await this.openOffer(manager, offerId, caller);
      if (offer.madeById === caller.id) throw forbidden(said("offer.notOwnOffer"));
      const answered = [await answer(manager, offer)].flat();
      for (const changed of answered) await this.offerChanged(manager, changed);
      return answered;
    });
    return this.offerView(changed[changed.length - 1]);
  }

  /** A pending, unexpired offer of one of the caller's conversations, locked for the change. */
  private async openOffer(manager: EntityManager, offerId: string, caller: AuthUser): Promise<Offer> {
    const offer = isId(offerId) ? await manager.findOne(Offer, { where: { id: offerId }, lock: { mode: "pessimistic_write" } }) : null;
    if (!offer || !isParty(offer, caller.id)) throw notFound(said("offer.notFound"));
    const status = offerStatus(offer, this.clock.now());
    if (status === OfferStatus.EXPIRED) throw conflict(said("offer.expired"));
    if (status !== OfferStatus.PENDING) throw conflict(said("offer.notOpen", { state: status.toLowerCase() }));
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
   * An offer counts with its maker's messages. Taken before the offer's transaction: inside it, a
   * burst of offers would each hold a pool connection while asking the pool for another, and wait on
   * each other until they time out.
   */
  private countOffer(maker: AuthUser): Promise<void> {
    return consumeOrRefuse([[this.messagesBySender, maker.id]], said("chat.tooFast"));
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
    await assertNotBlocked(manager, makerId, otherId);
    const product = conversation.productId && (await manager.findOneBy(Product, { id: conversation.productId }));
    if (!product || !isListed(product) || product.quantityAvailable < 1) throw conflict(NOT_FOR_SALE);
    const amountPaisa = toPaisa(amount);
    if (amountPaisa > product.pricePaisa)
      throw badInput(said("offer.aboveThePrice", { pricePaisa: product.pricePaisa }), {
        amount: said("offer.aboveThePrice", { pricePaisa: product.pricePaisa }),
      });
    await this.expireOffers(manager, conversation.id);
    const pending = await manager.existsBy(Offer, { conversationId: conversation.id, status: OfferStatus.PENDING });
    if (pending) throw conflict(said("offer.alreadyOpen"));
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
    const maker = offer.madeById;
    const other = maker === offer.buyerId ? offer.sellerId : offer.buyerId;
    const notice: Partial<Record<OfferStatus, [string, MessageKey]>> = {
      [OfferStatus.PENDING]: [other, "offer.new"],
      [OfferStatus.ACCEPTED]: [maker, "offer.accepted"],
      [OfferStatus.DECLINED]: [maker, "offer.declined"],
      [OfferStatus.WITHDRAWN]: [other, "offer.withdrawn"],
      [OfferStatus.EXPIRED]: [offer.buyerId, "offer.expired"],
    };
    const entry = notice[offer.status];
    if (!entry) return;
    const [recipientId, key] = entry;
    await this.notifications.notify(
      recipientId,
      {
        kind: NotificationKind.OFFER,
        message: { key, params: { amountPaisa: offer.amountPaisa } },
        link: conversationPath(offer.conversationId),
      },
      manager,
    );
  }

  /** An offer was made or changed state: the other party's notification, and `offer.changed` (both parties' subscriptions). */
  private async offerChanged(manager: EntityManager, offer: Offer): Promise<void> {
    await this.notifyOfferChange(manager, offer);
    await this.events.publish(manager, "offer.changed", { offer });
  }
}
