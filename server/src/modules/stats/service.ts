import type { DataSource } from "typeorm";
import { said } from "../../platform/i18n/errors";
import { forbidden, notFound } from "../../platform/shared/errors";
import { toRupees } from "../../platform/shared/money";
import { ACCEPTED_STATUSES, PURCHASE_EXCLUDED_STATUSES } from "../orders";
import { type SellerType, type UsersService } from "../users";
import { LISTED } from "../products";
import { Role, type AuthUser } from "../../platform/auth/roles";

/** Months are cut at midnight in Pakistan, where the marketplace trades. */
export const BUSINESS_TIME_ZONE = "Asia/Karachi";
const MONTHS_SHOWN = 12;

/** Enum values from the code (never user input) as an SQL list literal. */
const sqlList = (values: readonly string[]) => values.map((v) => `'${v}'`).join(", ");
const ACCEPTED = sqlList(ACCEPTED_STATUSES);
const NOT_PURCHASED = sqlList(PURCHASE_EXCLUDED_STATUSES);

/**
 * A seller's revenue in paisa over the orders `o` aggregated: subtotal minus discount of accepted
 * orders (tax is not the seller's). Shared by sellerStats and sellerRevenue so they always agree.
 */
const SELLER_REVENUE_PAISA = `COALESCE(sum(o."subtotalPaisa" - o."discountPaisa") FILTER (WHERE o.status IN (${ACCEPTED})), 0)`;

export type UserStats = { totalPayments: number; totalReviews: number; totalPurchasedProducts: number };
export type SellerStats = {
  totalSales: number;
  totalRevenue: number;
  totalOrdersManaged: number;
  totalProducts: number;
  totalReviews: number;
};
export type MonthlyEarning = { month: string; earnings: number };
/** How a seller's sales are grouped: the last 30 days by day, or the last 12 months by month. */
export enum SalesInterval {
  DAY = "DAY",
  MONTH = "MONTH",
}
export type SalesPoint = { period: string; revenue: number };

/** Per interval: the buckets shown, the Postgres unit and the label format. */
const SALES_BUCKETS: Record<SalesInterval, { count: number; unit: string; label: string }> = {
  [SalesInterval.DAY]: { count: 30, unit: "day", label: "YYYY-MM-DD" },
  [SalesInterval.MONTH]: { count: MONTHS_SHOWN, unit: "month", label: "YYYY-MM" },
};
export type AdminStats = {
  totalUsers: number;
  totalProducts: number;
  totalOrders: number;
  totalReviews: number;
  totalEarnings: number;
  monthlyEarnings: MonthlyEarning[];
};
export type SellerRevenue = {
  sellerId: string;
  username: string;
  email: string;
  contactNumber: string | null;
  storeName: string | null;
  sellerType: SellerType | null;
  totalRevenue: number;
};

/** pg returns bigint sums and counts as strings. */
const int = (value: string | number | null): number => Number(value ?? 0);

