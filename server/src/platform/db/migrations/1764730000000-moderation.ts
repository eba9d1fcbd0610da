import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * Reports and moderation: reports of listings and users, the admins' audit trail, hidden listings
 * (by a moderator, or while their seller is suspended) and suspended accounts.
 */
export class Moderation1764730000000 implements MigrationInterface {
  name = "Moderation1764730000000";

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "products" ADD "hiddenAt" TIMESTAMP WITH TIME ZONE, ADD "sellerSuspended" boolean NOT NULL DEFAULT false`,
    );
    await queryRunner.query(`ALTER TABLE "users" ADD "suspendedAt" TIMESTAMP WITH TIME ZONE, ADD "suspendedReason" character varying(500)`);
    await queryRunner.query(
      `CREATE TABLE "reports" (
         "id" uuid NOT NULL DEFAULT gen_random_uuid() PRIMARY KEY,
         "reporterId" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
         "targetKind" character varying(20) NOT NULL CHECK ("targetKind" IN ('LISTING', 'USER')),
         "targetId" uuid NOT NULL,
         "reason" character varying(20) NOT NULL,
         "details" character varying(500),
         "status" character varying(20) NOT NULL DEFAULT 'OPEN' CHECK ("status" IN ('OPEN', 'ACTIONED', 'DISMISSED')),
         "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
         "closedAt" TIMESTAMP WITH TIME ZONE)`,
    );
    // one open report per reporter and target; the queue reads open reports by target, oldest first
    await queryRunner.query(
      `CREATE UNIQUE INDEX "reports_open_reporter_target_key" ON "reports" ("reporterId", "targetKind", "targetId") WHERE "status" = 'OPEN'`,
    );
    await queryRunner.query(
      `CREATE INDEX "reports_open_target_idx" ON "reports" ("targetKind", "targetId", "createdAt") WHERE "status" = 'OPEN'`,
    );
    await queryRunner.query(
      `CREATE TABLE "moderation_actions" (
         "id" uuid NOT NULL DEFAULT gen_random_uuid() PRIMARY KEY,
         "adminId" uuid REFERENCES "users"("id") ON DELETE SET NULL,
         "action" character varying(20) NOT NULL,
         "targetKind" character varying(20) NOT NULL,
         "targetId" uuid NOT NULL,
         "reportId" uuid REFERENCES "reports"("id") ON DELETE SET NULL,
         "note" character varying(500),
         "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now())`,
    );
    await queryRunner.query(`CREATE INDEX "moderation_actions_created_idx" ON "moderation_actions" ("createdAt")`);
    await queryRunner.query(`CREATE INDEX "moderation_actions_target_idx" ON "moderation_actions" ("targetId", "action", "createdAt")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "moderation_actions"`);
    await queryRunner.query(`DROP TABLE "reports"`);
    await queryRunner.query(`ALTER TABLE "users" DROP COLUMN "suspendedReason", DROP COLUMN "suspendedAt"`);
    await queryRunner.query(`ALTER TABLE "products" DROP COLUMN "sellerSuspended", DROP COLUMN "hiddenAt"`);
  }
}
