import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * Notifications are stored as a message key and its parameters, rendered in each reader's language
 * when read or sent; the sentences written before are kept as the `legacy` message's text. Each user
 * has the language the server writes to them in.
 */
export class MessagesByKey1765537428100 implements MigrationInterface {
  name = "MessagesByKey1765537428100";

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "users" ADD "language" character varying(2) NOT NULL DEFAULT 'en'`);
    await queryRunner.query(`ALTER TABLE "notifications" ADD "message" character varying(60), ADD "params" jsonb NOT NULL DEFAULT '{}'`);
    await queryRunner.query(`UPDATE "notifications" SET "message" = 'legacy', "params" = jsonb_build_object('text', "text")`);
    await queryRunner.query(`ALTER TABLE "notifications" ALTER COLUMN "message" SET NOT NULL, DROP COLUMN "text"`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "notifications" ADD "text" character varying(500)`);
    await queryRunner.query(`UPDATE "notifications" SET "text" = left(coalesce("params"->>'text', "message"), 500)`);
    await queryRunner.query(`ALTER TABLE "notifications" ALTER COLUMN "text" SET NOT NULL, DROP COLUMN "message", DROP COLUMN "params"`);
    await queryRunner.query(`ALTER TABLE "users" DROP COLUMN "language"`);
  }
}