/** Dashboard figures, each aggregated by PostgreSQL in one statement (no rows are summed in JS). */
export class StatsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly users: UsersService,
  ) {}

  /**
   * A buyer's figures over their orders that were not rejected or cancelled. `idOrEmail` (a user id
   * or an e-mail in any case) defaults to the caller; only admins may ask about someone else.
   */
  async userStats(me: AuthUser, idOrEmail?: string | null): Promise<UserStats> {
    const wanted = idOrEmail?.trim();
    let userId = me.id;
    if (wanted && wanted !== me.id && wanted.toLowerCase() !== me.email.toLowerCase()) {
      if (me.role !== Role.ADMIN) throw forbidden(said("stats.onlyOwn"));
      const user = await this.users.findByIdOrEmail(wanted);
      if (!user) throw notFound(said("account.notFound"));
      userId = user.id;
    }
    const [row] = await this.dataSource.query(
      `SELECT
         (SELECT COALESCE(sum(o."totalPaisa"), 0) FROM orders o
           WHERE o."buyerId" = $1 AND o.status NOT IN (${NOT_PURCHASED})) AS "paymentsPaisa",
         (SELECT count(*) FROM reviews r WHERE r."userId" = $1) AS "reviews",
         (SELECT COALESCE(sum(l.quantity), 0) FROM order_lines l JOIN orders o ON o.id = l."orderId"
           WHERE o."buyerId" = $1 AND o.status NOT IN (${NOT_PURCHASED})) AS "units"`,
      [userId],
    );
    return { totalPayments: toRupees(int(row.paymentsPaisa)), totalReviews: int(row.reviews), totalPurchasedProducts: int(row.units) };
  }

  /** A seller's figures; `sellerId` defaults to the caller, and only admins may ask about another seller. */
  async sellerStats(me: AuthUser, sellerId?: string | null): Promise<SellerStats> {
    const id = await this.sellerFor(me, sellerId);
    const [row] = await this.dataSource.query(
      `SELECT
         (SELECT COALESCE(sum(l.quantity), 0) FROM order_lines l JOIN orders o ON o.id = l."orderId"
           WHERE o."sellerId" = $1 AND o.status IN (${ACCEPTED})) AS "units",
         managed."revenuePaisa",
         managed."orders",
         (SELECT count(*) FROM products p WHERE p."sellerId" = $1 AND p."deletedAt" IS NULL) AS "products",
         (SELECT count(*) FROM reviews r JOIN products p ON p.id = r."productId" WHERE p."sellerId" = $1) AS "reviews"
       FROM (SELECT ${SELLER_REVENUE_PAISA} AS "revenuePaisa", count(*) AS "orders" FROM orders o WHERE o."sellerId" = $1) managed`,
      [id],
    );
    return {
      totalSales: int(row.units),
      totalRevenue: toRupees(int(row.revenuePaisa)),
      totalOrdersManaged: int(row.orders),
      totalProducts: int(row.products),
      totalReviews: int(row.reviews),
    };
  }

  /**
   * A seller's revenue (the same rule as sellerStats.totalRevenue) per day of the last 30 days or per
   * month of the last 12, oldest first, the current one last, empty ones as 0; Pakistan time.
   */
  async sellerSales(me: AuthUser, interval: SalesInterval, sellerId?: string | null): Promise<SalesPoint[]> {
    const id = await this.sellerFor(me, sellerId);
    const { count, unit, label } = SALES_BUCKETS[interval];
    const step = `interval '1 ${unit}'`;
    const rows: Array<{ period: string; revenuePaisa: string }> = await this.dataSource.query(
      `SELECT to_char(b.start, '${label}') AS "period", ${SELLER_REVENUE_PAISA} AS "revenuePaisa"
         FROM generate_series(date_trunc('${unit}', now() AT TIME ZONE $2) - interval '${count - 1} ${unit}s',
                              date_trunc('${unit}', now() AT TIME ZONE $2), ${step}) AS b(start)
         LEFT JOIN orders o ON o."sellerId" = $1
               AND o."createdAt" >= b.start AT TIME ZONE $2
               AND o."createdAt" < (b.start + ${step}) AT TIME ZONE $2
        GROUP BY b.start
        ORDER BY b.start`,
      [id, BUSINESS_TIME_ZONE],
    );
    return rows.map((r) => ({ period: r.period, revenue: toRupees(int(r.revenuePaisa)) }));
  }

  /** The seller asked about: the caller by default; only admins may ask about another seller. */
  private async sellerFor(me: AuthUser, sellerId?: string | null): Promise<string> {
    if (!sellerId || sellerId === me.id) return me.id;
    if (me.role !== Role.ADMIN) throw forbidden(said("stats.onlyOwn"));
    const user = await this.users.findById(sellerId);
    if (!user) throw notFound(said("stats.sellerNotFound"));
    return user.id;
  }

  /** Marketplace totals, and accepted orders' totals per month for the last 12 months (empty months as 0). */
  async adminStats(): Promise<AdminStats> {
    const [[totals], months] = await Promise.all([
      this.dataSource.query(
        `SELECT
           (SELECT count(*) FROM users) AS "users",
           (SELECT count(*) FROM products WHERE "deletedAt" IS NULL AND ${LISTED}) AS "products",
           (SELECT count(*) FROM orders) AS "orders",
           (SELECT count(*) FROM reviews) AS "reviews",
           (SELECT COALESCE(sum("totalPaisa"), 0) FROM orders WHERE status IN (${ACCEPTED})) AS "earningsPaisa"`,
      ),
      // months as local dates in Pakistan; an order belongs to the month it was placed in
      this.dataSource.query(
        `SELECT to_char(m.month, 'YYYY-MM') AS "month", COALESCE(sum(o."totalPaisa"), 0) AS "earningsPaisa"
           FROM generate_series(date_trunc('month', now() AT TIME ZONE $1) - interval '${MONTHS_SHOWN - 1} months',
                                date_trunc('month', now() AT TIME ZONE $1), interval '1 month') AS m(month)
           LEFT JOIN orders o ON o.status IN (${ACCEPTED})
                 AND o."createdAt" >= m.month AT TIME ZONE $1
                 AND o."createdAt" < (m.month + interval '1 month') AT TIME ZONE $1
          GROUP BY m.month
          ORDER BY m.month`,
        [BUSINESS_TIME_ZONE],
      ),
    ]);
    return {
      totalUsers: int(totals.users),
      totalProducts: int(totals.products),
      totalOrders: int(totals.orders),
      totalReviews: int(totals.reviews),
      totalEarnings: toRupees(int(totals.earningsPaisa)),
      monthlyEarnings: (months as Array<{ month: string; earningsPaisa: string }>).map((m) => ({
        month: m.month,
        earnings: toRupees(int(m.earningsPaisa)),
      })),
    };
  }

  /** One row per user with the seller role (0 for those with no sales), highest revenue first. */
  async sellerRevenue(): Promise<SellerRevenue[]> {
    const rows: Array<Omit<SellerRevenue, "totalRevenue"> & { revenuePaisa: string }> = await this.dataSource.query(
      `SELECT u.id AS "sellerId", u.username, u.email, u."contactNumber", u."storeName", u."sellerType",
              ${SELLER_REVENUE_PAISA} AS "revenuePaisa"
         FROM users u
         LEFT JOIN orders o ON o."sellerId" = u.id
        WHERE u.role = $1
        GROUP BY u.id
        ORDER BY "revenuePaisa" DESC, lower(u.username)`,
      [Role.SELLER],
    );
    return rows.map(({ revenuePaisa, ...seller }) => ({ ...seller, totalRevenue: toRupees(int(revenuePaisa)) }));
  }
}
