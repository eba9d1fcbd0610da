import { describe, expect } from "vitest";
import { insertProduct, signUp } from "../../test/fixtures";
import { it } from "../../test/server-test";
import { User } from "../users/entity";
import { Product } from "./entity";

/**
 * What the shop's field resolvers are handed. TypeGraphQL gives a field resolver whose root is not
 * an instance of its class a fresh instance with every property copied, on each field of each row
 * (a sixth of a shop page's server CPU): the catalogue's rows are entity instances.
 */
describe("the catalogue's rows as resolver roots", () => {
  it("are Product instances with their sellers as User instances, read fresh or from the cache", async ({ server }) => {
    const seller = await signUp(server, "seller");
    await insertProduct(server.dataSource, seller.user.id, { name: "Graph Paper Pad", pricePaisa: 25_050 });
    const catalog = server.services.catalog;

    // a price filter is never an entry page: read from the database each time
    const fresh = await catalog.list({ page: 1, pageSize: 5, filter: { minPrice: 1 } });
    // an entry page is kept in the shared cache as JSON and revived on the next read
    await catalog.list({ page: 1, pageSize: 5 });
    const cached = await catalog.list({ page: 1, pageSize: 5 });
    const product = await catalog.byId(fresh.items[0].id, null);

    for (const item of [fresh.items[0], cached.items[0], product!]) {
      expect(item).toBeInstanceOf(Product);
      expect(item.seller).toBeInstanceOf(User);
      expect(item.createdAt).toBeInstanceOf(Date);
      expect(item.seller!.createdAt).toBeInstanceOf(Date);
      expect(item).toMatchObject({ name: "Graph Paper Pad", pricePaisa: 25_050, seller: { id: seller.user.id } });
    }
  });
});
