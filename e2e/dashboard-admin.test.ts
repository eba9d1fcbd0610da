import { randomUUID } from "node:crypto";
import type { Page } from "playwright-core";
import { describe, expect } from "vitest";
import { it } from "./browser-test";
import { ADMIN, BUYER, BUYER_2, PASSWORD, SELLER, signInTo, tokenFor } from "./dashboard-helpers";
import { DESKTOP, type E2E, expectAccessible, gqlOk, openPage, PHONE } from "./harness";

/** User management by an admin, and failures the old client only logged, now shown to the user. */
let e2e: E2E;
it.beforeAll(({ e2e: app }) => {
  e2e = app;
});

const notice = (page: Page, text: string | RegExp) =>
  page.getByRole("alert").or(page.getByRole("status")).filter({ hasText: text }).first();

async function registerBuyer(): Promise<{ id: string; email: string }> {
  const tag = randomUUID().slice(0, 8);
  const email = `temp.${tag}@student.pk`;
  const { register } = await gqlOk(e2e, `mutation($input: RegisterInput!) { register(input: $input) { id } }`, {
    input: { email, username: `temp_${tag}`, name: "Temp Student", password: PASSWORD, contactNumber: "03001231234", role: "USER" },
  });
  return { id: register.id, email };
}

/** The users table row of an e-mail, found through the search box. */
async function userRow(page: Page, email: string) {
  await page.getByRole("searchbox", { name: "Search users" }).fill(email);
  const row = page.getByRole("row").filter({ has: page.getByRole("cell", { name: new RegExp(`^${email.replace(/[.]/g, "\\.")}`) }) });
  await row.waitFor();
  await expect.poll(() => page.getByRole("region", { name: "All users" }).getByRole("row").count()).toBe(2);
  return row;
}

const menu = async (page: Page) => {
  const items = page.getByRole("list", { name: "Dashboard menu" }).getByRole("listitem");
  await items.first().waitFor();
  return (await items.allTextContents()).map((t) => t.trim());
};

