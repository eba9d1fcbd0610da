import type { Page, Request } from "playwright-core";
import { describe, expect } from "vitest";
import { it } from "./browser-test";
import { type E2E, expectAccessible, openPage } from "./harness";
import { logIn, PASSWORD, unique, urlMatches, VIEWPORTS, visible } from "./storefront-helpers";

/** Registration (buyer and business seller), login with its errors and return path, role menus and logout. */
let e2e: E2E;
it.beforeAll(({ e2e: app }) => {
  e2e = app;
});

/** The `input` of the Register mutation the page sends. */
function captureRegisterInput(page: Page): () => Record<string, unknown> | undefined {
  let input: Record<string, unknown> | undefined;
  page.on("request", (request: Request) => {
    if (!request.url().endsWith("/graphql") || request.method() !== "POST") return;
    const body = request.postDataJSON() as { operationName?: string; variables?: { input?: Record<string, unknown> } } | null;
    if (body?.operationName === "Register") input = body.variables?.input;
  });
  return () => input;
}

async function fillAccount(page: Page, who: { email: string; username: string; name: string }) {
  await page.getByLabel("Email").fill(who.email);
  await page.getByLabel("Username").fill(who.username);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByLabel("Full name").fill(who.name);
  await page.getByLabel("Contact number").fill("03111234567");
}

async function accountMenu(page: Page, username: string): Promise<string[]> {
  await page.getByRole("button", { name: `Account menu for ${username}` }).click();
  const menu = page.getByRole("menu");
  await visible(menu);
  return (await menu.getByRole("menuitem").allTextContents()).map((t) => t.trim());
}

for (const [size, viewport] of VIEWPORTS) {
  describe(`accounts (${size})`, () => {
    it("register as a buyer: no seller fields are shown or sent; signed in at once with the buyer menu; log out", async () => {
      const { context, page } = await openPage(e2e, viewport);
      const sent = captureRegisterInput(page);
      const id = unique();
      const who = { email: `buyer.${id}@student.pk`, username: `buyer_${id}`, name: "Test Buyer" };
      try {
        await page.goto("/register");
        await fillAccount(page, who);
        expect(await page.getByRole("radio", { name: "Buyer" }).isChecked()).toBe(true);
        expect(await page.getByRole("radiogroup", { name: "Seller type" }).count()).toBe(0);
        expect(await page.getByLabel("Store name").count()).toBe(0);
        await expectAccessible(page, `register (${size})`);
        await page.getByRole("button", { name: "Register" }).click();

        // signing up signs the new account in
        await urlMatches(page, /^\/$/);
        expect(sent()).toEqual({
          email: who.email,
          username: who.username,
          password: PASSWORD,
          name: "Test Buyer",
          contactNumber: "03111234567",
          role: "USER",
        });

        expect(await accountMenu(page, who.username)).toEqual(["Dashboard", "Profile", "Log out"]);
        expect(await page.getByRole("menuitem", { name: "Dashboard" }).getAttribute("href")).toBe("/dashboard");
        await page.getByRole("menuitem", { name: "Log out" }).click();
        await urlMatches(page, /^\/$/);
        await visible(page.getByRole("link", { name: "Login page" }));
        expect(await page.evaluate(() => localStorage.getItem("token"))).toBeNull();
      } finally {
        await context.close();
      }
    });

    it("register as a business seller: store fields appear only for a business and are sent only then", async () => {
      const { context, page } = await openPage(e2e, viewport);
      const sent = captureRegisterInput(page);
      const id = unique();
      const who = { email: `shop.${id}@campus.pk`, username: `shop_${id}`, name: "Test Seller" };
      try {
        await page.goto("/register");
        await fillAccount(page, who);
        await page.getByRole("radio", { name: "Seller" }).check();
        const sellerType = page.getByRole("radiogroup", { name: "Seller type" });
        await visible(sellerType);
        expect(await page.getByLabel("Store name").count()).toBe(0);
        await sellerType.getByRole("radio", { name: "Individual" }).check();
        expect(await page.getByLabel("Store name").count()).toBe(0);
        await sellerType.getByRole("radio", { name: "Business" }).check();
        await visible(page.getByLabel("Store name"));
        await page.getByLabel("Store name").fill(`Test Store ${id}`);
        await page.getByLabel("Store description").fill("Second-hand engineering books and drawing sets.");
        await page.getByRole("button", { name: "Register" }).click();

        await urlMatches(page, /^\/$/);
        expect(sent()).toMatchObject({
          role: "SELLER",
          sellerType: "BUSINESS",
          storeName: `Test Store ${id}`,
          storeDescription: "Second-hand engineering books and drawing sets.",
        });
        expect(await accountMenu(page, who.username)).toEqual([
          "Dashboard",
          "Manage Products",
          "Manage Orders",
          "Add Product",
          "Profile",
          "Log out",
        ]);
      } finally {
        await context.close();
      }
    });

    it("a failed registration shows the server's message", async () => {
      const { context, page } = await openPage(e2e, viewport);
      try {
        await page.goto("/register");
        await fillAccount(page, { email: "fatima@student.pk", username: `dup_${unique()}`, name: "Someone" });
        await page.getByRole("button", { name: "Register" }).click();
        const alert = page.getByRole("alert").filter({ hasText: /\S/ });
        await visible(alert);
        expect(await alert.first().textContent()).not.toBe("");
        await urlMatches(page, /^\/register$/);
      } finally {
        await context.close();
      }
    });

    it("login: wrong password fails with its message; a protected page sends you to login and back", async () => {
      const { context, page } = await openPage(e2e, viewport);
      try {
        await page.goto("/login");
        await page.getByLabel("Email").fill("fatima@student.pk");
        await page.getByLabel("Password").fill("not-the-password");
        await page.getByRole("button", { name: "Login" }).click();
        await visible(page.getByText("Login failed. Please check your credentials."));
        await expectAccessible(page, `login (${size})`);

        await page.goto("/orders");
        await urlMatches(page, /^\/login$/);
        await logIn(page, "fatima@student.pk");
        await urlMatches(page, /^\/orders$/);
        await visible(page.getByRole("heading", { level: 1, name: "My Orders" }));
      } finally {
        await context.close();
      }
    });
  });
}
