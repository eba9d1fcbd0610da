import { Redis } from "ioredis";

/** REDIS_URL when a Redis answers there; tests that need Redis skip with a reason otherwise. */
export async function answeringRedisUrl(): Promise<string | undefined> {
  const url = process.env.REDIS_URL;
  if (!url) return undefined;
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  try {
    await redis.connect();
    return (await redis.ping()) === "PONG" ? url : undefined;
  } catch {
    return undefined;
  } finally {
    redis.disconnect();
  }
}

export const NO_REDIS = "needs REDIS_URL naming a Redis that answers (e.g. redis://127.0.0.1:6379)";
