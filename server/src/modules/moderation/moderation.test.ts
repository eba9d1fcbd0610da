import { describe, expect } from "vitest";
import { it } from "../../test/server-test";
import { asCaller, signUp, type Cast, type SignedIn } from "../../test/fixtures";
import { codeOf, dataOf, type TestServer } from "../../test/harness";
import { orderInput, PLACE_ORDER } from "../orders/testing";
import { CATALOG_CACHE } from "../products/catalog";
import { Product } from "../products/entity";
import { User } from "../users/entity";
import { ModerationAction, Report, ReportStatus } from "./entity";
import { auditRows, listing, WARNINGS } from "./testing";
import { ALREADY_REPORTED, REPORTS_PER_HOUR } from "./service";

const REPORT_LISTING = `mutation ($id: ID!, $reason: ReportReason!, $details: String) {
  reportListing(productId: $id, reason: $reason, details: $details) { id targetKind targetId reason details status reporterName } }`;
const REPORT_USER = `mutation ($id: ID!, $reason: ReportReason!, $details: String) {
  reportUser(userId: $id, reason: $reason, details: $details) { id targetKind status } }`;
const QUEUE = `query ($page: Int, $pageSize: Int) { moderationQueue(page: $page, pageSize: $pageSize) {
  totalItems hasNextPage items { targetKind targetId reportCount listing { id name hiddenAt } user { id username suspendedAt }
  reports { reason details reporterName } } } }`;
const MODERATE = `mutation ($input: ModerateInput!) { moderate(input: $input) { action targetKind targetId targetLabel adminName note } }`;
const LOG = `{ moderationLog { totalItems items { action targetKind targetId targetLabel adminName note } } }`;
const PRODUCT = `query ($id: ID!) { product(id: $id) { id hiddenAt } }`;

const moderate = (cast: Cast, server: TestServer, input: Record<string, unknown>, who: SignedIn = cast.admin) =>
  server.gql(MODERATE, { input }, who.token);
const openReports = (server: TestServer, targetId: string) =>
  server.dataSource.getRepository(Report).countBy({ targetId, status: ReportStatus.OPEN });

