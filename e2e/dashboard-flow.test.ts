import { randomUUID } from "node:crypto";
import type { Page } from "playwright-core";
import sharp from "sharp";
import { describe, expect } from "vitest";
import { it } from "./browser-test";
import { BUYER, PASSWORD, SELLER, ADMIN, signInTo, tokenFor } from "./dashboard-helpers";
import { DESKTOP, type E2E, expectAccessible, gqlOk, openPage, PHONE, pkr } from "./harness";
import { dismissNotice, signIn } from "./storefront-helpers";

/**
 * One story across the three dashboards: a seller lists a product with a picture and edits its
 * price, a buyer orders it, the seller confirms and ships it, the buyer sees the new status, and
 * the admin sees the seller's revenue grow. Buyer screens run at phone width.
 */
let e2e: E2E;
it.beforeAll(({ e2e: app }) => {
  e2e = app;
});
import { formatDateTime } from "../web/src/lib/format";

const productName = `Desk Lamp ${randomUUID().slice(0, 6)}`;
let productId = "";
let orderId = "";
let orderNumber = "";
let revenueBefore = "";

const png = (color: string) =>
  sharp({ create: { width: 64, height: 64, channels: 3, background: color } })
    .png()
    .toBuffer();

/** The text of the snackbar message (the app-wide notifier). */
const notice = (page: Page, text: string | RegExp) =>
  page.getByRole("alert").or(page.getByRole("status")).filter({ hasText: text }).first();

/** The revenue cell of a seller's row on the admin dashboard (opens it). */
async function revenueOnAdminPage(page: Page, email: string): Promise<string> {
  await page.goto("/dashboard/admin");
  const row = page.getByRole("region", { name: "Seller revenue" }).getByRole("row").filter({ hasText: email });
  await row.waitFor();
  return ((await row.getByRole("cell").last().textContent()) ?? "").trim();
}

