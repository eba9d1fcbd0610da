import type { MigrationInterface, QueryRunner } from "typeorm";
import { CREATE_SEARCH_CORRECTIONS, CREATE_SEARCH_QUERY } from "./1764760000000-search-words";

/**
 * search_query and search_corrections, a search's corrections in one SQL function, have been
 * unused since the correction step moved to two prepared statements and a choice in TypeScript
 * (wordTerm in the products module): nothing calls them, so they go.
 */
export class DropUnusedSearchFunctions1765300000003 implements MigrationInterface {
  name = "DropUnusedSearchFunctions1765300000003";

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP FUNCTION search_query(text)`);
    await queryRunner.query(`DROP FUNCTION search_corrections(text)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(CREATE_SEARCH_CORRECTIONS);
    await queryRunner.query(CREATE_SEARCH_QUERY);
  }
}
