import { formatWith } from "../../lib/format";

/**
 * Meetup days and times, always in Pakistan time (UTC+5 all year, as the server checks them),
 * whatever the phone's own time zone: the next 14 days, half-hour slots from 8:00 to 20:00.
 */
const PKT_OFFSET_MS = 5 * 3600_000;
const DAYS_AHEAD = 14;
const FIRST_HOUR = 8;
const LAST_HOUR = 20;
// a slot must be a little ahead, so it is still in the future when the server checks it
const LEAD_MS = 15 * 60_000;

export type MeetupSlot = { day: string; time: string };

const pad = (n: number) => String(n).padStart(2, "0");

/** The instant of a Pakistan-time day ("2026-11-26") and time ("13:30"), as an ISO string. */
export function meetupInstant({ day, time }: MeetupSlot): string {
  const [y, m, d] = day.split("-").map(Number);
  const [hh, mm] = time.split(":").map(Number);
  return new Date(Date.UTC(y, m - 1, d, hh, mm) - PKT_OFFSET_MS).toISOString();
}

/** A Pakistan-time day and time of an instant (the inverse of meetupInstant). */
export function slotOf(iso: string): MeetupSlot {
  const local = new Date(new Date(iso).getTime() + PKT_OFFSET_MS);
  return {
    day: `${local.getUTCFullYear()}-${pad(local.getUTCMonth() + 1)}-${pad(local.getUTCDate())}`,
    time: `${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}`,
  };
}

const bookable = (slot: MeetupSlot, now: Date) => {
  const at = new Date(meetupInstant(slot)).getTime();
  return at >= now.getTime() + LEAD_MS && at <= now.getTime() + DAYS_AHEAD * 24 * 3600_000;
};

const TIMES = Array.from(
  { length: (LAST_HOUR - FIRST_HOUR) * 2 + 1 },
  (_, i) => `${pad(FIRST_HOUR + Math.floor(i / 2))}:${i % 2 ? "30" : "00"}`,
);

/** The times of a day that can still be chosen, e.g. { value: "13:30", label: "1:30 pm" }. */
export function meetupTimes(day: string, now = new Date()): Array<{ value: string; label: string }> {
  return TIMES.filter((time) => bookable({ day, time }, now)).map((time) => {
    const [hh, mm] = time.split(":").map(Number);
    return { value: time, label: `${hh % 12 || 12}:${pad(mm)} ${hh < 12 ? "am" : "pm"}` };
  });
}

const DAY_NAME: Intl.DateTimeFormatOptions = { weekday: "short", day: "numeric", month: "short", timeZone: "UTC" };

export type MeetupDay = { value: string; name: string; relative: "today" | "tomorrow" | null };

/** The days with at least one free slot, today first, e.g. { value: "2026-11-26", name: "Thu 26 Nov", relative: "tomorrow" }. */
export function meetupDays(now = new Date()): MeetupDay[] {
  const today = slotOf(now.toISOString()).day;
  const [y, m, d] = today.split("-").map(Number);
  const days: MeetupDay[] = [];
  for (let i = 0; i <= DAYS_AHEAD; i++) {
    const date = new Date(Date.UTC(y, m - 1, d + i));
    const value = date.toISOString().slice(0, 10);
    if (!meetupTimes(value, now).length) continue;
    days.push({ value, name: formatWith(date, DAY_NAME), relative: i === 0 ? "today" : i === 1 ? "tomorrow" : null });
  }
  return days;
}

/** A sensible first choice: tomorrow (or the first free day) at noon, or that day's first slot. */
export function defaultSlot(now = new Date()): MeetupSlot {
  const days = meetupDays(now);
  const day = (days.find((d) => d.relative === "tomorrow") ?? days[0]).value;
  const times = meetupTimes(day, now);
  return { day, time: times.find((t) => t.value === "12:00")?.value ?? times[0].value };
}

const MEETUP_TIME: Intl.DateTimeFormatOptions = {
  weekday: "short",
  day: "numeric",
  month: "short",
  hour: "numeric",
  minute: "2-digit",
  timeZone: "Asia/Karachi",
};

/** How a meetup time reads, in Pakistan time and the reader's language: "Thu, 26 Nov, 1:30 pm". */
export const formatMeetupTime = (iso: string): string => formatWith(new Date(iso), MEETUP_TIME);
