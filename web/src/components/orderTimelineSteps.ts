import type { OrderStatus } from "../generated/graphql";

type TimelineInput = {
  status: OrderStatus;
  createdAt: string;
  updatedAt: string;
  timeline: ReadonlyArray<{ status: OrderStatus; at: string }>;
};

export type TimelineStep = {
  status: "PENDING" | "PROCESSING" | "SHIPPED" | "COMPLETED";
  label: string;
  /** Spec §4: pending = awaiting processing; processing = being processed; shipped; completed. */
  description: string;
  state: "complete" | "current" | "upcoming" | "stopped";
  /** When the order reached this step (from its timeline), if it has. */
  at: string | null;
};

const STEPS: ReadonlyArray<Pick<TimelineStep, "status" | "label" | "description">> = [
  { status: "PENDING", label: "Pending", description: "Awaiting processing" },
  { status: "PROCESSING", label: "Processing", description: "Being processed" },
  { status: "SHIPPED", label: "Shipped", description: "Shipped" },
  { status: "COMPLETED", label: "Completed", description: "Successfully completed" },
];

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
 * The four-step timeline of an order: steps before the current one complete, the current one
 * highlighted (a completed order has all four complete). A rejected or cancelled order stops at
 * the step it had reached. Each step's time is the last time the timeline entered it.
 */
export function timelineSteps(order: TimelineInput): {
  steps: TimelineStep[];
  activeStep: number;
  stopped: { status: "REJECTED" | "CANCELLED"; at: string | null } | null;
} {
  const lastAt = (status: OrderStatus) => {
    const events = order.timeline.filter((e) => e.status === status);
    return events.length ? events[events.length - 1].at : null;
  };
  const reachedAt = (step: TimelineStep["status"]): string | null => {
    if (step === "PENDING") return lastAt("PENDING") ?? order.createdAt;
    return lastAt(step);
  };

  let position = POSITION[order.status];
  let stopped: { status: "REJECTED" | "CANCELLED"; at: string | null } | null = null;
  if (position < 0) {
    stopped = { status: order.status as "REJECTED" | "CANCELLED", at: lastAt(order.status) ?? order.updatedAt };
    // the furthest step reached before it stopped
    const reached = order.timeline.map((e) => POSITION[e.status]).filter((p) => p >= 0);
    position = reached.length ? Math.max(...reached) : 0;
  }
  const done = order.status === "COMPLETED";
  const steps = STEPS.map((step, index): TimelineStep => {
    let state: TimelineStep["state"];
    if (done || index < position) state = "complete";
    else if (index === position) state = stopped ? "stopped" : "current";
    else state = "upcoming";
    return {
      ...step,
      state,
      at: state === "upcoming" || (state === "stopped" && index > 0 && !reachedAt(step.status)) ? null : reachedAt(step.status),
    };
  });
  return { steps, activeStep: done ? STEPS.length : position, stopped };
}
