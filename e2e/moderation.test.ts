import { randomUUID } from "node:crypto";
import { describe, expect } from "vitest";
import { it } from "./browser-test";
import { signUp } from "../server/src/test/fixtures";
import { ADMIN, BUYER, BUYER_2, SELLER, tokenFor } from "./dashboard-helpers";
import { type E2E, expectAccessible, gqlOk, openPage, PHONE } from "./harness";
import { notice, openProduct, productNames, signIn, visible } from "./storefront-helpers";

/** Reports and moderation on phones: a buyer reports a listing, an admin hides it, it leaves the shop and search. */
let e2e: E2E;
const productName = `Exam Paper Bundle ${randomUUID().slice(0, 6)}`;
let productId = "";

it.beforeAll(async ({ e2e: app }) => {
  e2e = app;
  const { createProduct } = await gqlOk<{ createProduct: { id: string } }>(
    e2e,
    `mutation($input: ProductInput!) { createProduct(input: $input) { id } }`,
    {
      input: {
        name: productName,
        description: "Leaked final exam papers, all subjects. Call 03001234561.",
        category: "books",
        color: "blue",
        price: 900,
        image: "/uploads/papers.webp",
      },
    },
    await tokenFor(e2e, SELLER),
  );
  productId = createProduct.id;
});

