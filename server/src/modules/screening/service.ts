import type { RateLimiterPostgres } from "rate-limiter-flexible";
import type { DataSource, EntityManager } from "typeorm";
import type { SharedCache } from "../../platform/cache";
import { said } from "../../platform/i18n/errors";
import { badInput } from "../../platform/shared/errors";
import { consumeOrRefuse, postgresLimiter } from "../../platform/shared/rate-limits";
import { onPrimary, type CatalogueReads } from "../../platform/db/replicas";
import type { Product } from "../products";
import { priceNoteFor, usualPriceIfTooGood } from "./prices";
import type { ScreenFlag } from "./rules";
import { maskPhones, screenMessage } from "./screen";

/** An account this young (and not a verified student) is new: it gets the tighter limits below. */
export const NEW_ACCOUNT_DAYS = 7;
/** Conversations a new account may open per day. */
export const NEW_ACCOUNT_CONVERSATIONS_PER_DAY = 5;

export type ScreeningOptions = {
  /** Hide phone numbers from the recipient until the two have an order together. */
  maskPhones: boolean;
  /** Hosts of the site itself: links to them are not off-site. */
  siteHosts: string[];
};

/**
 * Scam shield for the chat: screens a message before it is stored, keeps new accounts on a short
 * leash, and decides whether a reader sees a message's phone numbers.
 */
export class ScreeningService {
  private readonly newAccountConversations: RateLimiterPostgres;

  constructor(
    private readonly dataSource: DataSource,
    private readonly cache: SharedCache,
    readonly options: ScreeningOptions,
    // the price notes compare against the catalogue: a read replica may serve them
    private readonly reads: CatalogueReads = onPrimary(dataSource),
  ) {
    this.newAccountConversations = postgresLimiter(dataSource, {
      keyPrefix: "new_account_conversations",
      points: NEW_ACCOUNT_CONVERSATIONS_PER_DAY,
      duration: 86_400,
    });
  }

  /** The flags of a message about to be sent; a new account's off-site link is refused (BAD_USER_INPUT on body). */
  async screen(body: string, senderId: string): Promise<ScreenFlag[]> {
    const { flags } = screenMessage(body, this.options.siteHosts);
    if (flags.includes("offsite_link") && (await this.isNewAccount(senderId))) {
      const message = said("screening.newAccountLinks", { count: NEW_ACCOUNT_DAYS });
      throw badInput(message, { body: message });
    }
    return flags;
  }

  /** Counts a new conversation opened by a new account; over the daily limit it is refused (RATE_LIMITED). */
  async countNewConversation(userId: string): Promise<void> {
    if (!(await this.isNewAccount(userId))) return;
    await consumeOrRefuse(
      [[this.newAccountConversations, userId]],
      said("screening.newAccountConversations", { count: NEW_ACCOUNT_CONVERSATIONS_PER_DAY }),
    );
  }

  /** Younger than NEW_ACCOUNT_DAYS and not a verified student (by the database clock). */
  async isNewAccount(userId: string): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query(
      `SELECT 1 FROM users WHERE id = $1 AND "verifiedAt" IS NULL AND "createdAt" > now() - make_interval(days => $2)`,
      [userId, NEW_ACCOUNT_DAYS],
    );
    return rows.length > 0;
  }

  /** Whether `readerId` sees phone numbers in what the other party wrote: once the two have an order together. */
  async revealsPhones(readerId: string, otherId: string, manager: EntityManager = this.dataSource.manager): Promise<boolean> {
    if (!this.options.maskPhones) return true;
    const rows: unknown[] = await manager.query(
      `SELECT 1 FROM orders WHERE ("buyerId", "sellerId") IN (($1::uuid, $2::uuid), ($2::uuid, $1::uuid)) LIMIT 1`,
      [readerId, otherId],
    );
    return rows.length > 0;
  }

  /**
   * Whether the other party of `conversationId` sees `senderId`'s phone numbers masked: masking is
   * on and the two have no order together (the sender is told so beside their message).
   */
  async hidesPhonesOf(senderId: string, conversationId: string): Promise<boolean> {
    if (!this.options.maskPhones) return false;
    const rows: unknown[] = await this.dataSource.query(
      `SELECT 1 FROM conversations c WHERE c.id = $1 AND $2 IN (c."buyerId", c."sellerId") AND NOT EXISTS (
         SELECT 1 FROM orders o WHERE (o."buyerId", o."sellerId") IN ((c."buyerId", c."sellerId"), (c."sellerId", c."buyerId")))`,
      [conversationId, senderId],
    );
    return rows.length > 0;
  }

  /**
   * A page of messages as `readerId` sees it: the other party's phone numbers masked unless revealed
   * (asked of the database only when the page holds one). `otherId` null: an admin, who sees all.
   */
  async forReader<M extends { body: string; flags: string[]; senderId: string }>(
    messages: M[],
    readerId: string,
    otherId: string | null,
  ): Promise<M[]> {
    const hidden = messages.some((m) => m.senderId !== readerId && m.flags.includes("phone"));
    if (!otherId || !hidden || (await this.revealsPhones(readerId, otherId))) return messages;
    return messages.map((m) => this.bodyFor(m, m.senderId === readerId));
  }

  /** A body as its reader sees it: phone numbers masked unless revealed (the sender always sees their own). */
  bodyFor<M extends { body: string; flags: string[] }>(message: M, revealed: boolean): M {
    return revealed || !this.options.maskPhones || !message.flags.includes("phone")
      ? message
      : { ...message, body: maskPhones(message.body) };
  }

  /**
   * The buyer's warning on a listing priced far below similar ones, in English (see prices.ts); null
   * for most. `primary`: asked in a mutation's answer, so read where that write is.
   */
  async priceNote(product: Pick<Product, "id" | "name" | "category" | "pricePaisa">, primary = false): Promise<string | null> {
    return priceNoteFor(await this.usualPriceIfTooGood(product, primary));
  }

  /** What similar listings usually cost (paisa) when this one is priced far below it (see prices.ts); null for most. */
  usualPriceIfTooGood(product: Pick<Product, "id" | "name" | "category" | "pricePaisa">, primary = false): Promise<number | null> {
    return this.reads.read((db) => usualPriceIfTooGood(db.manager, this.cache, product), { primary });
  }

  /** Text shown outside the chat (inbox preview, notification): numbers always masked while masking is on. */
  readonly preview = (text: string): string => (this.options.maskPhones ? maskPhones(text) : text);
}