describe("reporting", () => {
  it("any signed-in user reports a listing or a user once while it is open; the reporter sees the report", async ({ cast, server }) => {
    const lamp = await listing(server, cast.seller, "Reported desk lamp");
    const report = await dataOf(
      server,
      REPORT_LISTING,
      { id: lamp.id, reason: "SCAM", details: "  Asks for advance payment  " },
      cast.buyer.token,
    );
    expect(report.reportListing).toMatchObject({
      targetKind: "LISTING",
      targetId: lamp.id,
      reason: "SCAM",
      details: "Asks for advance payment",
      status: "OPEN",
      reporterName: cast.buyer.user.username,
    });
    // a seller may report too, and a user may be reported
    await dataOf(server, REPORT_LISTING, { id: lamp.id, reason: "MISLEADING" }, cast.otherSeller.token);
    expect(
      (await dataOf(server, REPORT_USER, { id: cast.seller.user.id, reason: "HARASSMENT" }, cast.buyer.token)).reportUser.targetKind,
    ).toBe("USER");

    const again = await server.gql(REPORT_LISTING, { id: lamp.id, reason: "SPAM" }, cast.buyer.token);
    expect(codeOf(again)).toBe("CONFLICT");
    expect(again.errors?.[0].message).toBe(ALREADY_REPORTED.text);
    expect(codeOf(await server.gql(REPORT_USER, { id: cast.seller.user.id, reason: "SPAM" }, cast.buyer.token))).toBe("CONFLICT");
    expect(await openReports(server, lamp.id)).toBe(2);
  });

  it("refuses anonymous callers, one's own listing, oneself, unknown targets and bad input, writing nothing", async ({ cast, server }) => {
    const mug = await listing(server, cast.seller, "Mug nobody reports");
    const before = await server.dataSource.getRepository(Report).count();
    expect(codeOf(await server.gql(REPORT_LISTING, { id: mug.id, reason: "SCAM" }))).toBe("UNAUTHENTICATED");
    const own = await server.gql(REPORT_LISTING, { id: mug.id, reason: "SCAM" }, cast.seller.token);
    expect([codeOf(own), own.errors?.[0].message]).toEqual(["BAD_USER_INPUT", "You cannot report your own listing."]);
    const self = await server.gql(REPORT_USER, { id: cast.buyer.user.id, reason: "SCAM" }, cast.buyer.token);
    expect([codeOf(self), self.errors?.[0].message]).toEqual(["BAD_USER_INPUT", "You cannot report yourself."]);
    expect(codeOf(await server.gql(REPORT_LISTING, { id: "00000000-0000-4000-8000-000000000000", reason: "SCAM" }, cast.buyer.token))).toBe(
      "NOT_FOUND",
    );
    expect(codeOf(await server.gql(REPORT_USER, { id: "not-an-id", reason: "SCAM" }, cast.buyer.token))).toBe("NOT_FOUND");
    const other = await server.gql(REPORT_LISTING, { id: mug.id, reason: "OTHER", details: "   " }, cast.buyer.token);
    expect([codeOf(other), other.errors?.[0].extensions?.fields]).toEqual(["BAD_USER_INPUT", { details: "Say what is wrong." }]);
    const long = await server.gql(REPORT_LISTING, { id: mug.id, reason: "SCAM", details: "x".repeat(501) }, cast.buyer.token);
    expect(long.errors?.[0].message).toBe("Details must be at most 500 characters.");
    // a reason outside the list never reaches the service
    expect(await server.gql(REPORT_LISTING, { id: mug.id, reason: "BORING" }, cast.buyer.token)).toHaveProperty("errors");
    expect(await server.dataSource.getRepository(Report).count()).toBe(before);
  });

  it(`limits each user to ${REPORTS_PER_HOUR} reports an hour`, async ({ cast, server }) => {
    const reporter = await signUp(server, "user");
    const products = await Promise.all(
      Array.from({ length: REPORTS_PER_HOUR + 1 }, (_, i) => listing(server, cast.otherSeller, `Spam item ${i}`)),
    );
    for (const product of products.slice(0, REPORTS_PER_HOUR))
      await server.services.moderation.reportListing({ productId: product.id, reason: "SPAM" }, asCaller(reporter));
    const refused = await server.gql(REPORT_LISTING, { id: products[REPORTS_PER_HOUR].id, reason: "SPAM" }, reporter.token);
    expect(codeOf(refused)).toBe("RATE_LIMITED");
    expect(await openReports(server, products[REPORTS_PER_HOUR].id)).toBe(0);
  });
});

