import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * Saved searches and wanted posts, both matched against each new listing in SQL: their filters are
 * columns and their words a stored tsquery. `listing_alerts` records who was told about which
 * listing, so nobody hears of one listing twice. Conversations may be about a wanted post instead of a
 * listing. Meetup reminders are kept once per order and meetup time. Two push and notification kinds.
 */
export class SavedSearchesWanted1765030000000 implements MigrationInterface {
  name = "SavedSearchesWanted1765030000000";

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TYPE "push_kind" ADD VALUE IF NOT EXISTS 'SAVED_SEARCHES'`);
    await queryRunner.query(`ALTER TYPE "push_kind" ADD VALUE IF NOT EXISTS 'MEETUPS'`);
    await queryRunner.query(`ALTER TYPE "notification_kind" ADD VALUE IF NOT EXISTS 'LISTING_MATCH'`);
    await queryRunner.query(`ALTER TYPE "notification_kind" ADD VALUE IF NOT EXISTS 'MEETUP_REMINDER'`);

    await queryRunner.query(`CREATE TABLE "saved_searches" (
      "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      "userId" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
      "search" varchar(100),
      "words" tsquery,
      "category" varchar(30),
      "color" varchar(20),
      "condition" varchar(20),
      "campus" varchar(40),
      "minPricePaisa" int,
      "maxPricePaisa" int,
      "sellerId" uuid,
      "verifiedSellersOnly" boolean NOT NULL DEFAULT false,
      "alert" boolean NOT NULL DEFAULT true,
      "emailDigest" boolean NOT NULL DEFAULT false,
      "createdAt" timestamptz NOT NULL DEFAULT now()
    )`);
    await queryRunner.query(`CREATE INDEX "saved_searches_user_idx" ON "saved_searches" ("userId", "createdAt")`);
    // the matching reads only searches with the alert on, narrowed by category first (most searches name one)
    await queryRunner.query(`CREATE INDEX "saved_searches_alert_category_idx" ON "saved_searches" ("category") WHERE "alert"`);

    await queryRunner.query(`CREATE TABLE "wanted_posts" (
      "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      "authorId" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
      "title" varchar(120) NOT NULL,
      "details" varchar(1000),
      "maxPricePaisa" int,
      "category" varchar(30) NOT NULL,
      "campus" varchar(40),
      "words" tsquery NOT NULL,
      "expiresAt" timestamptz NOT NULL,
      "closedAt" timestamptz,
      "createdAt" timestamptz NOT NULL DEFAULT now(),
      "search_vector" tsvector GENERATED ALWAYS AS (setweight(to_tsvector('simple', "title"), 'A') || setweight(to_tsvector('simple', coalesce("details", '')), 'B')) STORED
    )`);
    await queryRunner.query(`CREATE INDEX "wanted_posts_open_idx" ON "wanted_posts" ("expiresAt", "createdAt") WHERE "closedAt" IS NULL`);
    await queryRunner.query(`CREATE INDEX "wanted_posts_author_idx" ON "wanted_posts" ("authorId", "createdAt")`);
    await queryRunner.query(`CREATE INDEX "wanted_posts_search_idx" ON "wanted_posts" USING GIN ("search_vector")`);

    await queryRunner.query(`CREATE TABLE "listing_alerts" (
      "productId" uuid NOT NULL REFERENCES "products"("id") ON DELETE CASCADE,
      "userId" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
      "savedSearchId" uuid REFERENCES "saved_searches"("id") ON DELETE SET NULL,
      "wantedPostId" uuid REFERENCES "wanted_posts"("id") ON DELETE SET NULL,
      "mailedAt" timestamptz,
      "createdAt" timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY ("productId", "userId")
    )`);
    await queryRunner.query(
      `CREATE INDEX "listing_alerts_unmailed_idx" ON "listing_alerts" ("userId", "createdAt") WHERE "mailedAt" IS NULL`,
    );

    await queryRunner.query(`ALTER TABLE "conversations" ALTER COLUMN "productId" DROP NOT NULL`);
    await queryRunner.query(`ALTER TABLE "conversations" ADD "wantedPostId" uuid REFERENCES "wanted_posts"("id") ON DELETE CASCADE`);
    await queryRunner.query(
      `ALTER TABLE "conversations" ADD CONSTRAINT "conversations_about_one_check" CHECK (num_nonnulls("productId", "wantedPostId") = 1)`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "conversations_wanted_seller_key" ON "conversations" ("wantedPostId", "sellerId") WHERE "wantedPostId" IS NOT NULL`,
    );

    await queryRunner.query(`CREATE TABLE "meetup_reminders" (
      "orderId" uuid NOT NULL REFERENCES "orders"("id") ON DELETE CASCADE,
      "meetupAt" timestamptz NOT NULL,
      "createdAt" timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY ("orderId", "meetupAt")
    )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "meetup_reminders"`);
    await queryRunner.query(`DELETE FROM "conversations" WHERE "wantedPostId" IS NOT NULL`);
    await queryRunner.query(`ALTER TABLE "conversations" DROP CONSTRAINT "conversations_about_one_check"`);
    await queryRunner.query(`ALTER TABLE "conversations" DROP COLUMN "wantedPostId"`);
    await queryRunner.query(`ALTER TABLE "conversations" ALTER COLUMN "productId" SET NOT NULL`);
    await queryRunner.query(`DROP TABLE "listing_alerts"`);
    await queryRunner.query(`DROP TABLE "wanted_posts"`);
    await queryRunner.query(`DROP TABLE "saved_searches"`);
  }
}
