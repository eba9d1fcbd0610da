import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { established, insertProduct, signUp, type SignedIn } from "../../test/fixtures";
import { startTestServer, type TestServer } from "../../test/harness";
import { FLAGGED_ACCOUNT_THRESHOLD } from "./flagged";

let server: TestServer;
let admin: SignedIn;
let seller: SignedIn;
beforeAll(async () => {
  server = await startTestServer();
  [admin, seller] = await Promise.all([signUp(server, "admin"), signUp(server, "seller")]);
});
afterAll(() => server.close());

const ok = async (query: string, variables: Record<string, unknown>, token: string) => {
  const res = await server.gql(query, variables, token);
  if (res.errors) throw new Error(JSON.stringify(res.errors));
  return res.data;
};

const FLAGGED = `{ flaggedAccounts { totalItems items { user { id } flaggedMessageCount openReportCount messages { body flags } } } }`;
const QUEUE = `{ moderationQueue(pageSize: 50) { items { targetId flaggedMessageCount flaggedMessages { body } } } }`;
const REPORT_USER = `mutation ($id: ID!) { reportUser(userId: $id, reason: SCAM) { id } }`;

/** A buyer (an established account) who sends these messages to the seller, one conversation. */
async function buyerSaying(...bodies: string[]): Promise<SignedIn> {
  const buyer = await signUp(server);
  await established(server, buyer);
  const product = await insertProduct(server.dataSource, seller.user.id);
  const { startConversation } = await ok(`mutation ($p: ID!) { startConversation(productId: $p) { id } }`, { p: product.id }, buyer.token);
  for (const body of bodies)
    await ok(
      `mutation ($id: ID!, $b: String!) { sendMessage(conversationId: $id, body: $b) { id } }`,
      { id: startConversation.id, b: body },
      buyer.token,
    );
  return buyer;
}

describe("accounts whose messages are often flagged", () => {
  it("are listed for admins with their flagged messages only, and rise in the queue once reported", async () => {
    const scammer = await buyerSaying("Is it available?", "whatsapp pe baat karo", "advance bhej do 1000", "code bhejo jo aya hai");
    const chatty = await buyerSaying("Call me on 0300-1234567", "See you at the library");
    expect(FLAGGED_ACCOUNT_THRESHOLD).toBe(3);

    const { flaggedAccounts } = await ok(FLAGGED, {}, admin.token);
    const row = flaggedAccounts.items.find((a: { user: { id: string } }) => a.user.id === scammer.user.id);
    expect(row).toMatchObject({ flaggedMessageCount: 3, openReportCount: 0 });
    expect(row.messages.map((m: { body: string }) => m.body).sort()).toEqual(
      ["advance bhej do 1000", "code bhejo jo aya hai", "whatsapp pe baat karo"].sort(),
    );
    expect(flaggedAccounts.items.some((a: { user: { id: string } }) => a.user.id === chatty.user.id)).toBe(false);

    // reported first, the chatty account is older in the queue; the flagged one still comes first
    await ok(REPORT_USER, { id: chatty.user.id }, seller.token);
    await ok(REPORT_USER, { id: scammer.user.id }, seller.token);
    const ids = (await ok(QUEUE, {}, admin.token)).moderationQueue.items.map((c: { targetId: string }) => c.targetId);
    expect(ids.indexOf(scammer.user.id)).toBeLessThan(ids.indexOf(chatty.user.id));
    const cases = (await ok(QUEUE, {}, admin.token)).moderationQueue.items;
    expect(cases.find((c: { targetId: string }) => c.targetId === scammer.user.id)).toMatchObject({ flaggedMessageCount: 3 });
    expect(cases.find((c: { targetId: string }) => c.targetId === chatty.user.id)).toMatchObject({
      flaggedMessageCount: 1,
      flaggedMessages: [{ body: "Call me on 0300-1234567" }],
    });
    expect((await ok(FLAGGED, {}, admin.token)).flaggedAccounts.items[0]).toMatchObject({
      user: { id: scammer.user.id },
      openReportCount: 1,
    });
  });
});
