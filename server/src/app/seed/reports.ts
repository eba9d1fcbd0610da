import { Product } from "../../modules/products";
import { User } from "../../modules/users";
import type { Services } from "../services";

/** One open report waiting in the admin's moderation queue: a demo buyer reports a demo listing. */
export async function seedDemoReports(services: Services): Promise<void> {
  const { dataSource, moderation } = services;
  const reporter = await dataSource.getRepository(User).findOneByOrFail({ username: "zainab" });
  const seller = await dataSource.getRepository(User).findOneByOrFail({ username: "campus_corner" });
  const listing = await dataSource.getRepository(Product).findOneOrFail({ where: { sellerId: seller.id }, order: { createdAt: "DESC" } });
  await moderation.reportListing(
    { productId: listing.id, reason: "MISLEADING", details: "The photo shows a different model from the description." },
    { id: reporter.id, role: reporter.role, email: reporter.email, username: reporter.username },
  );
}
