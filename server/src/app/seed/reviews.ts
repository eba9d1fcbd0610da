import { In } from "typeorm";
import type { Services } from "../services";
import { Product } from "../../modules/products";
import { User } from "../../modules/users";

const DEMO_REVIEWERS = ["fatima", "hamza", "zainab"];
const REVIEWED_PRODUCTS = 25;

/** A fixed spread of stars (mostly good, some middling, a few poor), so averages differ per product. */
const STARS = [5, 4, 5, 3, 4, 5, 4, 2, 5, 4, 3, 5, 1];

const COMMENTS: Record<number, string[]> = {
  5: [
    "Excellent, exactly as described. Would buy again!",
    "Great quality for the price, and the seller replied quickly.",
    "Perfect for hostel life. Highly recommended.",
  ],
  4: [
    "Good value, delivery took a couple of days.",
    "Works well; the packaging could be better.",
    "Nice product, a little smaller than I expected.",
  ],
  3: ["Okay for the price, nothing special.", "Does the job, but the finish is average."],
  2: ["Not as good as the pictures suggest.", "Arrived late and slightly scratched."],
  1: ["Stopped working after a week, disappointed."],
};

/**
 * Demo reviews by the demo buyers on the oldest 25 products, one to three each, posted through the
 * review service so ratings and verified purchases (from the demo orders) follow the real rules.
 */
export async function seedDemoReviews(services: Services): Promise<void> {
  const { dataSource, reviews } = services;
  const buyers = await dataSource.getRepository(User).find({ where: { username: In(DEMO_REVIEWERS) }, order: { username: "ASC" } });
  const products = await dataSource.getRepository(Product).find({ order: { createdAt: "ASC" }, take: REVIEWED_PRODUCTS });
  let n = 0;
  for (const [i, product] of products.entries()) {
    // one, two or three reviewers in turn, starting with a different buyer each time
    const reviewers = [...buyers.slice(i % buyers.length), ...buyers.slice(0, i % buyers.length)].slice(0, 1 + (i % buyers.length));
    for (const [j, buyer] of reviewers.entries()) {
      const rating = STARS[n++ % STARS.length];
      const comment = COMMENTS[rating][(i + j) % COMMENTS[rating].length];
      await reviews.post(
        { productId: product.id, rating, comment },
        { id: buyer.id, role: buyer.role, email: buyer.email, username: buyer.username },
      );
    }
  }
}
