import type { Page } from "playwright-core";
import type { E2E } from "./harness";
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
