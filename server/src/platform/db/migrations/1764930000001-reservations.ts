import type { MigrationInterface, QueryRunner } from "typeorm";

/** A unit held for the buyer of an accepted offer until it is bought or lapses. */
export class Reservations1764930000001 implements MigrationInterface {
  name = "Reservations1764930000001";

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "reservations" (
         "id" uuid NOT NULL DEFAULT gen_random_uuid(),
         "offerId" uuid NOT NULL,
         "productId" uuid NOT NULL,
         "buyerId" uuid NOT NULL,
         "sellerId" uuid NOT NULL,
         "status" character varying(10) NOT NULL DEFAULT 'ACTIVE',
         "expiresAt" TIMESTAMP WITH TIME ZONE NOT NULL,
         "remindedAt" TIMESTAMP WITH TIME ZONE,
         "checkoutSessionId" uuid,
         "endedAt" TIMESTAMP WITH TIME ZONE,
         "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
         CONSTRAINT "reservations_pkey" PRIMARY KEY ("id"),
         CONSTRAINT "reservations_offer_key" UNIQUE ("offerId"),
         CONSTRAINT "reservations_offer_fk" FOREIGN KEY ("offerId") REFERENCES "offers"("id") ON DELETE CASCADE,
         CONSTRAINT "reservations_product_fk" FOREIGN KEY ("productId") REFERENCES "products"("id") ON DELETE CASCADE,
         CONSTRAINT "reservations_buyer_fk" FOREIGN KEY ("buyerId") REFERENCES "users"("id") ON DELETE CASCADE,
         CONSTRAINT "reservations_seller_fk" FOREIGN KEY ("sellerId") REFERENCES "users"("id") ON DELETE CASCADE
       )`,
    );
    await queryRunner.query(`CREATE INDEX "reservations_active_product_idx" ON "reservations" ("productId") WHERE "status" = 'ACTIVE'`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "reservations_active_buyer_product_key" ON "reservations" ("buyerId", "productId") WHERE "status" = 'ACTIVE'`,
    );
    await queryRunner.query(`CREATE INDEX "reservations_active_expiry_idx" ON "reservations" ("expiresAt") WHERE "status" = 'ACTIVE'`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "reservations"`);
  }
}
