import { describe, expect } from "vitest";
import { it } from "../../test/server-test";
import { asCaller, insertProduct, signUp, type SignedIn } from "../../test/fixtures";
import { codeOf, dataOf, jobsSettled } from "../../test/harness";
import { Notification, NotificationKind } from "../notifications/entity";
import { placeOrder } from "../orders/testing";
import { Product } from "../products/entity";
import { SavedItem } from "./entity";
import { noticeText } from "../../test/notifications";

let seller: SignedIn;
let buyer: SignedIn;
let other: SignedIn;

const SAVE = `mutation ($id: ID!) { saveProduct(productId: $id) }`;
const UNSAVE = `mutation ($id: ID!) { unsaveProduct(productId: $id) }`;
const LIST = `{ savedItems { product { id name price sold } savedPrice notice } }`;
const IDS = `{ savedProductIds }`;
const UPDATE = `mutation ($id: ID!, $input: ProductUpdateInput!) { updateProduct(id: $id, input: $input) { id } }`;

it.beforeAll(async ({ server }) => {
  [seller, buyer, other] = await Promise.all([signUp(server, "seller"), signUp(server, "user"), signUp(server, "user")]);
});

describe("saved items", () => {
  it("saves at the current price, once; only the saver sees it; unsave removes it", async ({ server }) => {
    const lamp = await insertProduct(server.dataSource, seller.user.id, { name: "Desk lamp", pricePaisa: 150_000 });
    await dataOf(server, SAVE, { id: lamp.id }, buyer.token);
    await dataOf(server, SAVE, { id: lamp.id }, buyer.token);
    expect((await dataOf(server, LIST, {}, buyer.token)).savedItems).toEqual([
      { product: { id: lamp.id, name: "Desk lamp", price: 1500, sold: false }, savedPrice: 1500, notice: null },
    ]);
    expect((await dataOf(server, IDS, {}, buyer.token)).savedProductIds).toEqual([lamp.id]);
    expect((await dataOf(server, LIST, {}, other.token)).savedItems).toEqual([]);

    await dataOf(server, UNSAVE, { id: lamp.id }, buyer.token);
    expect((await dataOf(server, IDS, {}, buyer.token)).savedProductIds).toEqual([]);
  });

  it("notices a price drop (not a rise) and a sale, sold first", async ({ server }) => {
    const bag = await insertProduct(server.dataSource, seller.user.id, { name: "Backpack", pricePaisa: 300_000, quantityAvailable: 1 });
    const mug = await insertProduct(server.dataSource, seller.user.id, { name: "Mug", pricePaisa: 50_000 });
    await dataOf(server, SAVE, { id: bag.id }, other.token);
    await dataOf(server, SAVE, { id: mug.id }, other.token);

    await dataOf(server, UPDATE, { id: mug.id, input: { price: 600 } }, seller.token);
    await dataOf(server, UPDATE, { id: bag.id, input: { price: 2500 } }, seller.token);
    await jobsSettled(server);
    const notices = async () =>
      Object.fromEntries(
        ((await dataOf(server, LIST, {}, other.token)).savedItems as Array<{ product: { name: string }; notice: string | null }>).map(
          (i) => [i.product.name, i.notice],
        ),
      );
    expect(await notices()).toEqual({ Backpack: "PRICE_DROP", Mug: null });

    await placeOrder(server, buyer, [{ productId: bag.id, quantity: 1 }]);
    await jobsSettled(server);
    expect(await notices()).toEqual({ Backpack: "SOLD", Mug: null });
  });

  it("rings the bell of those who saved it: a price below what they saved at, a sale (not for its buyer), a seller marking it sold", async ({
    server,
  }) => {
    const [early, late, buyerToo] = await Promise.all([signUp(server, "user"), signUp(server, "user"), signUp(server, "user")]);
    const desk = await insertProduct(server.dataSource, seller.user.id, { name: "Study desk", pricePaisa: 800_000, quantityAvailable: 1 });
    const chair = await insertProduct(server.dataSource, seller.user.id, { name: "Chair", pricePaisa: 200_000, quantityAvailable: 2 });
    await dataOf(server, SAVE, { id: desk.id }, early.token);
    await dataOf(server, UPDATE, { id: desk.id, input: { price: 7000 } }, seller.token);
    // the alerts are jobs: each step's are written before the next step (the bell is read in order)
    await jobsSettled(server);
    await dataOf(server, SAVE, { id: desk.id }, late.token);
    await dataOf(server, SAVE, { id: desk.id }, buyerToo.token);
    await dataOf(server, SAVE, { id: chair.id }, late.token);
    // a rise tells no one; a drop to 6,500 tells all three (each saved above it)
    await dataOf(server, UPDATE, { id: desk.id, input: { price: 7500 } }, seller.token);
    await dataOf(server, UPDATE, { id: desk.id, input: { price: 6500 } }, seller.token);
    await jobsSettled(server);
    // one of two chairs sold: not sold out, no notice; the desk's only unit sold: its savers but the buyer hear
    await placeOrder(server, buyerToo, [
      { productId: desk.id, quantity: 1 },
      { productId: chair.id, quantity: 1 },
    ]);
    await jobsSettled(server);
    // the seller marks the other chair sold
    await dataOf(server, UPDATE, { id: chair.id, input: { quantityAvailable: 0 } }, seller.token);
    await jobsSettled(server);

    const bell = async (who: SignedIn) =>
      (
        await server.dataSource.getRepository(Notification).find({
          where: { recipientId: who.user.id, kind: NotificationKind.SAVED_ITEM },
          order: { createdAt: "ASC" },
        })
      ).map((n) => `${n.link} ${noticeText(n).replace(/\u00a0/g, " ")}`);
    expect(await bell(early)).toEqual([
      `/shop/${desk.id} Price drop: "Study desk" is now Rs 7,000.`,
      `/shop/${desk.id} Price drop: "Study desk" is now Rs 6,500.`,
      `/shop/${desk.id} Sold: "Study desk" is no longer available.`,
    ]);
    expect(await bell(late)).toEqual([
      `/shop/${desk.id} Price drop: "Study desk" is now Rs 6,500.`,
      `/shop/${desk.id} Sold: "Study desk" is no longer available.`,
      `/shop/${chair.id} Sold: "Chair" is no longer available.`,
    ]);
    expect(await bell(buyerToo)).toEqual([`/shop/${desk.id} Price drop: "Study desk" is now Rs 6,500.`]);
    const unread = await server.gql(`{ notificationUnreadCount }`, {}, late.token);
    expect(unread.data.notificationUnreadCount).toBe(3);
  });

  it("rings no bell about a listing a moderator hid: its seller's new price or sale reaches no saver", async ({ server }) => {
    const [admin, saver] = await Promise.all([signUp(server, "admin"), signUp(server, "user")]);
    const phone = await insertProduct(server.dataSource, seller.user.id, { name: "Hidden phone", pricePaisa: 900_000 });
    await dataOf(server, SAVE, { id: phone.id }, saver.token);
    await server.services.moderation.moderate({ targetKind: "LISTING", targetId: phone.id, action: "HIDE_LISTING" }, asCaller(admin));

    // the seller still edits it (they see it); the savers must not hear of a listing that exists only for them and admins
    await dataOf(server, UPDATE, { id: phone.id, input: { price: 4000 } }, seller.token);
    await dataOf(server, UPDATE, { id: phone.id, input: { quantityAvailable: 0 } }, seller.token);
    await jobsSettled(server);
    const bell = await server.dataSource
      .getRepository(Notification)
      .findBy({ recipientId: saver.user.id, kind: NotificationKind.SAVED_ITEM });
    expect(bell).toEqual([]);
  });

  it("a deleted listing drops out of the list; unknown ids and anonymous callers are refused without a change", async ({ server }) => {
    const pen = await insertProduct(server.dataSource, seller.user.id, { name: "Pen" });
    await dataOf(server, SAVE, { id: pen.id }, buyer.token);
    await server.dataSource.getRepository(Product).softDelete(pen.id);
    expect((await dataOf(server, LIST, {}, buyer.token)).savedItems.map((i: { product: { id: string } }) => i.product.id)).not.toContain(
      pen.id,
    );

    const before = await server.dataSource.getRepository(SavedItem).count();
    expect(codeOf(await server.gql(SAVE, { id: "00000000-0000-4000-8000-000000000000" }, buyer.token))).toBe("NOT_FOUND");
    expect(codeOf(await server.gql(SAVE, { id: "not-an-id" }, buyer.token))).toBe("NOT_FOUND");
    expect(codeOf(await server.gql(SAVE, { id: pen.id }))).toBe("UNAUTHENTICATED");
    expect(await server.dataSource.getRepository(SavedItem).count()).toBe(before);
  });
});
