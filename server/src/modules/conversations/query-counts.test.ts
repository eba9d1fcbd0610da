import { describe, expect } from "vitest";
import { it } from "../../test/server-test";
import { asCaller, insertProduct, signUp, type SignedIn } from "../../test/fixtures";
import type { TestServer } from "../../test/harness";
import { Role } from "../../platform/auth/roles";
import { User } from "../users/entity";
import { Conversation, Message, Offer, OfferStatus } from "./entity";

/**
 * Pins the SQL cost of the inbox and of a message page: unread counts, previews and block flags
 * come in the page's own statement, products and parties from per-request DataLoaders.
 */
let seller: SignedIn;
it.beforeAll(async ({ server }) => {
  seller = await signUp(server, "seller");
});

const INBOX = `query ($pageSize: Int) { conversations(pageSize: $pageSize) { totalItems items { id unreadCount lastMessage blocked archived otherPartyReadAt product { id name price } buyer { id username } seller { id username storeName } } } }`;
const OFFERS = `query ($id: ID!, $pageSize: Int) { offers(conversationId: $id, pageSize: $pageSize) { totalItems items { id amount status madeById expiresAt } } }`;
const PAGE = `query ($id: ID!, $pageSize: Int) { messages(conversationId: $id, pageSize: $pageSize) { totalItems items { id senderId body read createdAt } } }`;

/** `count` buyers, each with a conversation about their own product of the seller's and one message. */
async function addConversations(server: TestServer, count: number) {
  const buyers = await server.dataSource.getRepository(User).save(
    Array.from({ length: count }, (_, i) => ({
      email: `asker${i}-${Date.now()}@test.pk`,
      username: `asker_${i}_${Date.now() % 100000}`,
      name: `Asker ${i}`,
      passwordHash: "unused",
      role: Role.USER,
    })),
  );
  for (const buyer of buyers) {
    const product = await insertProduct(server.dataSource, seller.user.id);
    const conversation = await server.services.conversations.start(product.id, asCaller({ user: buyer }));
    await server.dataSource.getRepository(Message).save({ conversationId: conversation.id, senderId: buyer.id, body: "Available?" });
  }
}

describe("SQL statements per operation", () => {
  it("conversations: the same statements for an inbox of 1 or of 20 (token check, page, count, products, parties)", async ({ server }) => {
    await addConversations(server, 1);
    const one = await server.queries.measure(() => server.gql(INBOX, { pageSize: 50 }, seller.token));
    expect(one.result.errors).toBeUndefined();
    expect(one.result.data.conversations.items).toHaveLength(1);

    await addConversations(server, 19);
    const twenty = await server.queries.measure(() => server.gql(INBOX, { pageSize: 50 }, seller.token));
    expect(twenty.result.errors).toBeUndefined();
    const items = twenty.result.data.conversations.items;
    expect(items).toHaveLength(20);
    expect(items.every((c: { product: unknown; buyer: unknown; unreadCount: number }) => c.product && c.buyer && c.unreadCount === 1)).toBe(
      true,
    );
    expect(twenty.queries).toBe(5);
    expect(one.queries).toBe(twenty.queries);
  });

  it("messages: the same 4 statements for a page of 5 or of 50 (token check, conversation, page, count)", async ({ server }) => {
    const [conversation] = await server.dataSource.getRepository(Conversation).findBy({ sellerId: seller.user.id });
    await server.dataSource
      .getRepository(Message)
      .save(Array.from({ length: 60 }, (_, i) => ({ conversationId: conversation.id, senderId: seller.user.id, body: `Reply ${i}` })));
    const five = await server.queries.measure(() => server.gql(PAGE, { id: conversation.id, pageSize: 5 }, seller.token));
    expect(five.result.data.messages.items).toHaveLength(5);
    const fifty = await server.queries.measure(() => server.gql(PAGE, { id: conversation.id, pageSize: 50 }, seller.token));
    expect(fifty.result.errors).toBeUndefined();
    expect(fifty.result.data.messages.items).toHaveLength(50);
    expect(fifty.result.data.messages.totalItems).toBe(61);
    expect(fifty.queries).toBe(4);
    expect(five.queries).toBe(fifty.queries);
  });

  it("offers: the same 3 statements for a page of 1 or of 30 (token check, conversation, page; a page that is not full needs no count)", async ({
    server,
  }) => {
    const [conversation] = await server.dataSource.getRepository(Conversation).findBy({ sellerId: seller.user.id });
    const offer = (i: number) => ({
      conversationId: conversation.id,
      productId: conversation.productId!,
      buyerId: conversation.buyerId,
      sellerId: conversation.sellerId,
      madeById: conversation.buyerId,
      amountPaisa: 1000 + i,
      status: OfferStatus.DECLINED,
      expiresAt: new Date(Date.now() + 3_600_000),
    });
    await server.dataSource.getRepository(Offer).save([offer(0)]);
    const one = await server.queries.measure(() => server.gql(OFFERS, { id: conversation.id, pageSize: 50 }, seller.token));
    expect(one.result.data.offers.items).toHaveLength(1);
    await server.dataSource.getRepository(Offer).save(Array.from({ length: 29 }, (_, i) => offer(i + 1)));
    const thirty = await server.queries.measure(() => server.gql(OFFERS, { id: conversation.id, pageSize: 50 }, seller.token));
    expect(thirty.result.errors).toBeUndefined();
    expect(thirty.result.data.offers.totalItems).toBe(30);
    expect(thirty.queries).toBe(3);
    expect(one.queries).toBe(thirty.queries);
  });
});
