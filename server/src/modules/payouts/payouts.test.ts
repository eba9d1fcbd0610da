import { describe, expect } from "vitest";
import { it } from "../../test/server-test";
import { ibanChecksumValid, payoutDestinationRule } from "@unibazaar/rules";
import { signUpCast, type Cast } from "../../test/fixtures";
import { codeOf, type TestServer } from "../../test/harness";
import { BALANCE, handOver, paidCardOrder } from "../escrow/testing";
import { noticeTexts } from "../../test/notifications";

const PAYOUT = `id sellerId amount method destination state reference reason decidedAt createdAt`;
const REQUEST = `mutation ($amount: Float!, $destination: String!) { requestPayout(amount: $amount, destination: $destination) { ${PAYOUT} } }`;
const PAID = `mutation ($id: ID!, $reference: String!) { markPayoutPaid(payoutId: $id, reference: $reference) { ${PAYOUT} } }`;
const REFUSE = `mutation ($id: ID!, $reason: String!) { refusePayout(payoutId: $id, reason: $reason) { ${PAYOUT} } }`;
const ENTRIES = `{ myBalanceEntries { totalItems items { kind balance amount orderLabel payoutId } } }`;
const CSV = `{ requestedPayoutsCsv }`;
const IBAN = "PK36SCBL0000001123456702";

const balance = async (server: TestServer, token: string) =>
  (await server.gql(BALANCE, {}, token)).data.myBalance as { pending: number; available: number };

/** A seller with `rupees` released to their available balance. */
async function sellerWithBalance(server: TestServer, people: Cast, pricePaisa = 300_000) {
  const order = await paidCardOrder(server, people.buyer, people.seller, pricePaisa);
  await handOver(server, order.id);
  return order;
}

describe("payout destinations", () => {
  it("accepts a wallet number or a Pakistani IBAN with a valid checksum, as people type them", () => {
    expect(payoutDestinationRule.parse("0300-1234567")).toBe("03001234567");
    expect(payoutDestinationRule.parse("pk36 scbl 0000 0011 2345 6702")).toBe(IBAN);
    expect(ibanChecksumValid(IBAN)).toBe(true);
    expect(ibanChecksumValid("PK37SCBL0000001123456702")).toBe(false);
    for (const bad of [
      "",
      "0300123456",
      "04001234567",
      "PK37SCBL0000001123456702",
      "PK36SCBL000000112345670",
      "GB82WEST12345698765432",
      "03001234567\u0000",
    ]) {
      expect(payoutDestinationRule.safeParse(bad).success, bad).toBe(false);
    }
  });
});

describe("asking for a payout", () => {
  it("takes the amount off the available balance, lists every entry, and refuses more than is available", async ({ server }) => {
    const people = await signUpCast(server);
    const order = await sellerWithBalance(server, people);
    expect(await balance(server, people.seller.token)).toEqual({ pending: 0, available: order.total });

    const tooMuch = await server.gql(REQUEST, { amount: order.total + 1, destination: "03001234567" }, people.seller.token);
    expect(tooMuch.errors![0].extensions).toMatchObject({
      code: "BAD_USER_INPUT",
      fields: { amount: expect.stringMatching(/at most your available/) },
    });
    for (const [amount, destination] of [
      [-5, "03001234567"],
      [1e300, "03001234567"],
      [10.005, "03001234567"],
      [100, "PK37SCBL0000001123456702"],
    ] as const) {
      expect(codeOf(await server.gql(REQUEST, { amount, destination }, people.seller.token))).toBe("BAD_USER_INPUT");
    }
    expect(codeOf(await server.gql(REQUEST, { amount: 100, destination: "03001234567" }))).toBe("UNAUTHENTICATED");

    const asked = await server.gql(REQUEST, { amount: 1000, destination: "pk36 scbl 0000 0011 2345 6702" }, people.seller.token);
    expect(asked.data.requestPayout).toMatchObject({
      amount: 1000,
      method: "IBAN",
      destination: IBAN,
      state: "REQUESTED",
      sellerId: people.seller.user.id,
    });
    expect(await balance(server, people.seller.token)).toEqual({ pending: 0, available: order.total - 1000 });
    const entries = (await server.gql(ENTRIES, {}, people.seller.token)).data.myBalanceEntries;
    expect(entries.items).toEqual([
      { kind: "PAYOUT", balance: "AVAILABLE", amount: -1000, orderLabel: null, payoutId: asked.data.requestPayout.id },
      { kind: "RELEASED", balance: "AVAILABLE", amount: order.total, orderLabel: order.orderNumber, payoutId: null },
      { kind: "RELEASED", balance: "PENDING", amount: -order.total, orderLabel: order.orderNumber, payoutId: null },
      { kind: "HELD", balance: "PENDING", amount: order.total, orderLabel: order.orderNumber, payoutId: null },
    ]);
    expect(entries.totalItems).toBe(4);
    // another seller sees none of it
    expect((await server.gql(ENTRIES, {}, people.otherSeller.token)).data.myBalanceEntries.totalItems).toBe(0);
  });

  it("two requests at once cannot spend the same balance twice", async ({ server }) => {
    const people = await signUpCast(server);
    const order = await sellerWithBalance(server, people, 100_000);
    const results = await Promise.all(
      [0, 1, 2].map(() => server.gql(REQUEST, { amount: order.total, destination: "03001234567" }, people.seller.token)),
    );
    expect(results.filter((r) => !r.errors)).toHaveLength(1);
    expect(await balance(server, people.seller.token)).toEqual({ pending: 0, available: 0 });
  });
});

