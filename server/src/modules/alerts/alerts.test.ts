import { randomBytes } from "node:crypto";
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { formatPKR } from "@unibazaar/rules";
import { describe, expect } from "vitest";
import { asCaller, signUp, type SignedIn } from "../../test/fixtures";
import { codeOf, endOpenTransactions, jobsSettled, startTestServer, type TestServer } from "../../test/harness";
import { decodedMail, outboxMails, startSmtpServer } from "../../test/mail";
import { it } from "../../test/server-test";
import { Notification, NotificationKind } from "../notifications/entity";
import { Product } from "../products/entity";
import type { ProductFields } from "../products/service";
import { MAX_SAVED_SEARCHES } from "./service";
import { noticeText } from "../../test/notifications";

/** Saved searches: saving (the shop's rules), ownership, and which new listings alert whom, once, through the job. */

const SAVE = `mutation ($filter: ProductFilter!, $alert: Boolean) { saveSearch(filter: $filter, alert: $alert) { id name search category campus minPrice maxPrice alert emailDigest } }`;
const LIST = `{ savedSearches { id name alert } }`;
const UPDATE = `mutation ($id: ID!, $settings: SavedSearchSettings!) { updateSavedSearch(id: $id, settings: $settings) { id alert emailDigest } }`;
const DELETE = `mutation ($id: ID!) { deleteSavedSearch(id: $id) }`;

/** A listing's row as the products service writes it, for the tests that write one inside their own transaction. */
const row = (sellerId: string, name: string, hidden = false) => ({
  sellerId,
  name,
  description: "Scientific calculator, works perfectly, with cover.",
  category: "electronics",
  pricePaisa: 250_000,
  image: `/uploads/${word()}.webp`,
  campus: "nust-islamabad",
  ...(hidden && { hiddenAt: new Date(), heldReason: "held for a copied photo" }),
});

/** A word no other test lists, so a search for it matches only this test's listings. */
const word = () => `w${randomBytes(4).toString("hex")}`;

const listing = (over: Partial<ProductFields> = {}): ProductFields => ({
  name: "Casio fx-991ES calculator",
  description: "Scientific calculator, works perfectly, with cover.",
  category: "electronics",
  price: 2500,
  image: `/uploads/${word()}.webp`,
  campus: "nust-islamabad",
  condition: "good",
  ...over,
});

const list = async (server: TestServer, seller: SignedIn, over: Partial<ProductFields> = {}) => {
  const product = await server.services.products.create(listing(over), asCaller(seller));
  await jobsSettled(server);
  return product;
};

const matchNotices = (server: TestServer, who: SignedIn) =>
  server.dataSource.getRepository(Notification).find({ where: { recipientId: who.user.id, kind: NotificationKind.LISTING_MATCH } });

const save = async (server: TestServer, who: SignedIn, filter: Record<string, unknown>, alert?: boolean) => {
  const res = await server.gql<{ saveSearch: { id: string; name: string } }>(SAVE, { filter, alert }, who.token);
  if (res.errors) throw new Error(JSON.stringify(res.errors));
  return res.data!.saveSearch;
};

