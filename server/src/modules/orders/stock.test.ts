import { describe, expect } from "vitest";
import { it } from "../../test/server-test";
import { In } from "typeorm";
import { insertProduct, signUp, type SignedIn } from "../../test/fixtures";
import { codeOf, type TestServer } from "../../test/harness";
import { CATALOG_CACHE } from "../products/catalog";
import { Product } from "../products/entity";
import { CheckoutSession, Order, OrderLine, OrderStatusEvent } from "./entity";
import { orderInput, PLACE_ORDER, placeOrder, setStatus } from "./testing";

let seller: SignedIn;
let otherSeller: SignedIn;
let buyer: SignedIn;

it.beforeAll(async ({ server }) => {
  [seller, otherSeller, buyer] = await Promise.all([signUp(server, "seller"), signUp(server, "seller"), signUp(server, "user")]);
});

const reload = (server: TestServer, id: string) => server.dataSource.getRepository(Product).findOneByOrFail({ id });
const PRODUCT = `query ($id: ID!) { product(id: $id) { id quantityAvailable sold } }`;
const SHOP = `query ($search: String) { products(filter: { search: $search }, pageSize: 50) { items { id sold } } }`;
const UPDATE = `mutation ($id: ID!, $input: ProductUpdateInput!) { updateProduct(id: $id, input: $input) { id quantityAvailable sold } }`;
const shopIds = async (server: TestServer, search?: string) =>
  ((await server.gql(SHOP, { search })).data.products.items as Array<{ id: string }>).map((p) => p.id);

describe("the last unit", () => {
  it("fifty simultaneous checkouts: exactly one buys it, the others are told it sold, nothing half-written", async ({ server }) => {
    const single = await insertProduct(server.dataSource, seller.user.id, { name: "Used Casio fx-991", quantityAvailable: 1 });
    // every checkout also takes a unit of a plentiful listing, so a refused one must give that back too
    const plenty = await insertProduct(server.dataSource, otherSeller.user.id, { name: "Lab coat", quantityAvailable: 100 });
    const buyers = await Promise.all(Array.from({ length: 50 }, () => signUp(server, "user")));

    const results = await Promise.all(
      buyers.map((b) =>
        server.gql(
          PLACE_ORDER,
          {
            input: orderInput([
              { productId: plenty.id, quantity: 1 },
              { productId: single.id, quantity: 1 },
            ]),
          },
          b.token,
        ),
      ),
    );

    const won = results.filter((r) => !r.errors);
    const lost = results.filter((r) => r.errors);
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(49);
    for (const r of lost) {
      // queued behind the winner (409), or arrived after it committed and saw the listing sold (400)
      expect(["CONFLICT", "BAD_USER_INPUT"]).toContain(codeOf(r));
      expect(r.errors![0].message).toMatch(
        /^(Sorry, "Used Casio fx-991" has just been sold\. Remove it from your cart and try again\.|Some products in your cart are no longer available\. Remove them and try again\.)$/,
      );
    }

    expect(await reload(server, single.id)).toMatchObject({ quantityAvailable: 0, soldOutAt: expect.any(Date) });
    expect((await reload(server, plenty.id)).quantityAvailable).toBe(99);
    const buyerIds = buyers.map((b) => b.user.id);
    const ds = server.dataSource;
    const orders = await ds.getRepository(Order).findBy({ buyerId: In(buyerIds) });
    expect(orders).toHaveLength(2); // the winner's checkout: one order per seller
    expect(await ds.getRepository(CheckoutSession).countBy({ buyerId: In(buyerIds) })).toBe(1);
    expect(await ds.getRepository(OrderLine).countBy({ productId: In([single.id, plenty.id]) })).toBe(2);
    expect(await ds.getRepository(OrderStatusEvent).countBy({ orderId: In(orders.map((o) => o.id)) })).toBe(2);
  });

  it("asking for more than is left names what is left and changes nothing", async ({ server }) => {
    const pens = await insertProduct(server.dataSource, seller.user.id, { name: "Gel pens", quantityAvailable: 3 });
    await placeOrder(server, buyer, [{ productId: pens.id, quantity: 2 }]);
    expect((await reload(server, pens.id)).quantityAvailable).toBe(1);

    const res = await server.gql(PLACE_ORDER, { input: orderInput([{ productId: pens.id, quantity: 2 }]) }, buyer.token);
    expect(codeOf(res)).toBe("BAD_USER_INPUT");
    expect(res.errors![0].message).toBe('Only 1 of "Gel pens" left.');
    expect(res.errors![0].extensions!.fields).toEqual({ "lines.0.quantity": 'Only 1 of "Gel pens" left.' });
    expect(await reload(server, pens.id)).toMatchObject({ quantityAvailable: 1, soldOutAt: null });
    expect(await server.dataSource.getRepository(OrderLine).countBy({ productId: pens.id })).toBe(1);
  });
});

