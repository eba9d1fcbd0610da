import { describe, expect, it } from "vitest";
import { defaultSlot, meetupDays, meetupInstant, meetupTimes, slotOf } from "./slots";

// 23:00 UTC on 24 Nov = 04:00 on 25 Nov in Pakistan
const now = new Date("2026-11-24T23:00:00Z");

describe("meetup slots", () => {
  it("reads days and times in Pakistan time, whatever the device's zone", () => {
    expect(meetupInstant({ day: "2026-11-26", time: "13:30" })).toBe("2026-11-26T08:30:00.000Z");
    expect(slotOf("2026-11-26T08:30:00.000Z")).toEqual({ day: "2026-11-26", time: "13:30" });
  });

  it("offers 8:00 to 20:00 in half hours, only ahead of now, for the next 14 days", () => {
    const days = meetupDays(now);
    expect(days[0]).toEqual({ value: "2026-11-25", name: "Wed, 25 Nov", relative: "today" });
    expect(days[1]).toMatchObject({ value: "2026-11-26", relative: "tomorrow" });
    expect(days[2].relative).toBeNull();
    expect(days.at(-1)!.value).toBe("2026-12-08");
    const times = meetupTimes("2026-11-26", now);
    expect(times[0]).toEqual({ value: "08:00", label: "8:00 am" });
    expect(times.at(-1)).toEqual({ value: "20:00", label: "8:00 pm" });
    expect(times).toHaveLength(25);
    // 14 days ahead ends at 04:00 on 9 Dec in Pakistan: no slot left that day
    expect(meetupTimes("2026-12-09", now)).toEqual([]);
    expect(meetupTimes("2026-11-24", new Date("2026-11-24T07:50:00Z")).map((t) => t.value)[0]).toBe("13:30");
  });

  it("suggests tomorrow at noon", () => {
    expect(defaultSlot(now)).toEqual({ day: "2026-11-26", time: "12:00" });
  });
});