describe("saving a search", () => {
  it("keeps the shop's normalised filters, names it from them, and lists it only for its owner", async ({
    server,
    cast: { buyer, otherBuyer },
  }) => {
    const res = await server.gql(
      SAVE,
      { filter: { search: "  Casio FX ", category: "Electronics", maxPrice: 3000, campus: "nust-islamabad" } },
      buyer.token,
    );
    expect(res.errors).toBeUndefined();
    expect(res.data!.saveSearch).toMatchObject({
      search: "casio fx",
      category: "electronics",
      campus: "nust-islamabad",
      minPrice: null,
      maxPrice: 3000,
      alert: true,
      emailDigest: false,
    });
    expect(res.data!.saveSearch.name).toBe(`"casio fx" · Electronics · up to ${formatPKR(3000)} · NUST H-12 Islamabad`);
    const mine = (await server.gql<{ savedSearches: Array<{ id: string }> }>(LIST, {}, buyer.token)).data!.savedSearches;
    expect(mine.map((s) => s.id)).toContain(res.data!.saveSearch.id);
    expect((await server.gql<{ savedSearches: unknown[] }>(LIST, {}, otherBuyer.token)).data!.savedSearches).toEqual([]);
  });

  it("refuses what the shop refuses, with the field named, and saves nothing", async ({ server }) => {
    const who = await signUp(server);
    for (const [filter, field] of [
      [{ category: "spaceships" }, "filter.category"],
      [{ minPrice: 500, maxPrice: 100 }, "filter.maxPrice"],
      [{ minPrice: -1 }, "filter.minPrice"],
      [{ campus: "mars" }, "filter.campus"],
      [{ search: "x".repeat(101) }, "filter.search"],
    ] as const) {
      const res = await server.gql(SAVE, { filter }, who.token);
      expect(codeOf(res)).toBe("BAD_USER_INPUT");
      expect(res.errors![0].extensions!.fields).toHaveProperty(field);
    }
    expect((await server.gql<{ savedSearches: unknown[] }>(LIST, {}, who.token)).data!.savedSearches).toEqual([]);
  });

  it(`stops at ${MAX_SAVED_SEARCHES} per user`, async ({ server }) => {
    const who = await signUp(server);
    await Promise.all(Array.from({ length: MAX_SAVED_SEARCHES }, () => save(server, who, { search: word() })));
    const over = await server.gql(SAVE, { filter: { search: word() } }, who.token);
    expect(codeOf(over)).toBe("BAD_USER_INPUT");
    expect(over.errors![0].message).toContain(`up to ${MAX_SAVED_SEARCHES}`);
    expect((await server.gql<{ savedSearches: unknown[] }>(LIST, {}, who.token)).data!.savedSearches).toHaveLength(MAX_SAVED_SEARCHES);
  });

  it("lets only its owner switch or delete it; anyone else is told it does not exist", async ({ server, cast: { buyer, otherBuyer } }) => {
    const { id } = await save(server, buyer, { search: word() });
    expect(codeOf(await server.gql(UPDATE, { id, settings: { alert: false } }, otherBuyer.token))).toBe("NOT_FOUND");
    expect(codeOf(await server.gql(DELETE, { id }, otherBuyer.token))).toBe("NOT_FOUND");
    expect(codeOf(await server.gql(DELETE, { id }))).toBe("UNAUTHENTICATED");
    const switched = await server.gql(UPDATE, { id, settings: { alert: false, emailDigest: true } }, buyer.token);
    expect(switched.data).toEqual({ updateSavedSearch: { id, alert: false, emailDigest: true } });
    expect((await server.gql(DELETE, { id }, buyer.token)).data).toEqual({ deleteSavedSearch: true });
    expect(codeOf(await server.gql(DELETE, { id }, buyer.token))).toBe("NOT_FOUND");
  });
});

