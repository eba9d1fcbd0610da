import { describe, expect, it } from "vitest";
import { DEALS_COUNTDOWN_START_SECONDS, remainingSeconds, splitCountdown } from "./countdown";

describe("deals countdown", () => {
  it("starts at 14 days, 20 hours, 15 minutes and 5 seconds", () => {
    expect(splitCountdown(DEALS_COUNTDOWN_START_SECONDS)).toEqual({ days: 14, hours: 20, minutes: 15, seconds: 5 });
  });

  it("counts down by whole seconds", () => {
    expect(splitCountdown(remainingSeconds(999))).toEqual({ days: 14, hours: 20, minutes: 15, seconds: 5 });
    expect(splitCountdown(remainingSeconds(1000))).toEqual({ days: 14, hours: 20, minutes: 15, seconds: 4 });
    expect(splitCountdown(remainingSeconds(6_000))).toEqual({ days: 14, hours: 20, minutes: 14, seconds: 59 });
  });

  it("stops at zero", () => {
    expect(remainingSeconds(DEALS_COUNTDOWN_START_SECONDS * 1000 + 5000)).toBe(0);
    expect(splitCountdown(-5)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0 });
  });
});
