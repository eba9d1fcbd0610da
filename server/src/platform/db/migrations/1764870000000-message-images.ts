import type { MigrationInterface, QueryRunner } from "typeorm";

/** A chat message may carry a photo: the /uploads/ address of a picture uploaded here. */
export class MessageImages1764870000000 implements MigrationInterface {
  name = "MessageImages1764870000000";

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "messages" ADD "image" character varying(500)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "messages" DROP COLUMN "image"`);
  }
}
