import { insertProduct, type SignedIn } from "../../test/fixtures";
import type { TestServer } from "../../test/harness";
import { CATALOG_CACHE } from "../products/catalog";
import { ModerationAction } from "./entity";

/** Shared by the moderation tests. */

export const WARNINGS = `{ myWarnings { note } }`;

/** A listing through the test fixture, then the catalogue cache dropped (the fixture bypasses the service). */
export async function listing(server: TestServer, seller: SignedIn, name: string) {
  const product = await insertProduct(server.dataSource, seller.user.id, { name });
  await server.services.cache.invalidate(CATALOG_CACHE);
  return product;
}

export const auditRows = (server: TestServer) => server.dataSource.getRepository(ModerationAction).count();
