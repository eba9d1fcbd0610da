import { describe, expect } from "vitest";
import { it } from "../../test/server-test";
import sharp from "sharp";
import { asCaller, established, insertOrder, insertProduct, signUp, type SignedIn } from "../../test/fixtures";
import { codeOf, type TestServer } from "../../test/harness";
import type { Product } from "../products/entity";
import { Message } from "./entity";
import { MESSAGE_MAX_LENGTH } from "@unibazaar/rules";
import { MESSAGES_PER_MINUTE } from "./service";

let seller: SignedIn;
let buyer: SignedIn;
let stranger: SignedIn;
let admin: SignedIn;
let product: Product;
it.beforeAll(async ({ server }) => {
  [seller, buyer, stranger, admin] = await Promise.all([signUp(server, "seller"), signUp(server), signUp(server), signUp(server, "admin")]);
  // new accounts may not send links to other sites
  await established(server, seller, buyer, stranger, admin);
  product = await insertProduct(server.dataSource, seller.user.id, { name: "Calculus textbook", pricePaisa: 250_000 });
});

const START = `mutation ($productId: ID!) { startConversation(productId: $productId) { id unreadCount archived blocked product { id name price } buyer { id username } seller { id username } } }`;
const SEND = `mutation ($conversationId: ID!, $body: String!) { sendMessage(conversationId: $conversationId, body: $body) { id senderId body read } }`;
const INBOX = `query ($archived: Boolean) { conversations(archived: $archived) { totalItems hasNextPage items { id unreadCount lastMessage archived otherPartyReadAt blocked } } }`;
const MESSAGES = `query ($conversationId: ID!) { messages(conversationId: $conversationId) { totalItems items { id senderId body read } } }`;
const CONVERSATION = `query ($id: ID!) { conversation(id: $id) { id unreadCount reportedAt } }`;
const MARK_READ = `mutation ($id: ID!) { markConversationRead(conversationId: $id) { unreadCount } }`;
const ARCHIVE = `mutation ($id: ID!, $archived: Boolean) { archiveConversation(conversationId: $id, archived: $archived) { archived } }`;
const REPORT = `mutation ($id: ID!, $reason: String!) { reportConversation(conversationId: $id, reason: $reason) { reportedAt } }`;
const BLOCK = `mutation ($userId: ID!) { blockUser(userId: $userId) }`;
const UNBLOCK = `mutation ($userId: ID!) { unblockUser(userId: $userId) }`;

async function start(server: TestServer, who: SignedIn, productId = product.id): Promise<string> {
  const res = await server.gql(START, { productId }, who.token);
  expect(res.errors).toBeUndefined();
  return res.data.startConversation.id as string;
}

async function send(server: TestServer, who: SignedIn, conversationId: string, body: string) {
  return server.gql(SEND, { conversationId, body }, who.token);
}

const messageCount = (server: TestServer, conversationId: string) => server.dataSource.getRepository(Message).countBy({ conversationId });

describe("opening a conversation", () => {
  it("gives a buyer one conversation per product with its seller, showing the product card", async ({ server }) => {
    const res = await server.gql(START, { productId: product.id }, buyer.token);
    expect(res.errors).toBeUndefined();
    expect(res.data.startConversation).toMatchObject({
      unreadCount: 0,
      archived: false,
      blocked: false,
      product: { id: product.id, name: "Calculus textbook", price: 2500 },
      buyer: { id: buyer.user.id },
      seller: { id: seller.user.id },
    });
    expect(await start(server, buyer)).toBe(res.data.startConversation.id);
  });

  it("refuses the seller's own product, an unknown product and a delisted one", async ({ server }) => {
    expect(codeOf(await server.gql(START, { productId: product.id }, seller.token))).toBe("FORBIDDEN");
    expect(codeOf(await server.gql(START, { productId: "00000000-0000-4000-8000-000000000000" }, buyer.token))).toBe("NOT_FOUND");
    expect(codeOf(await server.gql(START, { productId: "not-an-id" }, buyer.token))).toBe("NOT_FOUND");
    const delisted = await insertProduct(server.dataSource, seller.user.id, { deleted: true });
    expect(codeOf(await server.gql(START, { productId: delisted.id }, buyer.token))).toBe("NOT_FOUND");
  });
});

