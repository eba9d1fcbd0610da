import { randomBytes } from "node:crypto";
import { describe, expect } from "vitest";
import { it } from "./browser-test";
import { BUYER_2, SELLER, SELLER_2, tokenFor } from "./dashboard-helpers";
import { type E2E, gqlOk, openPage, PHONE } from "./harness";
import { signIn, notice, urlMatches, visible } from "./storefront-helpers";

/** On a phone: a saved search's alert reaches the bell when another user lists a match; a wanted post answered opens the chat. */
let e2e: E2E;
it.beforeAll(({ e2e: app }) => {
  e2e = app;
});

describe("saved searches and wanted posts at 390 px", () => {
  it("save a search with its alert; a seller lists a match; the bell shows it", async () => {
    const word = `zq${randomBytes(3).toString("hex")}`;
    const { page, context } = await openPage(e2e, PHONE);
    try {
      await signIn(page, BUYER_2);
      await page.goto(`/shop?q=${word}&category=electronics`);
      await page.getByRole("button", { name: "Save this search" }).click();
      await notice(page, "Search saved");
      await page.goto("/saved-searches");
      const saved = page.getByRole("listitem").filter({ hasText: `"${word}" · Electronics` });
      await visible(saved);
      await expect.poll(() => saved.getByRole("switch", { name: "Alert me" }).isChecked()).toBe(true);

      const listed = await gqlOk<{ createProduct: { id: string } }>(
        e2e,
        `mutation($input: ProductInput!) { createProduct(input: $input) { id } }`,
        {
          input: {
            name: `Calculator ${word}`,
            description: "Casio scientific calculator, all keys work.",
            category: "electronics",
            price: 2500,
            image: `/uploads/${word}.webp`,
          },
        },
        await tokenFor(e2e, SELLER),
      );
      // the match is a job after the listing commits: wait for its notification, then the bell's page shows it
      const buyerToken = await tokenFor(e2e, BUYER_2);
      await expect
        .poll(async () => {
          const { notifications } = await gqlOk(e2e, `{ notifications(pageSize: 20) { items { text } } }`, undefined, buyerToken);
          return (notifications.items as Array<{ text: string }>).map((n) => n.text).join("\n");
        })
        .toContain(`Calculator ${word}`);
      await page.goto("/notifications");
      await visible(page.getByRole("link", { name: new RegExp(`Just listed, for your saved search .*Calculator ${word}`) }));
      await page.getByRole("link", { name: new RegExp(`Calculator ${word}`) }).click();
      await urlMatches(page, new RegExp(`/shop/${listed.createProduct.id}$`));
    } finally {
      await context.close();
    }
  });

  it("post a wanted item; a seller answers; the conversation opens", async () => {
    const title = `Graphing calculator ${randomBytes(3).toString("hex")}`;
    const buyer = await openPage(e2e, PHONE);
    const seller = await openPage(e2e, PHONE);
    try {
      await signIn(buyer.page, BUYER_2);
      await buyer.page.goto("/wanted");
      await buyer.page.getByRole("button", { name: "Post what you want" }).click();
      const form = buyer.page.getByRole("form", { name: "New wanted post" });
      await form.getByLabel("What are you looking for?").fill(title);
      await form.getByRole("combobox", { name: "Category" }).click();
      await buyer.page.getByRole("option", { name: "Electronics" }).click();
      await form.getByLabel("Most you would pay (Rs, optional)").fill("6000");
      await form.getByRole("button", { name: "Post" }).click();
      await notice(buyer.page, "Posted.");
      await visible(buyer.page.getByRole("region", { name: "Your wanted posts" }).getByText(`Looking for: ${title}`));

      await signIn(seller.page, SELLER_2);
      await seller.page.goto("/wanted");
      await seller.page.getByRole("searchbox", { name: "Search wanted posts" }).fill(title);
      await seller.page.getByRole("searchbox", { name: "Search wanted posts" }).press("Enter");
      const post = seller.page.getByRole("listitem", { name: title });
      await visible(post);
      await post.getByRole("button", { name: "I have one" }).click();
      await urlMatches(seller.page, /\/messages\/[0-9a-f-]{36}$/);
    } finally {
      await buyer.context.close();
      await seller.context.close();
    }
  });
});
