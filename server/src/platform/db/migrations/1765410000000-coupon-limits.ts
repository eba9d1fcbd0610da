import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * Coupons get a start, a total limit and a limit per account; each checkout that used a coupon is a
 * row of coupon_uses (the checkouts placed before are recorded as their uses).
 */
export class CouponLimits1765410000000 implements MigrationInterface {
  name = "CouponLimits1765410000000";

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "coupons" ADD "startsAt" TIMESTAMP WITH TIME ZONE, ADD "maxUses" integer, ADD "maxUsesPerAccount" integer,
         ADD CONSTRAINT "coupons_max_uses_check" CHECK ("maxUses" > 0),
         ADD CONSTRAINT "coupons_max_uses_per_account_check" CHECK ("maxUsesPerAccount" > 0),
         ADD CONSTRAINT "coupons_window_check" CHECK ("startsAt" < "expiresAt")`,
    );
    await queryRunner.query(
      `CREATE TABLE "coupon_uses" (
         "checkoutSessionId" uuid NOT NULL,
         "couponCode" character varying(40) NOT NULL,
         "buyerId" uuid,
         "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
         CONSTRAINT "coupon_uses_pkey" PRIMARY KEY ("checkoutSessionId"),
         CONSTRAINT "coupon_uses_checkout_fk" FOREIGN KEY ("checkoutSessionId") REFERENCES "checkout_sessions"("id") ON DELETE CASCADE,
         CONSTRAINT "coupon_uses_coupon_fk" FOREIGN KEY ("couponCode") REFERENCES "coupons"("code") ON DELETE CASCADE,
         CONSTRAINT "coupon_uses_buyer_fk" FOREIGN KEY ("buyerId") REFERENCES "users"("id") ON DELETE SET NULL
       )`,
    );
    await queryRunner.query(`CREATE INDEX "coupon_uses_coupon_buyer_idx" ON "coupon_uses" ("couponCode", "buyerId")`);
    await queryRunner.query(
      `INSERT INTO "coupon_uses" ("checkoutSessionId", "couponCode", "buyerId", "createdAt")
       SELECT s.id, s."couponCode", s."buyerId", s."createdAt" FROM "checkout_sessions" s JOIN "coupons" c ON c.code = s."couponCode"`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "coupon_uses"`);
    await queryRunner.query(
      `ALTER TABLE "coupons" DROP CONSTRAINT "coupons_window_check", DROP CONSTRAINT "coupons_max_uses_per_account_check",
         DROP CONSTRAINT "coupons_max_uses_check", DROP COLUMN "maxUsesPerAccount", DROP COLUMN "maxUses", DROP COLUMN "startsAt"`,
    );
  }
}
