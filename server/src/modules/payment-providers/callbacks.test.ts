import { randomBytes, randomUUID } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { insertProduct, signUp, type SignedIn } from "../../test/fixtures";
import { jobsSettled, runScheduledJob, startTestServer, type TestServer } from "../../test/harness";
import type { Product } from "../products/entity";
import { cancelPendingOrders, placeOrder, setStatus } from "../orders/testing";
import { easypaisaHash } from "./easypaisa";
import { jazzcashSecureHash } from "./jazzcash";
import { simulatorAccounts } from "./wallets";
import { noticeTexts } from "../../test/notifications";
import { formOf, postForm } from "./testing";

const JWT_SECRET = randomBytes(32).toString("hex");
// the simulators' accounts derive from the server's secret: the test signs callbacks as the wallet would
const accounts = simulatorAccounts(JWT_SECRET);

let server: TestServer;
let seller: SignedIn;
let buyer: SignedIn;
let book: Product;
const captured: string[] = [];

beforeAll(async () => {
  server = await startTestServer({ env: { JWT_SECRET } });
  server.services.events.onAfterCommit("payment.captured", (event) => {
    captured.push(event.checkoutSessionId);
  });
  [seller, buyer] = await Promise.all([signUp(server, "seller"), signUp(server, "user")]);
  book = await insertProduct(server.dataSource, seller.user.id, { pricePaisa: 123_450, name: "Algorithms Textbook" });
});
afterAll(() => server.close());
beforeEach(() => cancelPendingOrders(server));

const post = (path: string, fields: Record<string, string>) => postForm(server.url, path, fields);

/** Places a wallet checkout and goes through the hand-off and the simulator's page; answers the signed callback the simulator sends back. */
async function walletCallback(method: "JAZZCASH" | "EASYPAISA", mpin = method === "JAZZCASH" ? "1234" : "12345") {
  const checkout = await placeOrder(server, buyer, [{ productId: book.id, quantity: 2 }], { paymentMethod: method });
  expect(checkout.paymentUrl).toBe(`/pay/${checkout.id}`);
  return { checkout, ...(await payThroughSimulator(checkout.id, method, mpin)) };
}

/** From the checkout's payment page through the simulator: the signed callback it sends back. */
async function payThroughSimulator(checkoutId: string, method: "JAZZCASH" | "EASYPAISA", mpin: string) {
  const page = await (await fetch(`${server.url}/pay/${checkoutId}`)).text();
  expect(page).toContain("Your payment is held until you receive the item.");
  const handOff = formOf(await (await post(`/pay/${checkoutId}/wallet`, {})).text());
  const walletPage = await post(handOff.action, handOff.fields);
  expect(walletPage.status).toBe(200);
  const wallet = formOf(await walletPage.text());
  const done = await post(wallet.action, { ...wallet.fields, mobileNumber: "03001234567", mpin, action: "pay" });
  expect(done.status).toBe(200);
  const callback = formOf(await done.text());
  // without PUBLIC_URL the simulator on this server is sent back by path: nothing of the request is signed
  expect(callback.action).toBe(`/pay/return/${method.toLowerCase()}`);
  return { returnPath: callback.action, fields: callback.fields };
}

async function state(checkoutId: string) {
  const [session] = await server.dataSource.query(`SELECT "paymentStatus" FROM checkout_sessions WHERE id = $1`, [checkoutId]);
  const orders = await server.dataSource.query(`SELECT status, "paymentStatus" FROM orders WHERE "checkoutSessionId" = $1`, [checkoutId]);
  const attempts = await server.dataSource.query(`SELECT status FROM payment_attempts WHERE "checkoutSessionId" = $1`, [checkoutId]);
  return { session: session.paymentStatus, orders, attempts, captured: captured.filter((id) => id === checkoutId).length };
}

const UNPAID = (status = "pending") => ({
  session: "unpaid",
  orders: [{ status, paymentStatus: "unpaid" }],
  attempts: [{ status: "started" }],
  captured: 0,
});

