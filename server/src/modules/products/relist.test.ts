import { describe, expect } from "vitest";
import { it } from "../../test/server-test";
import { insertProduct, signUpCast, type SignedIn } from "../../test/fixtures";
import { Client } from "pg";
import { databaseOf, lockWaiters, type TestServer } from "../../test/harness";
import { placeOrder, setStatus } from "../orders/testing";
import { Product } from "./entity";

let seller: SignedIn;
let buyer: SignedIn;

it.beforeAll(async ({ server }) => {
  ({ seller, buyer } = await signUpCast(server));
});

const RELIST = `mutation ($id: ID!) { updateProduct(id: $id, input: { quantityAvailable: 1 }) { id quantityAvailable sold } }`;
const relist = (server: TestServer, id: string) => server.gql(RELIST, { id }, seller.token);
const relistOverRest = (server: TestServer, id: string) =>
  server.api("PATCH", `/api/products/update-product/${id}`, { token: seller.token, body: { quantityAvailable: 1 } });
const unitsOf = async (server: TestServer, id: string) =>
  (await server.dataSource.getRepository(Product).findOneByOrFail({ id })).quantityAvailable;

/** A one-off item (one unit) with a pending order holding it: the listing reads as sold. */
async function heldOneOff(server: TestServer) {
  const product = await insertProduct(server.dataSource, seller.user.id, { name: "Casio fx-991 calculator", quantityAvailable: 1 });
  const checkout = await placeOrder(server, buyer, [{ productId: product.id, quantity: 1 }]);
  expect(await unitsOf(server, product.id)).toBe(0);
  return { product, orderId: checkout.orders[0].id as string };
}

const HELD =
  'An open order still holds "Casio fx-991 calculator": it goes back on sale by itself if that order is cancelled or rejected. Relist it once the order is completed.';

describe("relisting a sold listing while an order holds its units", () => {
  it("is refused (GraphQL and REST) and changes nothing; the cancel then puts the one unit back", async ({ server }) => {
    const { product, orderId } = await heldOneOff(server);
    const refused = await relist(server, product.id);
    expect(refused.errors?.[0]).toMatchObject({ message: HELD, extensions: { code: "CONFLICT" } });
    expect(await relistOverRest(server, product.id)).toMatchObject({ status: 409, body: { message: HELD } });
    expect(await unitsOf(server, product.id)).toBe(0);

    expect((await setStatus(server, buyer, orderId, "CANCELLED")).errors).toBeUndefined();
    // one item, one unit: not two
    expect(await unitsOf(server, product.id)).toBe(1);
  });

  it("cancel first, then relist: still one unit", async ({ server }) => {
    const { product, orderId } = await heldOneOff(server);
    expect((await setStatus(server, buyer, orderId, "CANCELLED")).errors).toBeUndefined();
    expect((await relist(server, product.id)).data.updateProduct).toMatchObject({ quantityAvailable: 1, sold: false });
    expect(await unitsOf(server, product.id)).toBe(1);
  });

  it("a relist racing a cancel ends with one unit, whichever wins", async ({ server }) => {
    for (let round = 0; round < 5; round++) {
      const { product, orderId } = await heldOneOff(server);
      await Promise.all([relist(server, product.id), setStatus(server, buyer, orderId, "CANCELLED")]);
      expect(await unitsOf(server, product.id)).toBe(1);
    }
  });

  it("is allowed once the order is under way (its units can no longer come back)", async ({ server }) => {
    const { product, orderId } = await heldOneOff(server);
    for (const status of ["CONFIRMED", "PROCESSING"]) expect((await setStatus(server, seller, orderId, status)).errors).toBeUndefined();
    expect((await relist(server, product.id)).data.updateProduct).toMatchObject({ quantityAvailable: 1, sold: false });
  });
});

describe("an edit racing another write to the listing", () => {
  it("keeps a moderator's hide that commits while the seller's relist waits on the listing (GraphQL and REST)", async ({ server }) => {
    for (const edit of [relist, relistOverRest]) {
      const product = await insertProduct(server.dataSource, seller.user.id, { quantityAvailable: 1 });
      const [locker, watcher] = [
        new Client({ connectionString: databaseOf(server) }),
        new Client({ connectionString: databaseOf(server) }),
      ];
      await Promise.all([locker.connect(), watcher.connect()]);
      try {
        // the moderator's hide (setListingHidden's write), not committed yet
        await locker.query("BEGIN");
        await locker.query(`UPDATE products SET "hiddenAt" = now() WHERE id = $1`, [product.id]);
        const edited = edit(server, product.id);
        await expect.poll(() => lockWaiters(watcher), { timeout: 30_000, interval: 20 }).toBe(1);
        await locker.query("COMMIT");
        const answer = (await edited) as { errors?: unknown; status?: number };
        expect(answer.errors).toBeUndefined();
        expect(answer.status ?? 200).toBe(200);
      } finally {
        await Promise.all([locker.end(), watcher.end()]);
      }
      // the seller's edit did not write back the listing as it read it before the hide
      const stored = await server.dataSource.getRepository(Product).findOneByOrFail({ id: product.id });
      expect(stored.hiddenAt).not.toBeNull();
    }
  });
});
