import type { MigrationInterface, QueryRunner } from "typeorm";

/** A listing's month (UTC), as products/search.ts's LISTED_MONTH reads it. */
const MONTH = `(date_trunc('month', "createdAt" AT TIME ZONE 'UTC'))`;

/**
 * The search indexes lead with the listing's month, so a search reads a common word's newest
 * matches a month at a time (btree_gin's equality on the month, ANDed inside the index with the
 * words) instead of one bitmap of every match, which yields them in the table's order: oldest first
 * in a live table. A search by words alone, or by a category and words, still reads these indexes
 * by those columns, so they replace the old two rather than adding to every listing's writes.
 */
export class SearchByMonth1765700000000 implements MigrationInterface {
  name = "SearchByMonth1765700000000";

  async up(queryRunner: QueryRunner): Promise<void> {
    // building them at a million listings takes longer than the pool lets a statement run
    await queryRunner.query(`SET LOCAL statement_timeout = 0`);
    await queryRunner.query(
      `CREATE INDEX "products_month_search_idx" ON "products" USING GIN (${MONTH}, "search_vector") WHERE "deletedAt" IS NULL`,
    );
    await queryRunner.query(
      `CREATE INDEX "products_category_month_search_idx" ON "products" USING GIN ("category", ${MONTH}, "search_vector") WHERE "deletedAt" IS NULL`,
    );
    await queryRunner.query(`DROP INDEX "products_search_idx"`);
    await queryRunner.query(`DROP INDEX "products_category_search_idx"`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`SET LOCAL statement_timeout = 0`);
    await queryRunner.query(`CREATE INDEX "products_search_idx" ON "products" USING GIN ("search_vector")`);
    await queryRunner.query(
      `CREATE INDEX "products_category_search_idx" ON "products" USING GIN ("category", "search_vector") WHERE "deletedAt" IS NULL`,
    );
    await queryRunner.query(`DROP INDEX "products_month_search_idx"`);
    await queryRunner.query(`DROP INDEX "products_category_month_search_idx"`);
  }
}
