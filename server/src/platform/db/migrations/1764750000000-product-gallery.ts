import type { MigrationInterface, QueryRunner } from "typeorm";

/** More than one picture per product: the ones after the main `image`, in order. */
export class ProductGallery1764750000000 implements MigrationInterface {
  name = "ProductGallery1764750000000";

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "products" ADD "gallery" character varying(500) array NOT NULL DEFAULT '{}'`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "products" DROP COLUMN "gallery"`);
  }
}
