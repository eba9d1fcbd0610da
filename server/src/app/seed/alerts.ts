import { User } from "../../modules/users";
import type { Services } from "../services";

/** Saved searches with alerts and open wanted posts of the demo buyers, saved and posted through the services. */
export async function seedDemoAlerts({ dataSource, savedSearches, wanted }: Services): Promise<void> {
  const users = dataSource.getRepository(User);
  const caller = async (username: string) => {
    const user = await users.findOneByOrFail({ username });
    return { id: user.id, role: user.role, email: user.email, username: user.username };
  };
  const [fatima, hamza, zainab] = await Promise.all(["fatima", "hamza", "zainab"].map(caller));
  await savedSearches.save({ filter: { search: "calculator", category: "electronics", maxPrice: 5000 } }, fatima);
  await savedSearches.save({ filter: { category: "books", campus: "nust-islamabad" }, emailDigest: true }, fatima);
  await savedSearches.save({ filter: { search: "lamp", maxPrice: 3000 }, alert: false }, hamza);
  await wanted.post(
    {
      title: "Casio fx-991ES",
      details: "Needed before midterms; a working one is fine.",
      maxPrice: 3000,
      category: "electronics",
      campus: "nust-islamabad",
    },
    zainab,
  );
  await wanted.post(
    { title: "Organic chemistry textbook", maxPrice: 2500, category: "books", campus: "lums-lahore", expiresInDays: 7 },
    hamza,
  );
  await wanted.post({ title: "Cricket bat", details: "English willow if possible.", category: "sports" }, fatima);
}