describe("the moderation queue", () => {
  it("is for admins only: open reports grouped by target, oldest first, with the target and the reasons; paged", async ({
    cast,
    server,
  }) => {
    const user = await signUp(server, "user");
    expect(codeOf(await server.gql(QUEUE, {}, cast.buyer.token))).toBe("FORBIDDEN");
    expect(codeOf(await server.gql(QUEUE, {}, cast.seller.token))).toBe("FORBIDDEN");
    expect(codeOf(await server.gql(QUEUE, {}))).toBe("UNAUTHENTICATED");

    const pen = await listing(server, cast.otherSeller, "Queue pen");
    await dataOf(server, REPORT_LISTING, { id: pen.id, reason: "PROHIBITED", details: "Sells exam papers" }, user.token);
    await dataOf(server, REPORT_USER, { id: cast.otherBuyer.user.id, reason: "HARASSMENT" }, user.token);
    await dataOf(server, REPORT_LISTING, { id: pen.id, reason: "SCAM" }, cast.otherBuyer.token);

    const { moderationQueue: queue } = await dataOf(server, QUEUE, { pageSize: 50 }, cast.admin.token);
    const ids = queue.items.map((c: { targetId: string }) => c.targetId);
    // grouped: the pen once, before the user reported after it
    expect(ids.filter((id: string) => id === pen.id)).toHaveLength(1);
    expect(ids.indexOf(pen.id)).toBeLessThan(ids.indexOf(cast.otherBuyer.user.id));
    const penCase = queue.items.find((c: { targetId: string }) => c.targetId === pen.id);
    expect(penCase).toEqual({
      targetKind: "LISTING",
      targetId: pen.id,
      reportCount: 2,
      listing: { id: pen.id, name: "Queue pen", hiddenAt: null },
      user: { id: cast.otherSeller.user.id, username: cast.otherSeller.user.username, suspendedAt: null },
      reports: [
        { reason: "PROHIBITED", details: "Sells exam papers", reporterName: user.user.username },
        { reason: "SCAM", details: null, reporterName: cast.otherBuyer.user.username },
      ],
    });
    const userCase = queue.items.find((c: { targetId: string }) => c.targetId === cast.otherBuyer.user.id);
    expect(userCase).toMatchObject({ targetKind: "USER", reportCount: 1, listing: null, user: { id: cast.otherBuyer.user.id } });

    // the same SQL statements for a page of any size (no N+1 over cases, reports, listings or users)
    const one = await server.queries.measure(() => server.gql(QUEUE, { pageSize: 1 }, cast.admin.token));
    const all = await server.queries.measure(() => server.gql(QUEUE, { pageSize: 50 }, cast.admin.token));
    expect(all.result.data.moderationQueue.items.length).toBeGreaterThan(3);
    expect(all.queries).toBe(one.queries);

    const first = (await dataOf(server, QUEUE, { page: 1, pageSize: 1 }, cast.admin.token)).moderationQueue;
    expect(first).toMatchObject({ totalItems: queue.totalItems, hasNextPage: true });
    expect(first.items[0].targetId).toBe(queue.items[0].targetId);
    expect(codeOf(await server.gql(QUEUE, { pageSize: 51 }, cast.admin.token))).toBe("BAD_USER_INPUT");
  });
});