describe("wallet callbacks", () => {
  it.each(["JAZZCASH", "EASYPAISA"] as const)(
    "%s: a paid callback marks the checkout and its orders paid and publishes payment.captured once; its replay changes nothing",
    async (method) => {
      const { checkout, returnPath, fields } = await walletCallback(method);
      expect(await state(checkout.id)).toEqual(UNPAID());
      const res = await post(returnPath, fields);
      expect(res.status).toBe(303);
      expect(res.headers.get("location")).toBe(`/success?session_id=${checkout.id}`);
      const paid = { session: "paid", orders: [{ status: "pending", paymentStatus: "paid" }], attempts: [{ status: "paid" }], captured: 1 };
      expect(await state(checkout.id)).toEqual(paid);
      // a second delivery of the same callback: the same answer, nothing more
      const replay = await post(returnPath, fields);
      expect(replay.headers.get("location")).toBe(`/success?session_id=${checkout.id}`);
      expect(await state(checkout.id)).toEqual(paid);
      // paid: the seller may now accept it
      expect((await setStatus(server, seller, checkout.orders[0].id, "CONFIRMED")).errors).toBeUndefined();
    },
  );

  it("believes only the provider's inquiry: a tampered amount, signed with the merchant's own salt, pays the real amount or nothing", async () => {
    const { checkout, returnPath, fields } = await walletCallback("JAZZCASH");
    const cheaper = { ...fields, pp_Amount: "100" };
    expect((await post(returnPath, cheaper)).status).toBe(400);
    // re-signed with the merchant's salt the callback is a valid hint; the inquiry says what was paid: the full total
    const resigned = { ...cheaper, pp_SecureHash: jazzcashSecureHash(cheaper, accounts.jazzcash.integritySalt) };
    expect((await post(returnPath, resigned)).status).toBe(303);
    expect(await state(checkout.id)).toMatchObject({ session: "paid", attempts: [{ status: "paid" }], captured: 1 });
    await ledgerBalanced();
  });

  it("refuses a callback signed with a wrong salt or hash key", async () => {
    const jazz = await walletCallback("JAZZCASH");
    const forged = { ...jazz.fields, pp_SecureHash: jazzcashSecureHash(jazz.fields, "not-the-salt") };
    const res = await post(jazz.returnPath, forged);
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("not one the provider signed");
    expect(await state(jazz.checkout.id)).toEqual(UNPAID());

    const easy = await walletCallback("EASYPAISA");
    const { merchantHashedReq: _, ...hashed } = easy.fields;
    expect((await post(easy.returnPath, { ...easy.fields, merchantHashedReq: easypaisaHash(hashed, "0123456789abcdef") })).status).toBe(
      400,
    );
    expect((await post(easy.returnPath, { ...easy.fields, status: "0000", amount: "1.00" })).status).toBe(400);
    expect(await state(easy.checkout.id)).toEqual(UNPAID());
  });

  it("refunds a payment that arrives for a checkout the buyer cancelled: recorded, sent through the provider, posted, the buyer told", async () => {
    const { checkout, returnPath, fields } = await walletCallback("EASYPAISA");
    expect((await setStatus(server, buyer, checkout.orders[0].id, "CANCELLED")).errors).toBeUndefined();
    const res = await post(returnPath, fields);
    expect(res.status).toBe(409);
    expect(await res.text()).toContain("It is being refunded to you in full.");
    expect(await state(checkout.id)).toMatchObject({
      session: "unpaid",
      orders: [{ status: "cancelled", paymentStatus: "unpaid" }],
      attempts: [{ status: "refused" }],
      captured: 0,
    });
    await jobsSettled(server);
    const [attempt] = await server.dataSource.query(
      `SELECT reference, "amountPaisa" FROM payment_attempts WHERE "checkoutSessionId" = $1`,
      [checkout.id],
    );
    const [refund] = await server.dataSource.query(
      `SELECT state, "amountPaisa", "providerRefundId" FROM payment_refunds WHERE "attemptReference" = $1`,
      [attempt.reference],
    );
    expect(refund).toMatchObject({
      state: "confirmed",
      amountPaisa: attempt.amountPaisa,
      providerRefundId: expect.stringMatching(/^R\d+$/),
    });
    // the simulator's own books saw the refund
    const [books] = await server.dataSource.query(
      `SELECT "refundedPaisa" FROM payment_simulator_transactions WHERE provider = 'easypaisa' AND reference = $1`,
      [attempt.reference],
    );
    expect(Number(books.refundedPaisa)).toBe(Number(attempt.amountPaisa));
    const kinds = await server.dataSource.query(
      `SELECT kind FROM ledger_movements WHERE key IN ((SELECT 'refused:' || id FROM payment_attempts WHERE reference = $1), (SELECT 'refund-sent:' || id FROM payment_refunds WHERE "attemptReference" = $1)) ORDER BY kind`,
      [attempt.reference],
    );
    expect(kinds.map((k: { kind: string }) => k.kind)).toEqual(["REFUND_SENT", "REFUSED"]);
    const notes = (await noticeTexts(server.dataSource, buyer.user.id)).filter((n) => n.text.includes("refunded to you in full"));
    expect(notes.length).toBeGreaterThan(0);
    // and no new payment starts for it
    expect((await post(`/pay/${checkout.id}/wallet`, {})).status).toBe(400);
    await ledgerBalanced();
  });

  it("gives one outcome when a paid callback races the buyer's cancellation, and no payment is lost", async () => {
    const { checkout, returnPath, fields } = await walletCallback("JAZZCASH");
    const [callback, cancel] = await Promise.all([post(returnPath, fields), setStatus(server, buyer, checkout.orders[0].id, "CANCELLED")]);
    const after = await state(checkout.id);
    expect(cancel.errors).toBeUndefined();
    expect(after.orders[0].status).toBe("cancelled");
    // either paid then refunded with the cancelled order (escrow), or refused and refunded: never taken and kept
    if (callback.status === 303) expect(after).toMatchObject({ session: "paid", attempts: [{ status: "paid" }], captured: 1 });
    else expect(after).toMatchObject({ session: "unpaid", attempts: [{ status: "refused" }], captured: 0 });
    await jobsSettled(server);
    const [{ refunded }] = await server.dataSource.query(
      `SELECT COALESCE(sum(r."amountPaisa"), 0)::bigint AS refunded FROM payment_refunds r JOIN payment_attempts a ON a.reference = r."attemptReference"
        WHERE a."checkoutSessionId" = $1 AND r.state = 'confirmed'`,
      [checkout.id],
    );
    expect(Number(refunded)).toBe(Math.round(checkout.total * 100));
    await ledgerBalanced();
  });

  it("refuses an unknown order reference, even correctly signed", async () => {
    const { checkout, returnPath, fields } = await walletCallback("JAZZCASH");
    const unknown: Record<string, string> = { ...fields, pp_TxnRefNo: "UBAAAAAAAAAAAAAAAAAA" };
    unknown.pp_SecureHash = jazzcashSecureHash(unknown, accounts.jazzcash.integritySalt);
    const res = await post(returnPath, unknown);
    expect(res.status).toBe(404);
    expect(await res.text()).toContain("No payment has this reference.");
    // a JazzCash reference sent to the Easypaisa return is unknown there too
    expect((await post("/pay/return/easypaisa", fields)).status).toBe(400);
    expect(await state(checkout.id)).toEqual(UNPAID());
  });

  it("records a declined payment, lets the buyer retry, and the retry pays", async () => {
    const declined = await walletCallback("JAZZCASH", "0000");
    const res = await post(declined.returnPath, declined.fields);
    expect(res.status).toBe(402);
    expect(await res.text()).toContain("insufficient balance");
    expect(await state(declined.checkout.id)).toMatchObject({ session: "unpaid", attempts: [{ status: "failed" }], captured: 0 });
    const retry = await payThroughSimulator(declined.checkout.id, "JAZZCASH", "4321");
    expect((await post(retry.returnPath, retry.fields)).headers.get("location")).toBe(`/success?session_id=${declined.checkout.id}`);
    expect(await state(declined.checkout.id)).toMatchObject({ session: "paid", captured: 1 });
    // the declined attempt's callback, delivered again, changes nothing
    expect((await post(declined.returnPath, declined.fields)).status).toBe(402);
    expect(await state(declined.checkout.id)).toMatchObject({ session: "paid", captured: 1 });
  });
});