describe("a seller messaging a buyer", () => {
  const START_AS_SELLER = `mutation ($productId: ID!, $buyerId: ID) { startConversation(productId: $productId, buyerId: $buyerId) { id buyer { id } seller { id } } }`;

  it("opens the conversation with a buyer who ordered the product from them, the same one the buyer would", async ({ server }) => {
    const customer = await signUp(server);
    const ordered = await insertProduct(server.dataSource, seller.user.id);
    await insertOrder(server.dataSource, { buyerId: customer.user.id, lines: [{ product: ordered }] });
    const res = await server.gql(START_AS_SELLER, { productId: ordered.id, buyerId: customer.user.id }, seller.token);
    expect(res.errors).toBeUndefined();
    expect(res.data.startConversation).toMatchObject({ buyer: { id: customer.user.id }, seller: { id: seller.user.id } });
    expect(await start(server, customer, ordered.id)).toBe(res.data.startConversation.id);
  });

  it("refuses a buyer who never ordered it, and anyone but the product's seller", async ({ server }) => {
    const customer = await signUp(server);
    const notOrdered = await insertProduct(server.dataSource, seller.user.id);
    expect(codeOf(await server.gql(START_AS_SELLER, { productId: notOrdered.id, buyerId: customer.user.id }, seller.token))).toBe(
      "FORBIDDEN",
    );
    await insertOrder(server.dataSource, { buyerId: customer.user.id, lines: [{ product: notOrdered }] });
    const otherSeller = await signUp(server, "seller");
    expect(codeOf(await server.gql(START_AS_SELLER, { productId: notOrdered.id, buyerId: customer.user.id }, otherSeller.token))).toBe(
      "FORBIDDEN",
    );
    expect(codeOf(await server.gql(START_AS_SELLER, { productId: notOrdered.id, buyerId: customer.user.id }, stranger.token))).toBe(
      "FORBIDDEN",
    );
  });
});

describe("messages, unread counts and read receipts", () => {
  it("counts a message unread for the recipient until they read it, then shows it read to the sender", async ({ server }) => {
    const reader = await signUp(server);
    const id = await start(server, reader);
    const sent = await send(server, reader, id, "  Is it still available?  ");
    expect(sent.errors).toBeUndefined();
    expect(sent.data.sendMessage).toMatchObject({ senderId: reader.user.id, body: "Is it still available?", read: false });

    const inbox = await server.gql(INBOX, {}, seller.token);
    expect(inbox.data.conversations.items.find((c: { id: string }) => c.id === id)).toMatchObject({
      unreadCount: 1,
      lastMessage: "Is it still available?",
    });
    const sellerUnread = (await server.gql(`{ unreadMessageCount }`, {}, seller.token)).data.unreadMessageCount;
    expect(sellerUnread).toBeGreaterThanOrEqual(1);
    // the sender has read their own message
    expect((await server.gql(CONVERSATION, { id }, reader.token)).data.conversation.unreadCount).toBe(0);

    const read = await server.gql(MARK_READ, { id }, seller.token);
    expect(read.data.markConversationRead.unreadCount).toBe(0);
    expect((await server.gql(`{ unreadMessageCount }`, {}, seller.token)).data.unreadMessageCount).toBe(sellerUnread - 1);

    const page = await server.gql(MESSAGES, { conversationId: id }, reader.token);
    expect(page.data.messages.items).toEqual([expect.objectContaining({ body: "Is it still available?", read: true })]);
    const receipt = await server.gql(INBOX, {}, reader.token);
    expect(receipt.data.conversations.items[0].otherPartyReadAt).not.toBeNull();

    await send(server, seller, id, "Yes, meet at the library at 4?");
    const newestFirst = await server.gql(MESSAGES, { conversationId: id }, seller.token);
    expect(newestFirst.data.messages.items.map((m: { body: string; read: boolean }) => [m.body, m.read])).toEqual([
      ["Yes, meet at the library at 4?", false],
      ["Is it still available?", true],
    ]);
  });

  it("keeps text as sent (plain text, markup included) and refuses empty, too long or control characters with no message stored", async ({
    server,
  }) => {
    const id = await start(server, buyer);
    const before = await messageCount(server, id);
    for (const body of ["   ", "x".repeat(MESSAGE_MAX_LENGTH + 1), "bell \u0007 here", "csi \u009B31m here", "nel \u0085 here"]) {
      const res = await send(server, buyer, id, body);
      expect(codeOf(res), body.slice(0, 20)).toBe("BAD_USER_INPUT");
    }
    expect(await messageCount(server, id)).toBe(before);

    const markup = `<b>Rs 1,500?</b> <script>alert(1)</script>\nsee https://example.com`;
    const res = await send(server, buyer, id, markup);
    expect(res.data.sendMessage.body).toBe(markup);
    expect((await send(server, buyer, id, "y".repeat(MESSAGE_MAX_LENGTH))).errors).toBeUndefined();
  });

  it("lets a seller see every conversation about their products", async ({ server }) => {
    const other = await insertProduct(server.dataSource, seller.user.id);
    const [a, b] = await Promise.all([signUp(server), signUp(server)]);
    const ids = [await start(server, a), await start(server, b, other.id)];
    const inbox = await server.gql(INBOX, {}, seller.token);
    const seen = inbox.data.conversations.items.map((c: { id: string }) => c.id);
    expect(seen).toEqual(expect.arrayContaining(ids));
    // each buyer sees only their own
    expect((await server.gql(INBOX, {}, a.token)).data.conversations.items.map((c: { id: string }) => c.id)).toEqual([ids[0]]);
  });
});

