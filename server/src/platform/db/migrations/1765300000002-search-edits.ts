import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * What a search's correction step (WORD_TERM in the products module) measures words with: how many
 * edits a known word is from a typed one. fuzzystrmatch's levenshtein counts a letter added, dropped
 * or changed; a word the typed one begins is 0 edits away (typing "calcu" is typing "calculator"),
 * two neighbouring letters swapped 1 ("sacrf", "scarf").
 */
export class SearchEdits1765300000002 implements MigrationInterface {
  name = "SearchEdits1765300000002";

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE EXTENSION IF NOT EXISTS fuzzystrmatch`);
    // the word with two neighbouring letters swapped, each way it can be
    await queryRunner.query(`
      CREATE FUNCTION search_swaps(typed text) RETURNS SETOF text LANGUAGE sql IMMUTABLE AS $$
        SELECT overlay(typed PLACING substr(typed, i + 1, 1) || substr(typed, i, 1) FROM i FOR 2) FROM generate_series(1, length(typed) - 1) i
      $$`);
    // levenshtein refuses strings over 255 characters (those are far from any typed word); a swap
    // is 2 to it, so only a word of the same length 2 edits away is checked for one. PL/pgSQL: a SQL
    // function with a subquery is not inlined, and cost 60 µs a call against 5.
    await queryRunner.query(`
      CREATE FUNCTION search_edits(typed text, word text) RETURNS int LANGUAGE plpgsql IMMUTABLE AS $$
        DECLARE edits int;
        BEGIN
          IF starts_with(word, typed) THEN RETURN 0; END IF;
          IF length(word) > 255 OR length(typed) > 255 THEN RETURN 3; END IF;
          edits := least(levenshtein_less_equal(typed, word, 2), 3);
          IF edits = 2 AND length(word) = length(typed) AND word IN (SELECT search_swaps(typed)) THEN RETURN 1; END IF;
          RETURN edits;
        END
      $$`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP FUNCTION search_edits(text, text)`);
    await queryRunner.query(`DROP FUNCTION search_swaps(text)`);
    await queryRunner.query(`DROP EXTENSION IF EXISTS fuzzystrmatch`);
  }
}