describe("forged callbacks (an attacker who knows the merchant's keys, or re-cuts what the server signed)", () => {
  it.each([
    ["a Host header with the hash's separator", { host: "a&000&b" }],
    ["X-Forwarded-Host and -Proto from a trusted proxy", { "x-forwarded-host": "evil.example&000", "x-forwarded-proto": "https&000" }],
  ])("signs no request text into the return address: %s", async (_, headers) => {
    const checkout = await placeOrder(server, buyer, [{ productId: book.id, quantity: 1 }], { paymentMethod: "JAZZCASH" });
    const res = await fetch(`${server.url}/pay/${checkout.id}/wallet`, {
      method: "POST",
      headers: { ...headers, "content-type": "application/x-www-form-urlencoded" },
      body: "",
    });
    const handOff = formOf(await res.text());
    expect(handOff.fields.pp_ReturnURL).toBe("/pay/return/jazzcash");
    expect(JSON.stringify(handOff.fields)).not.toMatch(/evil|&000/);
  });

  it.each(["JAZZCASH", "EASYPAISA"] as const)(
    "%s: a 'paid' callback nobody paid, signed with the merchant's own key, pays nothing",
    async (method) => {
      const checkout = await placeOrder(server, buyer, [{ productId: book.id, quantity: 1 }], { paymentMethod: method });
      const handOff = formOf(await (await post(`/pay/${checkout.id}/wallet`, {})).text());
      const ledgerBefore = await ledgerRows();
      let forged: Record<string, string>;
      if (method === "JAZZCASH") {
        forged = {
          pp_Amount: handOff.fields.pp_Amount,
          pp_MerchantID: handOff.fields.pp_MerchantID,
          pp_ResponseCode: "000",
          pp_ResponseMessage: "Thank you",
          pp_TxnCurrency: "PKR",
          pp_TxnRefNo: handOff.fields.pp_TxnRefNo,
          pp_RetreivalReferenceNo: "123456789012",
        };
        forged.pp_SecureHash = jazzcashSecureHash(forged, accounts.jazzcash.integritySalt);
      } else {
        forged = {
          amount: handOff.fields.amount,
          desc: "Transaction successful",
          orderRefNumber: handOff.fields.orderRefNum,
          status: "0000",
          storeId: "10001",
          transactionRefNumber: "123456789012",
        };
        forged.merchantHashedReq = easypaisaHash(forged, accounts.easypaisa.hashKey);
      }
      const res = await post(`/pay/return/${method.toLowerCase()}`, forged);
      // the provider's inquiry knows no payment: still being checked, nothing paid
      expect(res.status).toBe(202);
      expect(await state(checkout.id)).toEqual(UNPAID());
      expect(await ledgerRows()).toBe(ledgerBefore);
      // the server-to-server IPN goes the same way
      if (method === "JAZZCASH") {
        const ipn = await fetch(`${server.url}/pay/ipn/jazzcash`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(forged),
        });
        expect(ipn.status).toBe(200);
        expect(await state(checkout.id)).toEqual(UNPAID());
      }
    },
  );

  it("refuses values re-cut across fields (a separator inside a value), unknown fields and spliced Easypaisa blocks", async () => {
    const jazz = await walletCallback("JAZZCASH");
    const recut: Record<string, string> = { ...jazz.fields, pp_ResponseMessage: "ok&000" };
    recut.pp_SecureHash = jazzcashSecureHash(recut, accounts.jazzcash.integritySalt);
    expect((await post(jazz.returnPath, recut)).status).toBe(400);
    const extra: Record<string, string> = { ...jazz.fields, pp_Extra: "000" };
    extra.pp_SecureHash = jazzcashSecureHash(extra, accounts.jazzcash.integritySalt);
    expect((await post(jazz.returnPath, extra)).status).toBe(400);
    expect(await state(jazz.checkout.id)).toEqual(UNPAID());

    const paidOne = await walletCallback("EASYPAISA");
    const declinedOne = await walletCallback("EASYPAISA", "00000");
    // the first blocks of one genuine post-back, the rest of another: AES-ECB blocks spliced
    const a = Buffer.from(paidOne.fields.merchantHashedReq, "base64");
    const b = Buffer.from(declinedOne.fields.merchantHashedReq, "base64");
    const spliced = Buffer.concat([b.subarray(0, 16), a.subarray(16)]).toString("base64");
    for (const fields of [
      { ...declinedOne.fields, merchantHashedReq: spliced },
      { ...paidOne.fields, merchantHashedReq: spliced },
    ]) {
      const res = await post(paidOne.returnPath, fields);
      expect([400, 303]).toContain(res.status);
    }
    // whatever a splice names, only the inquiry settles: the declined one is not paid
    expect(await state(declinedOne.checkout.id)).toMatchObject({ session: "unpaid", captured: 0 });
    await ledgerBalanced();
  });

  it("refuses a payment the provider took for another amount, and refunds what it took", async () => {
    const checkout = await placeOrder(server, buyer, [{ productId: book.id, quantity: 1 }], { paymentMethod: "JAZZCASH" });
    const handOff = formOf(await (await post(`/pay/${checkout.id}/wallet`, {})).text());
    // the provider's books say it took 1 rupee for this reference (a provider-side error)
    await server.services.paymentProviders.bank.record("jazzcash", handOff.fields.pp_TxnRefNo, 100, true);
    const hint = { pp_MerchantID: handOff.fields.pp_MerchantID, pp_ResponseCode: "000", pp_TxnRefNo: handOff.fields.pp_TxnRefNo };
    const res = await post("/pay/return/jazzcash", { ...hint, pp_SecureHash: jazzcashSecureHash(hint, accounts.jazzcash.integritySalt) });
    expect(res.status).toBe(409);
    expect(await state(checkout.id)).toMatchObject({ session: "unpaid", attempts: [{ status: "refused" }], captured: 0 });
    await jobsSettled(server);
    const [refund] = await server.dataSource.query(`SELECT state, "amountPaisa" FROM payment_refunds WHERE "attemptReference" = $1`, [
      handOff.fields.pp_TxnRefNo,
    ]);
    expect(refund).toEqual({ state: "confirmed", amountPaisa: "100" });
    await ledgerBalanced();
  });
});