describe("a new listing", () => {
  it("alerts the searches it matches (words and every filter), and no others", async ({ server, cast: { seller } }) => {
    const tag = word();
    const [hit, wrongCampus, tooCheap, wrongWords, offAlert, byFilters] = await Promise.all(
      Array.from({ length: 6 }, () => signUp(server)),
    );
    await save(server, hit, { search: `casio ${tag}`, category: "electronics", maxPrice: 3000, campus: "nust-islamabad" });
    await save(server, wrongCampus, { search: tag, campus: "lums-lahore" });
    await save(server, tooCheap, { search: tag, maxPrice: 2000 });
    await save(server, wrongWords, { search: `${tag} graphing` });
    await save(server, offAlert, { search: tag }, false);
    await save(server, byFilters, { search: tag, category: "electronics", condition: "good", minPrice: 2500 });

    const product = await list(server, seller, { name: `Casio fx-991ES ${tag}` });
    for (const who of [hit, byFilters]) {
      const [notice] = await matchNotices(server, who);
      expect(notice).toMatchObject({ link: `/shop/${product.id}` });
      expect(noticeText(notice)).toContain(`"Casio fx-991ES ${tag}" for ${formatPKR(2500)}.`);
    }
    for (const who of [wrongCampus, tooCheap, wrongWords, offAlert]) expect(await matchNotices(server, who)).toEqual([]);
  });

  it("never alerts its own seller, nor across a block either way", async ({ server, cast: { seller } }) => {
    const tag = word();
    const [blocker, blocked] = await Promise.all([signUp(server), signUp(server)]);
    await save(server, seller, { search: tag });
    await save(server, blocker, { search: tag });
    await save(server, blocked, { search: tag });
    await server.services.conversations.blocking.block(seller.user.id, asCaller(blocker));
    await server.services.conversations.blocking.block(blocked.user.id, asCaller(seller));
    await list(server, seller, { name: `Desk lamp ${tag}`, category: "furniture" });
    for (const who of [seller, blocker, blocked]) expect(await matchNotices(server, who)).toEqual([]);
  });

  it("tells a user once per listing, however many of their searches match and however often the job runs", async ({
    server,
    cast: { seller },
  }) => {
    const tag = word();
    const who = await signUp(server);
    await save(server, who, { search: tag });
    await save(server, who, { search: `${tag} lamp` });
    const product = await list(server, seller, { name: `Lamp ${tag}`, category: "furniture" });
    expect(await matchNotices(server, who)).toHaveLength(1);
    // a job may run twice: the second run finds the user already told
    await server.dataSource.transaction((manager) => server.services.jobs.enqueue(manager, "alerts.match", { productId: product.id }));
    await jobsSettled(server);
    expect(await matchNotices(server, who)).toHaveLength(1);
  });

  it("held for review does not alert; published by a moderator, it does", async ({ server, cast: { seller, admin } }) => {
    const tag = word();
    const who = await signUp(server);
    await save(server, who, { search: tag });
    // listed held, as the service lists a copied photo: hidden with a reason, announced in its transaction
    const held = await server.dataSource.transaction(async (manager) => {
      const product = await manager.save(manager.create(Product, row(seller.user.id, `Held ${tag}`, true)));
      await server.services.events.publish(manager, "product.listed", { product });
      return product;
    });
    await jobsSettled(server);
    expect(await matchNotices(server, who)).toEqual([]);

    const shown = await server.gql(
      `mutation ($input: ModerateInput!) { moderate(input: $input) { action } }`,
      { input: { targetKind: "LISTING", targetId: held.id, action: "UNHIDE_LISTING" } },
      admin.token,
    );
    expect(shown.errors).toBeUndefined();
    await jobsSettled(server);
    expect((await matchNotices(server, who)).map((n) => n.link)).toEqual([`/shop/${held.id}`]);
  });

  it("is matched even when the process that listed it stops before the job runs (the job commits with the listing)", async ({
    server,
    cast: { seller },
  }) => {
    const tag = word();
    const who = await signUp(server);
    await save(server, who, { search: tag });
    // no worker: the listing commits with its job, which waits in PostgreSQL
    await server.services.jobs.stop();
    const product = await server.services.products.create(listing({ name: `Kettle ${tag}`, category: "furniture" }), asCaller(seller));
    const [waiting]: Array<{ n: number }> = await server.dataSource.query(
      `SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'alerts.match' AND data->>'productId' = $1 AND state = 'created'`,
      [product.id],
    );
    expect(waiting.n).toBe(1);
    expect(await matchNotices(server, who)).toEqual([]);
    // a process starts again and works the queue
    await server.services.jobs.start();
    await jobsSettled(server);
    expect((await matchNotices(server, who)).map((n) => n.link)).toEqual([`/shop/${product.id}`]);
  });

  it("a listing whose transaction rolls back leaves no job behind", async ({ server, cast: { seller } }) => {
    let ghostId = "";
    await expect(
      server.dataSource.transaction(async (manager) => {
        const product = await manager.save(manager.create(Product, row(seller.user.id, `Ghost ${word()}`)));
        ghostId = product.id;
        await server.services.events.publish(manager, "product.listed", { product });
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    const [jobs]: Array<{ n: number }> = await server.dataSource.query(
      `SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'alerts.match' AND data->>'productId' = $1`,
      [ghostId],
    );
    expect(ghostId).not.toBe("");
    expect(jobs.n).toBe(0);
  });
});

describe("the morning digest", () => {
  it("mails each opted-in user the day's matches once, through the mail outbox", async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), "unibazaar-digest-"));
    const server = await startTestServer({ env: { DATA_DIR: dataDir } });
    try {
      const tag = word();
      const [seller, digest, noDigest] = await Promise.all([signUp(server, "seller"), signUp(server), signUp(server)]);
      const { id } = await save(server, digest, { search: tag });
      await server.gql(UPDATE, { id, settings: { emailDigest: true } }, digest.token);
      await save(server, noDigest, { search: tag });
      const stapler = await list(server, seller, { name: `Stapler ${tag}`, category: "stationery" });
      const runDigest = async () => {
        await server.dataSource.transaction((manager) => server.services.jobs.enqueue(manager, "alerts.digest", {}));
        await jobsSettled(server);
      };
      await runDigest();
      await runDigest();
      const mails = await outboxMails(path.join(dataDir, "outbox"));
      const mine = mails.filter((m) => m.to.includes(digest.user.email));
      expect(mine).toHaveLength(1);
      expect(mine[0].subject).toBe("UniBazaar: 1 new listing for your saved searches");
      expect(mine[0].raw).toContain(`Stapler ${tag}, Rs`);
      // quoted-printable wraps long lines with a soft break
      expect(mine[0].raw.replace(/=\r?\n/g, "")).toContain(`/shop/${stapler.id}`);
      expect(mails.filter((m) => m.to.includes(noDigest.user.email))).toEqual([]);
    } finally {
      await server.close();
    }
  });

  it("mails after its transaction: a slow mail server locks no rows, and a transaction ended meanwhile sends no mail twice", async () => {
    const smtp = await startSmtpServer();
    const server = await startTestServer({ env: { SMTP_URL: smtp.url } });
    try {
      const tag = word();
      const [seller, first, second] = await Promise.all([signUp(server, "seller"), signUp(server), signUp(server)]);
      const searches = [];
      for (const reader of [first, second]) {
        const { id } = await save(server, reader, { search: tag });
        await server.gql(UPDATE, { id, settings: { emailDigest: true } }, reader.token);
        searches.push(id);
      }
      await list(server, seller, { name: `Stapler ${tag}`, category: "stationery" });
      const held = smtp.holdNext();
      await server.dataSource.transaction((manager) => server.services.jobs.enqueue(manager, "alerts.digest", {}));
      await held.arrived;
      await sleep(500);
      // meanwhile a reader deletes the saved search whose match is being mailed (its alerts' rows are updated)
      const deleted = await Promise.all(searches.map((id, i) => server.gql(DELETE, { id }, [first, second][i].token)));
      // the mail server still has the first mail: what PostgreSQL 17+ ends once it is open for TRANSACTION_TIMEOUT_MS
      const openDuringWait = await endOpenTransactions(server);
      held.release();
      await jobsSettled(server);
      const mailsTo = (who: SignedIn) => smtp.mails.filter((m) => m.to.includes(who.user.email)).length;
      expect({ deleteErrors: deleted.map(codeOf), openDuringWait, mails: [mailsTo(first), mailsTo(second)] }).toEqual({
        deleteErrors: [undefined, undefined],
        openDuringWait: 0,
        mails: [1, 1],
      });
    } finally {
      await server.close();
      await smtp.close();
    }
  });

  it("writes the digest in the language its reader chose: Urdu, with the listing's English name and price isolated", async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), "unibazaar-digest-"));
    const server = await startTestServer({ env: { DATA_DIR: dataDir } });
    try {
      const tag = word();
      const [seller, reader] = await Promise.all([signUp(server, "seller"), signUp(server)]);
      expect((await server.gql(`mutation { setLanguage(language: "ur") }`, {}, reader.token)).errors).toBeUndefined();
      const { id } = await save(server, reader, { search: tag });
      await server.gql(UPDATE, { id, settings: { emailDigest: true } }, reader.token);
      await list(server, seller, { name: `Stapler ${tag}`, category: "stationery" });
      await server.dataSource.transaction((manager) => server.services.jobs.enqueue(manager, "alerts.digest", {}));
      await jobsSettled(server);
      const [mail] = (await outboxMails(path.join(dataDir, "outbox"))).filter((m) => m.to.includes(reader.user.email));
      const { subject, body } = decodedMail(mail);
      expect(subject).toBe("UniBazaar: آپ کی محفوظ تلاشوں کے لیے 1 نئی چیز");
      expect(body).toContain(`السلام علیکم \u2068${reader.user.username}\u2069،`);
      expect(body).toContain(`- \u2068Stapler ${tag}\u2069، \u2068Rs`);
      expect(body).toContain("یہ ای میل اپنی محفوظ تلاشوں کے صفحے پر بند کریں۔");
    } finally {
      await server.close();
    }
  });
});
