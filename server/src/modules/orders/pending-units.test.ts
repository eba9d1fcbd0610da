import { describe, expect } from "vitest";
import { it } from "../../test/server-test";
import { insertProduct, signUpCast, type Cast } from "../../test/fixtures";
import { placeOrder, setStatus } from "./testing";

let cast: Cast;
it.beforeAll(async ({ server }) => {
  cast = await signUpCast(server);
});

const PRODUCT = `query ($id: ID!) { product(id: $id) { quantityAvailable sold pendingOrderUnits } }`;

describe("a listing's units in orders that may give them back", () => {
  it("are counted for its seller and admins (a pending sale is not sold out), for no one else, until the relist guard lets go", async ({
    server,
  }) => {
    const product = await insertProduct(server.dataSource, cast.seller.user.id, { quantityAvailable: 2 });
    const order = (await placeOrder(server, cast.buyer, [{ productId: product.id, quantity: 2 }])).orders[0];
    const seen = async (token?: string) => (await server.gql(PRODUCT, { id: product.id }, token)).data.product;

    expect(await seen(cast.seller.token)).toEqual({ quantityAvailable: 0, sold: true, pendingOrderUnits: 2 });
    expect((await seen(cast.admin.token)).pendingOrderUnits).toBe(2);
    expect((await seen(cast.buyer.token)).pendingOrderUnits).toBe(0);
    expect((await seen()).pendingOrderUnits).toBe(0);

    // a confirmed order may still be rejected and give its units back: still pending
    expect((await setStatus(server, cast.seller, order.id, "CONFIRMED")).errors).toBeUndefined();
    expect((await seen(cast.seller.token)).pendingOrderUnits).toBe(2);
    // once the sale is under way the units are gone for good: sold, and Relist is taken by the server
    expect((await setStatus(server, cast.seller, order.id, "PROCESSING")).errors).toBeUndefined();
    expect(await seen(cast.seller.token)).toEqual({ quantityAvailable: 0, sold: true, pendingOrderUnits: 0 });
    const relist = await server.gql(
      `mutation ($id: ID!) { updateProduct(id: $id, input: { quantityAvailable: 1 }) { quantityAvailable } }`,
      { id: product.id },
      cast.seller.token,
    );
    expect(relist.errors).toBeUndefined();
  });
});