describe("reconciliation", () => {
  it("settles a payment the provider took that never came back, and raises a mismatch to the admins once", async () => {
    const admin = await signUp(server, "admin");
    const checkout = await placeOrder(server, buyer, [{ productId: book.id, quantity: 1 }], { paymentMethod: "JAZZCASH" });
    const handOff = formOf(await (await post(`/pay/${checkout.id}/wallet`, {})).text());
    // the buyer paid at the wallet and closed the tab: no callback ever came
    await server.services.paymentProviders.bank.record("jazzcash", handOff.fields.pp_TxnRefNo, Number(handOff.fields.pp_Amount), true);
    await runScheduledJob(server, "payments.reconcile");
    expect(await state(checkout.id)).toMatchObject({ session: "paid", attempts: [{ status: "paid" }], captured: 1 });
    // the provider's books lose a payment we count as paid: a mismatch, told to the admins once
    await server.dataSource.query(`UPDATE payment_simulator_transactions SET status = 'failed' WHERE reference = $1`, [
      handOff.fields.pp_TxnRefNo,
    ]);
    await runScheduledJob(server, "payments.reconcile");
    await runScheduledJob(server, "payments.reconcile");
    const mismatches = await server.dataSource.query(`SELECT detail FROM payment_mismatches WHERE reference = $1`, [
      handOff.fields.pp_TxnRefNo,
    ]);
    expect(mismatches).toHaveLength(1);
    const told = (await noticeTexts(server.dataSource, admin.user.id)).filter((n) => n.text.includes(handOff.fields.pp_TxnRefNo));
    expect(told.map((n) => n.link)).toEqual(["/dashboard/admin/payments"]);
    await server.dataSource.query(`UPDATE payment_simulator_transactions SET status = 'paid' WHERE reference = $1`, [
      handOff.fields.pp_TxnRefNo,
    ]);
  });
});

