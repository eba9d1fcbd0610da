import { readFileSync } from "node:fs";
import path from "node:path";
import { buildSchema, getNamedType, isObjectType, type GraphQLField, type GraphQLObjectType } from "graphql";
import { randomUUID } from "node:crypto";
import { describe, expect, vi } from "vitest";
import { it } from "../test/server-test";
import { asCaller, insertProduct, insertReview, signUp } from "../test/fixtures";
import { type GraphQLResult, type TestServer } from "../test/harness";
import { CODE_WRONG } from "../modules/codes/service";
import { User } from "../modules/users/entity";
import { Product } from "../modules/products/entity";
import { NOT_FOR_SALE } from "../modules/conversations/negotiation";
import { passwords } from "../platform/auth/passwords";
import { placeOrder, shipping } from "../modules/orders/testing";

/**
 * Personal data and what an attacker can learn or reach without being the owner: every answer here
 * is one a stranger (anonymous or another user) could ask for.
 */
it.beforeAll(async ({ cast, server }) => {
  // numbers of their own (the product fixture's description carries a phone number on purpose)
  for (const [who, phone] of [
    [cast.seller, "03211112222"],
    [cast.buyer, "03331112222"],
  ] as const) {
    await server.services.users.updateProfile(asCaller(who), { username: who.user.username, contactNumber: phone });
    who.user.contactNumber = phone;
  }
});

type OpenApi = { paths: Record<string, Record<string, { security?: unknown[] }>> };

describe("no e-mail or phone of anyone but the caller in public answers", () => {
  it("walks every public REST read as anonymous and as another user: the seller's and reviewer's e-mails and phones appear nowhere", async ({
    cast,
    server,
  }) => {
    const { seller, buyer, otherBuyer } = cast;
    const product = await insertProduct(server.dataSource, seller.user.id, { name: "Desk lamp" });
    await insertReview(server.dataSource, { productId: product.id, userId: buyer.user.id, rating: 5, comment: "Bright" });
    const secrets = [seller.user.email, buyer.user.email, seller.user.contactNumber!, buyer.user.contactNumber!];
    const document = (await server.api<OpenApi>("GET", "/api/openapi.json")).body;
    const reads = Object.entries(document.paths).filter(([, methods]) => methods.get && !methods.get.security);
    expect(reads.length).toBeGreaterThanOrEqual(4);
    const leaks: string[] = [];
    for (const [template] of reads) {
      const url = template.replace(/\{sellerId\}/, seller.user.id).replace(/\{\w+\}/, product.id);
      for (const token of [undefined, otherBuyer.token]) {
        const res = await server.api("GET", url, { token });
        expect(res.status, url).toBe(200);
        const text = JSON.stringify(res.body);
        for (const secret of secrets) if (text.includes(secret)) leaks.push(`${url} (${token ? "another user" : "anonymous"}): ${secret}`);
      }
    }
    expect(leaks).toEqual([]);
  });

  it("a posted review's answer names no other reviewer's e-mail; the caller's own is kept", async ({ cast, server }) => {
    const { seller, buyer, otherBuyer } = cast;
    const product = await insertProduct(server.dataSource, seller.user.id, { name: "Kettle" });
    await insertReview(server.dataSource, { productId: product.id, userId: buyer.user.id, rating: 4, comment: "Boils fast" });
    const res = await server.api("POST", "/api/reviews/post-review", {
      token: otherBuyer.token,
      body: { productId: product.id, rating: 3, comment: "Loud" },
    });
    expect(res.status).toBe(200);
    const emails = Object.fromEntries(
      res.body.reviews.map((r: { userId: { _id: string; email: string } }) => [r.userId._id, r.userId.email]),
    );
    expect(emails).toEqual({ [buyer.user.id]: "", [otherBuyer.user.id]: otherBuyer.user.email });
  });

  it("GraphQL: no type a public root field reaches has an e-mail or phone field", () => {
    const schema = buildSchema(readFileSync(path.resolve(__dirname, "../../../schema.graphql"), "utf8"));
    const guarded = (field: GraphQLField<unknown, unknown>) => field.astNode?.directives?.some((d) => d.name.value === "auth");
    const seen = new Set<string>();
    const personal: string[] = [];
    const walk = (type: GraphQLObjectType) => {
      if (seen.has(type.name)) return;
      seen.add(type.name);
      for (const field of Object.values(type.getFields())) {
        if (guarded(field)) continue;
        if (/e-?mail|phone|contact/i.test(field.name)) personal.push(`${type.name}.${field.name}`);
        const named = getNamedType(field.type);
        if (isObjectType(named)) walk(named);
      }
    };
    walk(schema.getQueryType()!);
    expect(seen.size).toBeGreaterThan(10);
    expect(personal).toEqual([]);
  });
});

