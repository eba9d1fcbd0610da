import type { DataSource } from "typeorm";
import type { AuthUser } from "../auth/service";
import type { User } from "../users/entity";
import { CheckoutSession, Order, OrderLine, OrderStatus, PaymentMethod } from "../orders/entity";
import type { Product } from "./entity";

/** Test helper: a test user (e.g. from `signUp`) as the caller a service method takes. */
export const asCaller = ({ user }: { user: Pick<User, "id" | "role" | "email" | "username"> }): AuthUser => ({
  id: user.id,
  role: user.role,
  email: user.email,
  username: user.username,
});

/**
 * Test helper: stores an order of `quantity` units of `product` by `buyerId` with the given status
 * and date, as checkout would leave it, for the rules that read order history (trending, verified
 * purchases) without depending on the checkout flow.
 */
export async function recordPurchase(
  dataSource: DataSource,
  options: { buyerId: string; product: Product; quantity?: number; status?: OrderStatus; at?: Date },
): Promise<Order> {
  const { buyerId, product, quantity = 1, status = OrderStatus.PENDING, at = new Date() } = options;
  const amount = product.pricePaisa * quantity;
  const money = { subtotalPaisa: amount, taxPaisa: 0, discountPaisa: 0, totalPaisa: amount };
  return dataSource.transaction(async (manager) => {
    const session = await manager.save(
      manager.create(CheckoutSession, { buyerId, idempotencyKey: crypto.randomUUID(), paymentMethod: PaymentMethod.CASH_ON_DELIVERY, ...money }),
    );
    const order = await manager.save(
      manager.create(Order, {
        checkoutSessionId: session.id,
        buyerId,
        sellerId: product.sellerId,
        status,
        paymentMethod: PaymentMethod.CASH_ON_DELIVERY,
        ...money,
        shippingAddress: "Hostel 3, Room 12",
        shippingCity: "Lahore",
        shippingPostalCode: "54000",
        shippingCountry: "Pakistan",
        contactNumber: "03001234567",
        createdAt: at,
      }),
    );
    await manager.save(
      manager.create(OrderLine, {
        orderId: order.id,
        productId: product.id,
        productName: product.name,
        unitPricePaisa: product.pricePaisa,
        productImage: product.image,
        quantity,
        lineTotalPaisa: amount,
      }),
    );
    return order;
  });
}
