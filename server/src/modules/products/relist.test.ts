import { describe, expect } from "vitest";
import { it } from "../../test/server-test";
import { insertProduct, signUpCast, type SignedIn } from "../../test/fixtures";
import type { TestServer } from "../../test/harness";
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
