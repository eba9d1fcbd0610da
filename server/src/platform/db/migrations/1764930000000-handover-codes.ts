import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * The handover of an order: a 6-digit code only its buyer sees (drawn from gen_random_uuid's strong
 * random bytes, also for the orders already there), the wrong tries typed against it, and once the
 * order is completed, whether the buyer's receipt is confirmed (and how), awaited until a deadline,
 * or objected to.
 */
export class HandoverCodes1764930000000 implements MigrationInterface {
  name = "HandoverCodes1764930000000";

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TYPE "order_handover_state" AS ENUM ('awaiting_buyer', 'confirmed', 'objected')`);
    await queryRunner.query(`CREATE TYPE "order_handover_how" AS ENUM ('code', 'buyer', 'auto')`);
    await queryRunner.query(
      `ALTER TABLE "orders"
         ADD "handoverCode" character varying(6) NOT NULL
           DEFAULT lpad(((('x' || substr(md5(gen_random_uuid()::text), 1, 8))::bit(32)::bigint) % 1000000)::text, 6, '0'),
         ADD "handoverCodeTries" smallint NOT NULL DEFAULT 0,
         ADD "handoverState" "order_handover_state",
         ADD "handoverHow" "order_handover_how",
         ADD "handoverDueAt" TIMESTAMP WITH TIME ZONE,
         ADD "handoverObjection" character varying(500),
         ADD "handoverSettledAt" TIMESTAMP WITH TIME ZONE`,
    );
    await queryRunner.query(
      `CREATE INDEX "orders_handover_due_idx" ON "orders" ("handoverDueAt") WHERE "handoverState" = 'awaiting_buyer'`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "orders_handover_due_idx"`);
    await queryRunner.query(
      `ALTER TABLE "orders" DROP COLUMN "handoverSettledAt", DROP COLUMN "handoverObjection", DROP COLUMN "handoverDueAt",
         DROP COLUMN "handoverHow", DROP COLUMN "handoverState", DROP COLUMN "handoverCodeTries", DROP COLUMN "handoverCode"`,
    );
    await queryRunner.query(`DROP TYPE "order_handover_how"`);
    await queryRunner.query(`DROP TYPE "order_handover_state"`);
  }
}
