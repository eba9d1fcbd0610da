import { randomUUID } from "node:crypto";
import { In } from "typeorm";
import type { Services } from "../services";
import { type CampusSlug, Product } from "../../modules/products";
import { User } from "../../modules/users";
import { Fulfilment, Order, OrderStatus, PaymentMethod } from "../../modules/orders";
import { MEETUP_POINTS } from "../../modules/meetups";
import type { AuthUser } from "../../platform/auth/roles";

const { CONFIRMED, PROCESSING, SHIPPED, COMPLETED, REJECTED, CANCELLED } = OrderStatus;

/** The forward path of an order, for walking a demo order up to a given status. */
const FORWARD = [CONFIRMED, PROCESSING, SHIPPED, COMPLETED];

const demoShipping = {
  fatima: { address: "House 21, Street 7, F-8/2", city: "Islamabad", postalCode: "44000", country: "Pakistan" },
  hamza: { address: "Flat 4, Block C, Gulberg III", city: "Lahore", postalCode: "54660", country: "Pakistan" },
  zainab: { address: "Room 112, Girls Hostel 3, University Road", city: "Karachi", postalCode: "75270", country: "Pakistan" },
};

/**
 * Demo checkouts by the demo buyers, placed and moved through the real service so they follow
 * the rules: a multi-seller checkout with the coupon, a paid card checkout, and orders ending in
 * every status. Each checkout is then moved back in time so lists and charts have some history.
 */
export async function seedDemoOrders(services: Services): Promise<void> {
  const { dataSource, orders, paymentProviders } = services;
  const users = await dataSource
    .getRepository(User)
    .findBy({ username: In(["fatima", "hamza", "zainab", "ali_gadgets", "campus_corner"]) });
  const caller = (username: string): AuthUser => {
    const u = users.find((user) => user.username === username)!;
    return { id: u.id, role: u.role, email: u.email, username: u.username };
  };
  const productsOf = (username: string) =>
    dataSource.getRepository(Product).find({ where: { sellerId: caller(username).id }, order: { createdAt: "ASC" }, take: 6 });
  const [ali, campus] = await Promise.all([productsOf("ali_gadgets"), productsOf("campus_corner")]);
  const sellerOf = (order: Order) => (order.sellerId === caller("ali_gadgets").id ? caller("ali_gadgets") : caller("campus_corner"));

  const place = async (
    buyer: keyof typeof demoShipping,
    lines: Array<[Product, number]>,
    options: { couponCode?: string; paymentMethod?: PaymentMethod; fulfilment?: Fulfilment; meetup?: { point: string; at: Date } } = {},
  ) => {
    const session = await orders.checkouts.placeOrder(
      {
        lines: lines.map(([product, quantity]) => ({ productId: product.id, quantity })),
        shipping: demoShipping[buyer],
        contactNumber: "03001234567",
        idempotencyKey: randomUUID(),
        ...options,
      },
      caller(buyer),
    );
    return { session, orders: await dataSource.getRepository(Order).findBy({ checkoutSessionId: session.id }) };
  };
  const advance = async (order: Order, to: OrderStatus) => {
    for (const status of FORWARD.slice(0, FORWARD.indexOf(to) + 1)) await orders.updateOrderStatus(order.id, status, sellerOf(order));
  };

  // fatima: two sellers, one checkout, with the 'save' coupon; one part delivered, the other on its way
  const multi = await place(
    "fatima",
    [
      [ali[0], 1],
      [campus[0], 2],
      [campus[1], 1],
    ],
    { couponCode: "save" },
  );
  await advance(
    multi.orders.find((o) => o.sellerId === caller("ali_gadgets").id)!,
    COMPLETED,
  );
  await advance(
    multi.orders.find((o) => o.sellerId === caller("campus_corner").id)!,
    SHIPPED,
  );

  // hamza: paid by card on the sandbox page, now being prepared (where the payment sandbox is on)
  const cardOffered = paymentProviders.methodsOffered().includes("card");
  const card = await place("hamza", [[ali[1], 1]], { paymentMethod: cardOffered ? PaymentMethod.CARD : PaymentMethod.CASH_ON_DELIVERY });
  if (cardOffered)
    await paymentProviders.payByCard(card.session.id, {
      cardNumber: "4242 4242 4242 4242",
      expiry: `12/${String((new Date().getFullYear() + 2) % 100).padStart(2, "0")}`,
      cvc: "123",
    });
  await orders.checkouts.confirmPayment(card.session.id, caller("hamza"));
  await advance(card.orders[0], PROCESSING);

  const confirmed = await place("zainab", [[ali[2], 1]]);
  await advance(confirmed.orders[0], CONFIRMED);

  const rejected = await place("hamza", [[campus[2], 3]]);
  await orders.updateOrderStatus(rejected.orders[0].id, REJECTED, caller("campus_corner"));

  const cancelled = await place("fatima", [[ali[3], 1]]);
  await orders.updateOrderStatus(cancelled.orders[0].id, CANCELLED, caller("fatima"));

  const pending = await place("zainab", [
    [campus[3], 2],
    [campus[4], 1],
  ]);

  // campus meetups, paid in cash when they meet: fatima's is agreed and accepted; hamza has the
  // seller's counter-proposal waiting for him to confirm
  const pointOf = (product: Product, n: number) => MEETUP_POINTS[product.campus as CampusSlug][n].slug;
  const meetupProduct = campus.slice(3).find((p) => p.campus)!;
  const agreed = await place("fatima", [[meetupProduct, 1]], {
    fulfilment: Fulfilment.MEETUP,
    meetup: { point: pointOf(meetupProduct, 0), at: pakistanTime(2, 14) },
    paymentMethod: PaymentMethod.CASH_ON_MEETUP,
  });
  await orders.confirmMeetup(agreed.orders[0].id, caller("campus_corner"));
  await advance(agreed.orders[0], CONFIRMED);

  const countered = await place("hamza", [[ali[4], 1]], {
    fulfilment: Fulfilment.MEETUP,
    meetup: { point: pointOf(ali[4], 0), at: pakistanTime(1, 10) },
    paymentMethod: PaymentMethod.CASH_ON_MEETUP,
  });
  await orders.proposeMeetup(countered.orders[0].id, { point: pointOf(ali[4], 1), at: pakistanTime(1, 16, 30) }, caller("ali_gadgets"));

  // oldest first, spread over the last months (pending stays fresh)
  const history: Array<[string, number]> = [
    [multi.session.id, 75],
    [rejected.session.id, 48],
    [card.session.id, 21],
    [cancelled.session.id, 9],
    [confirmed.session.id, 2],
    [pending.session.id, 0],
  ];
  for (const [sessionId, daysAgo] of history) if (daysAgo) await backdate(services, sessionId, daysAgo);
}

