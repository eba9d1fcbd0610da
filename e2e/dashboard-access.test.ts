import { describe, expect } from "vitest";
import { it } from "./browser-test";
import { DESKTOP, type E2E, expectAccessible, gqlOk, openPage, PHONE, pkr } from "./harness";
import { ADMIN, BUYER, chartValue, figure, PASSWORD, SELLER, signInTo, tokenFor } from "./dashboard-helpers";
import type { Page } from "playwright-core";
import { signIn } from "./storefront-helpers";
import { formatDate, formatMonth } from "../web/src/lib/format";

let e2e: E2E;
it.beforeAll(({ e2e: app }) => {
  e2e = app;
});

const MENUS = {
  buyer: ["My Orders", "Messages", "Profile", "Log out"],
  seller: ["Manage My Products", "Add Product", "Manage Orders", "Your orders", "Balance and payouts", "Messages", "Profile", "Log out"],
  admin: [
    "Admin Dashboard",
    "Moderation",
    "Reported conversations",
    "Disputes",
    "Payouts",
    "Payments",
    "Background jobs",
    "Messages",
    "Profile",
    "Log out",
  ],
};

describe("dashboard access", () => {
  it("sends an anonymous visitor to /login and back to the dashboard after signing in", async () => {
    const { page } = await openPage(e2e);
    await page.goto("/dashboard/admin/users");
    await page.waitForURL((url) => url.pathname === "/login");
    await page.getByLabel(/email/i).fill(ADMIN);
    await page.getByLabel(/password/i).fill(PASSWORD);
    await page.getByRole("button", { name: /log ?in/i }).click();
    await page.waitForURL((url) => url.pathname === "/dashboard/admin/users");
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("All Users");
  });

  it("refuses another role's pages: a buyer opening /dashboard/admin goes to /unauthorized", async () => {
    const { page } = await openPage(e2e);
    await signInTo(page, BUYER, "/dashboard/admin");
    await page.waitForURL((url) => url.pathname === "/unauthorized");
    await page.goto("/dashboard/seller");
    await page.waitForURL((url) => url.pathname === "/unauthorized");
    // and the server refuses the data too
    const token = await tokenFor(e2e, BUYER);
    const res = await e2e.server.gql(`{ sellerRevenue { email } }`, undefined, token);
    expect(res.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
  });

  it("sends a user with a role the dashboard does not know to /unauthorized", async () => {
    const { page } = await openPage(e2e);
    await signIn(page, BUYER);
    // the server answers with a role this client does not know (say, one added later)
    await page.route("**/graphql", async (route) => {
      const body = route.request().postDataJSON() as { operationName?: string } | null;
      if (body?.operationName !== "Me") return route.continue();
      const response = await route.fetch();
      const json = await response.json();
      json.data.me.role = "MODERATOR";
      return route.fulfill({ response, json });
    });
    await page.goto("/dashboard");
    await page.waitForURL((url) => url.pathname === "/unauthorized");
  });

  it("shows an admin the background job queues and the failed jobs", async () => {
    const { page } = await openPage(e2e);
    await signInTo(page, ADMIN, "/dashboard/admin/jobs");
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Background jobs");
    const queues = page.getByRole("table", { name: "Job queues" });
    await expect.poll(() => queues.getByRole("row").filter({ hasText: "saved.price-dropped" }).count()).toBe(1);
    await expect.poll(() => page.getByText("No job has failed.").count()).toBe(1);
  });

  it("a seller or admin opening /dashboard lands on their own dashboard", async () => {
    const { page } = await openPage(e2e);
    await signInTo(page, SELLER, "/dashboard");
    await page.waitForURL((url) => url.pathname === "/dashboard/seller");
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Welcome to Seller Dashboard");
    await page.goto("/dashboard/admin/users");
    await page.waitForURL((url) => url.pathname === "/unauthorized");
  });
});

describe.each([
  ["desktop", DESKTOP],
  ["phone", PHONE],
] as const)("dashboards on %s", (_name, viewport) => {
  /** The side menu's entries; on a phone it is behind the hamburger button. */
  const menuItems = async (page: Page) => {
    if (viewport === PHONE) await page.getByRole("button", { name: "Open dashboard menu" }).click();
    const items = page.getByRole("list", { name: "Dashboard menu" }).getByRole("listitem");
    await items.first().waitFor();
    return (await items.allTextContents()).map((t) => t.trim());
  };

  it("buyer: greeting and one labelled card per figure match the API; the role's menu; no serious a11y issues", async () => {
    const { page } = await openPage(e2e, viewport);
    await signInTo(page, BUYER, "/dashboard");
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Welcome, fatima!");
    const token = await tokenFor(e2e, BUYER);
    const { userStats } = await gqlOk(e2e, `{ userStats { totalPayments totalReviews totalPurchasedProducts } }`, undefined, token);
    // one card per figure, each labelled: rupees and counts never share a chart
    await expect.poll(() => figure(page, "Total Payments (incl. tax)").textContent()).toBe(pkr(userStats.totalPayments));
    expect(await figure(page, "Reviews Written").textContent()).toBe(String(userStats.totalReviews));
    expect(await figure(page, "Total Purchased Products").textContent()).toBe(String(userStats.totalPurchasedProducts));
    expect(await page.locator("figure svg").count()).toBe(0);
    await expect.poll(() => page.getByText(pkr(userStats.totalPayments)).first().isVisible()).toBe(true);
    await expectAccessible(page, `buyer dashboard (${viewport.width}px)`);
    expect(await menuItems(page)).toEqual(MENUS.buyer);
  });

  it("seller: title, one card per figure (revenue in PKR), a labelled sales-over-time chart matching the API; the role's menu; no serious a11y issues", async () => {
    const { page } = await openPage(e2e, viewport);
    await signInTo(page, SELLER, "/dashboard/seller");
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Welcome to Seller Dashboard");
    const token = await tokenFor(e2e, SELLER);
    const { sellerStats } = await gqlOk(
      e2e,
      `{ sellerStats { totalSales totalRevenue totalOrdersManaged totalProducts totalReviews } }`,
      undefined,
      token,
    );
    // each figure on its own card: counts and rupees never share a bar chart's scale
    await expect.poll(() => figure(page, "Total Products").textContent()).toBe(String(sellerStats.totalProducts));
    expect(await figure(page, "Total Sales").textContent()).toBe(String(sellerStats.totalSales));
    expect(await figure(page, "Total Reviews").textContent()).toBe(String(sellerStats.totalReviews));
    await expect.poll(() => page.getByText(pkr(sellerStats.totalRevenue)).first().isVisible()).toBe(true);
    // one chart, of rupees only: sales over time, labelled, its axes named, today's figure as the API's
    const days = (await gqlOk(e2e, `{ sellerSales(interval: DAY) { period revenue } }`, undefined, token)).sellerSales;
    const byDay = "Sales per day, last 30 days (excl. tax)";
    const chart = page.getByRole("figure", { name: byDay });
    await expect.poll(() => chart.locator("svg").getByText("Revenue (PKR)").count()).toBe(1);
    expect(await chart.locator("svg").getByText("Day", { exact: true }).count()).toBe(1);
    expect(await page.locator("figure svg").count()).toBeGreaterThan(0);
    await expect.poll(() => chartValue(page, byDay, formatDate(days.at(-1).period))).toBe(pkr(days.at(-1).revenue));
    expect(await page.getByRole("table", { name: byDay }).getByRole("row").count()).toBe(31);
    await page.getByRole("button", { name: "Last 12 months" }).click();
    const months = (await gqlOk(e2e, `{ sellerSales(interval: MONTH) { period revenue } }`, undefined, token)).sellerSales;
    const byMonth = "Sales per month, last 12 months (excl. tax)";
    await expect.poll(() => chartValue(page, byMonth, formatMonth(months.at(-1).period))).toBe(pkr(months.at(-1).revenue));
    expect(await page.getByRole("figure", { name: byMonth }).locator("svg").getByText("Month", { exact: true }).count()).toBe(1);
    await expectAccessible(page, `seller dashboard (${viewport.width}px)`);
    expect(await menuItems(page)).toEqual(MENUS.seller);
  });

  it("admin: totals, monthly earnings and seller revenue match the API; the role's menu; no serious a11y issues", async () => {
    const { page } = await openPage(e2e, viewport);
    await signInTo(page, ADMIN, "/dashboard/admin");
    const token = await tokenFor(e2e, ADMIN);
    const { adminStats, sellerRevenue } = await gqlOk(
      e2e,
      `{ adminStats { totalUsers totalEarnings monthlyEarnings { month earnings } } sellerRevenue { email totalRevenue } }`,
      undefined,
      token,
    );
    const last = adminStats.monthlyEarnings.at(-1);
    await expect.poll(() => chartValue(page, "Monthly earnings (incl. tax)", formatMonth(last.month))).toBe(pkr(last.earnings));
    for (const row of sellerRevenue) {
      await expect
        .poll(() => page.getByRole("row").filter({ hasText: row.email }).getByRole("cell").last().textContent())
        .toBe(pkr(row.totalRevenue));
    }
    await expectAccessible(page, `admin dashboard (${viewport.width}px)`);
    await page.getByRole("link", { name: "Manage Users" }).click();
    await page.waitForURL((url) => url.pathname === "/dashboard/admin/users");
    // the address leads its cell (on a phone the role and status follow it there)
    await page.getByRole("cell", { name: new RegExp(`^${BUYER.replace(/[.]/g, "\\.")}`) }).waitFor();
    await expectAccessible(page, `admin users (${viewport.width}px)`);
    expect(await menuItems(page)).toEqual(MENUS.admin);
  });
});
