import type { Locator, Page } from "playwright-core";
import { expect } from "vitest";
import { DESKTOP, type E2E, gqlOk, PHONE, pkr, STEP_TIMEOUT } from "./harness";

export const PASSWORD = "unibazaar123";

/** Every storefront journey runs at both sizes. */
export const VIEWPORTS = [
  ["desktop", DESKTOP],
  ["phone", PHONE],
] as const;

/** Text with the non-breaking spaces of Intl currency formats made plain. */
export const plain = (text: string | null) => (text ?? "").replace(/\s+/g, " ").trim();

/** An amount as the page shows it, with plain spaces: shown(2450) -> "Rs 2,450". */
export const shown = (amount: number) => plain(pkr(amount));

export type DemoProduct = { id: string; name: string; price: number; oldPrice: number | null };

/** A demo product as the API lists it, so a test reads the seed's prices instead of repeating them. */
export async function demoProduct(e2e: E2E, name: string): Promise<DemoProduct> {
  const { products } = await gqlOk<{ products: { items: DemoProduct[] } }>(
    e2e,
    `query($s: String) { products(filter: { search: $s }, pageSize: 50) { items { id name price oldPrice } } }`,
    { s: name },
  );
  const product = products.items.find((p) => p.name === name);
  if (!product) throw new Error(`no demo product named ${name}`);
  return product;
}

export const isPhone = (page: Page) => (page.viewportSize()?.width ?? 1280) < 600;

/** Waits until the locator is visible (fails after STEP_TIMEOUT). */
export async function visible(locator: Locator, timeout = STEP_TIMEOUT): Promise<Locator> {
  await locator.first().waitFor({ state: "visible", timeout });
  return locator;
}

/** Waits until the URL's path and query match. */
export async function urlMatches(page: Page, pattern: RegExp) {
  await expect.poll(() => new URL(page.url()).pathname + new URL(page.url()).search, { timeout: STEP_TIMEOUT }).toMatch(pattern);
}

/** The texts of the product cards' headings in a product list. */
export async function productNames(page: Page, listName: string): Promise<string[]> {
  const list = page.getByRole("list", { name: listName, exact: true });
  await visible(list);
  return (await list.getByRole("heading").allTextContents()).map((t) => t.trim());
}

/** The cart icon in the top navigation, whose name says the item count ("Cart, 2 items"). */
export const cartButton = (page: Page) => page.getByRole("button", { name: /^Cart, \d+ items?$/ });

/** The count the cart icon announces (read even while the open cart panel hides the page from assistive tech). */
export async function cartCount(page: Page): Promise<number> {
  const name = (await page.locator('header button[aria-label^="Cart, "]').getAttribute("aria-label")) ?? "";
  return Number(/Cart, (\d+)/.exec(name)?.[1] ?? NaN);
}

/** Opens the slide-in cart panel and returns it. */
export async function openCart(page: Page): Promise<Locator> {
  await cartButton(page).click();
  const panel = page.getByRole("dialog", { name: "Shopping cart" });
  await visible(panel);
  return panel;
}

/** A Snackbar message. */
export async function notice(page: Page, text: string | RegExp) {
  await visible(
    page
      .getByRole("alert")
      .filter({ hasText: text })
      .or(page.getByRole("status").filter({ hasText: text })),
  );
}

/** Closes a Snackbar message with its Close button, as a phone user would: it can sit over the page's buttons. */
export async function dismissNotice(page: Page, text: string | RegExp) {
  const message = page.getByRole("alert").or(page.getByRole("status")).filter({ hasText: text }).first();
  await message.getByRole("button", { name: "Close" }).click();
  await message.waitFor({ state: "detached" });
}

/** The login page's heading, field labels and button, as a reader of its language finds them. */
export type LoginWords = { heading: string; email: string; password: string; button: string };
const ENGLISH_LOGIN: LoginWords = { heading: "Login", email: "Email", password: "Password", button: "Login" };

