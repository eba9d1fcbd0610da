import { describe, expect } from "vitest";
import { it } from "../../test/server-test";
import { Product } from "../products/entity";
import { Review } from "./entity";
import { insertProduct, signUp } from "../../test/fixtures";

describe("ReviewsService.recomputeRatings", () => {
  it("sets the average and count from the reviews table, and resets a product without reviews", async ({ server }) => {
    const seller = await signUp(server, "seller");
    const [a, b] = await Promise.all([signUp(server), signUp(server)]);
    const products = server.dataSource.getRepository(Product);
    const reviewed = await insertProduct(server.dataSource, seller.user.id, { name: "Reviewed", pricePaisa: 1000 });
    const stale = await insertProduct(server.dataSource, seller.user.id, { name: "Stale", pricePaisa: 1000 });
    await products.update(stale.id, { ratingAverage: 4.5, ratingCount: 9 });
    await server.dataSource.getRepository(Review).save([
      { userId: a.user.id, productId: reviewed.id, rating: 5, comment: "Great" },
      { userId: b.user.id, productId: reviewed.id, rating: 2, comment: "Meh" },
    ]);

    await server.dataSource.transaction((manager) =>
      server.services.reviews.recomputeRatings(manager, [reviewed.id, stale.id, reviewed.id]),
    );

    expect(await products.findOneByOrFail({ id: reviewed.id })).toMatchObject({ ratingAverage: 3.5, ratingCount: 2 });
    expect(await products.findOneByOrFail({ id: stale.id })).toMatchObject({ ratingAverage: 0, ratingCount: 0 });
  });
});
