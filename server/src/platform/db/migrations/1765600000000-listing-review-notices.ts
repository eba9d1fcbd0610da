import type { MigrationInterface, QueryRunner } from "typeorm";

/** A seller is told an admin's decision on their listing held for review (released, or kept hidden and why). */
export class ListingReviewNotices1765600000000 implements MigrationInterface {
  name = "ListingReviewNotices1765600000000";

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TYPE "public"."notification_kind" ADD VALUE IF NOT EXISTS 'LISTING_REVIEW'`);
  }

  async down(): Promise<void> {
    // PostgreSQL cannot drop one value of an enum: LISTING_REVIEW stays in notification_kind
  }
}
