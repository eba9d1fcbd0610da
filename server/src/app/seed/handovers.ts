import { randomUUID } from "node:crypto";
import { In, IsNull, MoreThan, Not } from "typeorm";
import type { Services } from "../services";
import { HandoverState, Order, OrderStatus } from "../../modules/orders";
import { Product } from "../../modules/products";
import { User } from "../../modules/users";
import type { AuthUser } from "../../platform/auth/roles";

const ZAINAB_ADDRESS = { address: "Room 112, Girls Hostel 3, University Road", city: "Karachi", postalCode: "75270", country: "Pakistan" };

const asCaller = (u: User): AuthUser => ({ id: u.id, role: u.role, email: u.email, username: u.username });

/**
 * Deals that finish, through the real services: a listing reserved for hamza by an
 * accepted offer (others see Reserved), and completed orders in the handover states: confirmed by
 * the buyer's code, and one the buyer objected to (the demo orders' other completion awaits its buyer).
 */
export async function seedDemoHandovers(services: Services): Promise<void> {
  const { dataSource, conversations, handover, orders } = services;
  const users = await dataSource.getRepository(User).findBy({ username: In(["hamza", "zainab"]) });
  const [hamza, zainab] = ["hamza", "zainab"].map((name) => asCaller(users.find((u) => u.username === name)!));

  // the listing for sale with the fewest units left, so the reservation holds as much of it as it can
  const single = await dataSource.getRepository(Product).findOneOrFail({
    where: { quantityAvailable: MoreThan(0), hiddenAt: IsNull(), sellerSuspended: false, sellerId: Not(hamza.id) },
    order: { quantityAvailable: "ASC", name: "ASC" },
  });
  const seller = asCaller(await dataSource.getRepository(User).findOneByOrFail({ id: single.sellerId! }));
  const chat = await conversations.start(single.id, hamza);
  const offer = await conversations.negotiation.makeOffer(
    { conversationId: chat.id, amount: Math.floor(single.pricePaisa * 0.9) / 100 },
    hamza,
  );
  await conversations.negotiation.acceptOffer(offer.id, seller, 48);

  // two more of zainab's orders, shipped: one handed over with her code, one marked delivered without it that she objects to
  const item = await dataSource
    .getRepository(Product)
    .findOneOrFail({ where: { sellerId: seller.id, quantityAvailable: MoreThan(2) }, order: { name: "ASC" } });
  const shippedOrder = async () => {
    const session = await orders.checkouts.placeOrder(
      {
        lines: [{ productId: item.id, quantity: 1 }],
        shipping: ZAINAB_ADDRESS,
        contactNumber: "03001234567",
        idempotencyKey: randomUUID(),
      },
      zainab,
    );
    const order = await dataSource.getRepository(Order).findOneByOrFail({ checkoutSessionId: session.id });
    for (const status of [OrderStatus.CONFIRMED, OrderStatus.PROCESSING, OrderStatus.SHIPPED])
      await orders.updateOrderStatus(order.id, status, seller);
    return order;
  };
  const byCode = await shippedOrder();
  await handover.completeWithCode(byCode.id, byCode.handoverCode, seller);
  const objected = await shippedOrder();
  await orders.updateOrderStatus(objected.id, OrderStatus.COMPLETED, seller);
  await handover.objectToHandover(objected.id, "The box was opened and the charger was missing.", zainab);
  // the states are all there (a demo without them would hide the feature)
  const states = await dataSource.getRepository(Order).countBy({ handoverState: In(Object.values(HandoverState)) });
  if (states < 3) throw new Error("The demo deals did not reach every handover state.");
}
