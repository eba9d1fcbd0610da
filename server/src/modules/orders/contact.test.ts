import { describe, expect } from "vitest";
import { it } from "../../test/server-test";
import { insertOrder, insertProduct } from "../../test/fixtures";
import { OrderStatus } from "./entity";

const ORDER = `query ($id: ID!) { order(id: $id) { status contactNumber buyer { id username email } } }`;

describe("the buyer's personal data on an order", () => {
  it("the seller gets the phone once the order is confirmed and never the e-mail; the buyer and admins see both", async ({
    server,
    cast: { seller, buyer, admin },
  }) => {
    const product = await insertProduct(server.dataSource, seller.user.id);
    const seen: Record<string, unknown> = {};
    for (const status of Object.values(OrderStatus)) {
      const order = await insertOrder(server.dataSource, { buyerId: buyer.user.id, lines: [{ product }], status });
      const asSeller = (await server.gql(ORDER, { id: order.id }, seller.token)).data.order;
      seen[status] = asSeller.contactNumber;
      expect(asSeller.buyer).toEqual({ id: buyer.user.id, username: buyer.user.username, email: null });
      for (const who of [buyer, admin]) {
        expect((await server.gql(ORDER, { id: order.id }, who.token)).data.order).toMatchObject({
          contactNumber: "03001234567",
          buyer: { email: buyer.user.email },
        });
      }
    }
    expect(seen).toEqual({
      [OrderStatus.PENDING]: null,
      [OrderStatus.CONFIRMED]: "03001234567",
      [OrderStatus.PROCESSING]: "03001234567",
      [OrderStatus.SHIPPED]: "03001234567",
      [OrderStatus.COMPLETED]: "03001234567",
      [OrderStatus.REJECTED]: null,
      [OrderStatus.CANCELLED]: null,
    });
  });
});
