import type { MigrationInterface, QueryRunner } from "typeorm";

/** What the shop shows, as an index predicate (the time-dependent "sold lately" part stays a filter). */
const LISTED = `WHERE "deletedAt" IS NULL AND "hiddenAt" IS NULL AND NOT "sellerSuspended"`;
/** The filter columns a shop page tests, carried in each index so it is read without the table. */
const FILTERS = ["category", "color", "pricePaisa", "quantityAvailable", "soldOutAt"];
const SORTS = {
  newest: [`"createdAt" DESC`, `"id" DESC`],
  price: [`"pricePaisa"`, `"createdAt" DESC`, `"id" DESC`],
  rating: [`"ratingAverage" DESC`, `"ratingCount" DESC`, `"createdAt" DESC`, `"id" DESC`],
};

/**
 * Covering indexes for the shop's pages and bounded counts: one per sort order, over the listed
 * products only, with and without the category in front, each carrying the usual filter columns
 * (INCLUDE). A page picks its ids by an index-only scan (the filters are tested on the index's
 * tuples, never on a table row) and then reads just those rows; a bounded count reads only the
 * index. They replace the earlier per-sort indexes over every undeleted product.
 */
export class ShopCoveringIndexes1764970000000 implements MigrationInterface {
  name = "ShopCoveringIndexes1764970000000";

  async up(queryRunner: QueryRunner): Promise<void> {
    for (const [sort, columns] of Object.entries(SORTS)) {
      const include = (keys: string[]) => FILTERS.filter((f) => !keys.some((k) => k.startsWith(`"${f}"`)));
      const quoted = (names: string[]) => names.map((n) => `"${n}"`).join(", ");
      await queryRunner.query(
        `CREATE INDEX "products_shop_${sort}_idx" ON "products" (${columns.join(", ")}) INCLUDE (${quoted(include(columns))}) ${LISTED}`,
      );
      const inCategory = [`"category"`, ...columns];
      await queryRunner.query(
        `CREATE INDEX "products_shop_category_${sort}_idx" ON "products" (${inCategory.join(", ")}) INCLUDE (${quoted(include(inCategory))}) ${LISTED}`,
      );
      await queryRunner.query(`DROP INDEX "products_listed_${sort}_idx"`);
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const [sort, columns] of Object.entries(SORTS)) {
      await queryRunner.query(`CREATE INDEX "products_listed_${sort}_idx" ON "products" (${columns.join(", ")}) WHERE "deletedAt" IS NULL`);
      await queryRunner.query(`DROP INDEX "products_shop_category_${sort}_idx"`);
      await queryRunner.query(`DROP INDEX "products_shop_${sort}_idx"`);
    }
  }
}
