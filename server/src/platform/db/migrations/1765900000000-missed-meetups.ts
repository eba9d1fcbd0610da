import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * A meetup order keeps the agreed time that passed when a new time is proposed, so a no-show can
 * still be reported on it; a no-show report keeps the meetup time it is about (older reports: the
 * order's, as before).
 */
export class MissedMeetups1765900000000 implements MigrationInterface {
  name = "MissedMeetups1765900000000";

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "orders" ADD "missedMeetupAt" timestamptz`);
    await queryRunner.query(`ALTER TABLE "no_show_reports" ADD "meetupAt" timestamptz`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "no_show_reports" DROP COLUMN "meetupAt"`);
    await queryRunner.query(`ALTER TABLE "orders" DROP COLUMN "missedMeetupAt"`);
  }
}
