import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * Totals in paisa become bigint: a product may cost up to PKR 10,000,000 (10^9 paisa, an int), but a
 * line of 3 or an order of several lines passes 2^31 - 1 paisa (PKR 21,474,836.47).
 */
const TOTALS: Array<[string, string[]]> = [
  ["checkout_sessions", ["subtotalPaisa", "taxPaisa", "discountPaisa", "totalPaisa"]],
  ["orders", ["subtotalPaisa", "taxPaisa", "discountPaisa", "totalPaisa"]],
  ["order_lines", ["lineTotalPaisa"]],
];

export class MoneyBigint1764100000000 implements MigrationInterface {
  name = "MoneyBigint1764100000000";

  async up(queryRunner: QueryRunner): Promise<void> {
    for (const [table, columns] of TOTALS)
      await queryRunner.query(`ALTER TABLE "${table}" ${columns.map((c) => `ALTER COLUMN "${c}" TYPE bigint`).join(", ")}`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const [table, columns] of TOTALS)
      await queryRunner.query(`ALTER TABLE "${table}" ${columns.map((c) => `ALTER COLUMN "${c}" TYPE integer`).join(", ")}`);
  }
}