describe("sold listings", () => {
  it("a sold listing is never priced into a cart and cannot be ordered", async ({ server }) => {
    const lamp = await insertProduct(server.dataSource, seller.user.id, { name: "Study lamp", quantityAvailable: 1 });
    await placeOrder(server, buyer, [{ productId: lamp.id, quantity: 1 }]);
    expect((await server.gql(PRODUCT, { id: lamp.id })).data.product).toEqual({ id: lamp.id, quantityAvailable: 0, sold: true });

    const quote = await server.gql(
      `query ($lines: [CartLineInput!]!) { priceQuote(lines: $lines) { lines { available } itemCount total } }`,
      {
        lines: [{ productId: lamp.id, quantity: 1 }],
      },
    );
    expect(quote.data.priceQuote).toEqual({ lines: [{ available: false }], itemCount: 0, total: 0 });

    const again = await server.gql(PLACE_ORDER, { input: orderInput([{ productId: lamp.id, quantity: 1 }]) }, buyer.token);
    expect(codeOf(again)).toBe("BAD_USER_INPUT");
    expect(again.errors![0].extensions!.fields).toEqual({ "lines.0.productId": '"Study lamp" is sold.' });
  });

  it("a cancelled or a rejected order gives the unit back", async ({ server }) => {
    const desk = await insertProduct(server.dataSource, seller.user.id, { name: "Folding desk", quantityAvailable: 1 });
    const first = await placeOrder(server, buyer, [{ productId: desk.id, quantity: 1 }]);
    expect((await setStatus(server, buyer, first.orders[0].id, "CANCELLED")).errors).toBeUndefined();
    expect(await reload(server, desk.id)).toMatchObject({ quantityAvailable: 1, soldOutAt: null });

    const second = await placeOrder(server, buyer, [{ productId: desk.id, quantity: 1 }]);
    expect((await reload(server, desk.id)).quantityAvailable).toBe(0);
    expect((await setStatus(server, seller, second.orders[0].id, "REJECTED")).errors).toBeUndefined();
    expect(await reload(server, desk.id)).toMatchObject({ quantityAvailable: 1, soldOutAt: null });

    // an accepted order keeps it
    const third = await placeOrder(server, buyer, [{ productId: desk.id, quantity: 1 }]);
    expect((await setStatus(server, seller, third.orders[0].id, "CONFIRMED")).errors).toBeUndefined();
    expect((await reload(server, desk.id)).quantityAvailable).toBe(0);
  });

  it("stays in the shop and its search for a few days, then leaves them; its page still answers", async ({ server }) => {
    const kettle = await insertProduct(server.dataSource, seller.user.id, { name: "Electric kettle", quantityAvailable: 1 });
    await placeOrder(server, buyer, [{ productId: kettle.id, quantity: 1 }]);
    expect(await shopIds(server)).toContain(kettle.id);
    expect(await shopIds(server, "kettle")).toEqual([kettle.id]);

    const trending = async () =>
      ((await server.gql(`{ trendingProducts(limit: 50) { id } }`)).data.trendingProducts as Array<{ id: string }>).map((p) => p.id);
    expect(await trending()).toContain(kettle.id);

    await server.dataSource.getRepository(Product).update(kettle.id, { soldOutAt: new Date(Date.now() - 4 * 86_400_000) });
    // days pass behind the service's back: the shared cache would keep its answers until they expire
    await server.services.cache.invalidate(CATALOG_CACHE);
    expect(await shopIds(server)).not.toContain(kettle.id);
    expect(await trending()).not.toContain(kettle.id);
    expect(await shopIds(server, "kettle")).toEqual([]);
    const legacy = await server.api("GET", `/api/products/seller/${seller.user.id}`);
    expect(legacy.body.products.map((p: { _id: string }) => p._id)).not.toContain(kettle.id);
    expect((await server.gql(PRODUCT, { id: kettle.id })).data.product.sold).toBe(true);
  });
});

