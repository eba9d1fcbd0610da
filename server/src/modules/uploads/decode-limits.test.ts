import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { DECODE_LIMITS, DecodeQueue } from "./decode-limits";
import { hugePlainPng, manyFrameGif } from "./hostile-images";
import { reencode } from "./service";

describe("the decode queue", () => {
  /** A task that runs until released, recording the order tasks start in. */
  function harness(queue: DecodeQueue) {
    const started: string[] = [];
    const releases: Array<() => void> = [];
    let running = 0;
    let peak = 0;
    const task = (sender: string, name = sender) => {
      queue.assertRoom(sender);
      return queue.run(sender, async () => {
        started.push(name);
        running++;
        peak = Math.max(peak, running);
        await new Promise<void>((resolve) => releases.push(resolve));
        running--;
        return "done";
      });
    };
    /** Releases the tasks one by one as they start, until `count` have finished. */
    const finish = async (count: number) => {
      for (let finished = 0; finished < count; finished++) {
        await expect.poll(() => releases.length).toBeGreaterThan(0);
        releases.shift()!();
      }
    };
    return { task, finish, started, peak: () => peak };
  }

  it("runs at most `concurrent` tasks at once, keeps a bounded line and refuses beyond it", async () => {
    const { task, finish, peak } = harness(new DecodeQueue({ concurrent: 2, queued: 3, queuedPerSender: 10 }));
    const accepted = Array.from({ length: 5 }, (_, i) => task(`sender-${i}`));
    expect(() => task("one more")).toThrow(expect.objectContaining({ code: "RATE_LIMITED" }));
    await finish(5);
    expect(await Promise.all(accepted)).toEqual(Array(5).fill("done"));
    expect(peak()).toBe(2);
    // the line is free again
    const again = task("later");
    await finish(1);
    expect(await again).toBe("done");
  });

  it("gives each sender a turn: one address's many uploads do not hold up another sender's", async () => {
    const { task, finish, started } = harness(new DecodeQueue({ concurrent: 1, queued: 20, queuedPerSender: 4 }));
    const flood = Array.from({ length: 5 }, (_, i) => task("address:10.0.0.9", `flood-${i}`));
    // one running and four waiting: the address's line is full, another sender still gets in
    expect(() => task("address:10.0.0.9")).toThrow(expect.objectContaining({ code: "RATE_LIMITED" }));
    const seller = task("user:seller", "seller");
    await finish(6);
    await Promise.all([...flood, seller]);
    expect(started).toEqual(["flood-0", "flood-1", "seller", "flood-2", "flood-3", "flood-4"]);
  });
});

describe("decoding the worst small files", () => {
  const refusal = (bytes: Buffer) =>
    reencode(bytes).then(
      () => "decoded",
      (error: { code?: string; message: string }) => `${error.code}: ${error.message}`,
    );

  it("refuses from the header a 7 KB GIF of 300 frames on a 16-megapixel screen", async () => {
    const gif = manyFrameGif(4000, 4000, 300);
    expect(gif.length).toBeLessThan(7_500);
    expect(await refusal(gif)).toBe("BAD_USER_INPUT: The animation has too many frames for its size.");
  });

  it("refuses a GIF whose logical screen is huge although its frame is one pixel", async () => {
    expect(await refusal(manyFrameGif(65_535, 65_535, 1))).toBe("BAD_USER_INPUT: The image has too many pixels.");
  });

  it("refuses a ~50 KB PNG of 16 megapixels (a decompression bomb), and a bigger one by its pixels", async () => {
    const bomb = await hugePlainPng(4000, 4000);
    expect(bomb.length).toBeLessThan(60_000);
    expect(await refusal(bomb)).toBe("BAD_USER_INPUT: The image would take too long to process.");
    expect(await refusal(await hugePlainPng(5000, 4000))).toBe("BAD_USER_INPUT: The image has too many pixels.");
  });

  it("still decodes a small animation and a photo-sized picture, within the bounds", async () => {
    const animation = manyFrameGif(100, 100, 150);
    expect(await refusal(animation)).toBe("decoded");
    const photo = await sharp({
      create: {
        width: 2000,
        height: 1500,
        channels: 3,
        background: { r: 0, g: 0, b: 0 },
        noise: { type: "gaussian", mean: 128, sigma: 12 },
      },
    })
      .jpeg({ quality: 80 })
      .toBuffer();
    const { full, thumb } = await reencode(photo);
    expect(full.info).toMatchObject({ width: 1600, height: 1200, format: "webp" });
    expect((await sharp(thumb).metadata()).width).toBe(400);
    // every bound is in force
    expect(DECODE_LIMITS.timeBudgetSeconds).toBeGreaterThan(0);
  });
});
