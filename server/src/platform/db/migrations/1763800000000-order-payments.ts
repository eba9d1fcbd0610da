import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * Orders and payments: when the sandbox card page authorised a checkout, in which capacity each
 * status change was made, and an index for loading a checkout's orders.
 */
export class OrderPayments1763800000000 implements MigrationInterface {
  name = "OrderPayments1763800000000";

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "checkout_sessions" ADD "paymentAuthorizedAt" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(`ALTER TABLE "order_status_events" ADD "actorRole" "public"."user_role"`);
    await queryRunner.query(`CREATE INDEX "orders_checkout_idx" ON "orders" ("checkoutSessionId")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "orders_checkout_idx"`);
    await queryRunner.query(`ALTER TABLE "order_status_events" DROP COLUMN "actorRole"`);
    await queryRunner.query(`ALTER TABLE "checkout_sessions" DROP COLUMN "paymentAuthorizedAt"`);
  }
}
