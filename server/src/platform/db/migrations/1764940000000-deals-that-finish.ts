import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * Two-way blind reviews of a completed order, no-show reports, and each user's reliability record
 * (a per-user row of counters kept by the reactions, so reading it never scans orders or messages).
 * The record starts from the data already there: completed deals and chat replies.
 */
export class DealsThatFinish1764940000000 implements MigrationInterface {
  name = "DealsThatFinish1764940000000";

  async up(queryRunner: QueryRunner): Promise<void> {
    // an order's review window, opened when it completes (orders completed in the last 14 days get theirs now)
    await queryRunner.query(`
      CREATE TABLE "review_windows" (
        "orderId" uuid NOT NULL PRIMARY KEY REFERENCES "orders"("id") ON DELETE CASCADE,
        "closesAt" timestamptz NOT NULL
      )`);
    await queryRunner.query(`
      INSERT INTO "review_windows" ("orderId", "closesAt")
      SELECT "orderId", max("createdAt") + interval '14 days' FROM order_status_events WHERE "toStatus" = 'completed'
       GROUP BY "orderId" HAVING max("createdAt") > now() - interval '14 days'`);
    await queryRunner.query(`
      CREATE TABLE "deal_reviews" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid() PRIMARY KEY,
        "orderId" uuid NOT NULL REFERENCES "orders"("id") ON DELETE CASCADE,
        "side" character varying(10) NOT NULL CHECK ("side" IN ('BUYER', 'SELLER')),
        "authorId" uuid REFERENCES "users"("id") ON DELETE SET NULL,
        "subjectId" uuid REFERENCES "users"("id") ON DELETE SET NULL,
        "asDescribed" smallint NOT NULL CHECK ("asDescribed" BETWEEN 1 AND 5),
        "communication" smallint NOT NULL CHECK ("communication" BETWEEN 1 AND 5),
        "punctuality" smallint NOT NULL CHECK ("punctuality" BETWEEN 1 AND 5),
        "comment" character varying(1000) NOT NULL,
        "closesAt" timestamptz NOT NULL,
        "revealedAt" timestamptz,
        "createdAt" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "deal_reviews_order_side_key" UNIQUE ("orderId", "side")
      )`);
    await queryRunner.query(`CREATE INDEX "deal_reviews_hidden_closes_idx" ON "deal_reviews" ("closesAt") WHERE "revealedAt" IS NULL`);
    await queryRunner.query(`CREATE INDEX "deal_reviews_subject_idx" ON "deal_reviews" ("subjectId", "createdAt")`);

    await queryRunner.query(`
      CREATE TABLE "no_show_reports" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid() PRIMARY KEY,
        "orderId" uuid NOT NULL REFERENCES "orders"("id") ON DELETE CASCADE,
        "reporterId" uuid REFERENCES "users"("id") ON DELETE SET NULL,
        "accusedId" uuid REFERENCES "users"("id") ON DELETE SET NULL,
        "status" character varying(10) NOT NULL DEFAULT 'OPEN' CHECK ("status" IN ('OPEN', 'CONTESTED', 'UPHELD', 'DISMISSED')),
        "contestBy" timestamptz NOT NULL,
        "contestReason" character varying(500),
        "moderationReportId" uuid REFERENCES "reports"("id") ON DELETE SET NULL,
        "decidedAt" timestamptz,
        "createdAt" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "no_show_reports_order_key" UNIQUE ("orderId")
      )`);
    await queryRunner.query(`CREATE INDEX "no_show_reports_open_idx" ON "no_show_reports" ("contestBy") WHERE "status" = 'OPEN'`);
    await queryRunner.query(
      `CREATE INDEX "no_show_reports_contested_idx" ON "no_show_reports" ("moderationReportId") WHERE "status" = 'CONTESTED'`,
    );

    await queryRunner.query(`
      CREATE TABLE "user_reliability" (
        "userId" uuid NOT NULL PRIMARY KEY REFERENCES "users"("id") ON DELETE CASCADE,
        "completedDeals" integer NOT NULL DEFAULT 0,
        "noShows" integer NOT NULL DEFAULT 0,
        "cancellations" integer NOT NULL DEFAULT 0,
        "chatsReceived" integer NOT NULL DEFAULT 0,
        "chatsAnswered" integer NOT NULL DEFAULT 0,
        "repliesWithinHour" integer NOT NULL DEFAULT 0,
        "repliesWithinDay" integer NOT NULL DEFAULT 0,
        "buyerReviewCount" integer NOT NULL DEFAULT 0,
        "buyerReviewPoints" integer NOT NULL DEFAULT 0
      )`);
    // completed deals, on either side
    await queryRunner.query(`
      INSERT INTO "user_reliability" ("userId", "completedDeals")
      SELECT u, count(*)::int FROM (
        SELECT "buyerId" AS u FROM orders WHERE status = 'completed' AND "buyerId" IS NOT NULL
        UNION ALL SELECT "sellerId" FROM orders WHERE status = 'completed' AND "sellerId" IS NOT NULL
      ) deals GROUP BY u`);
    // chats: the party who did not open a conversation was asked; their first message answered it
    await queryRunner.query(`
      WITH opened AS (
        SELECT DISTINCT ON (m."conversationId") m."conversationId", m."senderId", m."createdAt",
               CASE WHEN m."senderId" = c."buyerId" THEN c."sellerId" ELSE c."buyerId" END AS asked
          FROM messages m JOIN conversations c ON c.id = m."conversationId"
         ORDER BY m."conversationId", m."createdAt", m.id
      ), answers AS (
        SELECT o.asked, o."createdAt" AS opened, (SELECT min(r."createdAt") FROM messages r
                 WHERE r."conversationId" = o."conversationId" AND r."senderId" = o.asked) AS answered
          FROM opened o
      )
      INSERT INTO "user_reliability" ("userId", "chatsReceived", "chatsAnswered", "repliesWithinHour", "repliesWithinDay")
      SELECT asked, count(*)::int, count(answered)::int,
             count(*) FILTER (WHERE answered - opened <= interval '1 hour')::int,
             count(*) FILTER (WHERE answered - opened > interval '1 hour' AND answered - opened <= interval '1 day')::int
        FROM answers WHERE asked IN (SELECT id FROM users) GROUP BY asked
      ON CONFLICT ("userId") DO UPDATE SET
        "chatsReceived" = EXCLUDED."chatsReceived", "chatsAnswered" = EXCLUDED."chatsAnswered",
        "repliesWithinHour" = EXCLUDED."repliesWithinHour", "repliesWithinDay" = EXCLUDED."repliesWithinDay"`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "user_reliability"`);
    await queryRunner.query(`DROP TABLE "no_show_reports"`);
    await queryRunner.query(`DROP TABLE "deal_reviews"`);
    await queryRunner.query(`DROP TABLE "review_windows"`);
  }
}
