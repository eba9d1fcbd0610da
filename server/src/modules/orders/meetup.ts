import { z } from "zod";
import { said } from "../../platform/i18n/errors";
import { badInput, forbidden, type AppError } from "../../platform/shared/errors";
import { ruleSaid } from "../../platform/shared/validation";
import { labelOf, CAMPUSES } from "../products";
import { meetupPoint, meetupTimeProblem } from "../meetups";
import { Fulfilment, MeetupParty, MeetupState, OrderStatus, type Order } from "./entity";
import { Role, type AuthUser } from "../../platform/auth/roles";
import type { Clock } from "../../platform/clock";

/** A proposed meetup as sent: a point slug and a time (ISO string or Date), judged at the clock's time. */
export const meetupInputSchema = (clock: Clock) =>
  z
    .object({
      point: z
        .string({ message: ruleSaid("meetup.choosePoint") })
        .trim()
        .min(1, ruleSaid("meetup.choosePoint"))
        .transform((slug, ctx) => {
          const point = meetupPoint(slug);
          if (point) return point;
          ctx.addIssue({ code: "custom", message: ruleSaid("meetup.choosePointFromList") });
          return z.NEVER;
        }),
      at: z.coerce.date({ message: ruleSaid("meetup.chooseTime") }),
    })
    .superRefine((v, ctx) => {
      const problem = meetupTimeProblem(v.at, clock.now());
      if (problem) ctx.addIssue({ code: "custom", path: ["at"], message: problem });
    });

export type MeetupInput = z.input<ReturnType<typeof meetupInputSchema>>;
export type ValidMeetup = z.output<ReturnType<typeof meetupInputSchema>>;

/** A meetup cannot change once the order is over. */
const MEETUP_CLOSED_STATUSES: readonly OrderStatus[] = [OrderStatus.COMPLETED, OrderStatus.REJECTED, OrderStatus.CANCELLED];

type MeetupOrder = Pick<
  Order,
  "status" | "buyerId" | "sellerId" | "fulfilment" | "meetupCampus" | "meetupAt" | "meetupState" | "meetupProposedBy"
>;

/** Which side of the order the caller is on, as capacityOn decides seller powers (the seller role). */
export function meetupParty(order: Pick<Order, "buyerId" | "sellerId">, caller: AuthUser | null): MeetupParty | null {
  if (!caller) return null;
  if (order.sellerId === caller.id && caller.role !== Role.USER) return MeetupParty.SELLER;
  if (order.buyerId === caller.id) return MeetupParty.BUYER;
  return null;
}

/** Why the caller may not arrange this order's meetup at all, or null. */
function arrangeRefusal(order: MeetupOrder, caller: AuthUser | null): AppError | null {
  if (!meetupParty(order, caller)) return forbidden(said("meetup.onlyParties"));
  if (order.fulfilment !== Fulfilment.MEETUP) return badInput(said("meetup.notMeetupOrder"), { id: said("meetup.notMeetupOrder") });
  if (MEETUP_CLOSED_STATUSES.includes(order.status))
    return badInput(said("meetup.closed", { status: order.status }), { id: said("meetup.closed", { status: order.status }) });
  return null;
}

/**
 * Why the caller may not confirm the current proposal at `now`, or null: only the other party
 * confirms it, and only while its time is ahead (a confirmed past meetup would be a no-show at once).
 */
export function confirmRefusal(order: MeetupOrder, caller: AuthUser | null, now: Date): AppError | null {
  const refused = arrangeRefusal(order, caller);
  if (refused) return refused;
  if (order.meetupState === MeetupState.CONFIRMED)
    return badInput(said("meetup.alreadyConfirmed"), { id: said("meetup.alreadyConfirmed") });
  if (order.meetupProposedBy === meetupParty(order, caller))
    return badInput(said("meetup.otherSideConfirms"), { id: said("meetup.otherSideConfirms") });
  if (order.meetupAt && order.meetupAt.getTime() <= now.getTime())
    return badInput(said("meetup.timePassed"), { id: said("meetup.timePassed") });
  return null;
}

/**
 * The last agreed meetup time that has passed at `now`, or null: the confirmed one once its time
 * has come, else the one a later proposal replaced. Either party may still propose another time
 * after a missed meetup (both usually want the deal), but the proposal keeps the missed time on the
 * order, so the one who did not come cannot take the other's no-show report away by rescheduling.
 */
export function missedMeetupAt(order: Pick<Order, "meetupAt" | "meetupState" | "missedMeetupAt">, now: Date): Date | null {
  const passed = order.meetupState === MeetupState.CONFIRMED && order.meetupAt && order.meetupAt.getTime() <= now.getTime();
  return passed ? order.meetupAt : order.missedMeetupAt;
}

/** Why the caller may not propose another time or point, or null. */
export const proposeRefusal = (order: MeetupOrder, caller: AuthUser | null): AppError | null => arrangeRefusal(order, caller);

/** A meetup must be on the campus of the order's listings. */
export function pointOffCampus(point: ValidMeetup["point"], campus: string): AppError | null {
  if (point.campus === campus) return null;
  const message = said("meetup.pointOffCampus", { campus: labelOf(CAMPUSES, campus) ?? campus });
  return badInput(message, { "meetup.point": message });
}
