import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * Copied photos: each upload keeps a 64-bit perceptual hash; a listing whose photo matches another
 * seller's is hidden with the reason in "heldReason" until an admin shows it again. Listings are
 * found by the upload hash in their image address (also what the unused-upload sweep compares).
 */
export class CopiedPhotos1764850000001 implements MigrationInterface {
  name = "CopiedPhotos1764850000001";

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "images" ADD "photoHash" bit(64)`);
    await queryRunner.query(`ALTER TABLE "products" ADD "heldReason" character varying(200)`);
    await queryRunner.query(`CREATE INDEX "products_image_upload_idx" ON "products" (left(split_part("image", '/uploads/', 2), 64))`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "products_image_upload_idx"`);
    await queryRunner.query(`ALTER TABLE "products" DROP COLUMN "heldReason"`);
    await queryRunner.query(`ALTER TABLE "images" DROP COLUMN "photoHash"`);
  }
}
