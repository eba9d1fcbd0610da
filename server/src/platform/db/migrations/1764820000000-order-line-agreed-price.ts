import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * The agreed price of an order line: the accepted offer that priced one of its units, kept with the
 * line like its name and listed price, so the order shows what the buyer agreed to pay. Earlier
 * orders get it from the offers they used.
 */
export class OrderLineAgreedPrice1764820000000 implements MigrationInterface {
  name = "OrderLineAgreedPrice1764820000000";

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "order_lines" ADD "offerPricePaisa" bigint`);
    await queryRunner.query(
      `UPDATE "order_lines" l SET "offerPricePaisa" = o."amountPaisa" FROM "offers" o WHERE o."usedOrderId" = l."orderId" AND o."productId" = l."productId"`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "order_lines" DROP COLUMN "offerPricePaisa"`);
  }
}
