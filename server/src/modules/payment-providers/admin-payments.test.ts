import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUp, type SignedIn } from "../../test/fixtures";
import { jobsSettled, startTestServer, type TestServer } from "../../test/harness";
import { paidCardOrder, TEST_CARD } from "../escrow/testing";
import { PaymentAttempt } from "./entity";

const PROBLEMS = `{ paymentProblems {
  refused { id reference provider amount refusedReason sandbox refund { amount progress provider attemptReference tries } }
  refundsWaiting { id attemptReference progress tries lastError }
  mismatches { id }
} }`;

describe("the admins' payment problems", () => {
  let server: TestServer;
  let seller: SignedIn;
  let buyer: SignedIn;
  let admin: SignedIn;
  beforeAll(async () => {
    server = await startTestServer();
    [seller, buyer, admin] = await Promise.all([signUp(server, "seller"), signUp(server, "user"), signUp(server, "admin")]);
  });
  afterAll(() => server.close());

  it("are refused to anyone but an admin", async () => {
    for (const who of [buyer, seller]) {
      const res = await server.gql(PROBLEMS, {}, who.token);
      expect(res.errors?.[0].extensions?.code).toBe("FORBIDDEN");
      expect(res.data).toBeNull();
    }
    expect((await server.gql(PROBLEMS)).errors?.[0].extensions?.code).toBe("UNAUTHENTICATED");
  });

  it("show an admin a payment taken twice: the second refused with its reason, and its refund sent", async () => {
    const order = await paidCardOrder(server, buyer, seller, 80_000);
    // a second card payment of the same checkout, charged in the sandbox and then settled: the checkout is already paid
    const payments = server.services.paymentProviders;
    const second = await server.dataSource.getRepository(PaymentAttempt).save({
      reference: "UBADMINTEST000000001",
      checkoutSessionId: order.checkoutId,
      buyerId: buyer.user.id,
      provider: "card",
      amountPaisa: 80_000,
      sandbox: true,
    });
    expect((await payments.providers.card!.charge(second.reference, second.amountPaisa, TEST_CARD, new Date())).outcome).toBe("approved");
    expect((await payments.confirm(second)).outcome).toBe("refused");
    await jobsSettled(server);

    const res = await server.gql(PROBLEMS, {}, admin.token);
    expect(res.errors).toBeUndefined();
    const refused = res.data.paymentProblems.refused.find((p: { id: string }) => p.id === second.id);
    expect(refused).toEqual({
      id: second.id,
      reference: second.reference,
      provider: "card",
      amount: 800,
      refusedReason: expect.stringMatching(/already paid/i),
      sandbox: true,
      refund: { amount: 800, progress: "SENT", provider: "card", attemptReference: second.reference, tries: 1 },
    });
    // a refund sent no longer waits
    expect(res.data.paymentProblems.refundsWaiting).toEqual([]);
  });

  it("show a refund the provider refuses as failing, with the last try's error, while it is retried", async () => {
    // a refund of a payment the card sandbox never took: the sandbox refuses it
    await server.dataSource.transaction((manager) =>
      server.services.paymentProviders.requestRefund(manager, {
        key: "admin-test:unknown-payment",
        provider: "card",
        attemptReference: "UBNOSUCHPAYMENT00001",
        transactionId: null,
        amountPaisa: 5_000,
        orderId: null,
        buyerId: buyer.user.id,
        sandbox: true,
        reason: "A refund the provider cannot make.",
      }),
    );
    const waiting = async () =>
      (await server.gql(PROBLEMS, {}, admin.token)).data.paymentProblems.refundsWaiting.find(
        (r: { attemptReference: string }) => r.attemptReference === "UBNOSUCHPAYMENT00001",
      );
    await expect.poll(async () => (await waiting())?.progress, { timeout: 20_000 }).toBe("FAILED");
    expect(await waiting()).toMatchObject({
      tries: expect.any(Number),
      lastError: expect.stringContaining("has no paid transaction UBNOSUCHPAYMENT00001"),
    });
  });

  it("never show as failing, nor drop, one of two JazzCash refunds of one payment sent at once (two refund jobs)", async () => {
    const { providers, bank } = server.services.paymentProviders;
    for (let round = 0; round < 10; round++) {
      // a checkout over two sellers, both orders refunded at once
      const reference = `UBJAZZ${String(Date.now()).slice(-10)}${String(round).padStart(4, "2")}`;
      await bank.record("jazzcash", reference, 200_000, true);
      const refund = (key: string) => providers.jazzcash!.refund({ reference, transactionId: null, amountPaisa: 100_000, key });
      const ids = await Promise.all([refund(`refund:a${round}`), refund(`refund:b${round}`)]);
      // two refunds the wallet says it made, and its books give back both
      expect(new Set(ids).size).toBe(2);
      expect((await bank.find("jazzcash", reference))!.refundedPaisa).toBe(200_000);
    }
  });
});
