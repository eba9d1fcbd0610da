import { randomBytes, randomInt } from "node:crypto";
import { Client } from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TRANSACTION_TIMEOUT_MS } from "../../platform/db/data-source";
import { signUp, type SignedIn } from "../../test/fixtures";
import { codeOf, databaseOf, jobsSettled, lockWaiters, startTestServer, type TestServer } from "../../test/harness";
import { paidCardOrder } from "../escrow/testing";
import { EasypaisaProvider } from "./easypaisa";
import { PaymentAttempt, PaymentRefund, RefundState } from "./entity";
import { JazzCashProvider } from "./jazzcash";
import { REFUND_TIME_LIMIT_MS, RefundRefused, type ProviderApi } from "./provider";
import { simulatorAccounts } from "./wallets";

const JWT_SECRET = randomBytes(32).toString("hex");
// the simulators' accounts derive from the server's secret: the test stands between the app and the JazzCash simulator
const accounts = simulatorAccounts(JWT_SECRET);

const CONFIRM = `mutation ($id: ID!, $providerRefundId: String!) {
  confirmRefundSent(refundId: $id, providerRefundId: $providerRefundId) { id progress providerRefundId tries }
}`;
const AGAIN = `mutation ($id: ID!) { sendRefundAgain(refundId: $id) { id progress lastError } }`;
const IN_DOUBT = `{ paymentProblems { refundsInDoubt { id progress lastError attemptReference } } }`;

let server: TestServer;
let seller: SignedIn;
let buyer: SignedIn;
let admin: SignedIn;
let otherAdmin: SignedIn;
/** What becomes of JazzCash's refund calls: made and answered, made with the answer lost, or lost before JazzCash got them. */
let refundCalls: "answered" | "answer-lost" | "request-lost" = "answered";
const refundTimeLimits: Array<number | undefined> = [];
const refunded: string[] = [];

beforeAll(async () => {
  server = await startTestServer({ env: { JWT_SECRET } });
  const { providers, bank } = server.services.paymentProviders;
  const jazzcash = accounts.jazzcash;
  // the JazzCash simulator behind a network that may lose what goes through it
  const network: ProviderApi = async (url, body, _headers, timeoutMs) => {
    if (url !== jazzcash.refundUrl) return bank.jazzcashInquire(jazzcash, body);
    refundTimeLimits.push(timeoutMs);
    if (refundCalls === "request-lost") throw new Error("connect ETIMEDOUT");
    const answer = await bank.jazzcashRefund(jazzcash, body);
    if (refundCalls === "answer-lost") throw new Error("The operation was aborted due to timeout");
    return answer;
  };
  providers.jazzcash = new JazzCashProvider(jazzcash, network, true);
  server.services.events.onAfterCommit("payment.refunded", (event) => {
    refunded.push(event.refundId);
  });
  [seller, buyer, admin, otherAdmin] = await Promise.all([
    signUp(server, "seller"),
    signUp(server, "user"),
    signUp(server, "admin"),
    signUp(server, "admin"),
  ]);
});
afterAll(() => server.close());

const newReference = () => `UB${Array.from({ length: 18 }, () => "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"[randomInt(32)]).join("")}`;

/**
 * A JazzCash payment the wallet took for a checkout already paid by card: refused, owed back in
 * the ledger, and its refund sent by the job as `refundCalls` says. Answers the refund once the jobs settled.
 */
async function refusedJazzCashPayment(amountPaisa: number, { paidInWallet = true } = {}): Promise<PaymentRefund> {
  const order = await paidCardOrder(server, buyer, seller, amountPaisa);
  const payments = server.services.paymentProviders;
  const attempt = await server.dataSource.getRepository(PaymentAttempt).save({
    reference: newReference(),
    checkoutSessionId: order.checkoutId,
    buyerId: buyer.user.id,
    provider: "jazzcash",
    amountPaisa,
    sandbox: true,
  });
  await payments.bank.record("jazzcash", attempt.reference, amountPaisa, true);
  // already refunded in full at the wallet: JazzCash refuses another refund of it
  if (!paidInWallet) await payments.bank.refund("jazzcash", attempt.reference, amountPaisa, `test:${attempt.reference}`);
  expect((await payments.confirm(attempt)).outcome).toBe("refused");
  // a refused refund's job waits in the queue for its retry: the queues do not settle then
  if (paidInWallet) await jobsSettled(server);
  else await expect.poll(async () => (await refundOf(attempt.reference)).lastError, { timeout: 20_000 }).toMatch(/refused/);
  return refundOf(attempt.reference);
}

