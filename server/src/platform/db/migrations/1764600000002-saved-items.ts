import type { MigrationInterface, QueryRunner } from "typeorm";

/** Saved items: a buyer's hearted listings, with the price when saved so a drop can be noticed. */
export class SavedItems1764600000002 implements MigrationInterface {
  name = "SavedItems1764600000002";

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "saved_items" (
         "userId" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
         "productId" uuid NOT NULL REFERENCES "products"("id") ON DELETE CASCADE,
         "savedPricePaisa" integer NOT NULL,
         "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
         CONSTRAINT "saved_items_pkey" PRIMARY KEY ("userId", "productId"))`,
    );
    await queryRunner.query(`CREATE INDEX "saved_items_user_created_idx" ON "saved_items" ("userId", "createdAt")`);
    await queryRunner.query(`CREATE INDEX "saved_items_product_idx" ON "saved_items" ("productId")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "saved_items"`);
  }
}
