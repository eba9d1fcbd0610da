import type { Page } from "playwright-core";
import { expect } from "vitest";
import { REVIEW_COMMENT_MAX } from "@unibazaar/rules";
import { notice, visible } from "./storefront-helpers";

/** Rates the three parts and writes the comment in the open review dialog, then posts it. */
export async function writeReview(page: Page, button: string, stars: [number, number, number], comment: string) {
  await page.getByRole("button", { name: button }).click();
  const dialog = page.getByRole("dialog");
  await visible(dialog);
  const comments = dialog.getByRole("textbox", { name: "Comment" });
  expect(await comments.getAttribute("maxlength")).toBe(String(REVIEW_COMMENT_MAX));
  // posting without stars shows the rules' messages on the parts, and sends nothing
  await dialog.getByRole("button", { name: "Post review" }).click();
  await visible(dialog.getByText("Rate communication from 1 to 5 stars."));
  const labels = [button === "Review the seller" ? "Item as described" : "Buyer as agreed", "Communication", "Punctuality"];
  for (const [i, label] of labels.entries())
    await dialog
      .locator("label")
      .filter({ hasText: `${label}: ${stars[i]} star${stars[i] === 1 ? "" : "s"}` })
      .click();
  await comments.fill(comment);
  await dialog.getByRole("button", { name: "Post review" }).click();
  await notice(page, "Your review is saved.");
  await dialog.waitFor({ state: "detached" });
}

/** The seller completes the handover from Manage Orders with the buyer's code, and sees it completed. */
export async function completeHandoverByCode(page: Page, orderNumber: string, code: string) {
  await page.goto("/dashboard/seller/manage-orders");
  await page.getByRole("button", { name: `Show details of order ${orderNumber}` }).click();
  await page.getByRole("button", { name: "Enter or scan code" }).click();
  const codeDialog = page.getByRole("dialog", { name: "Enter or scan the buyer's code" });
  await codeDialog.getByRole("textbox", { name: "Buyer's code" }).fill(code);
  await codeDialog.getByRole("button", { name: "Complete handover" }).click();
  await notice(page, `Order ${orderNumber} is completed: confirmed by code.`);
}
