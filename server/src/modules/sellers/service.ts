import type { DataSource } from "typeorm";
import { OrderStatus } from "../orders";
import { User } from "../users";
import { Role } from "../../platform/auth/roles";
import { onPrimary, type CatalogueReads } from "../../platform/db/replicas";

export type SellerPublicProfile = {
  seller: User;
  rating: number;
  reviewCount: number;
  completedSales: number;
};

/** Roles that list products, so that have a public seller page. */
const SELLING_ROLES = [Role.SELLER, Role.ADMIN];

/**
 * Public seller pages: who sells, since when, how their products are rated and how many sales they
 * completed. Read through `reads` (a read replica when one is configured and close enough behind).
 */
export class SellersService {
  constructor(
    dataSource: DataSource,
    private readonly reads: CatalogueReads = onPrimary(dataSource),
  ) {}

  /**
   * A seller by username (any case), with the average rating of every review of their products
   * (deleted listings included: the reviews were real) and their completed orders; null for an
   * unknown username, an account that does not sell or a suspended one.
   */
  async profile(username: string): Promise<SellerPublicProfile | null> {
    const wanted = username.trim().toLowerCase();
    if (!wanted || wanted.length > 40) return null;
    return this.reads.read((db) => this.profileFrom(db, wanted));
  }

  private async profileFrom(db: DataSource, wanted: string): Promise<SellerPublicProfile | null> {
    const seller = await db.getRepository(User).createQueryBuilder("u").where("lower(u.username) = :wanted", { wanted }).getOne();
    if (!seller || seller.suspendedAt || !SELLING_ROLES.includes(seller.role)) return null;
    const [row] = await db.query<Array<{ rating: string | null; reviews: string; completed: string }>>(
      `SELECT
         (SELECT round(avg(r.rating), 2) FROM reviews r JOIN products p ON p.id = r."productId" WHERE p."sellerId" = $1) AS rating,
         (SELECT count(*) FROM reviews r JOIN products p ON p.id = r."productId" WHERE p."sellerId" = $1) AS reviews,
         (SELECT count(*) FROM orders o WHERE o."sellerId" = $1 AND o.status = $2) AS completed`,
      [seller.id, OrderStatus.COMPLETED],
    );
    return { seller, rating: Number(row.rating ?? 0), reviewCount: Number(row.reviews), completedSales: Number(row.completed) };
  }
}