describe("admin user management", () => {
  it("changes a buyer's role to seller; the user's menu changes on their next page load", async () => {
    const buyer = await openPage(e2e, DESKTOP);
    await signInTo(buyer.page, BUYER_2, "/dashboard");
    expect(await menu(buyer.page)).toEqual(["My Orders", "Messages", "Profile", "Log out"]);

    const { page } = await openPage(e2e, PHONE);
    await signInTo(page, ADMIN, "/dashboard/admin/users");
    await page.getByRole("heading", { name: "All Users", level: 1 }).waitFor();
    const row = await userRow(page, BUYER_2);
    // on a phone the role and status follow the address in its cell (no room for their columns)
    const roleOnPhone = async () => (await row.getByText(/^\w+ · /).textContent())?.split(" · ")[0];
    expect(await roleOnPhone()).toBe("user");
    await row.getByRole("button", { name: `Edit ${BUYER_2}` }).click();
    const dialog = page.getByRole("dialog", { name: "Edit User!" });
    const email = dialog.getByLabel("Email");
    expect(await email.inputValue()).toBe(BUYER_2);
    expect(await email.getAttribute("readonly")).not.toBeNull();
    await dialog.getByRole("combobox", { name: "Role" }).click();
    expect((await page.getByRole("option").allTextContents()).map((t) => t.trim())).toEqual(["user", "seller", "admin"]);
    await page.getByRole("option", { name: "seller" }).click();
    await page.getByRole("listbox").waitFor({ state: "detached" });
    await expectAccessible(page, "edit user dialog (phone)");
    await dialog.getByRole("button", { name: "Save" }).click();
    await notice(page, "User role updated successfully").waitFor();
    await expect.poll(roleOnPhone).toBe("seller");

    // the next page load reads the user fresh from the server
    await buyer.page.reload();
    await buyer.page.waitForURL((url) => url.pathname === "/dashboard/seller");
    await expect
      .poll(() => menu(buyer.page))
      .toEqual([
        "Manage My Products",
        "Add Product",
        "Manage Orders",
        "Your orders",
        "Balance and payouts",
        "Messages",
        "Profile",
        "Log out",
      ]);
  });

  it("deletes a user after confirming, and never offers to change or delete yourself", async () => {
    const victim = await registerBuyer();
    const { page } = await openPage(e2e, DESKTOP);
    await signInTo(page, ADMIN, "/dashboard/admin/users");

    const self = await userRow(page, ADMIN);
    expect(await self.getByRole("button").count()).toBe(0);

    const row = await userRow(page, victim.email);
    await row.getByRole("button", { name: `Delete ${victim.email}` }).click();
    const dialog = page.getByRole("dialog", { name: "Delete user?" });
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "detached" });
    await row.getByRole("button", { name: `Delete ${victim.email}` }).click();
    await expectAccessible(page, "delete user dialog");
    await page.getByRole("dialog", { name: "Delete user?" }).getByRole("button", { name: "Delete" }).click();
    await notice(page, "User deleted successfully").waitFor();
    await page.getByText("No users found.").waitFor();
    const login = await e2e.server.gql(`mutation($e: String!, $p: String!) { login(email: $e, password: $p) { token } }`, {
      e: victim.email,
      p: PASSWORD,
    });
    expect(login.errors?.length).toBeGreaterThan(0);
  });

  it("shows failures the old client only logged: role change and deletion of a user removed meanwhile", async () => {
    const gone = await registerBuyer();
    const { page } = await openPage(e2e, DESKTOP);
    await signInTo(page, ADMIN, "/dashboard/admin/users");
    const row = await userRow(page, gone.email);
    // another admin removes the user while this page is open
    await gqlOk(e2e, `mutation($id: ID!) { deleteUser(userId: $id) }`, { id: gone.id }, await tokenFor(e2e, ADMIN));

    await row.getByRole("button", { name: `Edit ${gone.email}` }).click();
    const dialog = page.getByRole("dialog", { name: "Edit User!" });
    await dialog.getByRole("combobox", { name: "Role" }).click();
    await page.getByRole("option", { name: "admin" }).click();
    await dialog.getByRole("button", { name: "Save" }).click();
    await dialog.getByText(/^Failed to update user role: /).waitFor();
    await dialog.getByRole("button", { name: "Cancel" }).click();

    await row.getByRole("button", { name: `Delete ${gone.email}` }).click();
    await page.getByRole("dialog", { name: "Delete user?" }).getByRole("button", { name: "Delete" }).click();
    await notice(page, /^Failed to delete user: /).waitFor();
  });

  it("shows list failures in one way: what failed, the server's reason and a retry", async () => {
    const { page, context } = await openPage(e2e, DESKTOP);
    await signInTo(page, ADMIN, "/dashboard/admin");
    await page.getByRole("heading", { name: "Seller revenue" }).waitFor();
    // the API answers every request with an error from now on
    await page.route("**/graphql", (route) =>
      route.fulfill({
        status: 200,
        contentType: "application/json",
        body: JSON.stringify({ errors: [{ message: "Service unavailable", extensions: { code: "INTERNAL_SERVER_ERROR" } }] }),
      }),
    );
    await page.reload();
    // a page of several parts names the one that failed
    await page.getByText("Could not load the revenue data. Service unavailable").waitFor();
    await page.goto("/dashboard/admin/users");
    await page.getByRole("alert").filter({ hasText: "Could not load this. Service unavailable" }).waitFor();
    await page.getByRole("button", { name: "Try again" }).waitFor();
    await context.close();

    const seller = await openPage(e2e, DESKTOP);
    await signInTo(seller.page, SELLER, "/dashboard/seller");
    await seller.page.getByRole("heading", { name: "Welcome to Seller Dashboard" }).waitFor();
    await seller.page.route("**/graphql", (route) =>
      route.fulfill({
        status: 200,
        contentType: "application/json",
        body: JSON.stringify({ errors: [{ message: "Service unavailable" }] }),
      }),
    );
    await seller.page.goto("/dashboard/seller/manage-products");
    await seller.page.getByText("Could not load this. Service unavailable").waitFor();
    await seller.page.goto("/dashboard/seller/manage-orders");
    await seller.page.getByText("Could not load this. Service unavailable").waitFor();
  });

  it("shows the server's refusal on the status field when the order moved on meanwhile", async () => {
    const buyerToken = await tokenFor(e2e, BUYER);
    const { myProducts } = await gqlOk(e2e, `{ myProducts(pageSize: 1) { items { id } } }`, undefined, await tokenFor(e2e, SELLER));
    const product = myProducts.items[0];
    const { placeOrder } = await gqlOk(
      e2e,
      `mutation($input: PlaceOrderInput!) { placeOrder(input: $input) { orders { id orderNumber } } }`,
      {
        input: {
          lines: [{ productId: product.id, quantity: 1 }],
          shipping: { address: "House 4, Street 9, G-10", city: "Islamabad", postalCode: "44000", country: "Pakistan" },
          contactNumber: "03005556667",
          idempotencyKey: randomUUID(),
        },
      },
      buyerToken,
    );
    const { id, orderNumber } = placeOrder.orders[0];

    const { page } = await openPage(e2e, PHONE);
    await signInTo(page, SELLER, "/dashboard/seller/manage-orders");
    await page.getByRole("button", { name: `Edit status of order ${orderNumber}` }).click();
    const dialog = page.getByRole("dialog", { name: "Update order status" });
    await dialog.getByRole("combobox", { name: "New status" }).waitFor();
    // the buyer cancels while the seller's dialog is open
    await gqlOk(e2e, `mutation($id: ID!) { updateOrderStatus(id: $id, status: CANCELLED) { status } }`, { id }, buyerToken);
    await expectAccessible(page, "order status dialog (phone)");
    await dialog.getByRole("combobox", { name: "New status" }).click();
    await page.getByRole("option", { name: "Confirmed" }).click();
    await dialog.getByRole("button", { name: "Save" }).click();
    // the refusal lands on the field it is about, and the dialog stays open for another choice
    await dialog.getByText(/^An order that is .+ cannot become .+\.$/).waitFor();
    expect(await dialog.getByRole("button", { name: "Save" }).isVisible()).toBe(true);
  });
});