/** Signs in on the login page (fields Email and Password, button Login, or `words` in another language) and waits to leave it. */
export async function logIn(page: Page, email: string, password = PASSWORD, words = ENGLISH_LOGIN) {
  if (!new URL(page.url()).pathname.startsWith("/login")) await page.goto("/login");
  // the page before keeps showing while the login page's code loads
  await visible(page.getByRole("heading", { level: 1, name: words.heading }));
  await page.getByLabel(words.email).fill(email);
  await page.getByLabel(words.password).fill(password);
  await page.getByRole("button", { name: words.button }).click();
  await expect.poll(() => new URL(page.url()).pathname, { timeout: STEP_TIMEOUT }).not.toBe("/login");
}

/**
 * Signs in without the login page, for tests about what comes after it: the app's own Login
 * mutation over the API, and the session it answers written where the web app keeps it (local
 * storage `token`, `user` and `userId`, the names legacy screens read too) on a plain file of the
 * app's origin. The page's next `goto` opens the app signed in. The login page itself is walked by
 * `logIn`.
 */
export async function signIn(page: Page, email: string, password = PASSWORD) {
  const response = await page.request.post("/graphql", {
    data: {
      query: `mutation($email: String!, $password: String!) { login(email: $email, password: $password) {
        token user { id email username name role contactNumber profileImage sellerType storeName isVerifiedStudent university universityEmail } } }`,
      variables: { email, password },
    },
  });
  const { data, errors } = (await response.json()) as { data?: { login: { token: string; user: { id: string } } }; errors?: unknown };
  if (!data?.login) throw new Error(`signing in ${email} failed: ${JSON.stringify(errors)}`);
  await page.goto("/robots.txt");
  await page.evaluate(({ token, user }) => {
    localStorage.setItem("token", token);
    localStorage.setItem("user", JSON.stringify(user));
    localStorage.setItem("userId", user.id);
  }, data.login);
}

/** Opens the product page of the product with this exact name, through the search page. */
export async function openProduct(page: Page, name: string) {
  await page.goto(`/search?q=${encodeURIComponent(name)}`);
  const link = page.getByRole("list", { name: "Products", exact: true }).getByRole("link", { name, exact: true });
  await visible(link);
  await link.click();
  await visible(page.getByRole("heading", { level: 1, name }));
}

/** Opens a product's page and puts it in the cart. */
export async function addProduct(page: Page, name: string) {
  await openProduct(page, name);
  await page.getByRole("button", { name: "Add to cart" }).click();
  await visible(page.getByRole("button", { name: /^In cart/ }));
}

/** On the sandbox payment page: pays with the test card and lands on the success page (its heading in the reader's language). */
export async function payWithTestCard(page: Page, successHeading = "Payment successful") {
  await urlMatches(page, /^\/pay\/[^/]+$/);
  await page.getByLabel("Card number").fill("4242 4242 4242 4242");
  await page.getByLabel("Expiry (MM/YY)").fill("12/39");
  await page.getByLabel("CVC").fill("123");
  await page.getByRole("button", { name: /^Pay / }).click();
  await urlMatches(page, /^\/success\?session_id=[^&]+$/);
  await visible(page.getByRole("heading", { level: 1, name: successHeading }));
}

/** The labels of the shipping form's fields, in the language the page shows. */
export type ShippingLabels = Record<"address" | "city" | "postalCode" | "country" | "contactNumber", string>;

export const ENGLISH_SHIPPING_LABELS: ShippingLabels = {
  address: "Address",
  city: "City",
  postalCode: "Postal code",
  country: "Country",
  contactNumber: "Contact number",
};

/** Fills the shipping form of the open cart panel, finding its fields by `labels`. */
export async function fillShipping(panel: Locator, contactNumber = "03001234567", labels = ENGLISH_SHIPPING_LABELS) {
  await panel.getByLabel(labels.address).fill("Room 12, Hostel 3, University Road");
  await panel.getByLabel(labels.city).fill("Lahore");
  await panel.getByLabel(labels.postalCode).fill("54590");
  await panel.getByLabel(labels.country).fill("Pakistan");
  await panel.getByLabel(labels.contactNumber).fill(contactNumber);
}

/** A unique suffix for accounts a test registers. */
export const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