describe("who may read and write", () => {
  it("hides a conversation from everyone but its two parties, and stores nothing a stranger sends", async ({ server }) => {
    const id = await start(server, buyer);
    const before = await messageCount(server, id);
    for (const who of [stranger, admin, await signUp(server, "seller")]) {
      expect(codeOf(await server.gql(CONVERSATION, { id }, who.token))).toBe("NOT_FOUND");
      expect(codeOf(await server.gql(MESSAGES, { conversationId: id }, who.token))).toBe("NOT_FOUND");
      expect(codeOf(await send(server, who, id, "hello"))).toBe("NOT_FOUND");
      expect(codeOf(await server.gql(MARK_READ, { id }, who.token))).toBe("NOT_FOUND");
      expect(codeOf(await server.gql(ARCHIVE, { id }, who.token))).toBe("NOT_FOUND");
      expect(codeOf(await server.gql(REPORT, { id, reason: "spam" }, who.token))).toBe("NOT_FOUND");
    }
    expect(codeOf(await server.gql(MESSAGES, { conversationId: id }))).toBe("UNAUTHENTICATED");
    expect(await messageCount(server, id)).toBe(before);
  });

  it("opens a reported conversation to admins (with the reason), never to other users", async ({ server }) => {
    const reporter = await signUp(server);
    const id = await start(server, reporter);
    await send(server, seller, id, "Pay me outside the app");
    expect(codeOf(await server.gql(REPORT, { id, reason: "  " }, reporter.token))).toBe("BAD_USER_INPUT");
    const reported = await server.gql(REPORT, { id, reason: "Asks for payment outside UniBazaar" }, reporter.token);
    expect(reported.data.reportConversation.reportedAt).not.toBeNull();

    const queue = await server.gql(`{ reportedConversations { items { id reportReason } } }`, {}, admin.token);
    expect(queue.data.reportedConversations.items).toContainEqual({ id, reportReason: "Asks for payment outside UniBazaar" });
    const messages = await server.gql(MESSAGES, { conversationId: id }, admin.token);
    expect(messages.data.messages.items.map((m: { body: string }) => m.body)).toEqual(["Pay me outside the app"]);
    // admins read, they do not take part
    expect(codeOf(await send(server, admin, id, "Admin here"))).toBe("NOT_FOUND");

    expect(codeOf(await server.gql(MESSAGES, { conversationId: id }, stranger.token))).toBe("NOT_FOUND");
    expect(codeOf(await server.gql(`query ($id: ID!) { conversation(id: $id) { reportReason } }`, { id }, reporter.token))).toBe(
      "FORBIDDEN",
    );
  });
});

