import { describe, expect } from "vitest";
import { it } from "../../test/server-test";
import { signUp, type Cast } from "../../test/fixtures";
import { codeOf, dataOf, type TestServer } from "../../test/harness";
import { User } from "../users/entity";
import { auditRows, listing, WARNINGS } from "./testing";

describe("reported conversations", () => {
  const MODERATE_CONVERSATION = `mutation ($id: ID!, $action: ModerationActionKind!, $note: String) {
    moderateConversation(conversationId: $id, action: $action, note: $note) }`;
  const REPORTED = `{ reportedConversations(pageSize: 50) { items { id reportedById } } }`;

  /** A conversation between a new seller's listing and the cast's buyer, reported by the buyer. */
  async function reportedConversation(cast: Cast, server: TestServer) {
    const seller = await signUp(server, "seller");
    const product = await listing(server, seller, "Calculator");
    const { startConversation } = await dataOf(
      server,
      `mutation ($p: ID!) { startConversation(productId: $p) { id } }`,
      { p: product.id },
      cast.buyer.token,
    );
    const id = startConversation.id as string;
    await dataOf(
      server,
      `mutation ($c: ID!) { sendMessage(conversationId: $c, body: "Pay me outside the app") { id } }`,
      { c: id },
      seller.token,
    );
    await dataOf(
      server,
      `mutation ($c: ID!) { reportConversation(conversationId: $c, reason: "Asks for payment outside") { id } }`,
      { c: id },
      cast.buyer.token,
    );
    return { id, seller };
  }
  const stillReported = async (cast: Cast, server: TestServer, id: string) =>
    ((await dataOf(server, REPORTED, {}, cast.admin.token)).reportedConversations.items as Array<{ id: string }>).some((c) => c.id === id);

  it("suspends the party the report is about (not the reporter), with the reason, and closes the report", async ({ cast, server }) => {
    const { id, seller } = await reportedConversation(cast, server);
    const listed = (await dataOf(server, REPORTED, {}, cast.admin.token)).reportedConversations.items.find(
      (c: { id: string }) => c.id === id,
    );
    expect(listed.reportedById).toBe(cast.buyer.user.id);
    const noReason = await server.gql(MODERATE_CONVERSATION, { id, action: "SUSPEND_USER" }, cast.admin.token);
    expect(noReason.errors?.[0].extensions?.fields).toEqual({ note: "Give the reason for the suspension." });
    expect(await stillReported(cast, server, id)).toBe(true);

    const rows = await auditRows(server);
    await dataOf(server, MODERATE_CONVERSATION, { id, action: "SUSPEND_USER", note: "Payment outside the app" }, cast.admin.token);
    expect(await server.dataSource.getRepository(User).findOneByOrFail({ id: seller.user.id })).toMatchObject({
      suspendedReason: "Payment outside the app",
    });
    expect((await server.dataSource.getRepository(User).findOneByOrFail({ id: cast.buyer.user.id })).suspendedAt).toBeNull();
    expect(await auditRows(server)).toBe(rows + 1);
    expect(await stillReported(cast, server, id)).toBe(false);
    // closed: the admin can no longer read it, and a second action finds nothing
    expect(codeOf(await server.gql(`query ($c: ID!) { messages(conversationId: $c) { totalItems } }`, { c: id }, cast.admin.token))).toBe(
      "NOT_FOUND",
    );
    expect(codeOf(await server.gql(MODERATE_CONVERSATION, { id, action: "DISMISS" }, cast.admin.token))).toBe("NOT_FOUND");
  });

  it("warns the reported party, or dismisses without acting; only admins, only reported conversations", async ({ cast, server }) => {
    const warned = await reportedConversation(cast, server);
    await dataOf(
      server,
      MODERATE_CONVERSATION,
      { id: warned.id, action: "WARN_USER", note: "Keep payments on UniBazaar." },
      cast.admin.token,
    );
    expect((await dataOf(server, WARNINGS, {}, warned.seller.token)).myWarnings).toEqual([{ note: "Keep payments on UniBazaar." }]);

    const dismissed = await reportedConversation(cast, server);
    for (const who of [cast.buyer, cast.seller]) {
      expect(codeOf(await server.gql(MODERATE_CONVERSATION, { id: dismissed.id, action: "DISMISS" }, who.token))).toBe("FORBIDDEN");
    }
    expect(codeOf(await server.gql(MODERATE_CONVERSATION, { id: dismissed.id, action: "HIDE_LISTING" }, cast.admin.token))).toBe(
      "BAD_USER_INPUT",
    );
    expect(await stillReported(cast, server, dismissed.id)).toBe(true);
    const rows = await auditRows(server);
    await dataOf(server, MODERATE_CONVERSATION, { id: dismissed.id, action: "DISMISS" }, cast.admin.token);
    expect(await stillReported(cast, server, dismissed.id)).toBe(false);
    expect(await auditRows(server)).toBe(rows);
    expect((await server.dataSource.getRepository(User).findOneByOrFail({ id: dismissed.seller.user.id })).suspendedAt).toBeNull();
  });
});
