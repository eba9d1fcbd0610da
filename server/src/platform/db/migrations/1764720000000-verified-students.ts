import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * Verified students (a confirmed university e-mail, unique among accounts) and the one-time codes
 * that confirm it or reset a password.
 */
export class VerifiedStudents1764720000000 implements MigrationInterface {
  name = "VerifiedStudents1764720000000";

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "users" ADD "verifiedAt" TIMESTAMP WITH TIME ZONE, ADD "university" character varying(120), ADD "universityEmail" character varying(254)`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "users_university_email_lower_key" ON "users" (lower("universityEmail"))`);
    await queryRunner.query(`CREATE INDEX "users_verified_idx" ON "users" ("id") WHERE "verifiedAt" IS NOT NULL`);
    await queryRunner.query(
      `CREATE TABLE "one_time_codes" (
         "userId" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
         "purpose" character varying(20) NOT NULL,
         "email" character varying(254) NOT NULL,
         "codeHash" character varying(64) NOT NULL,
         "attempts" integer NOT NULL DEFAULT 0,
         "expiresAt" TIMESTAMP WITH TIME ZONE NOT NULL,
         "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
         CONSTRAINT "one_time_codes_pkey" PRIMARY KEY ("userId", "purpose"))`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "one_time_codes"`);
    await queryRunner.query(`DROP INDEX "users_verified_idx"`);
    await queryRunner.query(`DROP INDEX "users_university_email_lower_key"`);
    await queryRunner.query(`ALTER TABLE "users" DROP COLUMN "universityEmail", DROP COLUMN "university", DROP COLUMN "verifiedAt"`);
  }
}
