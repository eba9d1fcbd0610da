import { said } from "../../platform/i18n/errors";
import { rateLimited } from "../../platform/shared/errors";

/**
 * Bounds on the work an upload can cause, in one place. A picture's bitmap is decoded in memory
 * (about 4 bytes a pixel, several copies while resizing), so a small file of many pixels is costly:
 * 40 megapixels took ~1 s and ~100 MB each. Phone photos are 12 megapixels. Each bound is checked
 * from the header (no decode) but the time budget, which stops a decode that runs long anyway.
 */
export const DECODE_LIMITS = {
  /** Pictures with more pixels (a GIF: on its logical screen too) are refused from their header. */
  maxPixels: 16_000_000,
  /** GIF and WebP animations with more frames are refused from their header (only the first is kept). */
  maxFrames: 200,
  /**
   * Frames x screen pixels of an animation: a decoder composites every frame on the whole screen,
   * so 300 one-pixel frames on a 16-megapixel screen (a 7 KB file) are 300 full-screen passes.
   */
  maxAnimationPixels: 64_000_000,
  /**
   * Over `bombAbovePixels`, at least one byte of file per this many pixels: a 16-megapixel PNG of one
   * colour packs into 47 KB (342 pixels a byte) and costs seconds to unpack; a phone photo has 2 to 6.
   */
  maxPixelsPerByte: 100,
  bombAbovePixels: 4_000_000,
  /**
   * A decode still running after this long is stopped and the upload refused: the backstop behind
   * the header checks (a 12-megapixel phone JPEG takes under a second; a busy 2-core machine, a few).
   */
  timeBudgetSeconds: 5,
  /** Decodes running at once in this process; the others wait their turn. */
  concurrent: 2,
  /** Client uploads that may wait; more are refused as busy (RATE_LIMITED) instead of piling up memory. */
  queued: 20,
  /** Uploads one sender (an account, or an address without one) may have waiting. */
  queuedPerSender: 4,
};

type QueueLimits = { concurrent: number; queued: number; queuedPerSender: number };

/**
 * Runs decode work at most `concurrent` at a time, fairly between senders: each sender (an account,
 * or an address for uploads without sign-in) has a line of its own, and a freed slot goes to the
 * next sender in turn, not to the oldest upload. A sender with many uploads waiting (say anonymous
 * quotas from one address) so delays the others by at most one decode each turn. `assertRoom`
 * keeps every line, and all of them together, bounded.
 */
export class DecodeQueue {
  private running = 0;
  private waiting = 0;
  /** Each sender's waiting uploads; the Map's order is the turn order. */
  private readonly lines = new Map<string, Array<() => void>>();

  constructor(private readonly limits: QueueLimits = DECODE_LIMITS) {}

  /** Refuses a client's upload as busy when its sender's line or the whole queue is full (the demo seed's own images just wait). */
  assertRoom(sender: string): void {
    if (this.running < this.limits.concurrent) return;
    if (this.waiting >= this.limits.queued) throw rateLimited(said("upload.queueFull"));
    if ((this.lines.get(sender)?.length ?? 0) >= this.limits.queuedPerSender) throw rateLimited(said("upload.earlierStillProcessing"));
  }

  async run<T>(sender: string, work: () => Promise<T>): Promise<T> {
    if (this.running < this.limits.concurrent) this.running++;
    // a finished task hands its slot straight to the next sender in turn, so `running` stays counted
    else
      await new Promise<void>((resolve) => {
        const line = this.lines.get(sender);
        if (line) line.push(resolve);
        else this.lines.set(sender, [resolve]);
        this.waiting++;
      });
    try {
      return await work();
    } finally {
      this.handOn();
    }
  }

  private handOn(): void {
    const turn = this.lines.entries().next();
    if (turn.done) {
      this.running--;
      return;
    }
    const [sender, line] = turn.value;
    const next = line.shift()!;
    // to the back of the turn order, if it has more waiting
    this.lines.delete(sender);
    if (line.length) this.lines.set(sender, line);
    this.waiting--;
    next();
  }
}
