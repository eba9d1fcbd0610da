import { randomBytes, randomUUID } from "node:crypto";
import type { DataSource } from "typeorm";
import { CheckoutSession, Order, OrderLine, OrderStatus, PaymentMethod } from "../modules/orders/entity";
import { Product } from "../modules/products/entity";
import { Review } from "../modules/reviews/entity";
import { EventBus } from "../platform/events";
import { ReviewsService } from "../modules/reviews/service";
import { SellerType, User } from "../modules/users/entity";
import type { TestServer } from "./harness";
import { Role, type AuthUser } from "../platform/auth/roles";

/**
 * Shared test data: users signed up through the auth service, and products, orders and reviews
 * written straight through TypeORM, so a test can build an exact data set without going through
 * the catalog and checkout flows (tested in their own modules).
 */

export type SignedIn = { token: string; user: User; password: string };

const unique = () => randomBytes(4).toString("hex");

/**
 * Registers a user through the auth service and signs them in. Admins cannot register, so an
 * admin is registered as a buyer and promoted in the database, as an operator would.
 */
export async function signUp(
  server: TestServer,
  role: "user" | "seller" | "admin" = "user",
  overrides: Partial<Record<string, string>> = {},
): Promise<SignedIn> {
  const id = unique();
  const password = "correct-horse-42";
  const user = await server.services.auth.register({
    email: `${role}-${id}@test.pk`,
    username: `${role}_${id}`,
    name: `Test ${role} ${id}`,
    contactNumber: "03001234567",
    password,
    role: role === "seller" ? Role.SELLER : Role.USER,
    sellerType: role === "seller" ? SellerType.INDIVIDUAL : undefined,
    ...overrides,
  });
  if (role === "admin") await server.dataSource.getRepository(User).update(user.id, { role: Role.ADMIN });
  const { token } = await server.services.auth.login({ email: user.email, password }, `10.0.0.${Math.floor(Math.random() * 250)}`);
  return { token, user: { ...user, role: role === "admin" ? Role.ADMIN : user.role }, password };
}

/** The people most tests need: two sellers, two buyers and an admin. */
export type Cast = { seller: SignedIn; otherSeller: SignedIn; buyer: SignedIn; otherBuyer: SignedIn; admin: SignedIn };

/** Signs the whole cast up at once; `seller` overrides the first seller's sign-up fields (e.g. a business seller). */
export async function signUpCast(server: TestServer, options: { seller?: Partial<Record<string, string>> } = {}): Promise<Cast> {
  const [seller, otherSeller, buyer, otherBuyer, admin] = await Promise.all([
    signUp(server, "seller", options.seller),
    signUp(server, "seller"),
    signUp(server, "user"),
    signUp(server, "user"),
    signUp(server, "admin"),
  ]);
  return { seller, otherSeller, buyer, otherBuyer, admin };
}

/** A test user (e.g. from `signUp`) as the caller a service method takes; `role` overrides the one it signed up with. */
export const asCaller = ({ user }: { user: Pick<User, "id" | "role" | "email" | "username"> }, role: Role = user.role): AuthUser => ({
  id: user.id,
  role,
  email: user.email,
  username: user.username,
});

/** Logs a signed-up user in over the legacy REST login and returns the session cookie (`token=...`). */
export async function loginCookie(server: TestServer, who: SignedIn): Promise<string> {
  const login = await server.api("POST", "/api/auth/login", { body: { email: who.user.email, password: who.password } });
  return (login.headers.get("set-cookie") ?? "").split(";")[0];
}

export type TestProduct = {
  name?: string;
  pricePaisa?: number;
  ratingAverage?: number;
  ratingCount?: number;
  /** Units for sale: 100 unless given, so tests of other rules never run out; 1 for a single item. */
  quantityAvailable?: number;
  /** Soft-deleted right after it is listed, as a delisted product. */
  deleted?: boolean;
};