describe("archive", () => {
  it("moves a conversation out of one party's inbox until a new message brings it back", async ({ server }) => {
    const archiver = await signUp(server);
    const id = await start(server, archiver);
    await send(server, archiver, id, "Still there?");
    expect((await server.gql(ARCHIVE, { id }, archiver.token)).data.archiveConversation.archived).toBe(true);

    const ids = async (who: SignedIn, archived: boolean) =>
      (await server.gql(INBOX, { archived }, who.token)).data.conversations.items.map((c: { id: string }) => c.id);
    expect(await ids(archiver, false)).not.toContain(id);
    expect(await ids(archiver, true)).toContain(id);
    expect(await ids(seller, false)).toContain(id);

    await send(server, seller, id, "Yes!");
    expect(await ids(archiver, false)).toContain(id);
    await server.gql(ARCHIVE, { id }, archiver.token);
    expect((await server.gql(ARCHIVE, { id, archived: false }, archiver.token)).data.archiveConversation.archived).toBe(false);
  });
});

describe("blocking", () => {
  it("stops messages both ways and new conversations until the blocker unblocks", async ({ server }) => {
    const pest = await signUp(server);
    const id = await start(server, pest);
    expect((await server.gql(BLOCK, { userId: pest.user.id }, seller.token)).data.blockUser).toBe(true);
    expect((await server.gql(BLOCK, { userId: pest.user.id }, seller.token)).data.blockUser).toBe(true);

    const before = await messageCount(server, id);
    expect(codeOf(await send(server, pest, id, "hello?"))).toBe("FORBIDDEN");
    expect(codeOf(await send(server, seller, id, "hello?"))).toBe("FORBIDDEN");
    expect(await messageCount(server, id)).toBe(before);
    expect((await server.gql(CONVERSATION, { id }, pest.token)).data.conversation).toBeTruthy();
    expect((await server.gql(INBOX, {}, pest.token)).data.conversations.items[0].blocked).toBe(true);
    const other = await insertProduct(server.dataSource, seller.user.id);
    expect(codeOf(await server.gql(START, { productId: other.id }, pest.token))).toBe("FORBIDDEN");

    // only the blocker can lift it
    await server.gql(UNBLOCK, { userId: seller.user.id }, pest.token);
    expect(codeOf(await send(server, pest, id, "hello?"))).toBe("FORBIDDEN");
    await server.gql(UNBLOCK, { userId: pest.user.id }, seller.token);
    expect((await send(server, pest, id, "hello?")).errors).toBeUndefined();
  });

  it("refuses blocking oneself or nobody", async ({ server }) => {
    expect(codeOf(await server.gql(BLOCK, { userId: buyer.user.id }, buyer.token))).toBe("BAD_USER_INPUT");
    expect(codeOf(await server.gql(BLOCK, { userId: "00000000-0000-4000-8000-000000000000" }, buyer.token))).toBe("NOT_FOUND");
    expect(codeOf(await server.gql(BLOCK, { userId: "nobody" }, buyer.token))).toBe("NOT_FOUND");
  });
});

describe("rate limit per sender", () => {
  it(`takes ${MESSAGES_PER_MINUTE} messages a minute from one sender over all conversations, then refuses with nothing stored`, async ({
    server,
  }) => {
    const chatty = await signUp(server);
    const first = await start(server, chatty);
    const second = await start(server, chatty, (await insertProduct(server.dataSource, seller.user.id)).id);
    const caller = asCaller(chatty);
    for (let i = 0; i < MESSAGES_PER_MINUTE; i++)
      await server.services.conversations.send({ conversationId: i % 2 ? first : second, body: `message ${i}` }, caller);
    const refused = await send(server, chatty, first, "one more");
    expect(codeOf(refused)).toBe("RATE_LIMITED");
    expect((await messageCount(server, first)) + (await messageCount(server, second))).toBe(MESSAGES_PER_MINUTE);
    // another sender is not affected
    expect((await send(server, seller, first, "I am not limited")).errors).toBeUndefined();
  });

  it("takes a burst of sends at once, more than the process's database connections, into one conversation", async ({ server }) => {
    // each send locks the conversation; the limit taken inside that transaction asked the pool (10
    // connections) for another, so ten sends waiting on the lock starved the one holding it
    const bursty = await signUp(server);
    const conversationId = await start(server, bursty, (await insertProduct(server.dataSource, seller.user.id)).id);
    const answers = await Promise.all(
      Array.from({ length: MESSAGES_PER_MINUTE }, (_, i) => send(server, bursty, conversationId, `burst ${i}`)),
    );
    expect(answers.flatMap((answer) => answer.errors ?? [])).toEqual([]);
    expect(await messageCount(server, conversationId)).toBe(MESSAGES_PER_MINUTE);
  });
});

