import { expect } from "vitest";
import { insertProduct, type SignedIn } from "../../test/fixtures";
import type { TestServer } from "../../test/harness";
import { CATALOG_CACHE } from "../products/catalog";
import { Product } from "../products/entity";
import { ORDER_FIELDS, orderInput } from "./testing";

/** Shared by the campus meetup tests. */

export const LUMS = "lums-lahore";
export const LIBRARY = "lums-lahore-library";
export const GATE = "lums-lahore-gate";

/** A listing of `who` on `campus` (null: none), with the catalogue cache dropped as the write bypasses the service. */
export async function listing(server: TestServer, who: SignedIn, campus: string | null, name = "Desk lamp") {
  const product = await insertProduct(server.dataSource, who.user.id, { pricePaisa: 150_000, name, quantityAvailable: 5 });
  await server.dataSource.getRepository(Product).update(product.id, { campus });
  await server.services.cache.invalidate(CATALOG_CACHE);
  return product;
}

/** `daysAhead` days from now at `hour`:`minute` Pakistan time (UTC+5), as an ISO string. */
export function pkt(daysAhead: number, hour: number, minute = 0): string {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + daysAhead);
  d.setUTCHours(hour - 5, minute, 0, 0);
  return d.toISOString();
}

export const line = (product: Product) => [{ productId: product.id, quantity: 1 }];
export const meetupOrder = (point = LIBRARY, at = pkt(2, 13), over: Record<string, unknown> = {}) => ({
  fulfilment: "MEETUP",
  shipping: null,
  meetup: { point, at },
  paymentMethod: "CASH_ON_MEETUP",
  ...over,
});

export const MEETUP_FIELDS = `${ORDER_FIELDS} fulfilment meetup { campus { slug label } point { slug label campus } at state proposedBy canConfirm canPropose }`;
export const ORDER_Q = `query ($id: ID!) { order(id: $id) { ${MEETUP_FIELDS} } }`;
export const PLACE = `mutation ($input: PlaceOrderInput!) { placeOrder(input: $input) { id paymentMethod paymentUrl orders { ${MEETUP_FIELDS} } } }`;
export const CONFIRM = `mutation ($id: ID!) { confirmMeetup(id: $id) { ${MEETUP_FIELDS} } }`;
export const PROPOSE = `mutation ($id: ID!, $meetup: MeetupInput!) { proposeMeetup(id: $id, meetup: $meetup) { ${MEETUP_FIELDS} } }`;

export const propose = (server: TestServer, who: SignedIn, id: string, point: string, at: string) =>
  server.gql(PROPOSE, { id, meetup: { point, at } }, who.token);
export const place = (
  server: TestServer,
  who: SignedIn,
  lines: Array<{ productId: string; quantity: number }>,
  over: Record<string, unknown>,
) => server.gql(PLACE, { input: orderInput(lines, over) }, who.token);
export async function placedMeetup(server: TestServer, buyer: SignedIn, product: Product, over: Record<string, unknown> = {}) {
  const res = await place(server, buyer, line(product), meetupOrder(LIBRARY, pkt(2, 13), over));
  expect(res.errors).toBeUndefined();
  return res.data.placeOrder.orders[0];
}
