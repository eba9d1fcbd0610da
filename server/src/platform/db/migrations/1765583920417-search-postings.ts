import type { MigrationInterface, QueryRunner } from "typeorm";

/** The postings of one listing row (its kept words, its date and category), as a SELECT over `row`. */
const POSTINGS_OF = (row: string) =>
  `SELECT DISTINCT w, ${row}."createdAt", ${row}.id, ${row}.category
     FROM unnest(tsvector_to_array(${row}.search_vector)) AS w WHERE search_word_kept(w)`;

/** Listings filled per statement when the migration first fills the index. */
const FILL_SLICE = 5000;

/**
 * A word index of the catalogue, newest first: one row per kept word (search_word_kept) of each
 * undeleted listing's name and description, with its date and category. A one-word search reads its
 * word's newest postings in index order and stops at the candidates it needs, where the GIN index
 * builds the bitmap of every listing with the word first (17,000 at 1M listings for a common word).
 * The category rides in the index (INCLUDE) so a search within one passes over the other
 * categories' postings without reading their listings. Triggers keep it current: a new listing adds
 * its postings; an edit of its words, date or category, a delete or a restore replaces them; a row
 * removed or the table truncated removes them (in word order, so two writers never wait on each other crosswise).
 */
export class SearchPostings1765583920417 implements MigrationInterface {
  name = "SearchPostings1765583920417";

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "search_postings" ("word" text NOT NULL, "createdAt" timestamptz NOT NULL, "productId" uuid NOT NULL, "category" varchar(30) NOT NULL)`,
    );
    await queryRunner.query(
      `CREATE INDEX "search_postings_newest_idx" ON "search_postings" ("word", "createdAt" DESC, "productId" DESC) INCLUDE ("category")`,
    );
    await queryRunner.query(`
      CREATE FUNCTION products_postings_of_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO search_postings SELECT p.* FROM new_rows r, LATERAL (${POSTINGS_OF("r")}) p WHERE r."deletedAt" IS NULL ORDER BY 1;
        RETURN NULL;
      END $$`);
    await queryRunner.query(`
      CREATE FUNCTION products_postings_of_changed() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        -- every word of the old row, kept or not (a word not kept has no postings): one index scan
        DELETE FROM search_postings
         WHERE word = ANY(tsvector_to_array(OLD.search_vector)) AND "createdAt" = OLD."createdAt" AND "productId" = OLD.id;
        IF TG_OP = 'UPDATE' THEN
          IF NEW."deletedAt" IS NULL THEN
            INSERT INTO search_postings ${POSTINGS_OF("NEW")} ORDER BY 1;
          END IF;
        END IF;
        RETURN NULL;
      END $$`);
    await queryRunner.query(
      `CREATE TRIGGER "products_postings_insert" AFTER INSERT ON "products" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION products_postings_of_inserted()`,
    );
    await queryRunner.query(
      `CREATE TRIGGER "products_postings_update" AFTER UPDATE OF "name", "description", "createdAt", "category", "deletedAt" ON "products" FOR EACH ROW
         WHEN (OLD.search_vector IS DISTINCT FROM NEW.search_vector OR OLD."createdAt" IS DISTINCT FROM NEW."createdAt"
               OR OLD.category IS DISTINCT FROM NEW.category OR OLD."deletedAt" IS DISTINCT FROM NEW."deletedAt")
         EXECUTE FUNCTION products_postings_of_changed()`,
    );
    await queryRunner.query(
      `CREATE TRIGGER "products_postings_delete" AFTER DELETE ON "products" FOR EACH ROW EXECUTE FUNCTION products_postings_of_changed()`,
    );
    await queryRunner.query(
      `CREATE FUNCTION products_postings_of_truncated() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN TRUNCATE search_postings; RETURN NULL; END $$`,
    );
    await queryRunner.query(
      `CREATE TRIGGER "products_postings_truncate" AFTER TRUNCATE ON "products" FOR EACH STATEMENT EXECUTE FUNCTION products_postings_of_truncated()`,
    );
    // the listings already there, a slice at a time: each statement stays well inside the app's
    // query timeout (12 s), which one fill of a million listings would not. The triggers come first:
    // their lock holds other writers off until this commits, so no listing is missed
    for (let after = "00000000-0000-0000-0000-000000000000"; ;) {
      const [last] = (await queryRunner.query(
        `WITH slice AS (SELECT * FROM products WHERE id > $1 AND "deletedAt" IS NULL ORDER BY id LIMIT ${FILL_SLICE}),
              filled AS (INSERT INTO "search_postings" SELECT p.* FROM slice r, LATERAL (${POSTINGS_OF("r")}) p ORDER BY 1)
         SELECT max(id::text) AS id FROM slice`,
        [after],
      )) as Array<{ id: string | null }>;
      if (!last.id) break;
      after = last.id;
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER "products_postings_truncate" ON "products"`);
    await queryRunner.query(`DROP TRIGGER "products_postings_delete" ON "products"`);
    await queryRunner.query(`DROP TRIGGER "products_postings_update" ON "products"`);
    await queryRunner.query(`DROP TRIGGER "products_postings_insert" ON "products"`);
    await queryRunner.query(`DROP FUNCTION products_postings_of_truncated()`);
    await queryRunner.query(`DROP FUNCTION products_postings_of_changed()`);
    await queryRunner.query(`DROP FUNCTION products_postings_of_inserted()`);
    await queryRunner.query(`DROP TABLE "search_postings"`);
  }
}