describe("photos in a chat", () => {
  const SEND_PHOTO = `mutation ($conversationId: ID!, $body: String, $image: String) { sendMessage(conversationId: $conversationId, body: $body, image: $image) { id body image } }`;
  const upload = async (server: TestServer, who: SignedIn, shade: number) => {
    const bytes = await sharp({ create: { width: 40, height: 30, channels: 3, background: { r: shade, g: 90, b: 200 } } })
      .png()
      .toBuffer();
    const res = await server.gql(
      `mutation ($d: String!) { uploadImage(dataUrl: $d) { url } }`,
      { d: `data:image/png;base64,${bytes.toString("base64")}` },
      who.token,
    );
    expect(res.errors).toBeUndefined();
    return res.data.uploadImage.url as string;
  };

  it("sends a photo alone or with text; the other party sees it in the thread and 'Photo' in the inbox and notification", async ({
    server,
  }) => {
    const productWithPhotos = await insertProduct(server.dataSource, seller.user.id);
    const id = await start(server, buyer, productWithPhotos.id);
    const url = await upload(server, buyer, 11);
    const alone = await server.gql(SEND_PHOTO, { conversationId: id, image: url }, buyer.token);
    expect(alone.errors).toBeUndefined();
    expect(alone.data.sendMessage).toMatchObject({ body: "", image: url });
    expect(await server.dataSource.getRepository(Message).findOneByOrFail({ id: alone.data.sendMessage.id })).toMatchObject({
      image: new URL(url).pathname,
    });

    const inbox = await server.gql(INBOX, {}, seller.token);
    expect(inbox.data.conversations.items.find((c: { id: string }) => c.id === id)).toMatchObject({ lastMessage: "Photo", unreadCount: 1 });
    const notes = await server.gql(`{ notifications { items { text } } }`, {}, seller.token);
    expect(notes.data.notifications.items[0].text).toBe(`${buyer.user.username}: Photo`);

    const reply = await upload(server, seller, 12);
    const both = await server.gql(SEND_PHOTO, { conversationId: id, body: "This one?", image: reply }, seller.token);
    expect(both.data.sendMessage).toMatchObject({ body: "This one?", image: reply });
    const thread = await server.gql(`query ($id: ID!) { messages(conversationId: $id) { items { body image } } }`, { id }, buyer.token);
    expect(thread.data.messages.items.map((m: { image: string | null }) => m.image)).toEqual(expect.arrayContaining([url, reply]));
  });

  it("refuses a picture from another site, a made-up address and an empty message, storing nothing", async ({ server }) => {
    const id = await start(server, buyer, (await insertProduct(server.dataSource, seller.user.id)).id);
    for (const image of ["https://example.com/cat.jpg", "/etc/passwd", "   "]) {
      const res = await server.gql(SEND_PHOTO, { conversationId: id, image }, buyer.token);
      expect(codeOf(res), image).toBe("BAD_USER_INPUT");
    }
    expect(codeOf(await server.gql(SEND_PHOTO, { conversationId: id }, buyer.token))).toBe("BAD_USER_INPUT");
    expect(await messageCount(server, id)).toBe(0);
  });

  it("keeps a stranger out: a photo cannot be sent into someone else's conversation", async ({ server }) => {
    const id = await start(server, buyer, (await insertProduct(server.dataSource, seller.user.id)).id);
    const res = await server.gql(SEND_PHOTO, { conversationId: id, image: await upload(server, stranger, 13) }, stranger.token);
    expect(codeOf(res)).toBe("NOT_FOUND");
    expect(await messageCount(server, id)).toBe(0);
  });
});