describe("seller, buyer and admin dashboards together", () => {
  it("admin notes the seller's revenue before the sale", async () => {
    const { page } = await openPage(e2e, DESKTOP);
    await signIn(page, ADMIN);
    revenueBefore = await revenueOnAdminPage(page, SELLER);
    expect(revenueBefore).toMatch(/^Rs/);
  });

  it("a seller adds a product with an uploaded picture, then finds it in the shop", async () => {
    const { page } = await openPage(e2e, DESKTOP);
    await signInTo(page, SELLER, "/dashboard/seller/add-new-post");
    await page.getByRole("heading", { name: "Add New Product" }).waitFor();
    await expect.poll(() => page.getByLabel("Product Name").getAttribute("placeholder")).toBe("Diamond Earrings");
    expect(await page.getByLabel("Description").getAttribute("rows")).toBe("6");
    // sellers are never told to publish their phone number: buyers write through messages
    expect(await page.getByLabel("Description").getAttribute("placeholder")).toMatch(/buyers message you on UniBazaar/);

    // nothing is sent while a field is missing
    const creates: string[] = [];
    page.on("request", (r) => {
      if (r.url().endsWith("/graphql") && (r.postData() ?? "").includes("createProduct")) creates.push(r.postData()!);
    });
    await page.getByLabel("Product Name").fill(productName);
    await page.getByRole("button", { name: "Add Product" }).click();
    await page.getByText("Please fill in all fields.").waitFor();
    expect(creates).toEqual([]);

    await page.getByRole("combobox", { name: "Category" }).click();
    await page.getByRole("option", { name: "Electronics" }).click();
    await page.getByRole("combobox", { name: "Colour (optional)" }).click();
    await page.getByRole("option", { name: "Blue" }).click();
    await page.getByLabel("Price (PKR)").fill("1500");
    // the buyer below takes two
    await page.getByLabel("Quantity available").fill("2");
    await page.locator('input[type="file"]').setInputFiles({ name: "lamp.png", mimeType: "image/png", buffer: await png("#1e88e5") });
    await notice(page, "Image uploaded successfully").waitFor();
    await dismissNotice(page, "Image uploaded successfully");
    await expect.poll(() => page.getByRole("img", { name: "Photo 1 (main)" }).getAttribute("src")).toMatch(/^\/uploads\/|^https?:/);
    // the server refuses a too-short description: both of its messages, and the field is marked
    await page.getByLabel("Description").fill("Lamp");
    await page.getByRole("button", { name: "Add Product" }).click();
    await page.getByText(/^Error adding product: .+/).waitFor();
    await notice(page, /^Failed to add product: .+/).waitFor();
    expect(await page.getByLabel("Description").getAttribute("aria-invalid")).toBe("true");
    await dismissNotice(page, "Failed to add product");
    await page.getByLabel("Description").fill("A bright LED desk lamp for late study nights. Call 03001234561 to collect on campus.");
    await expectAccessible(page, "add product form");
    await page.getByRole("button", { name: "Add Product" }).click();
    await page.waitForURL((url) => url.pathname === "/shop");
    await notice(page, "Product added successfully!").waitFor();
    expect(creates).toHaveLength(2);
    await page.getByText(productName).first().waitFor();

    const { products } = await gqlOk(e2e, `query($s: String) { products(filter: { search: $s }) { items { id name price image } } }`, {
      s: productName,
    });
    const created = products.items.find((p: { name: string }) => p.name === productName);
    expect(created.price).toBe(1500);
    expect(created.image).toMatch(/\/uploads\//);
    productId = created.id;
  });

  it("the seller edits the price from Manage Your Products (old price kept)", async () => {
    const { page } = await openPage(e2e, DESKTOP);
    await signInTo(page, SELLER, "/dashboard/seller/manage-products");
    await page.getByText(/^Showing 1 to \d+ of \d+ products$/).waitFor();
    await expectAccessible(page, "manage products");
    await page.getByRole("link", { name: productName, exact: true }).click();
    await page.waitForURL((url) => url.pathname === `/dashboard/seller/product/${productId}`);
    const price = page.getByLabel("Price (PKR)");
    await expect.poll(() => price.inputValue()).toBe("1500");
    await price.fill("1200");
    await page.getByLabel("Old Price (PKR, optional)").fill("1500");
    await expectAccessible(page, "edit product");
    await page.getByRole("button", { name: "Update Product" }).click();
    await notice(page, "Product updated successfully!").waitFor();
    const { product } = await gqlOk(e2e, `query($id: ID!) { product(id: $id) { price oldPrice } }`, { id: productId });
    expect(product).toEqual({ price: 1200, oldPrice: 1500 });
  });

  it("a buyer orders it through the shop's cart", async () => {
    const { page, context } = await openPage(e2e, DESKTOP);
    await signInTo(page, BUYER, `/shop/${productId}`);
    await page
      .getByRole("button", { name: `Add to cart: ${productName}` })
      .first()
      .click();
    await page.getByRole("button", { name: /^Cart, 1 item/ }).click();
    await page.getByRole("button", { name: `Increase quantity of ${productName}` }).click();
    const form = page.getByRole("form", { name: "Checkout" });
    await form.getByLabel("Address").fill("Room 12, Girls Hostel 3, LUMS");
    await form.getByLabel("City").fill("Lahore");
    await form.getByLabel("Postal code").fill("54792");
    await form.getByLabel("Country").fill("Pakistan");
    await form.getByLabel("Contact number").fill("03001112223");
    await form.getByRole("button", { name: /^Place Order/ }).click();
    await page.waitForURL((url) => url.pathname === "/orders");
    await context.close();

    const token = await tokenFor(e2e, BUYER);
    const { myOrders } = await gqlOk(
      e2e,
      `{ myOrders(pageSize: 1) { items { id orderNumber status lines { productName quantity } } } }`,
      undefined,
      token,
    );
    const order = myOrders.items[0];
    expect(order.lines).toEqual([{ productName, quantity: 2 }]);
    expect(order.status).toBe("PENDING");
    ({ id: orderId, orderNumber } = order);
  });

  it("the seller sees the order, opens its delivery details, confirms it and ships it", async () => {
    const { page } = await openPage(e2e, DESKTOP);
    await signInTo(page, SELLER, "/dashboard/seller/manage-orders");
    const row = page.getByRole("row").filter({ has: page.getByRole("button", { name: `Edit status of order ${orderNumber}` }) });
    await row.waitFor();
    expect(await row.textContent()).toContain(productName);
    expect(await row.textContent()).toContain("Pending");
    await expectAccessible(page, "manage orders");

    // a click on the row shows where it goes; the buyer's phone only once the seller has confirmed it
    await row.getByRole("cell").nth(1).click();
    for (const text of ["Room 12, Girls Hostel 3, LUMS", "Lahore", "54792", "Pakistan"]) {
      await page.getByText(text, { exact: true }).waitFor();
    }
    expect(await page.getByText("03001112223", { exact: true }).count()).toBe(0);
    expect(await page.getByRole("button", { name: `Hide details of order ${orderNumber}` }).getAttribute("aria-expanded")).toBe("true");

    const setStatus = async (from: string[], to: string) => {
      await page.getByRole("button", { name: `Edit status of order ${orderNumber}` }).click();
      const dialog = page.getByRole("dialog", { name: "Update order status" });
      await dialog.getByRole("combobox", { name: "New status" }).click();
      // only the steps the server allows from here are offered
      expect((await page.getByRole("option").allTextContents()).map((t) => t.trim())).toEqual(from);
      await page.getByRole("option", { name: to }).click();
      await dialog.getByRole("button", { name: "Save" }).click();
      await dialog.waitFor({ state: "detached" });
      await expect.poll(async () => row.textContent()).toContain(to);
    };
    await setStatus(["Confirmed", "Rejected"], "Confirmed");
    await page.getByText("03001112223", { exact: true }).waitFor();
    await setStatus(["Processing", "Rejected"], "Processing");
    await setStatus(["Shipped"], "Shipped");
  });

  it("the buyer sees the new status and when it changed (phone)", async () => {
    const { page } = await openPage(e2e, PHONE);
    await signInTo(page, BUYER, "/dashboard/orders");
    await page.getByRole("heading", { name: "My Orders" }).waitFor();
    // a phone shows each order as a card of the list
    const row = page.getByRole("list", { name: "My orders" }).getByRole("listitem").filter({ hasText: orderNumber });
    await row.waitFor();
    expect(await row.textContent()).toContain(productName);
    expect(await row.textContent()).toContain("Shipped");
    const token = await tokenFor(e2e, BUYER);
    const { order } = await gqlOk(e2e, `query($id: ID!) { order(id: $id) { total timeline { status at } } }`, { id: orderId }, token);
    const shippedAt = order.timeline.find((e: { status: string }) => e.status === "SHIPPED").at;
    expect(await row.locator("time").getAttribute("datetime")).toBe(shippedAt);
    // the app's one date format (the browser runs in the test's time zone)
    expect(await row.locator("time").textContent()).toBe(formatDateTime(shippedAt));
    expect(await row.textContent()).toContain(pkr(order.total));
    await expectAccessible(page, "buyer orders (phone)");
  });

  it("the buyer edits the profile with a new picture (phone)", async () => {
    const { page } = await openPage(e2e, PHONE);
    await signInTo(page, BUYER, "/dashboard/profile");
    await page.getByRole("button", { name: "Edit Profile" }).click();
    const dialog = page.getByRole("dialog", { name: "Edit Profile" });
    await dialog.locator('input[type="file"]').setInputFiles({ name: "me.png", mimeType: "image/png", buffer: await png("#8e24aa") });
    // username is required
    await dialog.getByLabel("Username").fill("");
    await dialog.getByRole("button", { name: "Save Changes" }).click();
    await dialog.getByText("Username is required.").waitFor();
    await dialog.getByLabel("Username").fill("fatima_k");
    await dialog.getByLabel("Contact Number").fill("03219876543");
    await expectAccessible(page, "edit profile dialog (phone)");
    await dialog.getByRole("button", { name: "Save Changes" }).click();
    await notice(page, "Profile updated successfully!").waitFor();
    await dismissNotice(page, "Profile updated successfully!");
    await page.getByText("Contact number: 03219876543").waitFor();
    await page.getByRole("heading", { name: "fatima_k" }).waitFor();
    await expect.poll(() => page.getByRole("img", { name: "Profile picture of fatima_k" }).getAttribute("src")).toMatch(/\/uploads\//);
    await expectAccessible(page, "profile (phone)");
    // kept after a reload: it came from the server
    await page.reload();
    await page.getByText("Contact number: 03219876543").waitFor();
  });

  it("the buyer sees the reviews they gave; a buyer without reviews sees the empty state", async () => {
    const token = await tokenFor(e2e, BUYER);
    await gqlOk(
      e2e,
      `mutation($id: ID!) { postReview(productId: $id, rating: 4, comment: "Bright and sturdy, worth it.") { id } }`,
      { id: productId },
      token,
    );
    const { page, context } = await openPage(e2e, PHONE);
    await signInTo(page, BUYER, "/dashboard/reviews");
    const item = page.getByRole("listitem").filter({ hasText: "Bright and sturdy, worth it." });
    await item.waitFor();
    expect(await item.getByRole("link", { name: productName }).getAttribute("href")).toBe(`/shop/${productId}`);
    expect(await item.getByRole("img", { name: "Rated 4 out of 5" }).count()).toBe(1);
    expect(await page.getByRole("link", { name: "Add New Review" }).getAttribute("href")).toBe("/shop");
    await expectAccessible(page, "buyer reviews (phone)");
    await context.close();

    // a new buyer has written nothing yet
    const email = `new.${randomUUID().slice(0, 8)}@student.pk`;
    await gqlOk(e2e, `mutation($input: RegisterInput!) { register(input: $input) { id } }`, {
      input: {
        email,
        username: `new_${randomUUID().slice(0, 8)}`,
        name: "New Student",
        password: PASSWORD,
        contactNumber: "03001231234",
        role: "USER",
      },
    });
    const other = await openPage(e2e, DESKTOP);
    await signInTo(other.page, email, "/dashboard/reviews");
    await other.page.getByText("No reviews given yet.").waitFor();
  });

  it("the admin sees the seller's revenue grow by the sale", async () => {
    const { page } = await openPage(e2e, DESKTOP);
    await signIn(page, ADMIN);
    const after = await revenueOnAdminPage(page, SELLER);
    const amount = (s: string) => Number(s.replace(/[^0-9.]/g, ""));
    // revenue counts the subtotal of accepted orders: 2 x 1,200
    expect(amount(after) - amount(revenueBefore)).toBeCloseTo(2400, 2);
  });

  it("the seller deletes the product after confirming; it leaves the list", async () => {
    const { page } = await openPage(e2e, DESKTOP);
    await signInTo(page, SELLER, "/dashboard/seller/manage-products");
    await page.getByRole("button", { name: `Delete ${productName}` }).click();
    const dialog = page.getByRole("dialog", { name: "Delete product?" });
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "detached" });
    await page.getByRole("button", { name: `Delete ${productName}` }).click();
    await page.getByRole("dialog", { name: "Delete product?" }).getByRole("button", { name: "Delete" }).click();
    await notice(page, "deleted successfully").waitFor();
    await page.getByRole("link", { name: productName, exact: true }).waitFor({ state: "detached" });
    const { product } = await gqlOk(e2e, `query($id: ID!) { product(id: $id) { id } }`, { id: productId });
    expect(product).toBeNull();
    // the buyer's order keeps its line
    const token = await tokenFor(e2e, BUYER);
    const { order } = await gqlOk(e2e, `query($id: ID!) { order(id: $id) { lines { productName } } }`, { id: orderId }, token);
    expect(order.lines[0].productName).toBe(productName);
  });
});
