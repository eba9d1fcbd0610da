import { randomUUID } from "node:crypto";
import { describe, expect } from "vitest";
import { it } from "../../test/server-test";
import { insertProduct, signUp, type SignedIn } from "../../test/fixtures";
import { jobsSettled, type TestServer } from "../../test/harness";
import { Product } from "../products/entity";
import { CheckoutSession, Order } from "../orders/entity";
import { checkCard, luhnValid } from "./card-sandbox";
import { CONFIRM_PAYMENT, PLACE_ORDER, cancelPendingOrders, orderInput, placeOrder, setStatus, shipping } from "../orders/testing";

let seller: SignedIn;
let buyer: SignedIn;
let book: Product;

it.beforeAll(async ({ server }) => {
  [seller, buyer] = await Promise.all([signUp(server, "seller"), signUp(server, "user")]);
  book = await insertProduct(server.dataSource, seller.user.id, { pricePaisa: 123_450, name: "Algorithms Textbook" });
});

const nextYear = String((new Date().getFullYear() + 1) % 100).padStart(2, "0");
const goodCard = { cardNumber: "4242 4242 4242 4242", expiry: `12/${nextYear}`, cvc: "123" };

/** Submits the payment page's form as a browser would, without following the redirect. */
const submitCard = (server: TestServer, path: string, card: Record<string, string>) =>
  fetch(`${server.url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(card).toString(),
    redirect: "manual",
  });

/** Submits a card the page refuses: 303 back to the page with the failure in a cookie; answers the page then shown. */
async function refusedPage(server: TestServer, path: string, card: Record<string, string>): Promise<string> {
  const res = await submitCard(server, path, card);
  expect(res.status).toBe(303);
  expect(res.headers.get("location")).toBe(path);
  const cookie = res.headers.get("set-cookie")!;
  expect(cookie).toMatch(new RegExp(`^pay_failure=[^;]+; Max-Age=60; Path=${path}; Expires=[^;]+; HttpOnly; SameSite=Lax$`));
  const shown = await fetch(`${server.url}${path}`, { headers: { cookie: cookie.split(";")[0] } });
  expect(shown.status).toBe(200);
  // shown once
  expect(shown.headers.get("set-cookie")).toMatch(/^pay_failure=;/);
  return shown.text();
}

const cardCheckout = (server: TestServer) => placeOrder(server, buyer, [{ productId: book.id, quantity: 2 }], { paymentMethod: "CARD" });

describe("the sandbox card check", () => {
  it("validates with Luhn, a future expiry and a 3-4 digit CVC", () => {
    expect(luhnValid("4242424242424242")).toBe(true);
    expect(luhnValid("4242424242424241")).toBe(false);
    const now = new Date("2026-11-21T12:00:00Z");
    expect(checkCard(goodCard, now)).toEqual({ outcome: "approved" });
    expect(checkCard({ ...goodCard, expiry: "11/26" }, now)).toEqual({ outcome: "approved" }); // valid through the end of its month
    expect(checkCard({ cardNumber: "4242 4242 4242 4241", expiry: "10/26", cvc: "12" }, now)).toEqual({
      outcome: "invalid",
      fields: {
        cardNumber: "Enter a valid card number.",
        expiry: "This card has expired.",
        cvc: "Enter the 3 or 4 digit security code (CVC).",
      },
    });
    expect(checkCard({ ...goodCard, expiry: "13/30" }, now)).toMatchObject({ fields: { expiry: "Enter the expiry date as MM/YY." } });
    // a phone's number pad has no "/": the digits alone, or spaced, are the same date
    for (const expiry of ["1228", "12 / 28", "12/28"]) expect(checkCard({ ...goodCard, expiry }, now)).toEqual({ outcome: "approved" });
    for (const expiry of ["122", "12/2028", "12-28-1"]) expect(checkCard({ ...goodCard, expiry }, now).outcome).toBe("invalid");
    expect(checkCard({ ...goodCard, cardNumber: "4000 0000 0000 0002" }, now)).toEqual({
      outcome: "declined",
      message: "Your card was declined. Please use a different card.",
    });
  });
});

describe("card payment end to end", () => {
  it.beforeEach(({ server }) => cancelPendingOrders(server));

  it("shows the hosted page, accepts the test card, redirects to /success and lets the buyer confirm (twice harmlessly)", async ({
    server,
  }) => {
    const checkout = await cardCheckout(server);
    expect(checkout.paymentUrl).toBe(`/pay/${checkout.id}`);
    // 2 x 1234.50 = 2469.00 + 123.45 tax
    expect(checkout.total).toBe(2592.45);

    const early = await server.gql(CONFIRM_PAYMENT, { sessionId: checkout.id }, buyer.token);
    expect(early.errors?.[0]).toMatchObject({ message: "Payment has not been completed.", extensions: { code: "BAD_USER_INPUT" } });

    const pageRes = await fetch(`${server.url}${checkout.paymentUrl}`);
    expect(pageRes.status).toBe(200);
    expect(pageRes.headers.get("content-type")).toMatch(/text\/html/);
    expect(pageRes.headers.get("cache-control")).toBe("no-store");
    const html = await pageRes.text();
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('name="viewport"');
    expect(html).toMatch(/<label for="cardNumber">Card number<\/label>/);
    expect(html).toMatch(/<label for="expiry">Expiry \(MM\/YY\)<\/label>/);
    expect(html).toMatch(/<label for="cvc">CVC<\/label>/);
    // the app's one money format and look: its header word mark, green and font
    expect(html).toMatch(/<button type="submit">Pay Rs\u00a02,592\.45<\/button>/);
    expect(html).toMatch(/<header>[\s\S]*aria-label="UniBazaar home"[\s\S]*Uni<span class="accent">Bazaar<\/span>/);
    expect(html).toContain("background: #0b5d4b");
    // no external asset; the one script is the page's own file
    expect(html).not.toMatch(/https?:\/\//);
    expect(html.match(/<script[^>]*>/g)).toEqual(['<script src="/pay-assets/card-form.js" defer>']);
    const script = await fetch(`${server.url}/pay-assets/card-form.js`);
    expect(script.headers.get("content-type")).toMatch(/javascript/);
    expect(await script.text()).toContain('addEventListener("submit"');

    const paid = await submitCard(server, checkout.paymentUrl, goodCard);
    expect(paid.status).toBe(303);
    expect(paid.headers.get("location")).toBe(`/success?session_id=${checkout.id}`);

    const after = await (await fetch(`${server.url}${checkout.paymentUrl}`)).text();
    expect(after).toContain("Payment received");

    const confirmed = await server.gql(CONFIRM_PAYMENT, { sessionId: checkout.id }, buyer.token);
    expect(confirmed.errors).toBeUndefined();
    expect(confirmed.data.confirmPayment).toMatchObject({ id: checkout.id, paymentStatus: "PAID" });
    expect(confirmed.data.confirmPayment.orders.map((o: { paymentStatus: string }) => o.paymentStatus)).toEqual(["PAID"]);

    const again = await server.gql(CONFIRM_PAYMENT, { sessionId: checkout.id }, buyer.token);
    expect(again.errors).toBeUndefined();
    expect(again.data.confirmPayment.paymentStatus).toBe("PAID");

    // paid, the seller may now accept it
    expect((await setStatus(server, seller, checkout.orders[0].id, "CONFIRMED")).data.updateOrderStatus.status).toBe("CONFIRMED");

    // nothing of the card is kept: the attempt and the sandbox's books hold the amount and the outcome only
    const rows = await server.dataSource.query(
      `SELECT to_jsonb(a) AS attempt, to_jsonb(t) AS books FROM payment_attempts a
         JOIN payment_simulator_transactions t ON t.reference = a.reference AND t.provider = 'card' WHERE a."checkoutSessionId" = $1`,
      [checkout.id],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0].attempt).toMatchObject({ status: "paid", sandbox: true, amountPaisa: 259_245 });
    expect(JSON.stringify(rows)).not.toMatch(/4242|"123"/);
  });

  it("answers a declined card with 303 back to the page (Back never posts again), which then shows the message once", async ({
    server,
  }) => {
    const checkout = await cardCheckout(server);
    const html = await refusedPage(server, checkout.paymentUrl, { ...goodCard, cardNumber: "4000 0000 0000 0002" });
    expect(html).toContain('role="alert"');
    expect(html).toContain("Your card was declined. Please use a different card.");
    // the card's details are never echoed back by the server
    expect(html).not.toMatch(/<input[^>]*value=/);
    // shown once: a reload is the plain page
    expect(await (await fetch(`${server.url}${checkout.paymentUrl}`)).text()).not.toContain("Your card was declined");
    const confirm = await server.gql(CONFIRM_PAYMENT, { sessionId: checkout.id }, buyer.token);
    expect(confirm.errors?.[0].message).toBe("Payment has not been completed.");
  });

  it("names each invalid field on the page", async ({ server }) => {
    const checkout = await cardCheckout(server);
    const html = await refusedPage(server, checkout.paymentUrl, { cardNumber: "1234 5678", expiry: "01/20", cvc: "x" });
    expect(html).toContain("Enter a valid card number.");
    expect(html).toContain("This card has expired.");
    expect(html).toContain("Enter the 3 or 4 digit security code (CVC).");
    expect(html).toContain('aria-invalid="true" aria-describedby="cardNumber-error"');
    expect((await server.dataSource.getRepository(CheckoutSession).findOneByOrFail({ id: checkout.id })).paymentAuthorizedAt).toBeNull();
  });

  it("refuses a card whose expiry month has passed by the clock, with no row moved", async ({ server }) => {
    const checkout = await cardCheckout(server);
    // the first day after goodCard's expiry month
    const ahead = Date.UTC(2000 + Number(nextYear) + 1, 0, 2) - Date.now();
    server.clock.advance(ahead);
    try {
      expect(await refusedPage(server, checkout.paymentUrl, goodCard)).toContain("This card has expired.");
    } finally {
      server.clock.advance(-ahead);
    }
    expect((await server.dataSource.getRepository(CheckoutSession).findOneByOrFail({ id: checkout.id })).paymentAuthorizedAt).toBeNull();
  });

  it("answers an unknown session with 404 and a cash-on-delivery checkout without a card form", async ({ server }) => {
    expect((await fetch(`${server.url}/pay/${randomUUID()}`)).status).toBe(404);
    expect((await fetch(`${server.url}/pay/not-a-session`)).status).toBe(404);
    const cod = await placeOrder(server, buyer, [{ productId: book.id, quantity: 1 }]);
    const page = await (await fetch(`${server.url}/pay/${cod.id}`)).text();
    expect(page).toContain("Cash on delivery");
    expect(page).not.toContain("<form");
    // refused: back to the page, which is the cash one
    expect((await submitCard(server, `/pay/${cod.id}`, goodCard)).headers.get("location")).toBe(`/pay/${cod.id}`);
    // nothing to confirm for cash on delivery: harmless, still unpaid
    const confirm = await server.gql(CONFIRM_PAYMENT, { sessionId: cod.id }, buyer.token);
    expect(confirm.data.confirmPayment.paymentStatus).toBe("UNPAID");
  });

  it("lets only the buyer or an admin confirm, and answers an unknown session with NOT_FOUND", async ({ server }) => {
    const checkout = await cardCheckout(server);
    await submitCard(server, checkout.paymentUrl, goodCard);
    const stranger = await signUp(server, "user");
    expect((await server.gql(CONFIRM_PAYMENT, { sessionId: checkout.id }, stranger.token)).errors?.[0].extensions?.code).toBe("FORBIDDEN");
    expect((await server.gql(CONFIRM_PAYMENT, { sessionId: checkout.id }, seller.token)).errors?.[0].extensions?.code).toBe("FORBIDDEN");
    expect((await server.gql(CONFIRM_PAYMENT, { sessionId: checkout.id })).errors?.[0].extensions?.code).toBe("UNAUTHENTICATED");
    expect((await server.gql(CONFIRM_PAYMENT, { sessionId: randomUUID() }, buyer.token)).errors?.[0].extensions?.code).toBe("NOT_FOUND");
    expect((await server.gql(CONFIRM_PAYMENT, { sessionId: "abc" }, buyer.token)).errors?.[0].extensions?.code).toBe("NOT_FOUND");
    const admin = await signUp(server, "admin");
    expect((await server.gql(CONFIRM_PAYMENT, { sessionId: checkout.id }, admin.token)).data.confirmPayment.paymentStatus).toBe("PAID");
  });

  it("refuses ordering again what a paid card order still waits for (GraphQL and REST), until that order is cancelled", async ({
    server,
  }) => {
    const checkout = await cardCheckout(server);
    await submitCard(server, checkout.paymentUrl, goodCard);
    expect((await server.gql(CONFIRM_PAYMENT, { sessionId: checkout.id }, buyer.token)).data.confirmPayment.paymentStatus).toBe("PAID");
    const stock = async () => (await server.dataSource.getRepository(Product).findOneByOrFail({ id: book.id })).quantityAvailable;
    const [ordersBefore, stockBefore] = [await server.dataSource.getRepository(Order).count(), await stock()];

    const message = `You already ordered "Algorithms Textbook": order ${checkout.orders[0].orderNumber} is paid and waiting for the seller. Open it from My Orders, or cancel it before ordering again.`;
    const again = await server.gql(PLACE_ORDER, { input: orderInput([{ productId: book.id, quantity: 1 }]) }, buyer.token);
    expect(again.errors?.[0]).toMatchObject({ message, extensions: { code: "CONFLICT" } });
    const legacy = await server.api("POST", "/api/orders/place-order", {
      token: buyer.token,
      body: { products: [{ productId: book.id, quantity: 1 }], shippingDetails: shipping, contactNumber: "03001234567" },
    });
    expect(legacy).toMatchObject({ status: 409, body: { message } });
    expect([await server.dataSource.getRepository(Order).count(), await stock()]).toEqual([ordersBefore, stockBefore]);

    // the buyer cancels the paid order: the product can be ordered again
    expect((await setStatus(server, buyer, checkout.orders[0].id, "CANCELLED")).errors).toBeUndefined();
    expect(
      (await server.gql(PLACE_ORDER, { input: orderInput([{ productId: book.id, quantity: 1 }]) }, buyer.token)).errors,
    ).toBeUndefined();
  });

  it("marks the orders paid once when two confirmations race", async ({ server }) => {
    const checkout = await cardCheckout(server);
    await submitCard(server, checkout.paymentUrl, goodCard);
    const results = await Promise.all([1, 2, 3].map(() => server.gql(CONFIRM_PAYMENT, { sessionId: checkout.id }, buyer.token)));
    for (const res of results) expect(res.data.confirmPayment.paymentStatus).toBe("PAID");
  });

  it("takes one of two card payments racing for one checkout; the other is recorded as refused and refunded through the sandbox", async ({
    server,
  }) => {
    const checkout = await cardCheckout(server);
    const [first, second] = await Promise.all(
      [goodCard, goodCard].map((card) => server.services.paymentProviders.payByCard(checkout.id, card).catch((e: Error) => e)),
    );
    const outcomes = [first, second].map((r) => (r instanceof Error ? r.message : r.outcome)).sort();
    // the second either found the checkout paid before it started, or was charged and then refused
    expect(outcomes[0] === "paid" || outcomes[1] === "paid").toBe(true);
    const attempts = await server.dataSource.query(`SELECT status FROM payment_attempts WHERE "checkoutSessionId" = $1 ORDER BY status`, [
      checkout.id,
    ]);
    expect(attempts.filter((a: { status: string }) => a.status === "paid")).toHaveLength(1);
    const refused = attempts.filter((a: { status: string }) => a.status === "refused").length;
    await jobsSettled(server);
    const refunds = await server.dataSource.query(
      `SELECT state FROM payment_refunds WHERE "attemptReference" IN (SELECT reference FROM payment_attempts WHERE "checkoutSessionId" = $1)`,
      [checkout.id],
    );
    expect(refunds).toEqual(Array.from({ length: refused }, () => ({ state: "confirmed" })));
    const [{ sum }] = await server.dataSource.query(`SELECT COALESCE(sum("amountPaisa"), 0)::bigint AS sum FROM ledger_entries`);
    expect(Number(sum)).toBe(0);
  });
});