const refundOf = (reference: string) => server.dataSource.getRepository(PaymentRefund).findOneByOrFail({ attemptReference: reference });

/** The refunds the JazzCash simulator made of one payment, by its books. */
async function walletRefunds(reference: string) {
  const [{ n, paisa }] = await server.dataSource.query(
    `SELECT count(*)::int AS n, COALESCE(sum("amountPaisa"), 0)::int AS paisa FROM payment_simulator_refunds WHERE reference = $1`,
    [reference],
  );
  return { n, paisa };
}

/** The `payments.refund` job of one refund, run again `times` times through the queue and once more directly. */
async function runRefundJob(refundId: string, times: number) {
  for (let i = 0; i < times; i++) await server.services.jobs.enqueue(server.dataSource.manager, "payments.refund", { refundId });
  await jobsSettled(server);
  await server.dataSource.transaction((manager) => server.services.paymentProviders.sendRefund({ refundId }, manager));
}

const refundSentMovements = async (refundId: string) =>
  Number((await server.dataSource.query(`SELECT count(*) AS n FROM ledger_movements WHERE key = $1`, [`refund-sent:${refundId}`]))[0].n);

/** Every entry of the ledger sums to zero. */
async function ledgerBalanced() {
  await jobsSettled(server);
  const [{ sum }] = await server.dataSource.query(`SELECT COALESCE(sum("amountPaisa"), 0)::bigint AS sum FROM ledger_entries`);
  expect(Number(sum)).toBe(0);
}