/** `daysAhead` days from now at `hour`:`minute` in Pakistan (UTC+5), where the campuses are. */
function pakistanTime(daysAhead: number, hour: number, minute = 0): Date {
  const at = new Date();
  at.setUTCDate(at.getUTCDate() + daysAhead);
  at.setUTCHours(hour - 5, minute, 0, 0);
  return at;
}

/**
 * Moves a checkout, its orders and their timelines back by some days; the steps of each order
 * are then spaced 20 hours apart, as a real order would move.
 */
async function backdate({ dataSource }: Services, sessionId: string, days: number): Promise<void> {
  const shift = `make_interval(days => $2)`;
  await dataSource.transaction(async (manager) => {
    await manager.query(
      `UPDATE checkout_sessions SET "createdAt" = "createdAt" - ${shift}, "paidAt" = "paidAt" - ${shift}, "paymentAuthorizedAt" = "paymentAuthorizedAt" - ${shift} WHERE id = $1`,
      [sessionId, days],
    );
    await manager.query(
      `UPDATE order_status_events e SET "createdAt" = e."createdAt" - ${shift} + make_interval(hours => 20 * (steps.step - 1)::int)
         FROM (SELECT ev.id, row_number() OVER (PARTITION BY ev."orderId" ORDER BY ev."createdAt") AS step
                 FROM order_status_events ev JOIN orders o ON o.id = ev."orderId"
                WHERE o."checkoutSessionId" = $1) steps
        WHERE steps.id = e.id`,
      [sessionId, days],
    );
    await manager.query(
      `UPDATE orders o SET "createdAt" = o."createdAt" - ${shift},
              "updatedAt" = (SELECT max(e."createdAt") FROM order_status_events e WHERE e."orderId" = o.id)
        WHERE o."checkoutSessionId" = $1`,
      [sessionId, days],
    );
  });
}