describe("a checkout shared by two sellers", () => {
  const nextYear = String((new Date().getFullYear() + 1) % 100).padStart(2, "0");

  it("gives its payment key to the buyer only; the id alone pays and confirms, but shows no address or phone", async ({ cast, server }) => {
    const { seller, otherSeller, buyer } = cast;
    const [lamp, kettle] = await Promise.all([
      insertProduct(server.dataSource, seller.user.id, { name: "Lamp" }),
      insertProduct(server.dataSource, otherSeller.user.id, { name: "Kettle" }),
    ]);
    const checkout = await placeOrder(
      server,
      buyer,
      [
        { productId: lamp.id, quantity: 1 },
        { productId: kettle.id, quantity: 1 },
      ],
      { paymentMethod: "CARD" },
    );
    const mine = checkout.orders.find((o: { seller: { id: string } }) => o.seller.id === seller.user.id);
    // the seller's view of their own order: no way to the checkout (it holds the other seller's order too)
    const asSeller = await server.gql(`query ($id: ID!) { order(id: $id) { paymentUrl } }`, { id: mine.id }, seller.token);
    expect(asSeller.data.order.paymentUrl).toBeNull();
    const asBuyer = await server.gql(`query ($id: ID!) { order(id: $id) { paymentUrl } }`, { id: mine.id }, buyer.token);
    expect(asBuyer.data.order.paymentUrl).toBe(`/pay/${checkout.id}`);

    // a signed-in seller who learnt the id anyway is refused
    const sellerConfirm = await server.api("POST", "/api/orders/confirm-payment", {
      token: seller.token,
      body: { session_id: checkout.id },
    });
    expect(sellerConfirm.status).toBe(403);

    const page = await (await fetch(`${server.url}/pay/${checkout.id}`)).text();
    await fetch(`${server.url}/pay/${checkout.id}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ cardNumber: "4242 4242 4242 4242", expiry: `12/${nextYear}`, cvc: "123" }).toString(),
      redirect: "manual",
    });
    const anonymous = await server.api("POST", "/api/orders/confirm-payment", { body: { session_id: checkout.id } });
    expect(anonymous.status).toBe(200);
    expect(anonymous.body.orders).toHaveLength(2);
    for (const text of [page, JSON.stringify(anonymous.body)]) {
      expect(text).not.toContain(shipping.address);
      expect(text).not.toContain("03001234567");
    }
    // the buyer, signed in, still reads the whole order
    const own = await server.api("POST", "/api/orders/confirm-payment", { token: buyer.token, body: { session_id: checkout.id } });
    expect(own.body.order.shippingDetails.address).toBe(shipping.address);
  });
});

describe("enumeration: a real account and an unknown e-mail get the same answer after the same work", () => {
  /** The answer and the work of one request: its statements (text) and its password hashing. */
  async function observe(server: TestServer, send: () => Promise<GraphQLResult>) {
    const hashes = vi.spyOn(passwords, "hash");
    const verifies = vi.spyOn(passwords, "verify");
    try {
      const { result, statements } = await server.queries.measure(send);
      return {
        answer: { data: result.data, errors: result.errors?.map((e) => ({ message: e.message, code: e.extensions?.code })) },
        statements,
        hashing: { hash: hashes.mock.calls.length, verify: verifies.mock.calls.length },
      };
    } finally {
      hashes.mockRestore();
      verifies.mockRestore();
    }
  }
  const expectSame = (real: Awaited<ReturnType<typeof observe>>, unknown: Awaited<ReturnType<typeof observe>>) => {
    expect(unknown.answer).toEqual(real.answer);
    expect(unknown.statements).toEqual(real.statements);
    expect(unknown.hashing).toEqual(real.hashing);
  };
  const unknownEmail = () => `nobody-${randomUUID().slice(0, 8)}@test.pk`;

  it("forgot password: the request and a wrong code", async ({ server }) => {
    const real = await signUp(server, "user");
    const unknown = unknownEmail();
    const request = (email: string) => () => server.gql(`mutation ($e: String!) { requestPasswordReset(email: $e) }`, { e: email });
    expectSame(await observe(server, request(real.user.email)), await observe(server, request(unknown)));

    // the real account now has a live code; "000000" is wrong for it (or, once in a million, right: skip that draw)
    const reset = (email: string) => () =>
      server.gql(`mutation ($e: String!, $c: String!, $p: String!) { resetPassword(email: $e, code: $c, newPassword: $p) { token } }`, {
        e: email,
        c: "000000",
        p: "brand-new-pass-9",
      });
    const realTry = await observe(server, reset(real.user.email));
    expect(realTry.answer.errors?.[0]).toEqual({ message: CODE_WRONG.text, code: "BAD_USER_INPUT" });
    expectSame(realTry, await observe(server, reset(unknown)));
  });

  it("sign-in: a wrong password and an unknown e-mail", async ({ server }) => {
    const real = await signUp(server, "user");
    const login = (email: string) => () =>
      server.gql(`mutation ($e: String!, $p: String!) { login(email: $e, password: $p) { token } }`, { e: email, p: "wrong-password-1" });
    const realTry = await observe(server, login(real.user.email));
    expect(realTry.hashing.verify).toBe(1);
    expectSame(realTry, await observe(server, login(unknownEmail())));
  });

  it("student verification: a university e-mail verified on another account answers like a free one", async ({ server }) => {
    const [owner, prober] = await Promise.all([signUp(server, "user"), signUp(server, "user")]);
    const taken = `owner-${randomUUID().slice(0, 8)}@nust.edu.pk`;
    await server.dataSource
      .getRepository(User)
      .update(owner.user.id, { verifiedAt: new Date(), university: "NUST", universityEmail: taken });
    const ask = (email: string, who: typeof prober) => () =>
      server.gql(`mutation ($e: String!) { requestStudentVerification(email: $e) { expiresInMinutes } }`, { e: email }, who.token);
    const other = await signUp(server, "user");
    const free = await observe(server, ask(`free-${randomUUID().slice(0, 8)}@nust.edu.pk`, other));
    expect(free.answer.errors).toBeUndefined();
    const probe = await observe(server, ask(taken, prober));
    expect(probe.answer).toEqual(free.answer);
    expect(probe.statements.length).toBe(free.statements.length);
  });
});

describe("a hidden listing exists only for its seller and admins, everywhere", () => {
  it("conversation.product, myReview(s), an anonymous priceQuote, and offers", async ({ cast, server }) => {
    const { seller, buyer, admin } = cast;
    const product = await insertProduct(server.dataSource, seller.user.id, { name: "Hidden lamp", pricePaisa: 250_000 });
    const started = await server.gql(`mutation ($p: ID!) { startConversation(productId: $p) { id } }`, { p: product.id }, buyer.token);
    const conversationId = started.data.startConversation.id;
    const offered = await server.gql(
      `mutation ($c: ID!) { makeOffer(conversationId: $c, amount: 2000) { id } }`,
      { c: conversationId },
      buyer.token,
    );
    await insertReview(server.dataSource, { productId: product.id, userId: buyer.user.id, rating: 4, comment: "Hidden lamp review" });
    // a moderator hides it
    await server.dataSource.getRepository(Product).update(product.id, { hiddenAt: new Date() });

    const conversation = (token: string) =>
      server.gql(`query ($id: ID!) { conversation(id: $id) { product { id name } } }`, { id: conversationId }, token);
    expect((await conversation(buyer.token)).data.conversation.product).toBeNull();
    expect((await conversation(seller.token)).data.conversation.product).toMatchObject({ id: product.id });

    const reviews = await server.gql(
      `query ($p: ID!) { myReview(productId: $p) { product { id } } myReviews(pageSize: 50) { items { comment product { id } } } }`,
      { p: product.id },
      buyer.token,
    );
    expect(reviews.data.myReview.product).toBeNull();
    expect(reviews.data.myReviews.items.find((r: { comment: string }) => r.comment === "Hidden lamp review").product).toBeNull();
    const adminView = await server.gql(`query ($p: ID!) { product(id: $p) { id } }`, { p: product.id }, admin.token);
    expect(adminView.data.product).toMatchObject({ id: product.id });

    const quote = await server.gql(
      `query ($p: ID!) { priceQuote(lines: [{ productId: $p, quantity: 1 }]) { lines { name unitPrice image available } total } }`,
      {
        p: product.id,
      },
    );
    expect(quote.data.priceQuote).toEqual({ lines: [{ name: "Unknown product", unitPrice: 0, image: null, available: false }], total: 0 });

    const accept = await server.gql(
      `mutation ($o: ID!) { acceptOffer(offerId: $o) { status } }`,
      { o: offered.data.makeOffer.id },
      seller.token,
    );
    expect(accept.errors?.[0]).toMatchObject({ message: NOT_FOR_SALE.text, extensions: { code: "CONFLICT" } });
    const withdraw = await server.gql(
      `mutation ($o: ID!) { withdrawOffer(offerId: $o) { status } }`,
      { o: offered.data.makeOffer.id },
      buyer.token,
    );
    expect(withdraw.errors).toBeUndefined();
    const again = await server.gql(
      `mutation ($c: ID!) { makeOffer(conversationId: $c, amount: 1500) { id } }`,
      { c: conversationId },
      buyer.token,
    );
    expect(again.errors?.[0]).toMatchObject({ message: NOT_FOR_SALE.text, extensions: { code: "CONFLICT" } });
  });
});
