import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * One item, one buyer: a listing's units left to buy (1 unless the seller lists more; placing an
 * order takes them, a cancelled or rejected order gives them back) and when it last sold out, so
 * a sold listing stays visible in the shop for a while.
 */
export class ListingQuantity1764600000000 implements MigrationInterface {
  name = "ListingQuantity1764600000000";

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "products" ADD "quantityAvailable" integer NOT NULL DEFAULT 1,
                              ADD "soldOutAt" TIMESTAMP WITH TIME ZONE,
                              ADD CONSTRAINT "products_quantity_available_check" CHECK ("quantityAvailable" >= 0)`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "products" DROP CONSTRAINT "products_quantity_available_check", DROP COLUMN "soldOutAt", DROP COLUMN "quantityAvailable"`,
    );
  }
}
