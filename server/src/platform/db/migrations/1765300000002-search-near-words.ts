import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * The known words a search's unknown word stands for (at most 5, the closest first), by edits: a
 * word it begins (0: "calcu" is typing "calculator"), two neighbouring letters swapped (1), else
 * fuzzystrmatch's levenshtein (a letter added, dropped or changed; 3 standing for 3 or more).
 * - First the words similar to it as a whole (pg_trgm's `%`: "zylofonic" finds "zylophonic") or as
 *   a part (`<%`: "calcu" finds "calculator").
 * - When none of those is within one edit (short words share few trigrams: "sacrf", "soe",
 *   "lapm"), the words of about its length one edit away join them.
 * - When some are at most 2 edits away, only the fewest edits away are kept, so a typo's word does
 *   not bring the neighbours that merely share letters ("poer" finds "power", not "poetry";
 *   "clasic" finds "classic", not "basic").
 */
export class SearchNearWords1765300000002 implements MigrationInterface {
  name = "SearchNearWords1765300000002";

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE EXTENSION IF NOT EXISTS fuzzystrmatch`);
    // levenshtein refuses strings over 255 characters: those are far from any typed word
    await queryRunner.query(`
      CREATE FUNCTION search_edits(typed text, word text) RETURNS int LANGUAGE sql IMMUTABLE AS $$
        SELECT CASE
          WHEN starts_with(word, typed) THEN 0
          WHEN length(word) = length(typed) AND EXISTS (
            SELECT 1 FROM generate_series(1, length(typed) - 1) i
             WHERE word = overlay(typed PLACING substr(typed, i + 1, 1) || substr(typed, i, 1) FROM i FOR 2)) THEN 1
          WHEN length(word) > 255 OR length(typed) > 255 THEN 3
          ELSE levenshtein_less_equal(typed, word, 3) END
      $$`);
    await queryRunner.query(`
      CREATE FUNCTION search_near_words(typed text) RETURNS SETOF text LANGUAGE sql STABLE AS $$
        WITH by_trigrams AS (
          SELECT word, greatest(similarity(typed, word), word_similarity(typed, word)) AS score, search_edits(typed, word) AS edits
            FROM search_words WHERE typed % word OR typed <% word
           ORDER BY score DESC, word LIMIT 10),
        one_edit AS (
          SELECT word, similarity(typed, word) AS score, search_edits(typed, word) AS edits FROM search_words
           WHERE NOT EXISTS (SELECT 1 FROM by_trigrams WHERE edits <= 1)
             AND length(word) BETWEEN length(typed) - 1 AND length(typed) + 1
             AND search_edits(typed, word) <= 1),
        near AS (SELECT * FROM by_trigrams UNION SELECT * FROM one_edit)
        SELECT word FROM near
         WHERE edits = (SELECT min(edits) FROM near) OR (SELECT min(edits) FROM near) > 2
         ORDER BY score DESC, word LIMIT 5
      $$`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP FUNCTION search_near_words(text)`);
    await queryRunner.query(`DROP FUNCTION search_edits(text, text)`);
    await queryRunner.query(`DROP EXTENSION IF EXISTS fuzzystrmatch`);
  }
}
