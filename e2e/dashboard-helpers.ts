import type { Page } from "playwright-core";
import { Fulfilment, MeetupParty, MeetupState, Order, PaymentMethod } from "../server/src/modules/orders/entity";
import { User } from "../server/src/modules/users/entity";
import { insertOrder, insertProduct } from "../server/src/test/fixtures";
import { gqlOk, type E2E } from "./harness";
import { PASSWORD, signIn } from "./storefront-helpers";

export { PASSWORD };

export const ADMIN = "admin@unibazaar.pk";
export const SELLER = "ali.seller@unibazaar.pk";
export const SELLER_2 = "store@campuscorner.pk";
export const BUYER = "fatima@student.pk";
export const BUYER_2 = "hamza@student.pk";
export const BUYER_3 = "zainab@student.pk";

/** A bearer token for API calls made by the test itself (setup and cross-checks). */
export async function tokenFor(e2e: E2E, email: string, password = PASSWORD): Promise<string> {
  const res = await e2e.server.gql<{ login: { token: string } }>(
    `mutation($e: String!, $p: String!) { login(email: $e, password: $p) { token } }`,
    { e: email, p: password },
  );
  if (!res.data) throw new Error(`login ${email} failed: ${JSON.stringify(res.errors)}`);
  return res.data.login.token;
}

/** Signs in (without the login page), then opens `path`. */
export async function signInTo(page: Page, email: string, path: string) {
  await signIn(page, email);
  await page.goto(path);
}

/** The text of the cell next to a row header in the table with this caption (a chart's data table). */
export async function chartValue(page: Page, caption: string, rowLabel: string): Promise<string> {
  const table = page.getByRole("table", { name: caption });
  const row = table.getByRole("row").filter({ has: page.getByRole("rowheader", { name: rowLabel, exact: true }) });
  return (await row.getByRole("cell").first().textContent())?.trim() ?? "";
}

/** The figure on a dashboard card, by the card's label. */
export function figure(page: Page, label: string) {
  return page.getByRole("heading", { level: 3, name: label, exact: true }).locator("xpath=following-sibling::p[1]");
}

/**
 * A campus meetup between the demo seller and buyer, an hour past its agreed time, that the seller
 * reported as a no-show and the buyer contested with `reason`: a case waiting for an admin.
 */
export async function contestedNoShow(e2e: E2E, productName: string, reason: string) {
  const users = e2e.server.dataSource.getRepository(User);
  const [seller, buyer] = await Promise.all([users.findOneByOrFail({ email: SELLER }), users.findOneByOrFail({ email: BUYER })]);
  const product = await insertProduct(e2e.server.dataSource, seller.id, { pricePaisa: 50_000, name: productName });
  const order = await insertOrder(e2e.server.dataSource, { buyerId: buyer.id, lines: [{ product }] });
  await e2e.server.dataSource.getRepository(Order).update(order.id, {
    fulfilment: Fulfilment.MEETUP,
    paymentMethod: PaymentMethod.CASH_ON_MEETUP,
    meetupCampus: "lums-lahore",
    meetupPoint: "lums-lahore-library",
    meetupAt: new Date(e2e.server.clock.now().getTime() - 3_600_000),
    meetupState: MeetupState.CONFIRMED,
    meetupProposedBy: MeetupParty.BUYER,
  });
  const [sellerToken, buyerToken] = await Promise.all([tokenFor(e2e, SELLER), tokenFor(e2e, BUYER)]);
  await gqlOk(e2e, `mutation($id: ID!) { reportNoShow(orderId: $id) { status } }`, { id: order.id }, sellerToken);
  await gqlOk(
    e2e,
    `mutation($id: ID!, $r: String!) { contestNoShow(orderId: $id, reason: $r) { status } }`,
    { id: order.id, r: reason },
    buyerToken,
  );
  return { order, seller, buyer, sellerToken, buyerToken };
}
