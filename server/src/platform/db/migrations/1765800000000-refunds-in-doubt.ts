import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * A refund may be in doubt: sent to the provider, no answer recorded, so the provider may have made
 * it. Undoing this fails while a refund is in doubt: none may quietly become one to send again.
 */
export class RefundsInDoubt1765800000000 implements MigrationInterface {
  name = "RefundsInDoubt1765800000000";

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "payment_refunds" DROP CONSTRAINT "payment_refunds_state_check",
         ADD CONSTRAINT "payment_refunds_state_check" CHECK ("state" IN ('requested', 'in_doubt', 'confirmed'))`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "payment_refunds" DROP CONSTRAINT "payment_refunds_state_check",
         ADD CONSTRAINT "payment_refunds_state_check" CHECK ("state" IN ('requested', 'confirmed'))`,
    );
  }
}
