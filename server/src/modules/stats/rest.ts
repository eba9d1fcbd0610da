import { z } from "zod";
import type { RestApi } from "../../platform/http/rest";
import { Role } from "../../platform/auth/roles";

/** Money fields are PKR numbers; the figures' meaning is documented on StatsService. */
const userStatsSchema = z.object({ totalPayments: z.number(), totalReviews: z.number(), totalPurchasedProducts: z.number() });
const sellerStatsSchema = z.object({
  totalSales: z.number(),
  totalRevenue: z.number(),
  totalOrdersManaged: z.number(),
  totalProducts: z.number(),
  totalReviews: z.number(),
});
const adminStatsSchema = z.object({
  totalOrders: z.number(),
  totalProducts: z.number(),
  totalReviews: z.number(),
  totalUsers: z.number(),
  totalEarnings: z.number(),
  monthlyEarnings: z.array(z.object({ month: z.string().describe("YYYY-MM"), earnings: z.number() })),
});
const sellerRevenueSchema = z.object({
  sellerId: z.string(),
  username: z.string(),
  email: z.string(),
  storeName: z.string().nullable(),
  contactNumber: z.string().nullable(),
  sellerType: z.enum(["business", "individual"]).nullable(),
  totalRevenue: z.number(),
});

/** /api/stats dashboards and the admins' seller revenue (/api/auth/admin/sellers/revenue), over StatsService. */
export function registerStatsRoutes(api: RestApi) {
  api.route({
    method: "get",
    path: "/stats/user-stats/:idOrEmail",
    tag: "stats",
    summary: "A buyer's figures, by user id or e-mail: the user themself or an admin",
    access: "signed-in",
    params: z.object({ idOrEmail: z.string() }),
    responses: { 200: { description: "The figures", schema: userStatsSchema }, 404: { description: "Unknown user (admins)" } },
    handler: async ({ user, params, services }) => ({ body: await services.stats.userStats(user, params.idOrEmail) }),
  });

  api.route({
    method: "get",
    path: "/stats/seller-stats/:sellerId",
    tag: "stats",
    summary: "A seller's figures: that seller or an admin",
    access: [Role.SELLER, Role.ADMIN],
    params: z.object({ sellerId: z.string() }),
    responses: { 200: { description: "The figures", schema: sellerStatsSchema }, 404: { description: "Unknown seller (admins)" } },
    handler: async ({ user, params, services }) => ({ body: await services.stats.sellerStats(user, params.sellerId) }),
  });

  api.route({
    method: "get",
    path: "/stats/admin-stats",
    tag: "stats",
    summary: "Marketplace totals and the last 12 months' earnings",
    access: [Role.ADMIN],
    responses: { 200: { description: "The figures", schema: adminStatsSchema } },
    handler: async ({ services }) => ({ body: await services.stats.adminStats() }),
  });

  api.route({
    method: "get",
    path: "/auth/admin/sellers/revenue",
    tag: "auth",
    summary: "One row per seller with their revenue from accepted orders, highest first",
    access: [Role.ADMIN],
    responses: { 200: { description: "The sellers", schema: z.array(sellerRevenueSchema) } },
    handler: async ({ services }) => ({ body: await services.stats.sellerRevenue() }),
  });
}
