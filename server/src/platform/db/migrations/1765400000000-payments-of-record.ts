import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * Payments the provider's own answer settles: an attempt records whether its money is test money and
 * why it was refused when the provider took money the app could not accept; every inquiry asked of
 * a provider is kept; refunds are requests sent through the provider that took the money and posted
 * to the ledger when it confirms them; reconciliation keeps the mismatches it found for the admins.
 * The simulators keep their own books, as a provider does, in tables of their own.
 */
export class PaymentsOfRecord1765400000000 implements MigrationInterface {
  name = "PaymentsOfRecord1765400000000";

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TYPE "payment_attempt_status" ADD VALUE IF NOT EXISTS 'refused'`);
    await queryRunner.query(`ALTER TABLE "payment_attempts" ADD "sandbox" boolean NOT NULL DEFAULT false`);
    await queryRunner.query(`ALTER TABLE "payment_attempts" ADD "buyerId" uuid`);
    await queryRunner.query(`ALTER TABLE "payment_attempts" ADD "refusedReason" varchar(300)`);
    await queryRunner.query(`CREATE INDEX "payment_attempts_created_idx" ON "payment_attempts" ("createdAt")`);
    await queryRunner.query(`CREATE TABLE "payment_inquiries" (
      "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      "attemptId" uuid NOT NULL REFERENCES "payment_attempts"("id") ON DELETE CASCADE,
      "status" varchar(10) NOT NULL,
      "amountPaisa" bigint,
      "transactionId" varchar(64),
      "message" varchar(300) NOT NULL DEFAULT '',
      "createdAt" timestamptz NOT NULL DEFAULT now()
    )`);
    await queryRunner.query(`CREATE INDEX "payment_inquiries_attempt_idx" ON "payment_inquiries" ("attemptId")`);
    await queryRunner.query(`CREATE TABLE "payment_refunds" (
      "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      "key" varchar(120) NOT NULL CONSTRAINT "payment_refunds_key" UNIQUE,
      "provider" varchar(20) NOT NULL,
      "attemptReference" varchar(40) NOT NULL,
      "transactionId" varchar(64),
      "amountPaisa" bigint NOT NULL CHECK ("amountPaisa" > 0),
      "orderId" uuid,
      "buyerId" uuid,
      "sandbox" boolean NOT NULL DEFAULT false,
      "reason" varchar(300) NOT NULL,
      "state" varchar(10) NOT NULL DEFAULT 'requested' CHECK ("state" IN ('requested', 'confirmed')),
      "providerRefundId" varchar(64),
      "tries" integer NOT NULL DEFAULT 0,
      "lastError" varchar(300),
      "createdAt" timestamptz NOT NULL DEFAULT now(),
      "confirmedAt" timestamptz
    )`);
    await queryRunner.query(`CREATE INDEX "payment_refunds_order_idx" ON "payment_refunds" ("orderId")`);
    await queryRunner.query(`CREATE TABLE "payment_mismatches" (
      "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      "key" varchar(160) NOT NULL CONSTRAINT "payment_mismatches_key" UNIQUE,
      "provider" varchar(20) NOT NULL,
      "reference" varchar(40),
      "detail" varchar(500) NOT NULL,
      "createdAt" timestamptz NOT NULL DEFAULT now()
    )`);
    await queryRunner.query(`CREATE TABLE "payment_simulator_transactions" (
      "provider" varchar(20) NOT NULL,
      "reference" varchar(40) NOT NULL,
      "amountPaisa" bigint NOT NULL,
      "status" varchar(10) NOT NULL CHECK ("status" IN ('paid', 'failed')),
      "transactionId" varchar(32) NOT NULL,
      "message" varchar(200) NOT NULL DEFAULT '',
      "refundedPaisa" bigint NOT NULL DEFAULT 0 CHECK ("refundedPaisa" >= 0 AND "refundedPaisa" <= "amountPaisa"),
      "createdAt" timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY ("provider", "reference")
    )`);
    await queryRunner.query(`CREATE TABLE "payment_simulator_refunds" (
      "key" varchar(120) PRIMARY KEY,
      "provider" varchar(20) NOT NULL,
      "reference" varchar(40) NOT NULL,
      "amountPaisa" bigint NOT NULL,
      "refundId" varchar(32) NOT NULL,
      "createdAt" timestamptz NOT NULL DEFAULT now()
    )`);
    await queryRunner.query(`ALTER TABLE "held_payments" ADD "testMoney" boolean NOT NULL DEFAULT false`);
    await queryRunner.query(`ALTER TABLE "ledger_movements" DROP CONSTRAINT IF EXISTS "ledger_movements_kind_check"`);
    await queryRunner.query(
      `ALTER TABLE "ledger_movements" ADD CONSTRAINT "ledger_movements_kind_check"
        CHECK ("kind" IN ('HELD', 'RELEASED', 'FEE', 'REFUNDED', 'PAYOUT', 'PAYOUT_RETURNED', 'REFUSED', 'REFUND_SENT'))`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "ledger_movements" DROP CONSTRAINT "ledger_movements_kind_check"`);
    await queryRunner.query(
      `ALTER TABLE "ledger_movements" ADD CONSTRAINT "ledger_movements_kind_check"
        CHECK ("kind" IN ('HELD', 'RELEASED', 'FEE', 'REFUNDED', 'PAYOUT', 'PAYOUT_RETURNED'))`,
    );
    await queryRunner.query(`ALTER TABLE "held_payments" DROP COLUMN "testMoney"`);
    await queryRunner.query(`DROP TABLE "payment_simulator_refunds"`);
    await queryRunner.query(`DROP TABLE "payment_simulator_transactions"`);
    await queryRunner.query(`DROP TABLE "payment_mismatches"`);
    await queryRunner.query(`DROP TABLE "payment_refunds"`);
    await queryRunner.query(`DROP TABLE "payment_inquiries"`);
    await queryRunner.query(`DROP INDEX "payment_attempts_created_idx"`);
    await queryRunner.query(`ALTER TABLE "payment_attempts" DROP COLUMN "refusedReason"`);
    await queryRunner.query(`ALTER TABLE "payment_attempts" DROP COLUMN "buyerId"`);
    await queryRunner.query(`ALTER TABLE "payment_attempts" DROP COLUMN "sandbox"`);
    // PostgreSQL cannot drop one value of an enum: 'refused' stays in payment_attempt_status
  }
}
