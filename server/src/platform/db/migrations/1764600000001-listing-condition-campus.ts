import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * Condition and campus on listings: every listing has a condition (existing ones count as
 * "good"); the campus where the seller hands it over is optional. Both are shop filters.
 */
export class ListingConditionCampus1764600000001 implements MigrationInterface {
  name = "ListingConditionCampus1764600000001";

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "products" ADD "condition" character varying(20) NOT NULL DEFAULT 'good', ADD "campus" character varying(40)`,
    );
    await queryRunner.query(`CREATE INDEX "products_campus_idx" ON "products" ("campus")`);
    await queryRunner.query(`CREATE INDEX "products_condition_idx" ON "products" ("condition")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "products_condition_idx"`);
    await queryRunner.query(`DROP INDEX "products_campus_idx"`);
    await queryRunner.query(`ALTER TABLE "products" DROP COLUMN "campus", DROP COLUMN "condition"`);
  }
}