describe("hiding a listing", () => {
  const SHOP = `query ($filter: ProductFilter, $sort: ProductSort) { products(filter: $filter, sort: $sort, pageSize: 50) { items { id } } }`;
  const shopIds = async (server: TestServer, filter: Record<string, unknown> = {}, sort = "NEWEST") =>
    (await dataOf(server, SHOP, { filter, sort })).products.items.map((p: { id: string }) => p.id);

  it("takes it out of every list and search; only its seller and admins still open it; carts refuse it; unhiding brings it back", async ({
    cast,
    server,
  }) => {
    const seller = await signUp(server, "seller");
    const saver = await signUp(server, "user");
    const name = "Zylophonic calculator";
    const calc = await listing(server, seller, name);
    await server.dataSource.getRepository(Product).update(calc.id, { ratingAverage: 5, ratingCount: 40 });
    await server.services.cache.invalidate(CATALOG_CACHE);
    await dataOf(server, `mutation ($id: ID!) { saveProduct(productId: $id) }`, { id: calc.id }, saver.token);
    await dataOf(server, REPORT_LISTING, { id: calc.id, reason: "PROHIBITED" }, cast.buyer.token);
    await dataOf(server, REPORT_LISTING, { id: calc.id, reason: "SCAM" }, saver.token);

    const places = async () => ({
      shop: (await shopIds(server)).includes(calc.id),
      search: (await shopIds(server, { search: "zylophonic" }, "RELEVANCE")).includes(calc.id),
      typoSearch: (await shopIds(server, { search: "zylofonic calculater" }, "RELEVANCE")).includes(calc.id),
      trending: (await dataOf(server, `{ trendingProducts(limit: 50) { id } }`, {})).trendingProducts.some(
        (p: { id: string }) => p.id === calc.id,
      ),
      sellerProfile: (await shopIds(server, { sellerId: seller.user.id })).includes(calc.id),
      saved: (await dataOf(server, `{ savedItems { product { id } } }`, {}, saver.token)).savedItems.length === 1,
      rest: (await server.api("GET", "/api/products?limit=50")).body.products.some((p: { _id: string }) => p._id === calc.id),
      restSeller: (await server.api("GET", `/api/products/seller/${seller.user.id}`)).body.products.length === 1,
      restProduct: (await server.api("GET", `/api/products/${calc.id}`)).status === 200,
      sitemap: (await (await fetch(`${server.url}/sitemap.xml`)).text()).includes(calc.id),
      anonymousPage: (await dataOf(server, PRODUCT, { id: calc.id })).product !== null,
      buyerPage: (await dataOf(server, PRODUCT, { id: calc.id }, cast.buyer.token)).product !== null,
      quote: (
        await dataOf(server, `query ($lines: [CartLineInput!]!) { priceQuote(lines: $lines) { lines { available } } }`, {
          lines: [{ productId: calc.id, quantity: 1 }],
        })
      ).priceQuote.lines[0].available,
    });
    const everywhere = await places();
    expect(Object.values(everywhere).every(Boolean), JSON.stringify(everywhere)).toBe(true);
    const productsBefore = (await dataOf(server, `{ adminStats { totalProducts } }`, {}, cast.admin.token)).adminStats.totalProducts;

    const audit = await auditRows(server);
    const hidden = await dataOf(
      server,
      MODERATE,
      { input: { targetKind: "LISTING", targetId: calc.id, action: "HIDE_LISTING" } },
      cast.admin.token,
    );
    expect(hidden.moderate).toEqual({
      action: "HIDE_LISTING",
      targetKind: "LISTING",
      targetId: calc.id,
      targetLabel: name,
      adminName: cast.admin.user.username,
      note: null,
    });
    expect(await auditRows(server)).toBe(audit + 1);
    // both reports closed by the one action
    expect(await server.dataSource.getRepository(Report).countBy({ targetId: calc.id, status: ReportStatus.ACTIONED })).toBe(2);
    expect(await openReports(server, calc.id)).toBe(0);

    expect(await places()).toEqual(Object.fromEntries(Object.keys(everywhere).map((key) => [key, false])));
    expect((await server.api("GET", `/api/products/${calc.id}`)).status).toBe(404);
    expect((await dataOf(server, `{ adminStats { totalProducts } }`, {}, cast.admin.token)).adminStats.totalProducts).toBe(
      productsBefore - 1,
    );
    // its seller and admins still see it, marked hidden
    expect((await dataOf(server, PRODUCT, { id: calc.id }, seller.token)).product.hiddenAt).not.toBeNull();
    expect((await dataOf(server, PRODUCT, { id: calc.id }, cast.admin.token)).product.hiddenAt).not.toBeNull();
    expect((await server.api("GET", `/api/products/${calc.id}`, { token: seller.token })).status).toBe(200);
    const myProducts = (await dataOf(server, `{ myProducts { items { id hiddenAt } } }`, {}, seller.token)).myProducts.items;
    expect(myProducts).toEqual([{ id: calc.id, hiddenAt: expect.any(String) }]);
    // no order, no conversation or review, and no new report or save
    const START = `mutation ($id: ID!) { startConversation(productId: $id) { id } }`;
    expect(codeOf(await server.gql(START, { id: calc.id }, cast.otherBuyer.token))).toBe("NOT_FOUND");
    const REVIEW = `mutation ($id: ID!) { postReview(productId: $id, rating: 5, comment: "Great calculator") { id } }`;
    expect(codeOf(await server.gql(REVIEW, { id: calc.id }, cast.otherBuyer.token))).toBe("NOT_FOUND");
    const order = await server.gql(PLACE_ORDER, { input: orderInput([{ productId: calc.id, quantity: 1 }]) }, cast.buyer.token);
    expect(codeOf(order)).toBe("BAD_USER_INPUT");
    expect(codeOf(await server.gql(REPORT_LISTING, { id: calc.id, reason: "SCAM" }, cast.otherBuyer.token))).toBe("NOT_FOUND");
    expect(codeOf(await server.gql(`mutation ($id: ID!) { saveProduct(productId: $id) }`, { id: calc.id }, cast.otherBuyer.token))).toBe(
      "NOT_FOUND",
    );

    const twice = await moderate(cast, server, { targetKind: "LISTING", targetId: calc.id, action: "HIDE_LISTING" });
    expect([codeOf(twice), twice.errors?.[0].message]).toEqual(["CONFLICT", "This listing is already hidden."]);
    await dataOf(
      server,
      MODERATE,
      { input: { targetKind: "LISTING", targetId: calc.id, action: "UNHIDE_LISTING", note: "Checked: fine" } },
      cast.admin.token,
    );
    expect(await places()).toEqual(everywhere);
    expect(codeOf(await moderate(cast, server, { targetKind: "LISTING", targetId: calc.id, action: "UNHIDE_LISTING" }))).toBe("CONFLICT");
    expect(await auditRows(server)).toBe(audit + 2);
  });

  it("refuses non-admins, unknown listings and actions that do not fit the target, changing nothing", async ({ cast, server }) => {
    const book = await listing(server, cast.seller, "Book kept listed");
    const audit = await auditRows(server);
    const hide = { targetKind: "LISTING", targetId: book.id, action: "HIDE_LISTING" };
    expect(codeOf(await moderate(cast, server, hide, cast.seller))).toBe("FORBIDDEN");
    expect(codeOf(await moderate(cast, server, hide, cast.buyer))).toBe("FORBIDDEN");
    expect(codeOf(await server.gql(MODERATE, { input: hide }))).toBe("UNAUTHENTICATED");
    expect(codeOf(await moderate(cast, server, { ...hide, targetId: "00000000-0000-4000-8000-000000000000" }))).toBe("NOT_FOUND");
    expect(codeOf(await moderate(cast, server, { ...hide, targetKind: "USER", targetId: cast.buyer.user.id }))).toBe("BAD_USER_INPUT");
    expect(codeOf(await moderate(cast, server, { ...hide, note: "x".repeat(501) }))).toBe("BAD_USER_INPUT");
    expect((await server.dataSource.getRepository(Product).findOneByOrFail({ id: book.id })).hiddenAt).toBeNull();
    expect(await auditRows(server)).toBe(audit);
  });
});

