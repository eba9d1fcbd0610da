import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * Notifications: the recipient's list newest first (recipientId, createdAt, id), the unread badge
 * (partial index on unread rows), and at most one unread NEW_MESSAGE per conversation link, which
 * later messages update (the unique partial index is the ON CONFLICT target).
 */
export class Notifications1764710000000 implements MigrationInterface {
  name = "Notifications1764710000000";

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TYPE "public"."notification_kind" AS ENUM('NEW_MESSAGE', 'ORDER_PLACED', 'ORDER_STATUS', 'OFFER', 'SAVED_ITEM')`,
    );
    await queryRunner.query(
      `CREATE TABLE "notifications" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "recipientId" uuid NOT NULL, "kind" "public"."notification_kind" NOT NULL, "text" character varying(500) NOT NULL, "link" character varying(300) NOT NULL, "readAt" TIMESTAMP WITH TIME ZONE, "createdAt" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_notifications" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "notifications_recipient_created_idx" ON "notifications" ("recipientId", "createdAt", "id")`);
    await queryRunner.query(`CREATE INDEX "notifications_recipient_unread_idx" ON "notifications" ("recipientId") WHERE "readAt" IS NULL`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "notifications_unread_message_key" ON "notifications" ("recipientId", "link") WHERE "readAt" IS NULL AND "kind" = 'NEW_MESSAGE'`,
    );
    await queryRunner.query(
      `ALTER TABLE "notifications" ADD CONSTRAINT "FK_notifications_recipient" FOREIGN KEY ("recipientId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "notifications"`);
    await queryRunner.query(`DROP TYPE "public"."notification_kind"`);
  }
}
