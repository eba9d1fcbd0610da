import { hash } from "@node-rs/argon2";
import sharp from "sharp";
import type { DataSource, EntityManager } from "typeorm";
import type { AppConfig } from "../../platform/config";
import { COLORS, CONDITIONS } from "../../modules/products/catalog";
import { Product } from "../../modules/products/entity";
import { Coupon } from "../../modules/orders/entity";
import { seedDemoOrders } from "./orders";
import { seedDemoReviews } from "./reviews";
import { SellerType, User } from "../../modules/users/entity";
import { UploadsService } from "../../modules/uploads/service";
import type { Services } from "../services";
import { colorFor, demoProducts } from "./catalog";
import { Role } from "../../platform/auth/roles";

export const DEMO_PASSWORD = "unibazaar123";

export const demoLogins = [
  { role: "admin", email: "admin@unibazaar.pk", username: "admin", name: "Ayesha Admin" },
  { role: "seller", email: "ali.seller@unibazaar.pk", username: "ali_gadgets", name: "Ali Raza" },
  { role: "seller", email: "store@campuscorner.pk", username: "campus_corner", name: "Sana Malik" },
  { role: "buyer", email: "fatima@student.pk", username: "fatima", name: "Fatima Khan" },
  { role: "buyer", email: "hamza@student.pk", username: "hamza", name: "Hamza Siddiqui" },
  { role: "buyer", email: "zainab@student.pk", username: "zainab", name: "Zainab Ahmed" },
] as const;

/**
 * Loads demo data into an empty database (no users yet) and returns whether it did. Users,
 * coupons and products go in one transaction, so a failure leaves the database empty again.
 */
export async function seedDemoData(dataSource: DataSource, services: Services, config: AppConfig): Promise<boolean> {
  if ((await dataSource.getRepository(User).count()) > 0) return false;
  const uploads = new UploadsService(dataSource, config.uploadsDir);
  const images = await Promise.all(
    demoProducts.map((p, i) =>
      renderProductImage(
        p.name,
        colorFor(
          i,
          COLORS.map((c) => c.slug),
        ),
        uploads,
      ),
    ),
  );

  await dataSource.transaction(async (manager) => {
    const users = await insertUsers(manager);
    const sellers = [users.get("ali_gadgets")!, users.get("campus_corner")!];
    await manager.getRepository(Coupon).save({ code: "save", percentOff: 10, active: true, expiresAt: null });
    const colors = COLORS.map((c) => c.slug);
    const now = Date.now();
    await manager.getRepository(Product).save(
      demoProducts.map((p, i) =>
        manager.getRepository(Product).create({
          name: p.name,
          description: p.description,
          category: p.category,
          color: colorFor(i, colors),
          pricePaisa: p.price * 100,
          oldPricePaisa: p.oldPrice ? p.oldPrice * 100 : null,
          image: images[i],
          quantityAvailable: p.quantity,
          condition: CONDITIONS[i % CONDITIONS.length].slug,
          // Ali hands over at NUST; the store has stalls at LUMS and FAST
          campus: i % 2 === 0 ? "nust-islamabad" : i % 3 === 0 ? "fast-lahore" : "lums-lahore",
          sellerId: sellers[i % 2].id,
          // spread over the last weeks so "newest first" has a visible order
          createdAt: new Date(now - (demoProducts.length - i) * 3_600_000 * 7),
        }),
      ),
    );
  });
  await seedActivity(services);
  return true;
}

async function insertUsers(manager: EntityManager): Promise<Map<string, User>> {
  const passwordHash = await hash(DEMO_PASSWORD);
  const repo = manager.getRepository(User);
  const rows = demoLogins.map((login, i) =>
    repo.create({
      email: login.email,
      username: login.username,
      name: login.name,
      passwordHash,
      contactNumber: `0300${String(1234560 + i)}`,
      role: login.role === "buyer" ? Role.USER : (login.role as Role),
      sellerType:
        login.username === "ali_gadgets" ? SellerType.INDIVIDUAL : login.username === "campus_corner" ? SellerType.BUSINESS : null,
      storeName: login.username === "campus_corner" ? "Campus Corner" : null,
      storeDescription: login.username === "campus_corner" ? "Books, stationery and hostel essentials for students." : null,
    }),
  );
  const saved = await repo.save(rows);
  return new Map(saved.map((u) => [u.username, u]));
}

/** Reviews and orders in every status, made through the services so they follow the real rules. */
async function seedActivity(services: Services): Promise<void> {
  await seedDemoOrders(services);
  // after the orders, so reviews of bought products come out as verified purchases
  await seedDemoReviews(services);
}

/** Draws a simple product picture from SVG, so the demo needs no network. */
async function renderProductImage(name: string, color: string, uploads: UploadsService): Promise<string> {
  const hex = COLORS.find((c) => c.slug === color)!.hex;
  const initials = name
    .split(/\s+/)
    .slice(0, 2)
    .map((w) => w[0])
    .join("")
    .toUpperCase();
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800" viewBox="0 0 800 800">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#f5f7fb"/><stop offset="1" stop-color="#e3e8f2"/></linearGradient></defs>
  <rect width="800" height="800" fill="url(#g)"/>
  <circle cx="400" cy="360" r="220" fill="${hex}" opacity="0.92"/>
  <rect x="250" y="560" width="300" height="36" rx="18" fill="${hex}" opacity="0.35"/>
  <text x="400" y="420" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-size="170" font-weight="700" text-anchor="middle" fill="#ffffff">${initials}</text>
</svg>`;
  const png = await sharp(Buffer.from(svg)).png().toBuffer();
  const image = await uploads.storeImage(png, null);
  return image.url;
}