describe("listing quantities", () => {
  it("a new listing is a single item unless the seller says more; 0 or a fraction is refused", async ({ server }) => {
    const CREATE = `mutation ($input: ProductInput!) { createProduct(input: $input) { id quantityAvailable sold } }`;
    const input = {
      name: "Graph paper pad",
      description: "Fifty sheets, unused.",
      category: "books",
      color: "blue",
      price: 150,
      image: "/uploads/pad.webp",
    };
    expect((await server.gql(CREATE, { input }, seller.token)).data.createProduct).toMatchObject({ quantityAvailable: 1, sold: false });
    expect(
      (await server.gql(CREATE, { input: { ...input, quantityAvailable: 12 } }, seller.token)).data.createProduct.quantityAvailable,
    ).toBe(12);
    const before = await server.dataSource.getRepository(Product).count();
    const zero = await server.gql(CREATE, { input: { ...input, quantityAvailable: 0 } }, seller.token);
    expect(codeOf(zero)).toBe("BAD_USER_INPUT");
    expect(zero.errors![0].message).toBe("Quantity must be a whole number from 1 to 999.");
    expect(codeOf(await server.gql(CREATE, { input: { ...input, quantityAvailable: 1000 } }, seller.token))).toBe("BAD_USER_INPUT");
    expect(await server.dataSource.getRepository(Product).count()).toBe(before);
  });

  it("the seller relists a sold listing; only the seller or an admin may", async ({ server }) => {
    const bike = await insertProduct(server.dataSource, seller.user.id, { name: "Campus bicycle", quantityAvailable: 1 });
    const sale = await placeOrder(server, buyer, [{ productId: bike.id, quantity: 1 }]);

    const stranger = await server.gql(UPDATE, { id: bike.id, input: { quantityAvailable: 1 } }, otherSeller.token);
    expect(codeOf(stranger)).toBe("FORBIDDEN");
    const negative = await server.gql(UPDATE, { id: bike.id, input: { quantityAvailable: -1 } }, seller.token);
    expect(codeOf(negative)).toBe("BAD_USER_INPUT");
    expect(negative.errors![0].message).toBe("Quantity must be a whole number from 0 to 999.");
    expect((await reload(server, bike.id)).quantityAvailable).toBe(0);

    // once the sale is under way its unit cannot come back: the seller relists another one
    for (const status of ["CONFIRMED", "PROCESSING"])
      expect((await setStatus(server, seller, sale.orders[0].id, status)).errors).toBeUndefined();
    const relisted = await server.gql(UPDATE, { id: bike.id, input: { quantityAvailable: 1 } }, seller.token);
    expect(relisted.data.updateProduct).toEqual({ id: bike.id, quantityAvailable: 1, sold: false });
    expect(await reload(server, bike.id)).toMatchObject({ soldOutAt: null });
    await placeOrder(server, buyer, [{ productId: bike.id, quantity: 1 }]);

    // marking it sold by hand (sold elsewhere) records when
    const gone = await insertProduct(server.dataSource, seller.user.id, { quantityAvailable: 2 });
    expect((await server.gql(UPDATE, { id: gone.id, input: { quantityAvailable: 0 } }, seller.token)).data.updateProduct.sold).toBe(true);
    expect((await reload(server, gone.id)).soldOutAt).toBeInstanceOf(Date);
  });
});

describe("REST", () => {
  it("place-order for a sold listing answers 400 with the message and writes nothing", async ({ server }) => {
    const chair = await insertProduct(server.dataSource, seller.user.id, { name: "Hostel chair", quantityAvailable: 1 });
    await placeOrder(server, buyer, [{ productId: chair.id, quantity: 1 }]);
    const res = await server.api("POST", "/api/orders/place-order", {
      token: buyer.token,
      body: {
        products: [{ productId: chair.id, quantity: 1 }],
        amount: 100,
        shippingDetails: { address: "Hostel 3", city: "Lahore", postalCode: "54000", country: "Pakistan" },
        contactNumber: "03001234567",
      },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("Some products in your cart are no longer available. Remove them and try again.");
    expect(await server.dataSource.getRepository(OrderLine).countBy({ productId: chair.id })).toBe(1);
  });
});
