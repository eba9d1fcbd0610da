import { randomUUID } from "node:crypto";
import { In, IsNull, MoreThan, Not } from "typeorm";
import type { Services } from "../services";
import { MEETUP_POINTS } from "../../modules/meetups";
import { Fulfilment, Order, OrderStatus, PaymentMethod } from "../../modules/orders";
import { type CampusSlug, Product } from "../../modules/products";
import { User } from "../../modules/users";
import type { AuthUser } from "../../platform/auth/roles";

const DAY_MS = 86_400_000;
const shipping = { address: "Room 112, Girls Hostel 3, University Road", city: "Karachi", postalCode: "75270", country: "Pakistan" };

/**
 * How deals end, for the demo: hamza and campus_corner reviewed each other (both shown); ali_gadgets
 * reviewed zainab, whose review is still to come (his stays hidden); and zainab did not come to a
 * campus meetup: campus_corner reported it and nobody contested it, so it is on her record.
 */
export async function seedDemoDeals(services: Services): Promise<void> {
  const { dataSource, orders, dealReviews, reliability } = services;
  const users = await dataSource.getRepository(User).findBy({ username: In(["hamza", "zainab", "ali_gadgets", "campus_corner"]) });
  const caller = (username: string): AuthUser => {
    const u = users.find((user) => user.username === username)!;
    return { id: u.id, role: u.role, email: u.email, username: u.username };
  };
  const inStock = (seller: string, campus = false) =>
    dataSource.getRepository(Product).findOneOrFail({
      where: { sellerId: caller(seller).id, quantityAvailable: MoreThan(1), ...(campus ? { campus: Not(IsNull()) } : {}) },
      order: { createdAt: "DESC" },
    });
  const buy = async (buyer: string, product: Product, meetup?: { point: string; at: Date }) => {
    const session = await orders.checkouts.placeOrder(
      {
        lines: [{ productId: product.id, quantity: 1 }],
        shipping: meetup ? null : shipping,
        contactNumber: "03001234567",
        idempotencyKey: randomUUID(),
        ...(meetup ? { fulfilment: Fulfilment.MEETUP, meetup, paymentMethod: PaymentMethod.CASH_ON_MEETUP } : {}),
      },
      caller(buyer),
    );
    return dataSource.getRepository(Order).findOneByOrFail({ checkoutSessionId: session.id });
  };
  const complete = async (order: Order, seller: string) => {
    for (const status of [OrderStatus.CONFIRMED, OrderStatus.PROCESSING, OrderStatus.SHIPPED, OrderStatus.COMPLETED])
      await orders.updateOrderStatus(order.id, status, caller(seller));
  };

  const revealed = await buy("hamza", await inStock("campus_corner"));
  await complete(revealed, "campus_corner");
  await dealReviews.write(
    { orderId: revealed.id, asDescribed: 5, communication: 5, punctuality: 4, comment: "Exactly as in the photos, and a quick reply." },
    caller("hamza"),
  );
  await dealReviews.write(
    { orderId: revealed.id, asDescribed: 5, communication: 4, punctuality: 5, comment: "Paid on time and collected as agreed." },
    caller("campus_corner"),
  );

  const hidden = await buy("zainab", await inStock("ali_gadgets"));
  await complete(hidden, "ali_gadgets");
  await dealReviews.write(
    { orderId: hidden.id, asDescribed: 4, communication: 3, punctuality: 4, comment: "Friendly buyer; took a while to answer." },
    caller("ali_gadgets"),
  );

  // a meetup agreed for tomorrow, then moved to yesterday: its time has passed and she did not come
  const meetupProduct = await inStock("campus_corner", true);
  const point = MEETUP_POINTS[meetupProduct.campus as CampusSlug][0].slug;
  const tomorrowAt2pm = new Date(Date.now() + DAY_MS);
  tomorrowAt2pm.setUTCHours(9, 0, 0, 0); // 14:00 in Pakistan
  const missed = await buy("zainab", meetupProduct, { point, at: tomorrowAt2pm });
  await orders.confirmMeetup(missed.id, caller("campus_corner"));
  await orders.updateOrderStatus(missed.id, OrderStatus.CONFIRMED, caller("campus_corner"));
  await dataSource.getRepository(Order).update(missed.id, { meetupAt: new Date(Date.now() - DAY_MS) });
  await reliability.reportNoShow(missed.id, caller("campus_corner"));
  // nobody contested it within 48 hours: the settlement upholds it
  await dataSource.query(`UPDATE no_show_reports SET "contestBy" = now() - interval '1 hour' WHERE "orderId" = $1`, [missed.id]);
  await dataSource.transaction((manager) => reliability.settleDue(manager));
}
