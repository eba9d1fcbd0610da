import { randomBytes, randomUUID } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { insertProduct, signUp, type SignedIn } from "../../test/fixtures";
import { startTestServer, type TestServer } from "../../test/harness";
import type { Product } from "../products/entity";
import { cancelPendingOrders, placeOrder, setStatus } from "../orders/testing";
import { easypaisaHash } from "./easypaisa";
import { jazzcashSecureHash } from "./jazzcash";
import { walletAccounts } from "./wallets";

const JWT_SECRET = randomBytes(32).toString("hex");
// the simulators' accounts derive from the server's secret: the test signs callbacks as the wallet would
const accounts = walletAccounts({ jwtSecret: JWT_SECRET });

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

/** The hidden fields and action of the one form on a page. */
function formOf(html: string): { action: string; fields: Record<string, string> } {
  const action = /<form[^>]*action="([^"]+)"/.exec(html)![1].replace(/&amp;/g, "&");
  const fields: Record<string, string> = {};
  for (const [, name, value] of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) {
    fields[name] = value
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&lt;/g, "<")
      .replace(/&gt;/g, ">")
      .replace(/&amp;/g, "&");
  }
  return { action, fields };
}

const post = (path: string, fields: Record<string, string>) =>
  fetch(new URL(path, server.url), {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
    redirect: "manual",
  });

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
  expect(new URL(callback.action).pathname).toBe(`/pay/return/${method.toLowerCase()}`);
  return { returnPath: new URL(callback.action).pathname, fields: callback.fields };
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

  it("refuses a tampered amount, signed or not, and changes nothing", async () => {
    const { checkout, returnPath, fields } = await walletCallback("JAZZCASH");
    const cheaper = { ...fields, pp_Amount: "100" };
    expect((await post(returnPath, cheaper)).status).toBe(400);
    // even re-signed with the merchant's salt, the amount is not the order's
    const resigned = { ...cheaper, pp_SecureHash: jazzcashSecureHash(cheaper, accounts.jazzcash.integritySalt) };
    const res = await post(returnPath, resigned);
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("amount does not match");
    expect(await state(checkout.id)).toEqual(UNPAID());
  });

  it("refuses a callback signed with a wrong salt or hash key", async () => {
    const jazz = await walletCallback("JAZZCASH");
    const forged = { ...jazz.fields, pp_SecureHash: jazzcashSecureHash(jazz.fields, "not-the-salt") };
    const res = await post(jazz.returnPath, forged);
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("signature does not match");
    expect(await state(jazz.checkout.id)).toEqual(UNPAID());

    const easy = await walletCallback("EASYPAISA");
    const { merchantHashedReq: _, ...hashed } = easy.fields;
    expect((await post(easy.returnPath, { ...easy.fields, merchantHashedReq: easypaisaHash(hashed, "0123456789abcdef") })).status).toBe(
      400,
    );
    expect((await post(easy.returnPath, { ...easy.fields, status: "0000", amount: "1.00" })).status).toBe(400);
    expect(await state(easy.checkout.id)).toEqual(UNPAID());
  });

  it("refuses a late callback for a checkout the buyer cancelled", async () => {
    const { checkout, returnPath, fields } = await walletCallback("EASYPAISA");
    expect((await setStatus(server, buyer, checkout.orders[0].id, "CANCELLED")).errors).toBeUndefined();
    const res = await post(returnPath, fields);
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("cancelled or refused by the seller");
    expect(await state(checkout.id)).toEqual(UNPAID("cancelled"));
    // and no new payment starts for it
    expect((await post(`/pay/${checkout.id}/wallet`, {})).status).toBe(400);
  });

  it("gives one outcome when a paid callback races the buyer's cancellation", async () => {
    const { checkout, returnPath, fields } = await walletCallback("JAZZCASH");
    const [callback, cancel] = await Promise.all([post(returnPath, fields), setStatus(server, buyer, checkout.orders[0].id, "CANCELLED")]);
    const after = await state(checkout.id);
    // the cancellation always applies (a paid order may be cancelled while pending); the payment only if it came first
    expect(cancel.errors).toBeUndefined();
    expect(after.orders[0].status).toBe("cancelled");
    if (callback.status === 303) expect(after).toMatchObject({ session: "paid", attempts: [{ status: "paid" }], captured: 1 });
    else expect(after).toEqual(UNPAID("cancelled"));
  });

  it("refuses an unknown order reference, even correctly signed", async () => {
    const { checkout, returnPath, fields } = await walletCallback("JAZZCASH");
    const unknown: Record<string, string> = { ...fields, pp_TxnRefNo: "UBNOSUCHREFERENCE000" };
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