/** Every entry of the ledger sums to zero. */
async function ledgerBalanced() {
  await jobsSettled(server);
  const [{ sum }] = await server.dataSource.query(`SELECT COALESCE(sum("amountPaisa"), 0)::bigint AS sum FROM ledger_entries`);
  expect(Number(sum)).toBe(0);
}

const ledgerRows = async () => Number((await server.dataSource.query(`SELECT count(*) AS n FROM ledger_entries`))[0].n);

describe("the simulators", () => {
  it("refuse a request that is not the merchant's signed one or an unknown checkout, and name a bad wallet number or MPIN", async () => {
    expect((await post("/pay/not-a-checkout/wallet", {})).status).toBe(404);
    expect((await post(`/pay/${randomUUID()}/wallet`, {})).status).toBe(404);
    const checkout = await placeOrder(server, buyer, [{ productId: book.id, quantity: 1 }], { paymentMethod: "JAZZCASH" });
    const handOff = formOf(await (await post(`/pay/${checkout.id}/wallet`, {})).text());
    expect((await post(handOff.action, { ...handOff.fields, pp_Amount: "1" })).status).toBe(400);
    const wallet = formOf(await (await post(handOff.action, handOff.fields)).text());
    const res = await post(wallet.action, { ...wallet.fields, mobileNumber: "12345", mpin: "12", action: "pay" });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain("Enter your 11-digit mobile account number");
    expect(html).toContain("Enter your 4-digit MPIN.");
  });
});
