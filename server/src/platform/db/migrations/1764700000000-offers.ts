import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * Offers in a conversation. The partial unique index keeps one PENDING offer per conversation
 * even under concurrent requests; (buyerId, productId) finds a buyer's accepted offer at checkout.
 */
export class Offers1764700000000 implements MigrationInterface {
  name = "Offers1764700000000";

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "offers" (
         "id" uuid NOT NULL DEFAULT gen_random_uuid() PRIMARY KEY,
         "conversationId" uuid NOT NULL REFERENCES "conversations"("id") ON DELETE CASCADE,
         "productId" uuid NOT NULL REFERENCES "products"("id") ON DELETE CASCADE,
         "buyerId" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
         "sellerId" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
         "madeById" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
         "amountPaisa" bigint NOT NULL CHECK ("amountPaisa" > 0),
         "status" character varying(20) NOT NULL DEFAULT 'PENDING',
         "expiresAt" TIMESTAMP WITH TIME ZONE NOT NULL,
         "respondedAt" TIMESTAMP WITH TIME ZONE,
         "usedOrderId" uuid REFERENCES "orders"("id") ON DELETE SET NULL,
         "createdAt" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now())`,
    );
    await queryRunner.query(`CREATE INDEX "offers_conversation_created_idx" ON "offers" ("conversationId", "createdAt")`);
    await queryRunner.query(`CREATE INDEX "offers_buyer_product_idx" ON "offers" ("buyerId", "productId")`);
    await queryRunner.query(`CREATE UNIQUE INDEX "offers_one_pending_key" ON "offers" ("conversationId") WHERE "status" = 'PENDING'`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "offers"`);
  }
}
