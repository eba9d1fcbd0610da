import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * Conversations between a buyer and the seller of a product, their messages, and user blocks.
 * One conversation per buyer and product; the inbox reads (party, lastMessageAt), a message page
 * (conversation, createdAt, id), the admin's reported list its partial index.
 */
export class Conversations1764500000000 implements MigrationInterface {
  name = "Conversations1764500000000";

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "conversations" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "productId" uuid NOT NULL, "buyerId" uuid NOT NULL, "sellerId" uuid NOT NULL, "lastMessageAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "buyerReadAt" TIMESTAMP WITH TIME ZONE, "sellerReadAt" TIMESTAMP WITH TIME ZONE, "buyerArchivedAt" TIMESTAMP WITH TIME ZONE, "sellerArchivedAt" TIMESTAMP WITH TIME ZONE, "reportedAt" TIMESTAMP WITH TIME ZONE, "reportedById" uuid, "reportReason" character varying(500), "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "conversations_product_buyer_key" UNIQUE ("productId", "buyerId"), CONSTRAINT "conversations_parties_check" CHECK ("buyerId" <> "sellerId"), CONSTRAINT "PK_ee34f4f7ced4ec8681f26bf04ef" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "conversations_seller_last_idx" ON "conversations"  ("sellerId", "lastMessageAt") `);
    await queryRunner.query(`CREATE INDEX "conversations_buyer_last_idx" ON "conversations"  ("buyerId", "lastMessageAt") `);
    await queryRunner.query(
      `CREATE INDEX "conversations_reported_idx" ON "conversations" ("reportedAt" DESC) WHERE "reportedAt" IS NOT NULL`,
    );
    await queryRunner.query(
      `CREATE TABLE "messages" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "conversationId" uuid NOT NULL, "senderId" uuid NOT NULL, "body" character varying(2000) NOT NULL, "createdAt" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_18325f38ae6de43878487eff986" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "messages_conversation_created_idx" ON "messages"  ("conversationId", "createdAt", "id") `);
    await queryRunner.query(
      `CREATE TABLE "user_blocks" ("blockerId" uuid NOT NULL, "blockedId" uuid NOT NULL, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_fc74151c76df192714f76b2a2e1" PRIMARY KEY ("blockerId", "blockedId"))`,
    );
    await queryRunner.query(
      `ALTER TABLE "conversations" ADD CONSTRAINT "FK_1fbaa33ad249de15b683ffcb110" FOREIGN KEY ("productId") REFERENCES "products"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "conversations" ADD CONSTRAINT "FK_fad7b384e73ce2b5e9029a0032a" FOREIGN KEY ("buyerId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "conversations" ADD CONSTRAINT "FK_4173670d70b706461e31d847ce1" FOREIGN KEY ("sellerId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "messages" ADD CONSTRAINT "FK_e5663ce0c730b2de83445e2fd19" FOREIGN KEY ("conversationId") REFERENCES "conversations"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "messages" ADD CONSTRAINT "FK_2db9cf2b3ca111742793f6c37ce" FOREIGN KEY ("senderId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "user_blocks" ADD CONSTRAINT "FK_eae09d4f95afa5ae30c28384607" FOREIGN KEY ("blockerId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "user_blocks" ADD CONSTRAINT "FK_18d34df8212648b698828f244fb" FOREIGN KEY ("blockedId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "user_blocks"`);
    await queryRunner.query(`DROP TABLE "messages"`);
    await queryRunner.query(`DROP TABLE "conversations"`);
  }
}