describe("warning and suspending users", () => {
  it("a warning closes the user's reports and is shown to the user (a note is required)", async ({ cast, server }) => {
    const rude = await signUp(server, "user");
    await dataOf(server, REPORT_USER, { id: rude.user.id, reason: "HARASSMENT" }, cast.buyer.token);
    const noNote = await moderate(cast, server, { targetKind: "USER", targetId: rude.user.id, action: "WARN_USER" });
    expect(noNote.errors?.[0].extensions?.fields).toEqual({ note: "Write the warning the user will see." });
    expect((await dataOf(server, WARNINGS, {}, rude.token)).myWarnings).toEqual([]);

    const warned = await dataOf(
      server,
      MODERATE,
      { input: { targetKind: "USER", targetId: rude.user.id, action: "WARN_USER", note: "Be polite in messages." } },
      cast.admin.token,
    );
    expect(warned.moderate).toMatchObject({ action: "WARN_USER", targetKind: "USER", targetLabel: rude.user.username });
    expect((await dataOf(server, WARNINGS, {}, rude.token)).myWarnings).toEqual([{ note: "Be polite in messages." }]);
    expect((await dataOf(server, WARNINGS, {}, cast.buyer.token)).myWarnings).toEqual([]);
    expect(await openReports(server, rude.user.id)).toBe(0);
  });

  it("a warning from a listing's case goes to its seller and closes the listing's reports", async ({ cast, server }) => {
    const seller = await signUp(server, "seller");
    const fake = await listing(server, seller, "Fake branded watch");
    await dataOf(server, REPORT_LISTING, { id: fake.id, reason: "MISLEADING" }, cast.buyer.token);
    const warned = await dataOf(
      server,
      MODERATE,
      { input: { targetKind: "LISTING", targetId: fake.id, action: "WARN_USER", note: "Say it is a replica." } },
      cast.admin.token,
    );
    expect(warned.moderate).toMatchObject({ targetKind: "USER", targetId: seller.user.id });
    expect((await dataOf(server, WARNINGS, {}, seller.token)).myWarnings).toEqual([{ note: "Say it is a replica." }]);
    expect(await openReports(server, fake.id)).toBe(0);
  });

  it("a suspended user cannot sign in, their old token is refused and their listings are hidden until unsuspended", async ({
    cast,
    server,
  }) => {
    const seller = await signUp(server, "seller");
    const lamp = await listing(server, seller, "Suspended seller's lamp");
    await dataOf(server, REPORT_USER, { id: seller.user.id, reason: "SCAM" }, cast.buyer.token);
    const audit = await auditRows(server);
    const noReason = await moderate(cast, server, { targetKind: "USER", targetId: seller.user.id, action: "SUSPEND_USER" });
    expect(codeOf(noReason)).toBe("BAD_USER_INPUT");

    await dataOf(
      server,
      MODERATE,
      { input: { targetKind: "USER", targetId: seller.user.id, action: "SUSPEND_USER", note: "Repeated scams" } },
      cast.admin.token,
    );
    expect(await auditRows(server)).toBe(audit + 1);
    expect(await openReports(server, seller.user.id)).toBe(0);
    const login = await server.gql(
      `mutation ($email: String!, $password: String!) { login(email: $email, password: $password) { token } }`,
      {
        email: seller.user.email,
        password: seller.password,
      },
    );
    expect([codeOf(login), login.errors?.[0].message]).toEqual([
      "FORBIDDEN",
      "This account is suspended: Repeated scams. Contact the UniBazaar team if you think this is a mistake.",
    ]);
    // a wrong password says nothing about the suspension
    const guess = await server.api("POST", "/api/auth/login", { body: { email: seller.user.email, password: "wrong-password-1" } });
    expect([guess.status, guess.body.message]).toEqual([401, "Invalid email or password."]);
    expect((await server.api("POST", "/api/auth/login", { body: { email: seller.user.email, password: seller.password } })).status).toBe(
      403,
    );
    expect(codeOf(await server.gql(`{ me { id } }`, {}, seller.token))).toBe("UNAUTHENTICATED");
    expect((await server.api("PATCH", "/api/auth/edit-profile", { token: seller.token, body: { name: "New" } })).status).toBe(401);
    const SHOP = `query ($sellerId: ID) { products(filter: { sellerId: $sellerId }) { items { id } } }`;
    expect((await dataOf(server, SHOP, { sellerId: seller.user.id })).products.items).toEqual([]);
    expect((await dataOf(server, PRODUCT, { id: lamp.id })).product).toBeNull();
    expect(
      (await dataOf(server, `query ($u: String!) { sellerPage(username: $u) { completedSales } }`, { u: seller.user.username })).sellerPage,
    ).toBeNull();
    const admins = (await dataOf(server, `{ users(pageSize: 50) { items { id suspendedAt suspendedReason } } }`, {}, cast.admin.token))
      .users.items;
    expect(admins.find((u: { id: string }) => u.id === seller.user.id)).toMatchObject({ suspendedReason: "Repeated scams" });

    await dataOf(server, MODERATE, { input: { targetKind: "USER", targetId: seller.user.id, action: "UNSUSPEND_USER" } }, cast.admin.token);
    expect((await dataOf(server, SHOP, { sellerId: seller.user.id })).products.items).toEqual([{ id: lamp.id }]);
    const back = await server.services.auth.login({ email: seller.user.email, password: seller.password }, "10.1.2.3");
    expect(back.token).toBeTruthy();
    // the suspension revoked the tokens issued before it, for good
    expect(codeOf(await server.gql(`{ me { id } }`, {}, seller.token))).toBe("UNAUTHENTICATED");
    expect(codeOf(await moderate(cast, server, { targetKind: "USER", targetId: seller.user.id, action: "UNSUSPEND_USER" }))).toBe(
      "CONFLICT",
    );
  });

  it("admins cannot suspend or warn themselves or another admin", async ({ cast, server }) => {
    const other = await signUp(server, "admin");
    const audit = await auditRows(server);
    const self = await moderate(cast, server, { targetKind: "USER", targetId: cast.admin.user.id, action: "SUSPEND_USER", note: "x" });
    expect([codeOf(self), self.errors?.[0].message]).toEqual(["FORBIDDEN", "You cannot warn or suspend yourself."]);
    const admin = await moderate(cast, server, { targetKind: "USER", targetId: other.user.id, action: "SUSPEND_USER", note: "x" });
    expect([codeOf(admin), admin.errors?.[0].message]).toEqual(["FORBIDDEN", "Admins cannot be warned or suspended."]);
    expect(codeOf(await moderate(cast, server, { targetKind: "USER", targetId: other.user.id, action: "WARN_USER", note: "x" }))).toBe(
      "FORBIDDEN",
    );
    expect((await server.dataSource.getRepository(User).findOneByOrFail({ id: other.user.id })).suspendedAt).toBeNull();
    expect(await auditRows(server)).toBe(audit);
  });
});

