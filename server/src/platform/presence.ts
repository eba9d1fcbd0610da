import type { Redis } from "ioredis";
import { randomUUID } from "node:crypto";
import type { Logger } from "pino";
import { RedisCircuit } from "./redis";

/**
 * Who has the app open: a user is present while at least one of their signed-in sockets (an open
 * tab) is connected to any server process. Push notifications go only to users who are not.
 */
export type Presence = {
  /** Counts one open tab of `userId` in; the returned function counts it out (call it once, on close). */
  enter(userId: string): () => void;
  isPresent(userId: string): Promise<boolean>;
  close(): Promise<void>;
};

const KEY_PREFIX = "unibazaar:presence:";
/** A tab's entry in Redis outlives its process by at most this long (a crashed process cannot count its tabs out). */
const ENTRY_TTL_MS = 90_000;
const REFRESH_MS = 30_000;

/**
 * With Redis (a URL, or the process's circuit around it), presence is shared by every server process
 * through Redis; otherwise it is this process's.
 */
export function createPresence(redis: string | RedisCircuit | undefined, logger?: Logger): Presence {
  if (!redis) return inProcessPresence();
  return typeof redis === "string" ? redisPresence(new RedisCircuit(redis, logger), true, logger) : redisPresence(redis, false, logger);
}

function inProcessPresence(): Presence {
  const tabs = new Map<string, number>();
  return {
    enter(userId) {
      tabs.set(userId, (tabs.get(userId) ?? 0) + 1);
      let left = false;
      return () => {
        if (left) return;
        left = true;
        const count = (tabs.get(userId) ?? 1) - 1;
        if (count) tabs.set(userId, count);
        else tabs.delete(userId);
      };
    },
    isPresent: async (userId) => tabs.has(userId),
    close: async () => undefined,
  };
}

/**
 * One sorted set per user: a member per open tab, scored with the time it expires. This process
 * renews its tabs' entries every REFRESH_MS (a heartbeat, transport rather than business work), so
 * the tabs of a process that died stop counting after ENTRY_TTL_MS.
 */
function redisPresence(circuit: RedisCircuit, owned: boolean, logger?: Logger): Presence {
  const redis: Redis = circuit.client();
  const mine = new Map<string, string>(); // tab id -> user id
  // an outage is logged once, by the circuit; while it is open nothing here waits on Redis
  const warn = (err: unknown) => {
    if (!circuit.isOpen) logger?.warn({ err }, "Redis (presence) unavailable");
  };
  const renew = (entries: Array<[tab: string, userId: string]>) => {
    if (!entries.length) return;
    const expires = Date.now() + ENTRY_TTL_MS;
    const batch = redis.multi();
    for (const [tab, userId] of entries) batch.zadd(KEY_PREFIX + userId, expires, tab).pexpire(KEY_PREFIX + userId, ENTRY_TTL_MS);
    circuit.run(() => batch.exec()).catch(warn);
  };
  const heartbeat = setInterval(() => renew([...mine]), REFRESH_MS).unref();
  // back from an outage: this process's tabs are counted in again at once
  circuit.onChange((open) => {
    if (!open) renew([...mine]);
  });
  return {
    enter(userId) {
      const tab = randomUUID();
      mine.set(tab, userId);
      renew([[tab, userId]]);
      return () => {
        if (!mine.delete(tab)) return;
        circuit.run(() => redis.zrem(KEY_PREFIX + userId, tab)).catch(warn);
      };
    },
    async isPresent(userId) {
      try {
        const key = KEY_PREFIX + userId;
        return await circuit.run(async () => {
          await redis.zremrangebyscore(key, "-inf", Date.now());
          return (await redis.zcard(key)) > 0;
        });
      } catch (err) {
        // unknown: a push too many beats a missed one
        warn(err);
        return false;
      }
    },
    close: async () => {
      clearInterval(heartbeat);
      if (owned) await circuit.close();
    },
  };
}
