import { describe, expect } from "vitest";
import { it } from "../../test/server-test";
import { established, insertProduct, signUp, type SignedIn } from "../../test/fixtures";
import { dataOf, type TestServer } from "../../test/harness";
import { FLAGGED_ACCOUNT_THRESHOLD } from "./flagged";

let admin: SignedIn;
let seller: SignedIn;
it.beforeAll(async ({ server }) => {
  [admin, seller] = await Promise.all([signUp(server, "admin"), signUp(server, "seller")]);
});

/** `count` messages the chat screening flags (each gives a phone number). */
const phoneNumbers = (count: number) => Array.from({ length: count }, (_, i) => `Call me on 0300-12345${String(i).padStart(2, "0")}`);

const FLAGGED = `{ flaggedAccounts { totalItems items { user { id } flaggedMessageCount openReportCount messages { body flags } } } }`;
const QUEUE = `{ moderationQueue(pageSize: 50) { items { targetId flaggedMessageCount flaggedMessages { body } } } }`;
const REPORT_USER = `mutation ($id: ID!) { reportUser(userId: $id, reason: SCAM) { id } }`;

/** A buyer (an established account) who sends these messages to the seller, one conversation. */
async function buyerSaying(server: TestServer, ...bodies: string[]): Promise<SignedIn> {
  const buyer = await signUp(server);
  await established(server, buyer);
  const product = await insertProduct(server.dataSource, seller.user.id);
  const { startConversation } = await dataOf(
    server,
    `mutation ($p: ID!) { startConversation(productId: $p) { id } }`,
    { p: product.id },
    buyer.token,
  );
  for (const body of bodies)
    await dataOf(
      server,
      `mutation ($id: ID!, $b: String!) { sendMessage(conversationId: $id, body: $b) { id } }`,
      { id: startConversation.id, b: body },
      buyer.token,
    );
  return buyer;
}

describe("accounts whose messages are often flagged", () => {
  it("are listed for admins from the threshold on, with their flagged messages only, and rise in the queue once reported", async ({
    server,
  }) => {
    const scammer = await buyerSaying(server, "Is it available?", ...phoneNumbers(FLAGGED_ACCOUNT_THRESHOLD));
    // one flagged message short of the threshold
    const chatty = await buyerSaying(server, ...phoneNumbers(FLAGGED_ACCOUNT_THRESHOLD - 1), "See you at the library");

    const { flaggedAccounts } = await dataOf(server, FLAGGED, {}, admin.token);
    const row = flaggedAccounts.items.find((a: { user: { id: string } }) => a.user.id === scammer.user.id);
    expect(row).toMatchObject({ flaggedMessageCount: FLAGGED_ACCOUNT_THRESHOLD, openReportCount: 0 });
    expect(row.messages.map((m: { body: string }) => m.body).sort()).toEqual(phoneNumbers(FLAGGED_ACCOUNT_THRESHOLD).sort());
    expect(flaggedAccounts.items.some((a: { user: { id: string } }) => a.user.id === chatty.user.id)).toBe(false);

    // reported first, the chatty account is older in the queue; the flagged one still comes first
    await dataOf(server, REPORT_USER, { id: chatty.user.id }, seller.token);
    await dataOf(server, REPORT_USER, { id: scammer.user.id }, seller.token);
    const ids = (await dataOf(server, QUEUE, {}, admin.token)).moderationQueue.items.map((c: { targetId: string }) => c.targetId);
    expect(ids.indexOf(scammer.user.id)).toBeLessThan(ids.indexOf(chatty.user.id));
    const cases = (await dataOf(server, QUEUE, {}, admin.token)).moderationQueue.items;
    expect(cases.find((c: { targetId: string }) => c.targetId === scammer.user.id)).toMatchObject({
      flaggedMessageCount: FLAGGED_ACCOUNT_THRESHOLD,
    });
    expect(cases.find((c: { targetId: string }) => c.targetId === chatty.user.id)).toMatchObject({
      flaggedMessageCount: FLAGGED_ACCOUNT_THRESHOLD - 1,
      flaggedMessages: expect.arrayContaining(phoneNumbers(FLAGGED_ACCOUNT_THRESHOLD - 1).map((body) => ({ body }))),
    });
    expect((await dataOf(server, FLAGGED, {}, admin.token)).flaggedAccounts.items[0]).toMatchObject({
      user: { id: scammer.user.id },
      openReportCount: 1,
    });
  });
});
