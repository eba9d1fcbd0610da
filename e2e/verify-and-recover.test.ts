import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Page } from "playwright-core";
import { describe, expect } from "vitest";
import { it as browserTest } from "./browser-test";
import { codeIn, lastOutboxMail } from "../server/src/test/mail";
import { type E2E, expectAccessible, gqlOk, openPage, PHONE } from "./harness";
import { logIn, PASSWORD, productNames, urlMatches, visible } from "./storefront-helpers";

/** Verified students and account recovery on a phone, with mail in the outbox (no SMTP_URL, as on a fresh `npm start`). */
let e2e: E2E;
let dataDir: string;
const it = browserTest.extend("appEnv", { scope: "file" }, async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "unibazaar-e2e-verify-"));
  return { DATA_DIR: dataDir };
});
it.beforeAll(({ e2e: app }) => {
  e2e = app;
});

const token = async (email: string, password = PASSWORD) =>
  (
    await gqlOk<{ login: { token: string } }>(e2e, `mutation ($e: String!, $p: String!) { login(email: $e, password: $p) { token } }`, {
      e: email,
      p: password,
    })
  ).login.token;

/** Reads a code the way a developer would: the newest mail to `to` on the /dev/outbox page. */
async function codeFromOutboxPage(page: Page, to: string): Promise<string> {
  const outbox = await page.context().newPage();
  try {
    await outbox.goto("/dev/outbox");
    await outbox.getByRole("link").filter({ hasText: to }).first().click();
    const text = await visible(outbox.locator("pre")).then((pre) => pre.textContent());
    return /(\d{6}) is your UniBazaar/.exec(text ?? "")![1];
  } finally {
    await outbox.close();
  }
}