/** Lists a product (a book, price in paisa) for a seller, without going through the catalog service. */
export async function insertProduct(dataSource: DataSource, sellerId: string, options: TestProduct = {}): Promise<Product> {
  const {
    name = `Test product ${unique()}`,
    pricePaisa = 10_000,
    ratingAverage,
    ratingCount,
    quantityAvailable = 100,
    deleted = false,
  } = options;
  const repo = dataSource.getRepository(Product);
  const product = await repo.save(
    repo.create({
      sellerId,
      name,
      description: `${name}, used, in good condition. Call 03001234567.`,
      category: "books",
      color: "blue",
      pricePaisa,
      oldPricePaisa: null,
      image: `/uploads/test-${unique()}.webp`,
      quantityAvailable,
      ...(ratingAverage === undefined ? {} : { ratingAverage }),
      ...(ratingCount === undefined ? {} : { ratingCount }),
    }),
  );
  if (deleted) await repo.softDelete(product.id);
  return product;
}

export type TestOrder = {
  buyerId: string;
  /** The lines' seller unless given. */
  sellerId?: string;
  /** One unit of each line unless given. */
  lines: Array<{ product: Product; quantity?: number }>;
  status?: OrderStatus;
  taxPaisa?: number;
  discountPaisa?: number;
  createdAt?: Date;
};

/**
 * One cash-on-delivery order in its own checkout, as checkout would leave it: a line per product
 * at its current price, total = subtotal + tax - discount (pending, no tax or discount unless given).
 */
export async function insertOrder(dataSource: DataSource, spec: TestOrder): Promise<Order> {
  const lines = spec.lines.map(({ product, quantity = 1 }) => ({ product, quantity, lineTotalPaisa: product.pricePaisa * quantity }));
  const subtotalPaisa = lines.reduce((sum, l) => sum + l.lineTotalPaisa, 0);
  const { taxPaisa = 0, discountPaisa = 0 } = spec;
  const amounts = { subtotalPaisa, taxPaisa, discountPaisa, totalPaisa: subtotalPaisa + taxPaisa - discountPaisa };
  return dataSource.transaction(async (manager) => {
    const session = await manager.save(
      manager.create(CheckoutSession, {
        buyerId: spec.buyerId,
        idempotencyKey: randomUUID(),
        paymentMethod: PaymentMethod.CASH_ON_DELIVERY,
        ...amounts,
      }),
    );
    const order = await manager.save(
      manager.create(Order, {
        checkoutSessionId: session.id,
        buyerId: spec.buyerId,
        sellerId: spec.sellerId ?? spec.lines[0].product.sellerId,
        status: spec.status ?? OrderStatus.PENDING,
        paymentMethod: PaymentMethod.CASH_ON_DELIVERY,
        ...amounts,
        shippingAddress: "Hostel 3, Room 12",
        shippingCity: "Lahore",
        shippingPostalCode: "54000",
        shippingCountry: "Pakistan",
        contactNumber: "03001234567",
        ...(spec.createdAt ? { createdAt: spec.createdAt } : {}),
      }),
    );
    await manager.save(
      lines.map((l) =>
        manager.create(OrderLine, {
          orderId: order.id,
          productId: l.product.id,
          productName: l.product.name,
          unitPricePaisa: l.product.pricePaisa,
          productImage: l.product.image,
          quantity: l.quantity,
          lineTotalPaisa: l.lineTotalPaisa,
        }),
      ),
    );
    return order;
  });
}

/** Adds a review and refreshes the product's rating as the reviews module would. */
export async function insertReview(
  dataSource: DataSource,
  review: { userId: string; productId: string; rating: number; comment?: string },
): Promise<Review> {
  const repo = dataSource.getRepository(Review);
  const saved = await repo.save(
    repo.create({
      userId: review.userId,
      productId: review.productId,
      rating: review.rating,
      comment: review.comment ?? `Rated ${review.rating}`,
    }),
  );
  // recomputeRatings publishes nothing: an event bus without subscribers
  await new ReviewsService(dataSource, new EventBus(() => undefined)).recomputeRatings(dataSource.manager, [review.productId]);
  return saved;
}

/** Makes accounts older than a new account (which screening holds to tighter limits: a few conversations a day, no links). */
export async function established(server: TestServer, ...who: SignedIn[]): Promise<void> {
  await server.dataSource.query(`UPDATE users SET "createdAt" = now() - interval '30 days' WHERE id = ANY($1)`, [
    who.map((w) => w.user.id),
  ]);
}
