import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * What lets each server process keep its own search index of the listings up to date
 * (products/search-index.ts) by asking only for what changed:
 * - `searchXid`: the transaction that last wrote the row, set by a trigger on every insert and
 *   update. A reader takes every row written by a transaction at or after its last snapshot's
 *   oldest running one (pg_snapshot_xmin), so a write committed late by a long transaction is not
 *   missed, whatever order the transactions commit in. Rows older than the column stay NULL: the
 *   index reads them when it loads.
 * - `search_feed_resets`: counts statements that removed rows (a DELETE or a TRUNCATE, which the app
 *   never does: a listing is deleted softly). The feed cannot show a row that is gone, so a reader
 *   that sees the count move reads every listing again.
 */
export class SearchFeed1766000000000 implements MigrationInterface {
  name = "SearchFeed1766000000000";

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "products" ADD "searchXid" xid8`);
    await queryRunner.query(`CREATE INDEX "products_search_xid_idx" ON "products" ("searchXid")`);
    await queryRunner.query(
      `CREATE FUNCTION products_search_xid() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN NEW."searchXid" := pg_current_xact_id(); RETURN NEW; END $$`,
    );
    await queryRunner.query(
      `CREATE TRIGGER "products_search_xid" BEFORE INSERT OR UPDATE ON "products" FOR EACH ROW EXECUTE FUNCTION products_search_xid()`,
    );
    await queryRunner.query(`CREATE TABLE "search_feed_resets" ("resets" bigint NOT NULL)`);
    await queryRunner.query(`INSERT INTO "search_feed_resets" ("resets") VALUES (0)`);
    await queryRunner.query(
      `CREATE FUNCTION products_search_reset() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN UPDATE search_feed_resets SET resets = resets + 1; RETURN NULL; END $$`,
    );
    await queryRunner.query(
      `CREATE TRIGGER "products_search_reset" AFTER DELETE OR TRUNCATE ON "products" FOR EACH STATEMENT EXECUTE FUNCTION products_search_reset()`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER "products_search_reset" ON "products"`);
    await queryRunner.query(`DROP FUNCTION products_search_reset()`);
    await queryRunner.query(`DROP TABLE "search_feed_resets"`);
    await queryRunner.query(`DROP TRIGGER "products_search_xid" ON "products"`);
    await queryRunner.query(`DROP FUNCTION products_search_xid()`);
    await queryRunner.query(`DROP INDEX "products_search_xid_idx"`);
    await queryRunner.query(`ALTER TABLE "products" DROP COLUMN "searchXid"`);
  }
}
