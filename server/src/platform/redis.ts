import { Redis, ReplyError, type RedisOptions } from "ioredis";
import type { Logger } from "pino";
import { REDIS_COMMAND_TIMEOUT_MS, REDIS_PROBE_INTERVAL_MS, REDIS_RECONNECT_MAX_DELAY_MS } from "./limits";

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

/** What a call through an open circuit throws at once, without asking Redis. */
export class RedisCircuitOpen extends Error {
  constructor() {
    super("Redis is not answering (circuit open)");
  }
}

/**
 * One process's link to Redis, shared by the cache, live events and presence. A command that fails
 * for want of Redis (refused, lost, or unanswered within REDIS_COMMAND_TIMEOUT_MS: a Redis that
 * hangs) opens the circuit: from then on every call is refused at once, so each caller takes its
 * way without Redis (PostgreSQL and this process's cache, live events through PostgreSQL) at no
 * cost, instead of every request waiting out the timeout. Redis is asked in the background every
 * REDIS_PROBE_INTERVAL_MS, never on a request's path; its first answer closes the circuit. Each
 * change is logged once, not every reconnection attempt. A reply error (a bad command) is the
 * caller's and leaves the circuit as it is.
 *
 * (A circuit-breaker library counts failures per wrapped function and lets trial requests through
 * when half open; here one circuit covers three clients and no request is ever the trial.)
 */
export class RedisCircuit {
  private open = false;
  private openedAt = 0;
  private probing?: NodeJS.Timeout;
  private probeRunning = false;
  private readonly clients: Redis[] = [];
  private readonly changes = new Set<(open: boolean) => void>();

  constructor(
    readonly url: string,
    private readonly logger?: Logger,
  ) {}

  /** True while Redis counts as not answering (/ready says `degraded`). */
  get isOpen(): boolean {
    return this.open;
  }

  /** A client (optionalRedis) whose connection errors go to the circuit instead of the log; closed with it. */
  client(options: RedisOptions = {}): Redis {
    const redis = this.watch(optionalRedis(this.url, options));
    this.clients.push(redis);
    return redis;
  }

  /** Sends `redis`'s connection errors (each reconnection attempt has one) to the circuit, which logs the outage once. */
  watch(redis: Redis): Redis {
    redis.on("error", (err: Error) => this.failed(err));
    return redis;
  }

  /** A failure for want of Redis seen outside `run` (a subscription that could not be made): opens the circuit. */
  report(err: unknown): void {
    if (!(err instanceof ReplyError)) this.failed(err instanceof Error ? err : new Error(String(err)));
  }

  /** Runs `command` unless the circuit is open (then throws RedisCircuitOpen at once); a failure for want of Redis opens it. */
  async run<T>(command: () => Promise<T>): Promise<T> {
    if (this.open) throw new RedisCircuitOpen();
    try {
      return await command();
    } catch (err) {
      this.report(err);
      throw err;
    }
  }

  /** Listens for the circuit opening (true) and closing (false). */
  onChange(listener: (open: boolean) => void): void {
    this.changes.add(listener);
  }

  /** Asks Redis once (for the health monitor): a failure opens the circuit, an answer closes it. */
  async check(): Promise<boolean> {
    const redis = this.clients[0];
    if (!redis) return false;
    try {
      await redis.ping();
      this.closed();
      return true;
    } catch (err) {
      this.failed(err as Error);
      return false;
    }
  }

  private failed(err: Error): void {
    if (this.open) return;
    this.open = true;
    this.openedAt = Date.now();
    this.logger?.warn(
      { reason: err.message, url: redactedUrl(this.url) },
      "Redis is not answering: reads go to PostgreSQL and this process's cache, live events to the other processes through PostgreSQL, until it answers again",
    );
    for (const listener of this.changes) listener(true);
    this.probing = setInterval(() => void this.probe(), REDIS_PROBE_INTERVAL_MS).unref();
  }

  private async probe(): Promise<void> {
    if (this.probeRunning) return;
    this.probeRunning = true;
    try {
      await this.check();
    } finally {
      this.probeRunning = false;
    }
  }

  private closed(): void {
    if (!this.open) return;
    this.open = false;
    clearInterval(this.probing);
    this.logger?.info({ downMs: Date.now() - this.openedAt }, "Redis answers again: back on Redis");
    for (const listener of this.changes) listener(false);
  }

  async close(): Promise<void> {
    clearInterval(this.probing);
    // a Redis that does not answer would not answer QUIT either
    await Promise.all(
      this.clients.splice(0).map(async (redis) => {
        if (this.open) redis.disconnect();
        else await redis.quit().catch(() => redis.disconnect());
      }),
    );
  }
}

/** A Redis URL as logs show it: without its password. */
function redactedUrl(url: string): string {
  const u = new URL(url);
  if (u.password) u.password = "***";
  return u.toString();
}
