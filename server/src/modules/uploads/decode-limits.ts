import { rateLimited } from "../../platform/shared/errors";

/**
 * Bounds on the work an upload can cause, in one place. A picture's bitmap is decoded in memory
 * (about 4 bytes a pixel, several copies while resizing), so a small file of many pixels is costly:
 * 40 megapixels took ~1 s and ~100 MB each. Phone photos are 12 megapixels.
 */
export const DECODE_LIMITS = {
  /** Pictures with more pixels are refused from their header, before decoding. */
  maxPixels: 16_000_000,
  /** Decodes running at once in this process; the others wait their turn. */
  concurrent: 2,
  /** Client uploads that may wait; more are refused as busy (RATE_LIMITED) instead of piling up memory. */
  queued: 20,
};

/** Runs decode work at most `concurrent` at a time; `assertRoom` keeps the line of client uploads bounded. */
export class DecodeQueue {
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(private readonly limits: { concurrent: number; queued: number } = DECODE_LIMITS) {}

  /** Refuses a client's upload as busy when the line is full (the demo seed's own images just wait). */
  assertRoom(): void {
    if (this.running >= this.limits.concurrent && this.waiting.length >= this.limits.queued)
      throw rateLimited("Too many images are being processed. Please try again in a moment.");
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running < this.limits.concurrent) this.running++;
    // a finished task hands its slot straight to the next waiter, so `running` stays counted
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    try {
      return await work();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }
}
