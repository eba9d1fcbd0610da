import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * Jobs run at least once (a process may die after a job's work committed but before the queue
 * heard): each job records its id here in the transaction of its effect, so a second run finds the
 * row and does nothing. The queue itself (pg-boss) keeps its own tables in the `pgboss` schema.
 */
export class JobEffects1764840000000 implements MigrationInterface {
  name = "JobEffects1764840000000";

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "job_effects" ("jobId" text PRIMARY KEY, "doneAt" timestamptz NOT NULL DEFAULT now())`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "job_effects"`);
  }
}
