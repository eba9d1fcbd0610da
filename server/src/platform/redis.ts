import { Redis, type RedisOptions } from "ioredis";
import { REDIS_COMMAND_TIMEOUT_MS, REDIS_RECONNECT_MAX_DELAY_MS } from "./limits";

/** Reconnects soon after Redis comes back, whatever how long it was away. */
export const reconnectSoon = (attempt: number) => Math.min(attempt * 100, REDIS_RECONNECT_MAX_DELAY_MS);

/**
 * A client for a path that has a way without Redis: while Redis is away a command fails at once
 * (no offline queue that piles up and answers seconds later, no retries), or after
 * REDIS_COMMAND_TIMEOUT_MS when Redis hangs, so the caller falls back within a second; the client
 * keeps reconnecting in the background and the app is back on Redis when it returns.
 */
export function optionalRedis(url: string, options: RedisOptions = {}): Redis {
  return new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    connectTimeout: REDIS_COMMAND_TIMEOUT_MS,
    retryStrategy: reconnectSoon,
    ...options,
  });
}

/**
 * Resolves once `redis` is first connected, or after REDIS_COMMAND_TIMEOUT_MS: a command at start-up
 * waits for the connection being made instead of failing for want of it.
 */
export function firstConnection(redis: Redis): Promise<void> {
  return new Promise((resolve) => {
    if (redis.status === "ready") return resolve();
    const timer = setTimeout(resolve, REDIS_COMMAND_TIMEOUT_MS).unref();
    redis.once("ready", () => {
      clearTimeout(timer);
      resolve();
    });
  });
}
