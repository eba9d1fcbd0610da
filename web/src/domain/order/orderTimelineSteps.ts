import type { Fulfilment, MeetupState, OrderStatus } from "../../generated/graphql";

type TimelineInput = {
  status: OrderStatus;
  createdAt: string;
  updatedAt: string;
  fulfilment?: Fulfilment;
  meetup?: { state: MeetupState } | null;
  timeline: ReadonlyArray<{ status: OrderStatus; at: string }>;
};

export type TimelineStep = {
  /** The status that reaches the step; MEETUP_AGREED is the meetup's confirmation, not a status. */
  status: "PENDING" | "CONFIRMED" | "MEETUP_AGREED" | "PROCESSING" | "SHIPPED" | "COMPLETED";
  state: "complete" | "current" | "upcoming" | "stopped";
  /** When the order reached this step (from its timeline), if it has. */
  at: string | null;
};

// each step's words are in the common catalogue under orderTimeline.<kind>.<status>
const STEPS: ReadonlyArray<TimelineStep["status"]> = ["PENDING", "PROCESSING", "SHIPPED", "COMPLETED"];

/** A meetup order is handed over in person: confirmed, the meetup agreed, then handed over (nothing shipped). */
const MEETUP_STEPS: ReadonlyArray<TimelineStep["status"]> = ["PENDING", "CONFIRMED", "MEETUP_AGREED", "COMPLETED"];

const MEETUP_POSITION: Record<OrderStatus, number> = {
  PENDING: 0,
  CONFIRMED: 1,
  PROCESSING: 1,
  SHIPPED: 1,
  COMPLETED: 3,
  REJECTED: -1,
  CANCELLED: -1,
};

/** Where each status sits on the four steps; CONFIRMED (accepted, not yet processed) still counts as pending. */
const POSITION: Record<OrderStatus, number> = {
  PENDING: 0,
  CONFIRMED: 0,
  PROCESSING: 1,
  SHIPPED: 2,
  COMPLETED: 3,
  REJECTED: -1,
  CANCELLED: -1,
};

/**
 * The timeline of an order: steps before the current one complete, the current one highlighted (a
 * completed order has every step complete). Delivery has four steps (pending, processing, shipped,
 * completed); a meetup order has its own four (placed, confirmed, meetup agreed, handed over),
 * "meetup agreed" reached once a confirmed order's meetup is confirmed by both sides. A rejected or
 * cancelled order stops at the step it had reached. Each step's time is the last time the timeline
 * entered it (the meetup's agreement has none).
 */
export function timelineSteps(order: TimelineInput): {
  kind: "delivery" | "meetup";
  steps: TimelineStep[];
  activeStep: number;
  stopped: { status: "REJECTED" | "CANCELLED"; at: string | null } | null;
} {
  const meetup = order.fulfilment === "MEETUP";
  const [template, positions] = meetup ? [MEETUP_STEPS, MEETUP_POSITION] : [STEPS, POSITION];
  const lastAt = (status: OrderStatus) => {
    const events = order.timeline.filter((e) => e.status === status);
    return events.length ? events[events.length - 1].at : null;
  };
  const reachedAt = (step: TimelineStep["status"]): string | null => {
    if (step === "PENDING") return lastAt("PENDING") ?? order.createdAt;
    return step === "MEETUP_AGREED" ? null : lastAt(step);
  };

  let position = positions[order.status];
  let stopped: { status: "REJECTED" | "CANCELLED"; at: string | null } | null = null;
  if (position < 0) {
    stopped = { status: order.status as "REJECTED" | "CANCELLED", at: lastAt(order.status) ?? order.updatedAt };
    // the furthest step reached before it stopped
    const reached = order.timeline.map((e) => positions[e.status]).filter((p) => p >= 0);
    position = reached.length ? Math.max(...reached) : 0;
  } else if (meetup && position === 1 && order.meetup?.state === "CONFIRMED") {
    position = 2;
  }
  const done = order.status === "COMPLETED";
  const steps = template.map((status, index): TimelineStep => {
    let state: TimelineStep["state"];
    if (done || index < position) state = "complete";
    else if (index === position) state = stopped ? "stopped" : "current";
    else state = "upcoming";
    return {
      status,
      state,
      at: state === "upcoming" || (state === "stopped" && index > 0 && !reachedAt(status)) ? null : reachedAt(status),
    };
  });
  return { kind: meetup ? "meetup" : "delivery", steps, activeStep: done ? template.length : position, stopped };
}
