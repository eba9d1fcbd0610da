import { randomUUID } from "node:crypto";
import type { DataSource } from "typeorm";
import { CheckoutSession, Order, OrderLine, OrderStatus, PaymentMethod } from "../orders/entity";
import { Product } from "../products/entity";
import { Review } from "../reviews/entity";
import { ReviewsService } from "../reviews/service";

/**
 * Test rows written straight through TypeORM, so stats and user tests can build an exact data set
 * without going through the catalog and checkout flows (tested in their own modules).
 */

export async function createProduct(
  dataSource: DataSource,
  sellerId: string,
  options: { pricePaisa?: number; name?: string; deleted?: boolean } = {},
): Promise<Product> {
  const repo = dataSource.getRepository(Product);
  const product = await repo.save(
    repo.create({
      sellerId,
      name: options.name ?? `Test product ${randomUUID().slice(0, 8)}`,
      description: "Used, good condition. Call 03001234567.",
      category: "books",
      color: "black",
      pricePaisa: options.pricePaisa ?? 10_000,
      oldPricePaisa: null,
      image: "/uploads/test.webp",
    }),
  );
  if (options.deleted) await repo.softDelete(product.id);
  return product;
}

/** Adds a review and refreshes the product's rating as the reviews module would. */
export async function createReview(dataSource: DataSource, userId: string, productId: string, rating: number): Promise<Review> {
  const repo = dataSource.getRepository(Review);
  const review = await repo.save(repo.create({ userId, productId, rating, comment: `Rated ${rating}` }));
  await new ReviewsService(dataSource).recomputeRatings(dataSource.manager, [productId]);
  return review;
}

export type TestOrder = {
  buyerId: string;
  sellerId: string;
  status: OrderStatus;
  lines: Array<{ product: Product; quantity: number }>;
  taxPaisa: number;
  discountPaisa?: number;
  createdAt?: Date;
};

/** One order in its own checkout; total = subtotal + tax - discount, as stored by checkout. */
export async function createOrder(dataSource: DataSource, spec: TestOrder): Promise<Order> {
  return dataSource.transaction(async (manager) => {
    const subtotalPaisa = spec.lines.reduce((sum, l) => sum + l.product.pricePaisa * l.quantity, 0);
    const discountPaisa = spec.discountPaisa ?? 0;
    const amounts = { subtotalPaisa, taxPaisa: spec.taxPaisa, discountPaisa, totalPaisa: subtotalPaisa + spec.taxPaisa - discountPaisa };
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
        sellerId: spec.sellerId,
        status: spec.status,
        paymentMethod: PaymentMethod.CASH_ON_DELIVERY,
        ...amounts,
        shippingAddress: "Hostel 3, Room 12",
        shippingCity: "Lahore",
        shippingPostalCode: "54000",
        shippingCountry: "Pakistan",
        contactNumber: "03001234567",
      }),
    );
    await manager.save(
      spec.lines.map((l) =>
        manager.create(OrderLine, {
          orderId: order.id,
          productId: l.product.id,
          productName: l.product.name,
          unitPricePaisa: l.product.pricePaisa,
          productImage: l.product.image,
          quantity: l.quantity,
          lineTotalPaisa: l.product.pricePaisa * l.quantity,
        }),
      ),
    );
    // createdAt is set by the database on insert; a test may move an order into another month
    if (spec.createdAt) await manager.update(Order, order.id, { createdAt: spec.createdAt });
    return order;
  });
}
