/**
 * The time every rule with a deadline reads (offer expiry, when a meetup order may be completed).
 * Created once in app/services.ts; tests move a TestClock instead of sleeping.
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** Follows the system time, shifted by however far a test has moved it. */
export class TestClock implements Clock {
  private offsetMs = 0;

  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }

  advance(ms: number): void {
    this.offsetMs += ms;
  }
}
