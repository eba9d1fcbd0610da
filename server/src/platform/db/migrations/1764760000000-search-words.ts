import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * The search with its unknown words corrected, as a tsquery: every word typed must match (AND); a
 * word no listing uses stands for its 5 closest known words (OR): similar as a whole (pg_trgm's `%`:
 * "zylofonic" finds "zylophonic") or as a part (`<%`: the prefix "calcu" finds "calculator"). NULL
 * (matching nothing) when every word is known (the plain full-text search covers it) or a word has
 * no close known word. Dropped by the drop-unused-search-functions migration, whose down makes it again.
 */
export const CREATE_SEARCH_CORRECTIONS = `
  CREATE FUNCTION search_corrections(search text) RETURNS tsquery LANGUAGE sql STABLE AS $$
    SELECT to_tsquery('simple', string_agg(term, ' & '))
    FROM (
      SELECT known, CASE WHEN known THEN search_term(w) ELSE (
               SELECT '(' || string_agg(search_term(near.word), ' | ') || ')'
               FROM (SELECT word FROM search_words WHERE w % word OR w <% word
                     ORDER BY greatest(similarity(w, word), word_similarity(w, word)) DESC, word LIMIT 5) near
             ) END AS term
      FROM (SELECT w, NOT search_word_kept(w) OR EXISTS (SELECT 1 FROM search_words k WHERE k.word = w) AS known
            FROM unnest(tsvector_to_array(to_tsvector('simple', search))) AS w) typed
    ) terms
    HAVING count(term) = count(*) AND bool_or(NOT known)
  $$`;

/** What a search matched: the words typed (websearch syntax) or, with its unknown words corrected, their closest known words. */
export const CREATE_SEARCH_QUERY = `
  CREATE FUNCTION search_query(search text) RETURNS tsquery LANGUAGE sql STABLE AS $$
    SELECT CASE WHEN corrected IS NULL THEN typed ELSE typed || corrected END
    FROM (SELECT websearch_to_tsquery('simple', search) AS typed, search_corrections(search) AS corrected) q
  $$`;

/**
 * Typo-tolerant search over a vocabulary instead of every product name (pg_trgm's "text search
 * integration"): `search_words` holds each distinct word of the listings' names and descriptions,
 * with a trigram index. A search corrects the words it does not know against this table, then
 * finds listings with the full-text index, so the trigram step grows with the vocabulary (a few
 * thousand words), not with the catalogue. Triggers add the words of new and edited listings (in
 * word order, so two writers never wait on each other crosswise); words are never removed (a stale
 * word only leads to a full-text lookup that finds nothing). Numbers and words under three letters
 * are not kept: there is nothing to correct in them.
 */
export class SearchWords1764760000000 implements MigrationInterface {
  name = "SearchWords1764760000000";

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE FUNCTION search_word_kept(word text) RETURNS boolean LANGUAGE sql IMMUTABLE AS $$ SELECT length(word) >= 3 AND word !~ '^[0-9]+$' $$`,
    );
    await queryRunner.query(`CREATE TABLE "search_words" ("word" text PRIMARY KEY)`);
    await queryRunner.query(
      `INSERT INTO "search_words" (word) SELECT word FROM ts_stat('SELECT search_vector FROM products') WHERE search_word_kept(word) ORDER BY word`,
    );
    await queryRunner.query(`CREATE INDEX "search_words_trgm_idx" ON "search_words" USING GIN ("word" gin_trgm_ops)`);
    // a lexeme as a quoted tsquery term
    await queryRunner.query(
      `CREATE FUNCTION search_term(word text) RETURNS text LANGUAGE sql IMMUTABLE AS $$ SELECT '''' || replace(replace(word, '\\', '\\\\'), '''', '''''') || '''' $$`,
    );
    await queryRunner.query(CREATE_SEARCH_CORRECTIONS);
    await queryRunner.query(CREATE_SEARCH_QUERY);
    // a bulk insert adds its words in one statement; an edit, only when its words changed
    await queryRunner.query(`
      CREATE FUNCTION products_search_words_of_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO search_words (word)
          SELECT DISTINCT w FROM new_rows, unnest(tsvector_to_array(new_rows.search_vector)) AS w WHERE search_word_kept(w) ORDER BY w
          ON CONFLICT DO NOTHING;
        RETURN NULL;
      END $$`);
    await queryRunner.query(`
      CREATE FUNCTION products_search_words_of_edited() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO search_words (word)
          SELECT DISTINCT w FROM unnest(tsvector_to_array(NEW.search_vector)) AS w WHERE search_word_kept(w) ORDER BY w
          ON CONFLICT DO NOTHING;
        RETURN NULL;
      END $$`);
    await queryRunner.query(
      `CREATE TRIGGER "products_search_words_insert" AFTER INSERT ON "products" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION products_search_words_of_inserted()`,
    );
    await queryRunner.query(
      `CREATE TRIGGER "products_search_words_update" AFTER UPDATE OF "name", "description" ON "products" FOR EACH ROW WHEN (OLD.search_vector IS DISTINCT FROM NEW.search_vector) EXECUTE FUNCTION products_search_words_of_edited()`,
    );
    // names are no longer searched by trigram: the index only slowed every product write
    await queryRunner.query(`DROP INDEX "products_name_trgm_idx"`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE INDEX "products_name_trgm_idx" ON "products" USING GIN (lower("name") gin_trgm_ops)`);
    await queryRunner.query(`DROP TRIGGER "products_search_words_update" ON "products"`);
    await queryRunner.query(`DROP TRIGGER "products_search_words_insert" ON "products"`);
    await queryRunner.query(`DROP FUNCTION products_search_words_of_edited()`);
    await queryRunner.query(`DROP FUNCTION products_search_words_of_inserted()`);
    await queryRunner.query(`DROP FUNCTION search_query(text)`);
    await queryRunner.query(`DROP FUNCTION search_corrections(text)`);
    await queryRunner.query(`DROP FUNCTION search_term(text)`);
    await queryRunner.query(`DROP TABLE "search_words"`);
    await queryRunner.query(`DROP FUNCTION search_word_kept(text)`);
  }
}