describe("a refund whose answer never came", () => {
  it("is in doubt, sent once within the refund's time limit, and never sent again by the job however often it runs", async () => {
    refundCalls = "answer-lost";
    refundTimeLimits.length = 0;
    const refund = await refusedJazzCashPayment(60_000);
    expect(refund).toMatchObject({ state: RefundState.IN_DOUBT, tries: 1, lastError: expect.stringContaining("timeout") });
    expect(await walletRefunds(refund.attemptReference)).toEqual({ n: 1, paisa: 60_000 });
    expect(refundTimeLimits).toEqual([REFUND_TIME_LIMIT_MS]);
    expect(REFUND_TIME_LIMIT_MS).toBeLessThan(TRANSACTION_TIMEOUT_MS);

    refundCalls = "answered";
    await runRefundJob(refund.id, 3);
    expect(await walletRefunds(refund.attemptReference)).toEqual({ n: 1, paisa: 60_000 });
    expect(await refundOf(refund.attemptReference)).toMatchObject({ state: RefundState.IN_DOUBT, tries: 1 });
    expect(await refundSentMovements(refund.id)).toBe(0);

    const shown = (await server.gql(IN_DOUBT, {}, admin.token)).data.paymentProblems.refundsInDoubt;
    expect(shown.find((r: { id: string }) => r.id === refund.id)).toEqual({
      id: refund.id,
      progress: "IN_DOUBT",
      lastError: expect.stringContaining("timeout"),
      attemptReference: refund.attemptReference,
    });
    await ledgerBalanced();
  });

  it("is confirmed by an admin once, posted once to the ledger, whoever clicks at the same time", async () => {
    refundCalls = "answer-lost";
    const refund = await refusedJazzCashPayment(45_000);
    expect(refund.state).toBe(RefundState.IN_DOUBT);
    const answers = await Promise.all(
      [admin, otherAdmin].map((who) => server.gql(CONFIRM, { id: refund.id, providerRefundId: "R123456789012" }, who.token)),
    );
    const confirmed = answers.filter((res) => !res.errors);
    expect(confirmed.map((res) => res.data.confirmRefundSent)).toEqual([
      { id: refund.id, progress: "SENT", providerRefundId: "R123456789012", tries: 1 },
    ]);
    const refused = answers.find((res) => res.errors)!;
    expect(codeOf(refused)).toBe("CONFLICT");
    expect(refused.errors![0].message).toMatch(/no longer in doubt/);

    expect(await refundSentMovements(refund.id)).toBe(1);
    expect(refunded.filter((id) => id === refund.id)).toHaveLength(1);
    // confirmed: neither the job nor an admin sends it again
    refundCalls = "answered";
    await runRefundJob(refund.id, 2);
    expect(codeOf(await server.gql(AGAIN, { id: refund.id }, admin.token))).toBe("CONFLICT");
    expect(await walletRefunds(refund.attemptReference)).toEqual({ n: 1, paisa: 45_000 });
    expect(await refundSentMovements(refund.id)).toBe(1);
    await ledgerBalanced();
  });

  it("is sent again once when an admin finds it was not made, and confirmed by the provider then", async () => {
    refundCalls = "request-lost";
    const refund = await refusedJazzCashPayment(30_000);
    expect(refund.state).toBe(RefundState.IN_DOUBT);
    expect(await walletRefunds(refund.attemptReference)).toEqual({ n: 0, paisa: 0 });

    refundCalls = "answered";
    const answers = await Promise.all([admin, otherAdmin].map((who) => server.gql(AGAIN, { id: refund.id }, who.token)));
    expect(answers.filter((res) => !res.errors).map((res) => res.data.sendRefundAgain)).toEqual([
      { id: refund.id, progress: "PENDING", lastError: null },
    ]);
    expect(answers.filter((res) => codeOf(res) === "CONFLICT")).toHaveLength(1);
    await jobsSettled(server);
    expect(await refundOf(refund.attemptReference)).toMatchObject({ state: RefundState.CONFIRMED, tries: 2, lastError: null });
    expect(await walletRefunds(refund.attemptReference)).toEqual({ n: 1, paisa: 30_000 });
    expect(await refundSentMovements(refund.id)).toBe(1);
    await ledgerBalanced();
  });

  it("is not resolved by an admin while its job's try is in flight", async () => {
    refundCalls = "request-lost";
    const refund = await refusedJazzCashPayment(25_000);
    // an admin sent it again: it waits for its job, which the test runs
    await server.dataSource.query(`UPDATE payment_refunds SET state = $2, "lastError" = NULL WHERE id = $1`, [
      refund.id,
      RefundState.REQUESTED,
    ]);
    refundCalls = "answered";
    const [locker, watcher] = [new Client({ connectionString: databaseOf(server) }), new Client({ connectionString: databaseOf(server) })];
    await Promise.all([locker.connect(), watcher.connect()]);
    try {
      // the job's claim waits on the row; another admin, clicking then, waits behind it
      await locker.query("BEGIN");
      await locker.query(`SELECT 1 FROM payment_refunds WHERE id = $1 FOR UPDATE`, [refund.id]);
      const job = server.dataSource.transaction((manager) => server.services.paymentProviders.sendRefund({ refundId: refund.id }, manager));
      await expect.poll(() => lockWaiters(watcher), { timeout: 30_000, interval: 50 }).toBe(1);
      const again = server.gql(AGAIN, { id: refund.id }, otherAdmin.token);
      await expect.poll(() => lockWaiters(watcher), { timeout: 30_000, interval: 50 }).toBe(2);
      await locker.query("COMMIT");
      await job;
      // the claim committed first: the admin finds the try's outcome, not a refund in doubt to send again
      expect(codeOf(await again)).toBe("CONFLICT");
    } finally {
      await Promise.all([locker.end(), watcher.end()]);
    }
    await jobsSettled(server);
    expect(await refundOf(refund.attemptReference)).toMatchObject({ state: RefundState.CONFIRMED, tries: 2, lastError: null });
    expect(await walletRefunds(refund.attemptReference)).toEqual({ n: 1, paisa: 25_000 });
    expect(await refundSentMovements(refund.id)).toBe(1);
    await ledgerBalanced();
  });

  it("is the admins' alone to resolve, and only while in doubt", async () => {
    refundCalls = "answer-lost";
    const refund = await refusedJazzCashPayment(20_000);
    for (const who of [buyer, seller]) {
      expect(codeOf(await server.gql(CONFIRM, { id: refund.id, providerRefundId: "R1" }, who.token))).toBe("FORBIDDEN");
      expect(codeOf(await server.gql(AGAIN, { id: refund.id }, who.token))).toBe("FORBIDDEN");
    }
    expect(codeOf(await server.gql(CONFIRM, { id: refund.id, providerRefundId: "R1" }))).toBe("UNAUTHENTICATED");
    expect(codeOf(await server.gql(AGAIN, { id: refund.id }))).toBe("UNAUTHENTICATED");
    const badId = await server.gql(CONFIRM, { id: refund.id, providerRefundId: "R1; DROP" }, admin.token);
    expect(codeOf(badId)).toBe("BAD_USER_INPUT");
    expect(badId.errors![0].extensions?.fields).toEqual({ providerRefundId: expect.stringContaining("the provider's refund id") });
    expect(codeOf(await server.gql(AGAIN, { id: "00000000-0000-4000-8000-000000000000" }, admin.token))).toBe("NOT_FOUND");
    expect(await refundOf(refund.attemptReference)).toMatchObject({ state: RefundState.IN_DOUBT });
  });
});