describe("verified students and account recovery at 390 px", () => {
  it("verifies a university e-mail with the code from the outbox page; the badge shows on the profile and the seller page", async () => {
    const { page, context } = await openPage(e2e, PHONE);
    try {
      // Campus Corner's owner is not verified in the demo data
      await logIn(page, "store@campuscorner.pk");
      await page.goto("/dashboard/profile");
      const card = page.getByRole("region", { name: "Student verification" });
      await visible(card);
      await card.getByLabel("University e-mail").fill("sana@gmail.com");
      await card.getByRole("button", { name: "Send code" }).click();
      await visible(card.getByText("Use your university e-mail address, e.g. name@nust.edu.pk."));

      await card.getByLabel("University e-mail").fill("sana.malik@lums.edu.pk");
      await card.getByRole("button", { name: "Send code" }).click();
      await visible(card.getByText("We sent a 6-digit code to"));
      const code = await codeFromOutboxPage(page, "sana.malik@lums.edu.pk");
      await card.getByLabel("Code").fill(code);
      await card.getByRole("button", { name: "Verify" }).click();
      await visible(card.getByText("Verified with sana.malik@lums.edu.pk"));
      await visible(page.getByText("Verified student").first());
      await expectAccessible(page, "profile with the Verified student badge (phone)");

      await page.goto("/sellers/campus_corner");
      await visible(page.getByRole("heading", { level: 1, name: "Campus Corner" }));
      await visible(page.getByText("Verified student"));
      await visible(page.getByText(/LUMS/).first());
    } finally {
      await context.close();
    }
  });

  it("filters the shop by campus and 'Verified sellers only'", async () => {
    // a listing at NUST by an account without a verified e-mail (the admin), beside the verified Ali's
    const adminToken = await token("admin@unibazaar.pk");
    const { createProduct } = await gqlOk<{ createProduct: { id: string } }>(
      e2e,
      `mutation ($input: ProductInput!) { createProduct(input: $input) { id } }`,
      {
        input: {
          name: "Unverified Desk Lamp",
          description: "A desk lamp listed by an account without a verified university e-mail.",
          category: "electronics",
          color: "black",
          price: 900,
          image: "/uploads/lamp.webp",
          campus: "nust-islamabad",
        },
      },
      adminToken,
    );
    const names = async (filter: Record<string, unknown>) =>
      (
        await gqlOk<{ products: { items: Array<{ name: string }> } }>(
          e2e,
          `query ($f: ProductFilter) { products(filter: $f, pageSize: 8) { items { name } } }`,
          { f: filter },
        )
      ).products.items.map((p) => p.name);
    const atNust = await names({ campus: "nust-islamabad" });
    const verifiedAtNust = await names({ campus: "nust-islamabad", verifiedSellersOnly: true });
    expect(atNust).toContain("Unverified Desk Lamp");
    expect(verifiedAtNust).not.toContain("Unverified Desk Lamp");
    expect(verifiedAtNust.length).toBeGreaterThan(0);

    const { page, context } = await openPage(e2e, PHONE);
    try {
      await page.goto("/shop");
      await page.getByRole("button", { name: /^Filters/ }).click();
      let sheet = page.getByRole("region", { name: "Filters" });
      await visible(sheet);
      await sheet
        .getByRole("radiogroup", { name: "Campus" })
        .getByRole("radio", { name: /^NUST H-12 Islamabad \(\d+\)$/ })
        .click();
      await sheet.getByRole("button", { name: /^Show / }).click();
      await sheet.waitFor({ state: "hidden" });
      await expect.poll(() => productNames(page, "Products")).toEqual(atNust);

      await page.getByRole("button", { name: /^Filters/ }).click();
      sheet = page.getByRole("region", { name: "Filters" });
      const verifiedOnly = sheet.getByRole("checkbox", { name: "Verified sellers only" });
      await verifiedOnly.click();
      await expect.poll(() => verifiedOnly.isChecked()).toBe(true);
      await sheet.getByRole("button", { name: /^Show / }).click();
      await sheet.waitFor({ state: "hidden" });
      await expect.poll(() => productNames(page, "Products")).toEqual(verifiedAtNust);
      await urlMatches(page, /^\/shop\?campus=nust-islamabad&verified=1$/);
      await visible(page.getByRole("group", { name: "Active filters" }).getByText("Verified sellers only"));
      await visible(page.getByRole("img", { name: /^Verified student/ }).first());
      await expectAccessible(page, "shop filtered by campus and verified sellers (phone)");

      // the URL alone restores the filter
      await page.goto("/shop?campus=nust-islamabad&verified=1");
      await expect.poll(() => productNames(page, "Products")).toEqual(verifiedAtNust);
    } finally {
      await context.close();
      await gqlOk(e2e, `mutation ($id: ID!) { deleteProduct(id: $id) }`, { id: createProduct.id }, adminToken);
    }
  });

  it("changes the password on the profile with the current one: a wrong one is marked, other sessions end, this one goes on", async () => {
    const otherDevice = await token("zainab@student.pk");
    const { page, context } = await openPage(e2e, PHONE);
    try {
      await logIn(page, "zainab@student.pk");
      await page.goto("/dashboard/profile");
      const card = page.getByRole("region", { name: "Change password" });
      await card.getByLabel("Current password").fill("not-my-password");
      await card.getByLabel(/^New password/).fill("zainab-new-pass-1");
      await card.getByLabel("Repeat new password").fill("zainab-new-pass-1");
      await card.getByRole("button", { name: "Change password" }).click();
      await visible(card.getByText("Your current password is not right."));
      expect(await token("zainab@student.pk")).toBeTruthy();

      await card.getByLabel("Current password").fill(PASSWORD);
      await card.getByRole("button", { name: "Change password" }).click();
      await visible(page.getByText("Password changed. Other devices are signed out."));
      await expectAccessible(page, "profile after a password change (phone)");

      expect((await e2e.server.gql(`{ me { email } }`, {}, otherDevice)).errors?.[0].extensions?.code).toBe("UNAUTHENTICATED");
      expect(await token("zainab@student.pk", "zainab-new-pass-1")).toBeTruthy();
      // this device's new token keeps working: the profile still loads after a reload
      await page.reload();
      await visible(page.getByText("zainab@student.pk"));
    } finally {
      await context.close();
    }
  });

  it("resets a forgotten password with the mailed code: signed in afresh, every older session signed out", async () => {
    const oldSession = await token("hamza@student.pk");
    const { page, context } = await openPage(e2e, PHONE);
    try {
      await page.goto("/login");
      await page.getByRole("link", { name: "Forgot password?" }).click();
      await visible(page.getByRole("heading", { level: 1, name: "Reset your password" }));
      await page.getByLabel("Email").fill("hamza@student.pk");
      await page.getByRole("button", { name: "Send code" }).click();
      await visible(page.getByText("we sent a 6-digit code to it"));
      await expectAccessible(page, "forgot password, code step (phone)");

      const mail = await lastOutboxMail(path.join(dataDir, "outbox"), "hamza@student.pk");
      await page.getByLabel("Code").fill(codeIn(mail!));
      await page.getByLabel(/^New password/).fill("hamza-new-pass-1");
      await page.getByLabel("Repeat new password").fill("hamza-new-pass-2");
      await page.getByRole("button", { name: "Set new password" }).click();
      await visible(page.getByText("The passwords do not match."));
      await page.getByLabel("Repeat new password").fill("hamza-new-pass-1");
      await page.getByRole("button", { name: "Set new password" }).click();
      await urlMatches(page, /^\/$/);

      const me = await e2e.server.gql(`{ me { email } }`, {}, oldSession);
      expect(me.errors?.[0].extensions?.code).toBe("UNAUTHENTICATED");
      expect(await token("hamza@student.pk", "hamza-new-pass-1")).toBeTruthy();
      await page.goto("/dashboard/profile");
      await visible(page.getByText("hamza@student.pk"));
    } finally {
      await context.close();
    }
  });
});
