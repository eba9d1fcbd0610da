import { Client } from "pg";
import { createTestDatabase } from "../../test/harness";
import type { DocRow } from "./search-store";
import type { ProductFields } from "./service";

/** Shared by the product tests. */

/** A listing's fields that the server accepts, with `over` on top. */
export const validProduct = (over: Partial<ProductFields> = {}): ProductFields => ({
  name: "Scientific Calculator",
  description: "Casio-style calculator with 417 functions, call 03001234567.",
  category: "electronics",
  color: "black",
  price: 2450.5,
  oldPrice: 2999,
  image: "/uploads/calc.webp",
  ...over,
});

/** A listing as the search index reads it (search-store.ts: DocRow), numbered `id`, with `over` on top. */
export const docRow = (id: number, over: Partial<DocRow> = {}): DocRow => ({
  id: `00000000-0000-4000-8000-${String(id).padStart(12, "0")}`,
  createdMicros: String(1_780_000_000_000_000 + id),
  soldOutMicros: null,
  pricePaisa: 1000 * id,
  ratingAverage: "0.00",
  ratingCount: 0,
  category: "books",
  color: null,
  condition: "good",
  campus: null,
  sellerId: null,
  quantityAvailable: 1,
  listed: true,
  deleted: false,
  name: "",
  vector: "",
  ...over,
});

export const LIST = `query ($filter: ProductFilter, $sort: ProductSort, $page: Int, $pageSize: Int) {
  products(filter: $filter, sort: $sort, page: $page, pageSize: $pageSize) { totalItems totalPages page pageSize items { id name price rating ratingCount category color seller { username } } } }`;

/**
 * A client on a new test database, for comparing ports of PostgreSQL's functions: float4s printed
 * exactly (the shortest text that reads back as the same float4), and whether pg_trgm takes letters
 * beyond ASCII as word characters there (its LC_CTYPE; SHOW lc_ctype before PostgreSQL 16).
 */
export async function portsDatabase(): Promise<{ db: Client; unicodeWords: boolean }> {
  const db = new Client({ connectionString: await createTestDatabase() });
  await db.connect();
  await db.query("SET extra_float_digits = 3");
  const { rows } = await db.query<{ ctype: string }>("SELECT datctype AS ctype FROM pg_database WHERE datname = current_database()");
  return { db, unicodeWords: !["C", "POSIX"].includes(rows[0].ctype) };
}
