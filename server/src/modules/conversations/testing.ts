import { expect } from "vitest";
import { insertProduct, type SignedIn } from "../../test/fixtures";
import type { TestServer } from "../../test/harness";
import { Offer } from "./entity";

/** Shared by the offer tests. */

const OFFER_FIELDS = `id conversationId productId buyerId sellerId madeById amount status expiresAt respondedAt createdAt`;
const MAKE = `mutation ($c: ID!, $amount: Float!, $hours: Int) { makeOffer(conversationId: $c, amount: $amount, expiresInHours: $hours) { ${OFFER_FIELDS} } }`;
export const ACCEPT = `mutation ($id: ID!) { acceptOffer(offerId: $id) { ${OFFER_FIELDS} } }`;
export const DECLINE = `mutation ($id: ID!) { declineOffer(offerId: $id) { ${OFFER_FIELDS} } }`;
export const COUNTER = `mutation ($id: ID!, $amount: Float!, $hours: Int) { counterOffer(offerId: $id, amount: $amount, expiresInHours: $hours) { ${OFFER_FIELDS} } }`;
export const WITHDRAW = `mutation ($id: ID!) { withdrawOffer(offerId: $id) { ${OFFER_FIELDS} } }`;
export const OFFERS = `query ($c: ID!) { offers(conversationId: $c) { totalItems items { id amount status madeById } } }`;
export const QUOTE = `query ($lines: [CartLineInput!]!) { priceQuote(lines: $lines) { lines { unitPrice offerPrice lineTotal quantity } subtotal tax total } }`;

/** A fresh product of the seller's (Rs 2,000 unless given) and the buyer's conversation about it. */
export async function conversation(
  server: TestServer,
  seller: SignedIn,
  buyer: SignedIn,
  options: { pricePaisa?: number; quantityAvailable?: number } = {},
) {
  const product = await insertProduct(server.dataSource, seller.user.id, { pricePaisa: 200_000, ...options });
  const res = await server.gql(`mutation ($p: ID!) { startConversation(productId: $p) { id } }`, { p: product.id }, buyer.token);
  expect(res.errors).toBeUndefined();
  return { product, conversationId: res.data.startConversation.id as string };
}

export async function make(server: TestServer, conversationId: string, amount: number, who: SignedIn, hours?: number) {
  return server.gql(MAKE, { c: conversationId, amount, hours }, who.token);
}

export async function madeOffer(server: TestServer, conversationId: string, amount: number, who: SignedIn) {
  const res = await make(server, conversationId, amount, who);
  expect(res.errors).toBeUndefined();
  return res.data.makeOffer as { id: string; status: string; amount: number; expiresAt: string };
}

export const stored = (server: TestServer, id: string) => server.dataSource.getRepository(Offer).findOneByOrFail({ id });
