import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * Campus meetups: an order is delivered to an address (every existing order) or handed over at a
 * meetup point at a time one party proposed and the other confirmed; cash on meetup is paid then.
 */
export class OrderMeetups1764740000000 implements MigrationInterface {
  name = "OrderMeetups1764740000000";

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TYPE "payment_method" ADD VALUE IF NOT EXISTS 'cash_on_meetup'`);
    await queryRunner.query(`CREATE TYPE "order_fulfilment" AS ENUM('address', 'meetup')`);
    await queryRunner.query(`CREATE TYPE "meetup_state" AS ENUM('proposed', 'confirmed')`);
    await queryRunner.query(`CREATE TYPE "meetup_party" AS ENUM('buyer', 'seller')`);
    await queryRunner.query(
      `ALTER TABLE "orders"
         ADD "fulfilment" "order_fulfilment" NOT NULL DEFAULT 'address',
         ADD "meetupCampus" character varying(40),
         ADD "meetupPoint" character varying(60),
         ADD "meetupAt" TIMESTAMP WITH TIME ZONE,
         ADD "meetupState" "meetup_state",
         ADD "meetupProposedBy" "meetup_party"`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "orders" DROP COLUMN "meetupProposedBy", DROP COLUMN "meetupState", DROP COLUMN "meetupAt",
         DROP COLUMN "meetupPoint", DROP COLUMN "meetupCampus", DROP COLUMN "fulfilment"`,
    );
    await queryRunner.query(`DROP TYPE "meetup_party"`);
    await queryRunner.query(`DROP TYPE "meetup_state"`);
    await queryRunner.query(`DROP TYPE "order_fulfilment"`);
    // PostgreSQL cannot drop an enum value: 'cash_on_meetup' stays in "payment_method", unused
  }
}
