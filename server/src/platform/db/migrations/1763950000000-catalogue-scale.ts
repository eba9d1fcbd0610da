import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * Indexes for a catalogue of 100k+ listings: one per sort order of the shop (listed products
 * only, ending in the (createdAt, id) tie-break), so a page or a cursor step reads just its rows;
 * and the rating part of the trending score, so trending ranks a bounded set of candidates.
 */
export class CatalogueScale1763950000000 implements MigrationInterface {
  name = "CatalogueScale1763950000000";

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "products_listed_newest_idx"`);
    await queryRunner.query(
      `CREATE INDEX "products_listed_newest_idx" ON "products" ("createdAt" DESC, "id" DESC) WHERE "deletedAt" IS NULL`,
    );
    await queryRunner.query(
      `CREATE INDEX "products_listed_price_idx" ON "products" ("pricePaisa", "createdAt" DESC, "id" DESC) WHERE "deletedAt" IS NULL`,
    );
    await queryRunner.query(
      `CREATE INDEX "products_listed_rating_idx" ON "products" ("ratingAverage" DESC, "ratingCount" DESC, "createdAt" DESC, "id" DESC) WHERE "deletedAt" IS NULL`,
    );
    await queryRunner.query(
      `CREATE INDEX "products_listed_rating_score_idx" ON "products" (("ratingAverage" * ln(1 + "ratingCount")) DESC, "createdAt" DESC, "id" DESC) WHERE "deletedAt" IS NULL`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "products_listed_rating_score_idx"`);
    await queryRunner.query(`DROP INDEX "products_listed_rating_idx"`);
    await queryRunner.query(`DROP INDEX "products_listed_price_idx"`);
    await queryRunner.query(`DROP INDEX "products_listed_newest_idx"`);
    await queryRunner.query(`CREATE INDEX "products_listed_newest_idx" ON "products" ("createdAt" DESC) WHERE "deletedAt" IS NULL`);
  }
}
