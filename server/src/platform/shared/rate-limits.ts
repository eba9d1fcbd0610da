import { RateLimiterPostgres, RateLimiterRes } from "rate-limiter-flexible";
import type { DataSource } from "typeorm";
import { rateLimited, type ErrorMessage } from "./errors";

/**
 * A limit counted in PostgreSQL's `rate_limits` table (made by the initial migration), so every
 * server process shares it: `points` per key within `duration` seconds.
 */
export function postgresLimiter(dataSource: DataSource, options: { keyPrefix: string; points: number; duration: number }) {
  return new RateLimiterPostgres({
    storeClient: dataSource,
    storeType: "typeorm",
    tableName: "rate_limits",
    tableCreated: true,
    ...options,
  });
}

/** Takes one point from each limiter, all at once; any limiter that is spent refuses the request with RATE_LIMITED. */
export async function consumeOrRefuse(limits: Array<[RateLimiterPostgres, string]>, message?: ErrorMessage): Promise<void> {
  const results = await Promise.allSettled(limits.map(([limiter, key]) => limiter.consume(key)));
  for (const result of results) {
    if (result.status === "rejected") throw result.reason instanceof RateLimiterRes ? rateLimited(message) : result.reason;
  }
}
