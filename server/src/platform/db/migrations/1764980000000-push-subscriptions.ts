import type { MigrationInterface, QueryRunner } from "typeorm";

/** Web Push: each browser's subscription (endpoint and encryption keys) and the kinds it opted into. */
export class PushSubscriptions1764980000000 implements MigrationInterface {
  name = "PushSubscriptions1764980000000";

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TYPE "push_kind" AS ENUM ('MESSAGES', 'OFFERS', 'ORDERS')`);
    await queryRunner.query(`CREATE TABLE "push_subscriptions" (
      "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      "userId" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
      "endpoint" varchar(1000) NOT NULL,
      "p256dh" varchar(100) NOT NULL,
      "auth" varchar(40) NOT NULL,
      "kinds" "push_kind"[] NOT NULL,
      "createdAt" timestamptz NOT NULL DEFAULT now(),
      "updatedAt" timestamptz NOT NULL DEFAULT now()
    )`);
    await queryRunner.query(`CREATE INDEX "push_subscriptions_user_idx" ON "push_subscriptions" ("userId")`);
    await queryRunner.query(`CREATE UNIQUE INDEX "push_subscriptions_endpoint_key" ON "push_subscriptions" ("endpoint")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "push_subscriptions"`);
    await queryRunner.query(`DROP TYPE "push_kind"`);
  }
}
