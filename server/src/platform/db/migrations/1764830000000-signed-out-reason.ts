import type { MigrationInterface, QueryRunner } from "typeorm";

/** Why a user's tokens were last revoked ("password" or "logout"), so a signed-out device can say why. */
export class SignedOutReason1764830000000 implements MigrationInterface {
  name = "SignedOutReason1764830000000";

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "users" ADD "tokensRevokedBy" character varying(20)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "users" DROP COLUMN "tokensRevokedBy"`);
  }
}
