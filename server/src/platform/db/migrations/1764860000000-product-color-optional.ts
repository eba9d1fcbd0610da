import type { MigrationInterface, QueryRunner } from "typeorm";

/** Colour is optional: not every item has one (a textbook). NULL when the seller gave none. */
export class ProductColorOptional1764860000000 implements MigrationInterface {
  name = "ProductColorOptional1764860000000";

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "products" ALTER COLUMN "color" DROP NOT NULL`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`UPDATE "products" SET "color" = '' WHERE "color" IS NULL`);
    await queryRunner.query(`ALTER TABLE "products" ALTER COLUMN "color" SET NOT NULL`);
  }
}
