/**
 * The meetups module's public face: what other modules (and app/) may import. The rest of this
 * folder is its own business; eslint.config.mjs refuses imports past this file.
 */
export { ALL_MEETUP_POINTS, formatMeetupTime, meetupPoint, meetupTimeProblem, MEETUP_POINTS } from "./points";
export { MeetupPointOption } from "./types";
export { MeetupReminders } from "./reminders";
