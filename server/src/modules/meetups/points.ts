import { CAMPUSES, type CampusSlug } from "../../platform/shared/campuses";
import { formatTime } from "../../platform/i18n";

/**
 * Where buyers and sellers meet on each campus: busy, public, easy-to-find places. A point's slug
 * is unique across campuses, so an order stores it alone and the campus follows from it.
 */
export const MEETUP_POINTS: Record<CampusSlug, ReadonlyArray<{ slug: string; label: string }>> = {
  "comsats-islamabad": [
    { slug: "comsats-islamabad-library", label: "Central Library entrance" },
    { slug: "comsats-islamabad-cafeteria", label: "Main Cafeteria" },
    { slug: "comsats-islamabad-gate", label: "Main Gate" },
  ],
  "fast-lahore": [
    { slug: "fast-lahore-library", label: "Library entrance" },
    { slug: "fast-lahore-cafe", label: "Student Cafe" },
    { slug: "fast-lahore-gate", label: "Main Gate" },
  ],
  "iba-karachi": [
    { slug: "iba-karachi-library", label: "Central Library entrance" },
    { slug: "iba-karachi-student-centre", label: "Student Centre" },
    { slug: "iba-karachi-gate", label: "Main Gate (University Road)" },
  ],
  "lums-lahore": [
    { slug: "lums-lahore-library", label: "Khoo Library entrance" },
    { slug: "lums-lahore-pdc", label: "PDC (Student Centre)" },
    { slug: "lums-lahore-gate", label: "Main Gate" },
  ],
  "nust-islamabad": [
    { slug: "nust-islamabad-library", label: "Central Library entrance" },
    { slug: "nust-islamabad-student-centre", label: "Student Centre" },
    { slug: "nust-islamabad-gate", label: "Gate 1" },
  ],
  "pu-lahore": [
    { slug: "pu-lahore-library", label: "Main Library entrance" },
    { slug: "pu-lahore-hall", label: "Student Service Centre" },
    { slug: "pu-lahore-gate", label: "Main Gate (Canal Road)" },
  ],
  "qau-islamabad": [
    { slug: "qau-islamabad-library", label: "Central Library entrance" },
    { slug: "qau-islamabad-cafeteria", label: "Central Cafeteria" },
    { slug: "qau-islamabad-gate", label: "Main Gate" },
  ],
  "uet-lahore": [
    { slug: "uet-lahore-library", label: "Central Library entrance" },
    { slug: "uet-lahore-student-centre", label: "Student Service Centre" },
    { slug: "uet-lahore-gate", label: "Main Gate (GT Road)" },
  ],
  "uok-karachi": [
    { slug: "uok-karachi-library", label: "Mahmood Hussain Library entrance" },
    { slug: "uok-karachi-student-centre", label: "Student Centre" },
    { slug: "uok-karachi-gate", label: "Silver Jubilee Gate" },
  ],
};

/** Every point with its campus, in the campuses' order (what the API lists). */
export const ALL_MEETUP_POINTS = CAMPUSES.flatMap((campus) =>
  MEETUP_POINTS[campus.slug].map((point): { slug: string; label: string; campus: string } => ({ ...point, campus: campus.slug })),
);

/** A point by slug (any case), or undefined. */
export const meetupPoint = (slug: string) => {
  const key = slug.trim().toLowerCase();
  return ALL_MEETUP_POINTS.find((point) => point.slug === key);
};

/** Meetups are proposed for the next two weeks... */
export const MEETUP_MAX_DAYS_AHEAD = 14;
/** ...in daylight hours on campus, Pakistan time (UTC+5 all year): from 8:00 until 20:00. */
export const MEETUP_FIRST_HOUR = 8;
export const MEETUP_LAST_HOUR = 20;
const PAKISTAN_OFFSET_HOURS = 5;

/** Why a proposed meetup time cannot be used at `now` (the clock's time), or null when it can. */
export function meetupTimeProblem(at: Date, now: Date): string | null {
  if (Number.isNaN(at.getTime())) return "Choose a valid meetup time.";
  if (at.getTime() <= now.getTime()) return "Choose a meetup time in the future.";
  if (at.getTime() > now.getTime() + MEETUP_MAX_DAYS_AHEAD * 24 * 3600_000)
    return `Choose a meetup time within the next ${MEETUP_MAX_DAYS_AHEAD} days.`;
  const local = new Date(at.getTime() + PAKISTAN_OFFSET_HOURS * 3600_000);
  const minutes = local.getUTCHours() * 60 + local.getUTCMinutes();
  if (minutes < MEETUP_FIRST_HOUR * 60 || minutes > MEETUP_LAST_HOUR * 60)
    return `Choose a meetup time between ${MEETUP_FIRST_HOUR}:00 and ${MEETUP_LAST_HOUR}:00 (Pakistan time).`;
  return null;
}

/** A meetup time as people read it in English: "Tue 2 Dec, 14:30 (Pakistan time)". */
export const formatMeetupTime = (at: Date): string => formatTime(at, "en");
