import { describe, expect } from "vitest";
import { it } from "./browser-test";
import { Payout, PayoutMethod } from "../server/src/modules/payouts/entity";
import { User } from "../server/src/modules/users/entity";
import { ADMIN, contestedNoShow, SELLER } from "./dashboard-helpers";
import { type E2E, gqlOk, openPage, PHONE } from "./harness";
import { logIn, notice, visible } from "./storefront-helpers";

/** The admins' desk on a phone: tables that fit 390 px, and a contested no-show decided. */
let e2e: E2E;

it.beforeAll(async ({ e2e: app }) => {
  e2e = app;
});

const users = (email: string) => e2e.server.dataSource.getRepository(User).findOneByOrFail({ email });
const newestNotice = async (token: string) =>
  (await gqlOk(e2e, `{ notifications(pageSize: 1) { items { text } } }`, undefined, token)).notifications.items[0]?.text as string;

describe("admin at 390 px", () => {
  it("All Users, Background jobs and Payouts fit the phone: nothing scrolls sideways", async () => {
    const seller = await users(SELLER);
    // a payout waiting, to be listed with its seller's name and method
    await e2e.server.dataSource
      .getRepository(Payout)
      .save({ sellerId: seller.id, amountPaisa: 150_000, method: PayoutMethod.WALLET, destination: "03001234567" });
    const { page } = await openPage(e2e, PHONE);
    await logIn(page, ADMIN);
    for (const [path, heading] of [
      ["/dashboard/admin/users", "All Users"],
      ["/dashboard/admin/jobs", "Background jobs"],
      ["/dashboard/admin/payouts", "Payouts"],
    ] as const) {
      await page.goto(path);
      await visible(page.getByRole("heading", { level: 1, name: heading }));
      await visible(page.getByRole("table").first());
      const widths = await page.evaluate(() => ({
        page: document.documentElement.scrollWidth,
        view: window.innerWidth,
        tables: [...document.querySelectorAll("table")].map(
          (t) => (t.parentElement?.scrollWidth ?? 0) - (t.parentElement?.clientWidth ?? 0),
        ),
      }));
      expect(widths.page, path).toBeLessThanOrEqual(widths.view);
      // no table scrolls inside its own box either
      for (const overflow of widths.tables) expect(overflow, path).toBeLessThanOrEqual(0);
    }
    const row = page.getByRole("row").filter({ hasText: "03001234567" }).first();
    await visible(row.getByText(seller.username, { exact: true }));
    await visible(row.getByText("Wallet 03001234567"));
  });

  it("a contested no-show is its own case: the admin upholds it and both parties are told", async () => {
    const { seller, buyer, sellerToken, buyerToken } = await contestedNoShow(e2e, "Cycle helmet", "I waited at the library gate");

    const { page } = await openPage(e2e, PHONE);
    await logIn(page, ADMIN);
    await page.goto("/dashboard/admin/moderation");
    const list = page.getByRole("list", { name: "Contested no-shows" });
    const item = list.getByRole("listitem").filter({ hasText: "I waited at the library gate" });
    await visible(item);
    await visible(item.getByText(`${seller.username} says ${buyer.username} did not come`));
    // not a "Something else" report in the queue with Warn / Suspend / Dismiss
    expect(await page.getByText("Something else").count()).toBe(0);
    await item.getByRole("button", { name: "Uphold" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Uphold" }).click();
    await notice(page, /^No-show on order UB-\d+ upheld\.$/);
    await expect.poll(() => item.count()).toBe(0);
    expect(await newestNotice(buyerToken)).toMatch(/^An admin upheld the no-show report on order UB-\d+: it stays on your record\.$/);
    expect(await newestNotice(sellerToken)).toMatch(/^An admin upheld your no-show report on order UB-\d+/);
  });
});
