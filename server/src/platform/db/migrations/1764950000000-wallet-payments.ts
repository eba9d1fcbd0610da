import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * Mobile wallets (JazzCash, Easypaisa) as payment methods, and one row per attempt to pay a
 * checkout at a provider: its short reference is what the provider echoes in its callback, so a
 * callback for an unknown reference is refused and a second delivery of one finds it settled.
 */
export class WalletPayments1764950000000 implements MigrationInterface {
  name = "WalletPayments1764950000000";

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TYPE "payment_method" ADD VALUE IF NOT EXISTS 'jazzcash'`);
    await queryRunner.query(`ALTER TYPE "payment_method" ADD VALUE IF NOT EXISTS 'easypaisa'`);
    await queryRunner.query(`CREATE TYPE "payment_attempt_status" AS ENUM ('started', 'paid', 'failed')`);
    await queryRunner.query(`CREATE TABLE "payment_attempts" (
      "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      "reference" varchar(20) NOT NULL CONSTRAINT "payment_attempts_reference_key" UNIQUE,
      "checkoutSessionId" uuid NOT NULL REFERENCES "checkout_sessions"("id") ON DELETE CASCADE,
      "provider" varchar(20) NOT NULL,
      "amountPaisa" bigint NOT NULL,
      "status" "payment_attempt_status" NOT NULL DEFAULT 'started',
      "providerTransactionId" varchar(64),
      "message" varchar(300),
      "createdAt" timestamptz NOT NULL DEFAULT now(),
      "settledAt" timestamptz
    )`);
    await queryRunner.query(`CREATE INDEX "payment_attempts_checkout_idx" ON "payment_attempts" ("checkoutSessionId")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "payment_attempts"`);
    await queryRunner.query(`DROP TYPE "payment_attempt_status"`);
    // PostgreSQL cannot drop an enum value: 'jazzcash' and 'easypaisa' stay in payment_method
  }
}