describe("dismissing and the audit trail", () => {
  it("dismiss closes every open report of the target as dismissed; nothing open is a conflict; the trail lists actions newest first", async ({
    cast,
    server,
  }) => {
    const poster = await listing(server, cast.seller, "Harmless poster");
    await dataOf(server, REPORT_LISTING, { id: poster.id, reason: "OFFENSIVE" }, cast.buyer.token);
    await dataOf(server, REPORT_LISTING, { id: poster.id, reason: "SPAM" }, cast.otherBuyer.token);
    await dataOf(
      server,
      MODERATE,
      { input: { targetKind: "LISTING", targetId: poster.id, action: "DISMISS", note: "Nothing wrong" } },
      cast.admin.token,
    );
    expect(await server.dataSource.getRepository(Report).countBy({ targetId: poster.id, status: ReportStatus.DISMISSED })).toBe(2);
    expect((await dataOf(server, PRODUCT, { id: poster.id })).product).toEqual({ id: poster.id, hiddenAt: null });
    const audit = await server.dataSource.getRepository(ModerationAction).findOneByOrFail({ targetId: poster.id });
    expect(audit.reportId).not.toBeNull();
    expect(codeOf(await moderate(cast, server, { targetKind: "LISTING", targetId: poster.id, action: "DISMISS" }))).toBe("CONFLICT");
    // the reporter may report it again once closed
    await dataOf(server, REPORT_LISTING, { id: poster.id, reason: "SPAM" }, cast.buyer.token);

    const log = (await dataOf(server, LOG, {}, cast.admin.token)).moderationLog;
    expect(log.totalItems).toBe(await auditRows(server));
    expect(log.items[0]).toEqual({
      action: "DISMISS",
      targetKind: "LISTING",
      targetId: poster.id,
      targetLabel: "Harmless poster",
      adminName: cast.admin.user.username,
      note: "Nothing wrong",
    });
    expect(codeOf(await server.gql(LOG, {}, cast.buyer.token))).toBe("FORBIDDEN");
  });
});