describe("reports and moderation at 390 px", () => {
  it("a buyer reports a listing; the admin hides it from the queue; it is gone from the shop and search", async () => {
    const buyer = await openPage(e2e, PHONE);
    const admin = await openPage(e2e, PHONE);
    try {
      const page = buyer.page;
      await signIn(page, BUYER);
      await openProduct(page, productName);
      await page.getByRole("button", { name: "Report this listing" }).click();
      const dialog = page.getByRole("dialog", { name: "Report this listing" });
      await visible(dialog);
      // a reason is required
      await dialog.getByRole("button", { name: "Send report" }).click();
      await visible(dialog.getByRole("alert").filter({ hasText: "Choose a reason." }));
      await dialog.getByRole("radio", { name: "Prohibited or dangerous item" }).check();
      await dialog.getByLabel("Details (optional)").fill("Sells leaked exam papers.");
      await expectAccessible(page, "report dialog (phone)");
      await dialog.getByRole("button", { name: "Send report" }).click();
      await notice(page, "Thanks. Your report was sent to the UniBazaar team.");
      await expect.poll(() => dialog.count()).toBe(0);

      // the listing is still in the shop (newest first) until an admin acts
      await page.goto("/shop");
      expect(await productNames(page, "Products")).toContain(productName);

      const desk = admin.page;
      await signIn(desk, ADMIN);
      await desk.goto("/dashboard/admin/moderation");
      await visible(desk.getByRole("heading", { level: 1, name: "Moderation" }));
      const queue = desk.getByRole("list", { name: "Reported listings and users" });
      const item = queue.getByRole("listitem").filter({ has: desk.getByRole("link", { name: productName, exact: true }) });
      await visible(item);
      await visible(item.getByText("Prohibited or dangerous item", { exact: true }));
      await visible(item.getByText(/Sells leaked exam papers\./));
      // the demo data's report waits too
      expect(await queue.locator(":scope > li").count()).toBe(2);
      await expectAccessible(desk, "moderation queue (phone)");

      await item.getByRole("button", { name: "Hide listing" }).click();
      const confirm = desk.getByRole("dialog", { name: `Hide "${productName}"?` });
      await visible(confirm);
      await expectAccessible(desk, "hide confirmation (phone)");
      await confirm.getByRole("button", { name: "Hide listing" }).click();
      await notice(desk, `Done: hide listing (${productName}).`);
      await expect.poll(() => item.count()).toBe(0);
      const trail = desk.getByRole("list", { name: "Moderation actions, newest first" });
      await visible(
        trail
          .getByRole("listitem")
          .first()
          .filter({ hasText: `hid listing ${productName}` }),
      );

      // gone for the buyer: shop, search, the product page
      await page.goto("/shop");
      expect(await productNames(page, "Products")).not.toContain(productName);
      await page.goto(`/search?q=${encodeURIComponent(productName)}`);
      await visible(page.getByText("No products found.", { exact: true }));
      await page.goto(`/shop/${productId}`);
      await visible(page.getByText("Product not found.", { exact: true }));
    } finally {
      await buyer.context.close();
      await admin.context.close();
    }
  });

  it("a reported seller is warned (the warning shows on their dashboard), then suspended and told so at sign-in", async () => {
    const seller = await signUp(e2e.server, "seller");
    await gqlOk(
      e2e,
      `mutation($input: ProductInput!) { createProduct(input: $input) { id } }`,
      {
        input: {
          name: `Scam Phone ${randomUUID().slice(0, 6)}`,
          description: "Brand new phone, pay in advance only. Call 03001234561.",
          category: "electronics",
          color: "black",
          price: 5000,
          image: "/uploads/phone.webp",
        },
      },
      seller.token,
    );
    const buyer = await openPage(e2e, PHONE);
    const admin = await openPage(e2e, PHONE);
    const reported = await openPage(e2e, PHONE);
    try {
      await signIn(buyer.page, BUYER);
      await buyer.page.goto(`/sellers/${seller.user.username}`);
      await buyer.page.getByRole("button", { name: "Report this seller" }).click();
      const dialog = buyer.page.getByRole("dialog", { name: "Report this seller" });
      await dialog.getByRole("radio", { name: "Scam or fraud" }).check();
      await dialog.getByRole("button", { name: "Send report" }).click();
      await notice(buyer.page, "Thanks. Your report was sent to the UniBazaar team.");

      const desk = admin.page;
      await signIn(desk, ADMIN);
      await desk.goto("/dashboard/admin/moderation");
      const queue = desk.getByRole("list", { name: "Reported listings and users" });
      const item = queue.getByRole("listitem").filter({ hasText: seller.user.username });
      await visible(item);
      await item.getByRole("button", { name: "Warn user" }).click();
      const warn = desk.getByRole("dialog", { name: `Warn ${seller.user.username}?` });
      // the warning's text is required: said on its field
      await warn.getByRole("button", { name: "Warn" }).click();
      await visible(warn.getByText("Write the warning the user will see."));
      const warning = warn.getByLabel("Warning the user will see (required)");
      await expect.poll(() => warning.getAttribute("aria-invalid")).toBe("true");
      await warning.fill("Ask for payment only at the meetup.");
      await warn.getByRole("button", { name: "Warn" }).click();
      await expect.poll(() => item.count()).toBe(0);

      await signIn(reported.page, seller.user.email, seller.password);
      await reported.page.goto("/dashboard");
      const warnings = reported.page.getByRole("region", { name: "Warnings from moderators" });
      await visible(warnings.getByText("Ask for payment only at the meetup."));
      await expectAccessible(reported.page, "dashboard with a warning (phone)");

      // reported again (by another buyer): suspended
      await gqlOk(
        e2e,
        `mutation($id: ID!) { reportUser(userId: $id, reason: SCAM) { id } }`,
        { id: seller.user.id },
        await tokenFor(e2e, BUYER_2),
      );
      await desk.reload();
      await visible(item);
      await item.getByRole("button", { name: "Suspend user" }).click();
      const suspend = desk.getByRole("dialog", { name: `Suspend ${seller.user.username}?` });
      await suspend.getByLabel("Reason, shown when they try to sign in (required)").fill("Repeated advance-payment scams");
      await suspend.getByRole("button", { name: "Suspend" }).click();
      await notice(desk, `Done: suspend (${seller.user.username}).`);

      const again = await openPage(e2e, PHONE);
      try {
        await again.page.goto("/login");
        await again.page.getByLabel("Email").fill(seller.user.email);
        await again.page.getByLabel("Password").fill(seller.password);
        await again.page.getByRole("button", { name: "Login" }).click();
        await visible(
          again.page.getByRole("alert").filter({
            hasText:
              "This account is suspended: Repeated advance-payment scams. Contact the UniBazaar team if you think this is a mistake.",
          }),
        );
        await expectAccessible(again.page, "suspended sign-in (phone)");
      } finally {
        await again.context.close();
      }
    } finally {
      await buyer.context.close();
      await admin.context.close();
      await reported.context.close();
    }
  });
});