describe("an admin pays or refuses", () => {
  it("marks a payout paid with its reference, once; exports requested payouts as CSV; only admins", async ({ server }) => {
    const people = await signUpCast(server);
    const order = await sellerWithBalance(server, people);
    const id = (await server.gql(REQUEST, { amount: 500.5, destination: "03001234567" }, people.seller.token)).data.requestPayout.id;

    const csv = (await server.gql(CSV, {}, people.admin.token)).data.requestedPayoutsCsv as string;
    expect(csv.split("\r\n")[0]).toBe(`"payout_id","seller","method","destination","amount_pkr","requested_at"`);
    expect(csv).toContain(`"${id}","${people.seller.user.username}","WALLET","03001234567","500.50",`);
    for (const who of [people.seller, people.buyer]) {
      expect(codeOf(await server.gql(CSV, {}, who.token))).toBe("FORBIDDEN");
      expect(codeOf(await server.gql(PAID, { id, reference: "IBFT-123456" }, who.token))).toBe("FORBIDDEN");
    }
    expect(codeOf(await server.gql(PAID, { id, reference: "=cmd()" }, people.admin.token))).toBe("BAD_USER_INPUT");

    const [first, second] = await Promise.all([
      server.gql(PAID, { id, reference: "IBFT-123456" }, people.admin.token),
      server.gql(REFUSE, { id, reason: "Wrong account holder." }, people.admin.token),
    ]);
    const winner = first.errors ? second : first;
    expect([first, second].filter((r) => r.errors)).toHaveLength(1);
    const paid = winner === first;
    expect(await balance(server, people.seller.token)).toEqual({ pending: 0, available: paid ? order.total - 500.5 : order.total });
    if (paid) expect(first.data.markPayoutPaid).toMatchObject({ state: "PAID", reference: "IBFT-123456" });
    const [{ open }] = await server.dataSource.query(
      `SELECT sum(e."amountPaisa")::int AS open FROM ledger_entries e JOIN ledger_movements m ON m.id = e."movementId"
        WHERE m."payoutId" = $1 AND e.account = 'payouts:requested'`,
      [id],
    );
    expect(open).toBe(0);
    expect((await server.gql(CSV, {}, people.admin.token)).data.requestedPayoutsCsv).not.toContain(id);
  });

  it("refuses a payout with a reason: the amount returns to the available balance and the seller hears why", async ({ server }) => {
    const people = await signUpCast(server);
    const order = await sellerWithBalance(server, people);
    const id = (await server.gql(REQUEST, { amount: order.total, destination: IBAN }, people.seller.token)).data.requestPayout.id;
    expect(await balance(server, people.seller.token)).toEqual({ pending: 0, available: 0 });
    expect(codeOf(await server.gql(REFUSE, { id, reason: "" }, people.admin.token))).toBe("BAD_USER_INPUT");
    const refused = await server.gql(REFUSE, { id, reason: "The IBAN belongs to someone else." }, people.admin.token);
    expect(refused.data.refusePayout).toMatchObject({ state: "REFUSED", reason: "The IBAN belongs to someone else." });
    expect(await balance(server, people.seller.token)).toEqual({ pending: 0, available: order.total });
    const notice = (await noticeTexts(server.dataSource, people.seller.user.id, "kind = 'PAYMENT'")).at(-1);
    expect(notice).toEqual({
      text: expect.stringMatching(/was refused: The IBAN belongs to someone else\. The amount is back/),
      link: "/dashboard/seller/balance",
    });
    expect(codeOf(await server.gql(PAID, { id, reference: "IBFT-1" }, people.admin.token))).toBe("CONFLICT");
    const mine = (await server.gql(`{ myPayouts { totalItems items { id state } } }`, {}, people.seller.token)).data.myPayouts;
    expect(mine).toEqual({ totalItems: 1, items: [{ id, state: "REFUSED" }] });
    const listed = (await server.gql(`{ payouts(state: REFUSED) { items { id } } }`, {}, people.admin.token)).data.payouts.items;
    expect(listed.map((p: { id: string }) => p.id)).toContain(id);
    expect(codeOf(await server.gql(`{ payouts { totalItems } }`, {}, people.seller.token))).toBe("FORBIDDEN");
  });
});
