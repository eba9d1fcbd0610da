import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * Scam shield: each message keeps what screening found when it was sent; flagged messages are
 * found by sender (an account's recent flagged messages rank it in the moderation queue).
 */
export class ScamShield1764850000000 implements MigrationInterface {
  name = "ScamShield1764850000000";

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "messages" ADD "flags" character varying(20) array NOT NULL DEFAULT '{}'`);
    await queryRunner.query(`CREATE INDEX "messages_flagged_sender_idx" ON "messages" ("senderId", "createdAt") WHERE "flags" <> '{}'`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "messages_flagged_sender_idx"`);
    await queryRunner.query(`ALTER TABLE "messages" DROP COLUMN "flags"`);
  }
}
