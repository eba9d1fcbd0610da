import sharp from "sharp";
import { describe, expect } from "vitest";
import { it } from "./browser-test";
import { insertOrder, insertProduct } from "../server/src/test/fixtures";
import { Product } from "../server/src/modules/products/entity";
import { User } from "../server/src/modules/users/entity";
import { ADMIN, BUYER, contestedNoShow, SELLER, tokenFor } from "./dashboard-helpers";
import { type E2E, gqlOk, openPage, PHONE } from "./harness";
import { logIn, notice, unique, visible } from "./storefront-helpers";

/** The scam shield's holds and masks as people meet them, and the admin's order page, on a phone. */
let e2e: E2E;

it.beforeAll(async ({ e2e: app }) => {
  e2e = app;
});

const users = (email: string) => e2e.server.dataSource.getRepository(User).findOneByOrFail({ email });
const newestNotice = async (token: string) =>
  (await gqlOk(e2e, `{ notifications(pageSize: 1) { items { text } } }`, undefined, token)).notifications.items[0]?.text as string;
/** Nothing on the page is wider than the phone. */
const fitsPhone = (page: import("playwright-core").Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

/** A listing by SELLER whose photo is a resized copy of BUYER's listing photo: held for review at once. */
async function holdACopiedPhoto(title: string) {
  const [owner, copier] = await Promise.all([users(BUYER), users(SELLER)]);
  const png = await sharp({ create: { width: 800, height: 600, channels: 3, background: "#3a6" } })
    .composite([
      {
        input: Buffer.from(
          `<svg width="800" height="600"><circle cx="300" cy="250" r="160" fill="#c33"/><rect x="480" y="320" width="220" height="180" fill="#236"/></svg>`,
        ),
      },
    ])
    .png()
    .toBuffer();
  const originalUrl = (await e2e.server.services.uploads.storeImage(png, owner.id)).url;
  const original = await insertProduct(e2e.server.dataSource, owner.id, { name: `Original lamp ${unique()}` });
  await e2e.server.dataSource.getRepository(Product).update(original.id, { image: originalUrl });
  const copyUrl = (await e2e.server.services.uploads.storeImage(await sharp(png).resize(300).png().toBuffer(), copier.id)).url;
  const sellerToken = await tokenFor(e2e, SELLER);
  const name = `${title} ${unique()}`;
  const created = await gqlOk(
    e2e,
    `mutation ($input: ProductInput!) { createProduct(input: $input) { id heldReason } }`,
    { input: { name, description: "Desk lamp, works well.", category: "electronics", color: "black", price: 1500, image: copyUrl } },
    sellerToken,
  );
  expect(created.createProduct.heldReason).toMatch(/^Held for review/);
  return { owner, copier, original, name, created: created.createProduct as { id: string }, sellerToken };
}

describe("the scam shield and the admin's order page at 390 px", () => {
  it("a copied-photo hold: the admin compares the two photos and releases it; the seller is told", async () => {
    const { owner, copier, original, name, created, sellerToken } = await holdACopiedPhoto("Copied lamp");

    const { context, page } = await openPage(e2e, PHONE);
    try {
      await logIn(page, ADMIN);
      await page.goto("/dashboard/admin/moderation");
      const held = await visible(page.getByRole("listitem", { name: `Held listing ${name}` }));
      await visible(held.getByRole("img", { name: `Photo of ${name}` }));
      await visible(held.getByRole("img", { name: `Photo of ${original.name}` }));
      await visible(held.getByRole("link", { name: original.name }));
      await visible(held.getByText(`by ${owner.username}`, { exact: true }));
      await visible(held.getByText(`by ${copier.username}`, { exact: true }));
      expect(await fitsPhone(page)).toBe(true);
      await held.getByRole("button", { name: `Release ${name}` }).click();
      await notice(page, `${name} is in the shop again; its seller is told.`);
      await expect.poll(() => held.count()).toBe(0);
    } finally {
      await context.close();
    }
    expect(await newestNotice(sellerToken)).toBe(`An admin checked "${name}" and released it: it is in the shop again.`);
    expect((await e2e.server.dataSource.getRepository(Product).findOneByOrFail({ id: created.id })).hiddenAt).toBeNull();
  });

  it("a copied-photo hold kept hidden: the admin chooses why; the listing stays out of the shop and the seller is told the reason", async () => {
    const { name, created, sellerToken } = await holdACopiedPhoto("Copied kettle");

    const { context, page } = await openPage(e2e, PHONE);
    try {
      await logIn(page, ADMIN);
      await page.goto("/dashboard/admin/moderation");
      const held = await visible(page.getByRole("listitem", { name: `Held listing ${name}` }));
      await held.getByRole("button", { name: `Keep ${name} hidden` }).click();
      const dialog = await visible(page.getByRole("dialog", { name: `Keep ${name} hidden?` }));
      // no reason chosen: the seller would read nothing, so it is asked for
      await dialog.getByRole("button", { name: "Keep hidden" }).click();
      await visible(dialog.getByRole("alert").filter({ hasText: "Choose why it stays hidden." }));
      await dialog.getByRole("radio", { name: "The photo is another seller's listing photo" }).check();
      expect(await fitsPhone(page)).toBe(true);
      await dialog.getByRole("button", { name: "Keep hidden" }).click();
      await notice(page, `${name} stays hidden; its seller is told why.`);
      await expect.poll(() => held.count()).toBe(0);
    } finally {
      await context.close();
    }
    // the shop does not show it: a search for its name finds nothing, and its page has no product
    const shop = await gqlOk<{ products: { items: Array<{ id: string }> }; product: { id: string } | null }>(
      e2e,
      `query ($q: String, $id: ID!) { products(filter: { search: $q }) { items { id } } product(id: $id) { id } }`,
      { q: name, id: created.id },
    );
    expect(shop.products.items).toEqual([]);
    expect(shop.product).toBeNull();
    expect((await e2e.server.dataSource.getRepository(Product).findOneByOrFail({ id: created.id })).hiddenAt).not.toBeNull();
    expect(await newestNotice(sellerToken)).toBe(
      `An admin checked "${name}" and kept it hidden: its photo is another seller's listing photo.`,
    );

    // the seller reads it in their bell, beside the listing it is about
    const seller = await openPage(e2e, PHONE);
    try {
      await logIn(seller.page, SELLER);
      await seller.page.goto("/notifications");
      await visible(
        seller.page
          .getByRole("main")
          .getByText(`An admin checked "${name}" and kept it hidden: its photo is another seller's listing photo.`),
      );
      await seller.page.goto("/dashboard/seller/manage-products");
      const row = seller.page
        .getByRole("row")
        .filter({ hasText: name })
        .or(seller.page.getByRole("listitem").filter({ hasText: name }));
      await visible(row.first().getByText("Hidden by a moderator"));
      expect(await fitsPhone(seller.page)).toBe(true);
    } finally {
      await seller.context.close();
    }
  });

  it("the sender of a number the shield hides reads, beside their message, that it is hidden until an order", async () => {
    const [admin] = await Promise.all([users(ADMIN)]);
    // a listing of someone the buyer has never ordered from
    const product = await insertProduct(e2e.server.dataSource, admin.id, { name: `Lab coat ${unique()}` });
    const buyerToken = await tokenFor(e2e, BUYER);
    const { startConversation } = await gqlOk<{ startConversation: { id: string } }>(
      e2e,
      `mutation ($p: ID!) { startConversation(productId: $p) { id } }`,
      { p: product.id },
      buyerToken,
    );
    await gqlOk(
      e2e,
      `mutation ($c: ID!) { sendMessage(conversationId: $c, body: "Call me on 0300 1234567") { id } }`,
      { c: startConversation.id },
      buyerToken,
    );

    const { context, page } = await openPage(e2e, PHONE);
    try {
      await logIn(page, BUYER);
      await page.goto(`/messages/${startConversation.id}`);
      await visible(page.getByText("Call me on 0300 1234567"));
      await visible(
        page.getByRole("note").filter({
          hasText: "Your number is hidden from them until you have an order together. Share contacts after the deal is agreed.",
        }),
      );
      expect(await fitsPhone(page)).toBe(true);
    } finally {
      await context.close();
    }
  });

  it("a listing whose only unit is in a pending order says so, without Relist; the admin's order page shows both parties", async () => {
    const [seller, buyer] = await Promise.all([users(SELLER), users(BUYER)]);
    const product = await insertProduct(e2e.server.dataSource, seller.id, { name: `Pending kettle ${unique()}`, quantityAvailable: 0 });
    const order = await insertOrder(e2e.server.dataSource, { buyerId: buyer.id, lines: [{ product }] });

    const seen = await openPage(e2e, PHONE);
    try {
      await logIn(seen.page, SELLER);
      await seen.page.goto("/dashboard/seller/manage-products");
      const row = seen.page
        .getByRole("row")
        .filter({ hasText: product.name })
        .or(seen.page.getByRole("listitem").filter({ hasText: product.name }));
      await visible(row.first().getByText("In a pending order"));
      expect(
        await row
          .first()
          .getByRole("button", { name: `Relist ${product.name}` })
          .count(),
      ).toBe(0);
      expect(await row.first().getByText("Sold", { exact: true }).count()).toBe(0);
    } finally {
      await seen.context.close();
    }

    const { context, page } = await openPage(e2e, PHONE);
    try {
      await logIn(page, ADMIN);
      await page.goto(`/orders/${order.id}`);
      await visible(page.getByRole("heading", { level: 1 }));
      await visible(page.getByText(new RegExp(`bought by ${buyer.username} from ${seller.storeName || seller.username}`)));
      await visible(page.getByRole("heading", { name: "Payment" }));
      await visible(page.getByRole("link", { name: "Disputes" }));
      expect(await fitsPhone(page)).toBe(true);
    } finally {
      await context.close();
    }
  });

  it("the admin reaches an order's page from where they meet it: a contested no-show links its order", async () => {
    const { order, seller, buyer, buyerToken } = await contestedNoShow(e2e, `Bike lock ${unique()}`, "I was at the gate");
    const { orderNumber } = (
      await gqlOk<{ order: { orderNumber: string } }>(
        e2e,
        `query($id: ID!) { order(id: $id) { orderNumber } }`,
        { id: order.id },
        buyerToken,
      )
    ).order;

    const { context, page } = await openPage(e2e, PHONE);
    try {
      await logIn(page, ADMIN);
      await page.goto("/dashboard/admin/moderation");
      const item = page
        .getByRole("list", { name: "Contested no-shows" })
        .getByRole("listitem", { name: `No-show on order ${orderNumber}` });
      expect(await fitsPhone(page)).toBe(true);
      await item.getByRole("link", { name: `Open order ${orderNumber}` }).click();
      await expect.poll(() => new URL(page.url()).pathname).toBe(`/orders/${order.id}`);
      const heading = await visible(page.getByRole("main").getByRole("heading", { level: 1 }));
      await expect.poll(() => heading.first().textContent()).toBe(`Order ${orderNumber}`);
      await visible(page.getByText(new RegExp(`bought by ${buyer.username} from ${seller.storeName || seller.username}`)));
      expect(await fitsPhone(page)).toBe(true);
    } finally {
      await context.close();
    }
  });
});
