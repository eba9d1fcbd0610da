import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * Money paid online: the ledger (movements of balanced entries, append-only), the payment held per
 * order, disputes and payouts. The database itself refuses to change or delete a ledger row and
 * refuses a movement whose entries do not sum to zero (checked at commit, so a movement's entries
 * can be written one by one in its transaction).
 */
export class HeldPaymentsLedger1764960000000 implements MigrationInterface {
  name = "HeldPaymentsLedger1764960000000";

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TYPE "public"."notification_kind" ADD VALUE IF NOT EXISTS 'PAYMENT'`);
    await queryRunner.query(
      `CREATE TABLE "ledger_movements" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "key" character varying(120) NOT NULL,
        "kind" character varying(20) NOT NULL CHECK ("kind" IN ('HELD', 'RELEASED', 'FEE', 'REFUNDED', 'PAYOUT', 'PAYOUT_RETURNED')),
        "orderId" uuid, "sellerId" uuid, "payoutId" uuid,
        "createdAt" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "PK_ledger_movements" PRIMARY KEY ("id"), CONSTRAINT "ledger_movements_key" UNIQUE ("key"))`,
    );
    await queryRunner.query(`CREATE INDEX "ledger_movements_seller_idx" ON "ledger_movements" ("sellerId", "createdAt")`);
    await queryRunner.query(`CREATE INDEX "ledger_movements_order_idx" ON "ledger_movements" ("orderId")`);
    await queryRunner.query(
      `CREATE TABLE "ledger_entries" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "movementId" uuid NOT NULL REFERENCES "ledger_movements"("id"),
        "account" character varying(80) NOT NULL, "amountPaisa" bigint NOT NULL CHECK ("amountPaisa" <> 0),
        CONSTRAINT "PK_ledger_entries" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "ledger_entries_movement_idx" ON "ledger_entries" ("movementId")`);
    await queryRunner.query(`CREATE INDEX "ledger_entries_account_idx" ON "ledger_entries" ("account")`);
    await queryRunner.query(
      `CREATE FUNCTION ledger_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN RAISE EXCEPTION 'the ledger is append-only: % on % refused', TG_OP, TG_TABLE_NAME; END $$`,
    );
    for (const table of ["ledger_movements", "ledger_entries"]) {
      await queryRunner.query(
        `CREATE TRIGGER "${table}_append_only" BEFORE UPDATE OR DELETE ON "${table}" FOR EACH ROW EXECUTE FUNCTION ledger_append_only()`,
      );
      await queryRunner.query(
        `CREATE TRIGGER "${table}_no_truncate" BEFORE TRUNCATE ON "${table}" FOR EACH STATEMENT EXECUTE FUNCTION ledger_append_only()`,
      );
    }
    await queryRunner.query(
      `CREATE FUNCTION ledger_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN
         IF (SELECT sum("amountPaisa") FROM ledger_entries WHERE "movementId" = NEW."movementId") <> 0 THEN
           RAISE EXCEPTION 'ledger movement % does not balance', NEW."movementId";
         END IF;
         RETURN NULL;
       END $$`,
    );
    await queryRunner.query(
      `CREATE CONSTRAINT TRIGGER "ledger_entries_balanced" AFTER INSERT ON "ledger_entries" DEFERRABLE INITIALLY DEFERRED
        FOR EACH ROW EXECUTE FUNCTION ledger_balanced()`,
    );

    await queryRunner.query(
      `CREATE TABLE "held_payments" ("orderId" uuid NOT NULL REFERENCES "orders"("id") ON DELETE CASCADE, "checkoutSessionId" uuid NOT NULL,
        "provider" character varying(20) NOT NULL, "reference" character varying(120) NOT NULL,
        "buyerId" uuid, "sellerId" uuid, "amountPaisa" bigint NOT NULL CHECK ("amountPaisa" > 0),
        "state" character varying(20) NOT NULL DEFAULT 'HELD' CHECK ("state" IN ('HELD', 'DISPUTED', 'RELEASED', 'REFUNDED', 'PARTLY_REFUNDED')),
        "refundedPaisa" bigint NOT NULL DEFAULT 0, "refundReference" character varying(120),
        "createdAt" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), "settledAt" TIMESTAMP WITH TIME ZONE,
        CONSTRAINT "PK_held_payments" PRIMARY KEY ("orderId"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "disputes" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "orderId" uuid NOT NULL REFERENCES "orders"("id") ON DELETE CASCADE,
        "buyerId" uuid REFERENCES "users"("id") ON DELETE SET NULL, "sellerId" uuid REFERENCES "users"("id") ON DELETE SET NULL,
        "reason" character varying(20) NOT NULL CHECK ("reason" IN ('NOT_RECEIVED', 'NOT_AS_DESCRIBED')),
        "text" character varying(2000) NOT NULL, "photos" text[] NOT NULL DEFAULT '{}',
        "state" character varying(20) NOT NULL DEFAULT 'AWAITING_SELLER' CHECK ("state" IN ('AWAITING_SELLER', 'AWAITING_ADMIN', 'DECIDED')),
        "sellerAnswer" character varying(2000), "answeredAt" TIMESTAMP WITH TIME ZONE,
        "answerDueAt" TIMESTAMP WITH TIME ZONE NOT NULL, "decisionDueAt" TIMESTAMP WITH TIME ZONE, "remindedAt" TIMESTAMP WITH TIME ZONE,
        "outcome" character varying(20) CHECK ("outcome" IN ('RELEASE', 'REFUND', 'PARTIAL_REFUND')), "refundPaisa" bigint,
        "decisionNote" character varying(1000), "decidedById" uuid REFERENCES "users"("id") ON DELETE SET NULL, "decidedAt" TIMESTAMP WITH TIME ZONE,
        "createdAt" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "PK_disputes" PRIMARY KEY ("id"), CONSTRAINT "disputes_order_key" UNIQUE ("orderId"))`,
    );
    await queryRunner.query(`CREATE INDEX "disputes_state_idx" ON "disputes" ("state", "createdAt")`);
    await queryRunner.query(
      `CREATE TABLE "payouts" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "sellerId" uuid REFERENCES "users"("id") ON DELETE SET NULL,
        "amountPaisa" bigint NOT NULL CHECK ("amountPaisa" > 0),
        "method" character varying(10) NOT NULL CHECK ("method" IN ('WALLET', 'IBAN')), "destination" character varying(34) NOT NULL,
        "state" character varying(10) NOT NULL DEFAULT 'REQUESTED' CHECK ("state" IN ('REQUESTED', 'PAID', 'REFUSED')),
        "reference" character varying(100), "reason" character varying(500),
        "decidedById" uuid REFERENCES "users"("id") ON DELETE SET NULL, "decidedAt" TIMESTAMP WITH TIME ZONE,
        "createdAt" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "PK_payouts" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "payouts_seller_idx" ON "payouts" ("sellerId", "createdAt")`);
    await queryRunner.query(`CREATE INDEX "payouts_state_idx" ON "payouts" ("state", "createdAt")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "payouts"`);
    await queryRunner.query(`DROP TABLE "disputes"`);
    await queryRunner.query(`DROP TABLE "held_payments"`);
    await queryRunner.query(`DROP TABLE "ledger_entries"`);
    await queryRunner.query(`DROP TABLE "ledger_movements"`);
    await queryRunner.query(`DROP FUNCTION ledger_balanced()`);
    await queryRunner.query(`DROP FUNCTION ledger_append_only()`);
    // PostgreSQL cannot drop one value of an enum: PAYMENT stays in notification_kind
  }
}
