import { describe, expect, it } from "vitest";
import { timelineSteps } from "./orderTimelineSteps";

const at = (h: number) => `2026-11-20T${String(h).padStart(2, "0")}:00:00.000Z`;
const base = { createdAt: at(1), updatedAt: at(9) };

describe("timelineSteps", () => {
  it("a pending order: pending is current, the rest upcoming, pending's time is when it was placed", () => {
    const { kind, steps, activeStep, stopped } = timelineSteps({
      ...base,
      status: "PENDING",
      timeline: [{ status: "PENDING", at: at(1) }],
    });
    expect(kind).toBe("delivery");
    expect(activeStep).toBe(0);
    expect(stopped).toBeNull();
    expect(steps.map((s) => [s.status, s.state, s.at])).toEqual([
      ["PENDING", "current", at(1)],
      ["PROCESSING", "upcoming", null],
      ["SHIPPED", "upcoming", null],
      ["COMPLETED", "upcoming", null],
    ]);
  });

  it("a shipped order: earlier steps complete with their times, shipped current", () => {
    const timeline = [
      { status: "PENDING" as const, at: at(1) },
      { status: "CONFIRMED" as const, at: at(2) },
      { status: "PROCESSING" as const, at: at(3) },
      { status: "SHIPPED" as const, at: at(4) },
    ];
    const { steps, activeStep } = timelineSteps({ ...base, status: "SHIPPED", timeline });
    expect(activeStep).toBe(2);
    expect(steps.map((s) => [s.state, s.at])).toEqual([
      ["complete", at(1)],
      ["complete", at(3)],
      ["current", at(4)],
      ["upcoming", null],
    ]);
  });

  it("a confirmed order is still on the pending step", () => {
    const { activeStep, steps } = timelineSteps({
      ...base,
      status: "CONFIRMED",
      timeline: [
        { status: "PENDING", at: at(1) },
        { status: "CONFIRMED", at: at(2) },
      ],
    });
    expect(activeStep).toBe(0);
    expect(steps[0].state).toBe("current");
  });

  it("a completed order has every step complete", () => {
    const timeline = (["PENDING", "CONFIRMED", "PROCESSING", "SHIPPED", "COMPLETED"] as const).map((status, i) => ({
      status,
      at: at(i + 1),
    }));
    const { steps, activeStep } = timelineSteps({ ...base, status: "COMPLETED", timeline });
    expect(activeStep).toBe(4);
    expect(steps.every((s) => s.state === "complete")).toBe(true);
    expect(steps[3].at).toBe(at(5));
  });

  it("a cancelled order stops at the step it had reached, with the time it stopped", () => {
    const { steps, stopped } = timelineSteps({
      ...base,
      status: "CANCELLED",
      timeline: [
        { status: "PENDING", at: at(1) },
        { status: "CANCELLED", at: at(2) },
      ],
    });
    expect(stopped).toEqual({ status: "CANCELLED", at: at(2) });
    expect(steps.map((s) => s.state)).toEqual(["stopped", "upcoming", "upcoming", "upcoming"]);
  });

  it("a rejected order after processing began stops there", () => {
    const timeline = [
      { status: "PENDING" as const, at: at(1) },
      { status: "CONFIRMED" as const, at: at(2) },
      { status: "PROCESSING" as const, at: at(3) },
      { status: "REJECTED" as const, at: at(4) },
    ];
    const { steps, stopped } = timelineSteps({ ...base, status: "REJECTED", timeline });
    expect(stopped?.status).toBe("REJECTED");
    expect(steps.map((s) => s.state)).toEqual(["complete", "stopped", "upcoming", "upcoming"]);
  });

  describe("a meetup order", () => {
    const meetup = (status: "PENDING" | "CONFIRMED" | "COMPLETED" | "CANCELLED", agreed: boolean, statuses: string[]) =>
      timelineSteps({
        ...base,
        status,
        fulfilment: "MEETUP",
        meetup: { state: agreed ? "CONFIRMED" : "PROPOSED" },
        timeline: statuses.map((s, i) => ({ status: s as "PENDING", at: at(i + 1) })),
      });

    it("reads placed, confirmed, meetup agreed, handed over: nothing is shipped", () => {
      const { kind, steps, activeStep } = meetup("PENDING", false, ["PENDING"]);
      expect(kind).toBe("meetup");
      expect(steps.map((s) => s.status)).toEqual(["PENDING", "CONFIRMED", "MEETUP_AGREED", "COMPLETED"]);
      expect(activeStep).toBe(0);
    });

    it("shows the seller's confirmation as its own step, then the agreed meetup", () => {
      const confirmed = meetup("CONFIRMED", false, ["PENDING", "CONFIRMED"]);
      expect(confirmed.steps.map((s) => [s.state, s.at])).toEqual([
        ["complete", at(1)],
        ["current", at(2)],
        ["upcoming", null],
        ["upcoming", null],
      ]);
      const agreed = meetup("CONFIRMED", true, ["PENDING", "CONFIRMED"]);
      expect(agreed.activeStep).toBe(2);
      expect(agreed.steps.map((s) => s.state)).toEqual(["complete", "complete", "current", "upcoming"]);
      // agreeing on the meetup before the seller confirms the order does not skip "Confirmed"
      expect(meetup("PENDING", true, ["PENDING"]).activeStep).toBe(0);
    });

    it("is handed over once completed, and a cancelled one stops where it was", () => {
      const done = meetup("COMPLETED", true, ["PENDING", "CONFIRMED", "COMPLETED"]);
      expect(done.steps.every((s) => s.state === "complete")).toBe(true);
      expect(done.steps[3].at).toBe(at(3));
      expect(meetup("CANCELLED", false, ["PENDING", "CANCELLED"]).steps.map((s) => s.state)).toEqual([
        "stopped",
        "upcoming",
        "upcoming",
        "upcoming",
      ]);
    });
  });
});
