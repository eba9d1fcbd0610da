import { describe, expect, it } from "vitest";
import { DecodeQueue } from "./decode-limits";

describe("the decode queue", () => {
  it("runs at most `concurrent` tasks at once, keeps a bounded line and refuses beyond it", async () => {
    const queue = new DecodeQueue({ concurrent: 2, queued: 3 });
    let running = 0;
    let peak = 0;
    const releases: Array<() => void> = [];
    const task = () => {
      queue.assertRoom();
      return queue.run(async () => {
        running++;
        peak = Math.max(peak, running);
        await new Promise<void>((resolve) => releases.push(resolve));
        running--;
        return "done";
      });
    };
    const accepted = Array.from({ length: 5 }, task);
    expect(task).toThrow(expect.objectContaining({ code: "RATE_LIMITED" }));
    // release the tasks one by one as they start: each freed slot goes to the next in line
    for (let finished = 0; finished < 5; finished++) {
      await expect.poll(() => releases.length).toBeGreaterThan(0);
      releases.shift()!();
    }
    expect(await Promise.all(accepted)).toEqual(Array(5).fill("done"));
    expect(peak).toBe(2);
    // the line is free again
    const again = task();
    await expect.poll(() => releases.length).toBe(1);
    releases.shift()!();
    expect(await again).toBe("done");
  });
});
