/** The monthly deals countdown starts at 14 days, 20 hours, 15 minutes and 5 seconds. */
export const DEALS_COUNTDOWN_START_SECONDS = ((14 * 24 + 20) * 60 + 15) * 60 + 5;

export type CountdownParts = { days: number; hours: number; minutes: number; seconds: number };

/** Splits a number of seconds (never below 0) into days, hours, minutes and seconds. */
export function splitCountdown(totalSeconds: number): CountdownParts {
  const s = Math.max(0, Math.floor(totalSeconds));
  return {
    days: Math.floor(s / 86_400),
    hours: Math.floor((s % 86_400) / 3_600),
    minutes: Math.floor((s % 3_600) / 60),
    seconds: s % 60,
  };
}

/** Seconds left `elapsedMs` after the countdown started. */
export function remainingSeconds(elapsedMs: number, start = DEALS_COUNTDOWN_START_SECONDS): number {
  return Math.max(0, start - Math.floor(elapsedMs / 1000));
}