// last: the refused refund's job stays queued for its retry, and the queues no longer settle
describe("a refund the provider refused", () => {
  it("is still sent again by the job, with its tries and the provider's words recorded", async () => {
    refundCalls = "answered";
    const refund = await refusedJazzCashPayment(25_000, { paidInWallet: false });
    expect(refund).toMatchObject({
      state: RefundState.REQUESTED,
      tries: 1,
      lastError: expect.stringContaining("JazzCash refused the refund: 199"),
    });
    // the job's next run sends it again (the queue's own retry waits a minute)
    await expect(
      server.dataSource.transaction((manager) => server.services.paymentProviders.sendRefund({ refundId: refund.id }, manager)),
    ).rejects.toBeInstanceOf(RefundRefused);
    await expect.poll(async () => (await refundOf(refund.attemptReference)).tries).toBe(2);
    expect(await refundOf(refund.attemptReference)).toMatchObject({ state: RefundState.REQUESTED });
    const waiting = await server.gql(`{ paymentProblems { refundsWaiting { id progress } } }`, {}, admin.token);
    expect(waiting.data.paymentProblems.refundsWaiting).toContainEqual({ id: refund.id, progress: "FAILED" });
    expect(codeOf(await server.gql(CONFIRM, { id: refund.id, providerRefundId: "R1" }, admin.token))).toBe("CONFLICT");
  });

  it("is told from no answer by every provider: a refusal it answered, signed where it signs, against anything else", async () => {
    const { providers } = server.services.paymentProviders;
    const request = { reference: newReference(), transactionId: null, amountPaisa: 1_000, key: `test:${randomInt(1e9)}` };
    // each provider's refusal of a payment it never took
    await expect(providers.card!.refund(request)).rejects.toBeInstanceOf(RefundRefused);
    await expect(providers.easypaisa!.refund(request)).rejects.toBeInstanceOf(RefundRefused);
    await expect(providers.jazzcash!.refund(request)).rejects.toBeInstanceOf(RefundRefused);
    // an answer not signed with the merchant's salt is not JazzCash's word, an HTTP error or an outage no answer at all
    const answering = (answer: () => Promise<Record<string, unknown>>): ProviderApi => answer;
    const unsigned = new JazzCashProvider(
      accounts.jazzcash,
      answering(async () => ({ pp_ResponseCode: "199" })),
      true,
    );
    const down = new EasypaisaProvider(
      accounts.easypaisa,
      answering(() => Promise.reject(new Error("api.example answered 502"))),
      true,
    );
    for (const refund of [unsigned.refund(request), down.refund(request)]) {
      const error = await refund.then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(Error);
      expect(error).not.toBeInstanceOf(RefundRefused);
    }
  });
});
