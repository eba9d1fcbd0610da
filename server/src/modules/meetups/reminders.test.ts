import { describe, expect } from "vitest";
import { insertOrder, insertProduct } from "../../test/fixtures";
import { jobsSettled, type TestServer } from "../../test/harness";
import { it } from "../../test/server-test";
import { Notification, NotificationKind } from "../notifications/entity";
import { Fulfilment, MeetupState, Order, OrderStatus } from "../orders/entity";
import { noticeText } from "../../test/notifications";

/** Meetup reminders: both sides of a confirmed meetup hear an hour before, once per meetup time. */

const MINUTE = 60_000;

const runReminders = async (server: TestServer) => {
  await server.dataSource.transaction((manager) => server.services.jobs.enqueue(manager, "meetups.remind", {}));
  await jobsSettled(server);
};
const reminders = (server: TestServer, orderId: string) =>
  server.dataSource.getRepository(Notification).find({ where: { kind: NotificationKind.MEETUP_REMINDER, link: `/orders/${orderId}` } });

describe("meetup reminders", () => {
  it("remind buyer and seller of a confirmed meetup within the hour, once; a moved meetup again; never a proposal, a far one or a cancelled order", async ({
    server,
    cast: { seller, buyer },
  }) => {
    const meetupOrder = async (minutesAhead: number, state: MeetupState, status = OrderStatus.CONFIRMED) => {
      const product = await insertProduct(server.dataSource, seller.user.id);
      const order = await insertOrder(server.dataSource, { buyerId: buyer.user.id, lines: [{ product }], status });
      await server.dataSource.getRepository(Order).update(order.id, {
        fulfilment: Fulfilment.MEETUP,
        meetupCampus: "nust-islamabad",
        meetupPoint: "nust-islamabad-library",
        meetupAt: new Date(server.clock.now().getTime() + minutesAhead * MINUTE),
        meetupState: state,
      });
      return order;
    };
    const soon = await meetupOrder(45, MeetupState.CONFIRMED);
    const proposed = await meetupOrder(45, MeetupState.PROPOSED);
    const later = await meetupOrder(3 * 60, MeetupState.CONFIRMED);
    const cancelled = await meetupOrder(30, MeetupState.CONFIRMED, OrderStatus.CANCELLED);

    await runReminders(server);
    const told = await reminders(server, soon.id);
    expect(told.map((n) => n.recipientId).sort()).toEqual([buyer.user.id, seller.user.id].sort());
    const toBuyer = noticeText(told.find((n) => n.recipientId === buyer.user.id)!);
    const toSeller = noticeText(told.find((n) => n.recipientId === seller.user.id)!);
    expect(toBuyer).toMatch(
      /^Meetup soon for order UB-\d{6}: .* at Central Library entrance\. Show the seller your handover code from the order page\.$/,
    );
    expect(toSeller).toMatch(
      / at Central Library entrance\. Ask the buyer for their handover code and enter it on the order page, from 30 minutes before\.$/,
    );
    for (const order of [proposed, later, cancelled]) expect(await reminders(server, order.id)).toEqual([]);

    await runReminders(server);
    expect(await reminders(server, soon.id)).toHaveLength(2);

    // the far one comes within the hour
    server.clock.advance(2 * 60 * MINUTE + 30 * MINUTE);
    await runReminders(server);
    expect(await reminders(server, later.id)).toHaveLength(2);

    // moved to another time: reminded for that one too
    await server.dataSource
      .getRepository(Order)
      .update(soon.id, { meetupAt: new Date(server.clock.now().getTime() + 20 * MINUTE), meetupState: MeetupState.CONFIRMED });
    await runReminders(server);
    expect(await reminders(server, soon.id)).toHaveLength(4);
  });
});
