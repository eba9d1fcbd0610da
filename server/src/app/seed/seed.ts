import { passwords } from "../../platform/auth/passwords";
import sharp from "sharp";
import type { DataSource, EntityManager } from "typeorm";
import { COLORS, CONDITIONS, Product } from "../../modules/products";
import { Coupon } from "../../modules/orders";
import { seedDemoDeals } from "./deals";
import { seedDemoOrders } from "./orders";
import { seedDemoReports } from "./reports";
import { seedDemoAlerts } from "./alerts";
import { seedDemoHandovers } from "./handovers";
import { seedDemoReviews } from "./reviews";
import { SellerType, User } from "../../modules/users";
import { UploadsService } from "../../modules/uploads";
import type { Services } from "../services";
import { colorFor, demoProducts } from "./catalog";
import { illustrationSvg, pictureFor, viewsFor, type PictureKind } from "./illustrations";
import { Role } from "../../platform/auth/roles";
import { universityOf } from "../../modules/verification";

export const DEMO_PASSWORD = "unibazaar123";

export const demoLogins = [
  { role: "admin", email: "admin@unibazaar.pk", username: "admin", name: "Ayesha Admin" },
  { role: "seller", email: "ali.seller@unibazaar.pk", username: "ali_gadgets", name: "Ali Raza" },
  { role: "seller", email: "store@campuscorner.pk", username: "campus_corner", name: "Sana Malik" },
  { role: "buyer", email: "fatima@student.pk", username: "fatima", name: "Fatima Khan" },
  { role: "buyer", email: "hamza@student.pk", username: "hamza", name: "Hamza Siddiqui" },
  { role: "buyer", email: "zainab@student.pk", username: "zainab", name: "Zainab Ahmed" },
] as const;

/** Demo verified students (their university e-mails); the store and zainab are not verified. */
const demoStudents: Record<string, string> = {
  ali_gadgets: "ali.raza@nust.edu.pk",
  fatima: "fatima.khan@lums.edu.pk",
  hamza: "hamza.siddiqui@lhr.nu.edu.pk",
};

/**
 * Loads demo data into an empty database (no users yet) and returns whether it did. Users,
 * coupons and products go in one transaction, so a failure leaves the database empty again.
 */
export async function seedDemoData(dataSource: DataSource, services: Services): Promise<boolean> {
  if ((await dataSource.getRepository(User).count()) > 0) return false;
  const uploads = services.uploads;
  const colors = COLORS.map((c) => c.slug);
  // every listing gets the drawing that shows it (or a neutral parcel) in its colour, some a close-up too (gallery), drawn here
  const pictures = await Promise.all(demoProducts.map((p, i) => renderProductImages(pictureFor(p.name), colorFor(i, colors), uploads)));

  await dataSource.transaction(async (manager) => {
    const users = await insertUsers(manager);
    const sellers = [users.get("ali_gadgets")!, users.get("campus_corner")!];
    await manager.getRepository(Coupon).save({ code: "save", percentOff: 10, active: true, expiresAt: null });
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
          image: pictures[i][0],
          gallery: pictures[i].slice(1),
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
  const passwordHash = await passwords.hash(DEMO_PASSWORD);
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
      ...studentFields(login.username),
      // established accounts: a brand-new one is held to screening's tighter limits
      createdAt: new Date(Date.now() - 60 * 86_400_000),
    }),
  );
  const saved = await repo.save(rows);
  return new Map(saved.map((u) => [u.username, u]));
}

function studentFields(username: string): Pick<User, "verifiedAt" | "university" | "universityEmail"> {
  const email = demoStudents[username];
  const university = email ? universityOf(email) : null;
  if (!email || !university) return { verifiedAt: null, university: null, universityEmail: null };
  return { verifiedAt: new Date(), university: university.name, universityEmail: email };
}

/** Reviews, orders in every status and a report for the moderation queue, made through the services so they follow the real rules. */
async function seedActivity(services: Services): Promise<void> {
  await seedDemoOrders(services);
  await seedDemoHandovers(services);
  await seedSavedItems(services);
  // after the orders, so reviews of bought products come out as verified purchases
  await seedDemoReviews(services);
  await seedDemoReports(services);
  await seedDemoDeals(services);
  await seedDemoAlerts(services);
}

/** Fatima's saved list: a few listings of both sellers, saved at today's prices. */
async function seedSavedItems({ dataSource, saved }: Services): Promise<void> {
  const fatima = await dataSource.getRepository(User).findOneByOrFail({ username: "fatima" });
  const products = await dataSource.getRepository(Product).find({ order: { createdAt: "DESC" }, take: 3 });
  const caller = { id: fatima.id, role: fatima.role, email: fatima.email, username: fatima.username };
  for (const product of products) await saved.save(product.id, caller);
}

/** Draws the product's pictures (see illustrations.ts), so the demo needs no network; answers their URLs. */
async function renderProductImages(kind: PictureKind, color: string, uploads: UploadsService): Promise<string[]> {
  const hex = COLORS.find((c) => c.slug === color)!.hex;
  const urls: string[] = [];
  for (let view = 0; view < viewsFor(kind); view++) {
    // uncompressed PNG: it is decoded again at once by storeImage
    const png = await sharp(Buffer.from(illustrationSvg(kind, hex, view)))
      .png({ compressionLevel: 0 })
      .toBuffer();
    urls.push((await uploads.storeImage(png, null)).url);
  }
  return urls;
}
