import type { Redis } from "ioredis";
import { LRUCache } from "lru-cache";
import { firstConnection, RedisCircuit } from "./redis";

/**
 * A short-lived cache of public answers (the same for every caller), grouped in namespaces that a
 * write drops as a whole. With REDIS_URL it lives in Redis, shared by every server process, so a
 * write on one process is seen by the next read on any other; without it, in this process only.
 * Values go through JSON in both cases, so code that works without Redis works with it.
 */
export interface SharedCache {
  /** The value kept under `key`, or `load()`'s (kept `ttlSeconds` if `keep` says so, by default always). */
  remember<T>(namespace: string, key: string, ttlSeconds: number, load: () => Promise<T>, keep?: (value: T) => boolean): Promise<T>;
  /**
   * As `remember`, for values read on every request and never changed: callers share one frozen
   * copy, parsed again only when the kept JSON differs from the one it was parsed from.
   */
  rememberFrozen<T>(namespace: string, key: string, ttlSeconds: number, load: () => Promise<T>): Promise<Frozen<T>>;
  /** Drops every entry of `namespace`, for every process. */
  invalidate(namespace: string): Promise<void>;
  /** A store for Apollo's persisted queries (Apollo's KeyValueCache), or undefined for Apollo's in-process one. */
  readonly persistedQueries?: PersistedQueryStore;
  /** For the status report: whether Redis answers; undefined when the cache is in process. */
  reachable(): Promise<boolean | undefined>;
  close(): Promise<void>;
}

/** A value made read-only all the way down, as `rememberFrozen` hands it out. */
export type Frozen<T> = T extends (infer E)[] ? readonly Frozen<E>[] : T extends object ? { readonly [K in keyof T]: Frozen<T[K]> } : T;

/** Apollo's `KeyValueCache<string>`, written out so platform/ needs no import of Apollo's utils. */
export type PersistedQueryStore = {
  get(key: string): Promise<string | undefined>;
  set(key: string, value: string, options?: { ttl?: number | null }): Promise<void>;
  delete(key: string): Promise<boolean | void>;
};

/**
 * Where the shared cache keeps its entries (in process, or Redis): each hands an answer back as
 * the JSON text it stores, so a hit is parsed once, by the caller who gets the copy.
 */
interface JsonStore {
  /** The JSON kept under `key`, or that of `load()`'s value (kept `ttlSeconds` when `keep` is true). */
  rememberJson(namespace: string, key: string, ttlSeconds: number, load: () => Promise<Loaded>): Promise<string>;
  invalidate(namespace: string): Promise<void>;
  readonly persistedQueries?: PersistedQueryStore;
  reachable?(): Promise<boolean>;
  close(): Promise<void>;
}

/** A loaded value, and whether it may be kept. */
type Loaded = { value: unknown; keep: boolean };

/** Entries one namespace keeps in process at most (keys come from request arguments). */
const LOCAL_ENTRIES_PER_NAMESPACE = 1000;
/** A persisted query is kept a day after its last registration. */
const PERSISTED_QUERY_TTL_SECONDS = 86_400;

/**
 * `redis`: a URL, or the process's circuit around Redis (shared with live events and presence).
 * `scope` (the database's name) keeps the answers of two databases apart when they share one
 * Redis; persisted queries are plain query texts and are shared by all.
 */
export function createCache(redis: string | RedisCircuit | undefined, scope = "default"): SharedCache {
  if (!redis) return new CoalescedLoads(new LocalCache());
  // a circuit of its own is closed with the cache; a shared one by its owner
  return new CoalescedLoads(
    typeof redis === "string" ? new RedisCache(new RedisCircuit(redis), scope, true) : new RedisCache(redis, scope, false),
  );
}

/**
 * Concurrent misses of one key in this process share one load: a burst on a cold home page runs
 * trending's query once, not once per request (which on a large catalogue kept every request
 * waiting on the others). A write drops the namespace's loads in flight, so a request after it
 * never joins a load that started before it. Each caller gets its own copy of the value.
 */
class CoalescedLoads implements SharedCache {
  private readonly inFlight = new Map<string, Map<string, Promise<string>>>();
  /** rememberFrozen's parsed values, with the JSON each was parsed from, per namespace. */
  private readonly frozen = new Map<string, LRUCache<string, { json: string; value: unknown }>>();

  constructor(private readonly cache: JsonStore) {}

  get persistedQueries() {
    return this.cache.persistedQueries;
  }

  async remember<T>(
    namespace: string,
    key: string,
    ttlSeconds: number,
    load: () => Promise<T>,
    keep: (value: T) => boolean = () => true,
  ): Promise<T> {
    return JSON.parse(await this.sharedJson(namespace, key, ttlSeconds, load, keep)) as T;
  }

  async rememberFrozen<T>(namespace: string, key: string, ttlSeconds: number, load: () => Promise<T>): Promise<Frozen<T>> {
    // the JSON still comes from the store on every call, so a write (which drops it) is seen as with remember
    const json = await this.sharedJson(namespace, key, ttlSeconds, load, () => true);
    let parsed = this.frozen.get(namespace);
    if (!parsed) this.frozen.set(namespace, (parsed = new LRUCache({ max: LOCAL_ENTRIES_PER_NAMESPACE })));
    const known = parsed.get(key);
    if (known?.json === json) return known.value as Frozen<T>;
    const value = deepFreeze(JSON.parse(json) as T);
    parsed.set(key, { json, value });
    return value;
  }

  /** The kept JSON of `key`, one load per key in flight in this process. */
  private sharedJson<T>(namespace: string, key: string, ttlSeconds: number, load: () => Promise<T>, keep: (value: T) => boolean) {
    let loads = this.inFlight.get(namespace);
    if (!loads) this.inFlight.set(namespace, (loads = new Map()));
    let running = loads.get(key);
    if (!running) {
      const started = loads;
      const loadJudged = async (): Promise<Loaded> => {
        const value = await load();
        return { value, keep: keep(value) };
      };
      running = this.cache.rememberJson(namespace, key, ttlSeconds, loadJudged).finally(() => {
        if (started.get(key) === running) started.delete(key);
      });
      loads.set(key, running);
    }
    return running;
  }

  async invalidate(namespace: string): Promise<void> {
    this.inFlight.delete(namespace);
    this.frozen.delete(namespace);
    await this.cache.invalidate(namespace);
  }

  async reachable(): Promise<boolean | undefined> {
    return this.cache.reachable?.();
  }

  close(): Promise<void> {
    return this.cache.close();
  }
}

function deepFreeze<T>(value: T): Frozen<T> {
  if (value && typeof value === "object") {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value as Frozen<T>;
}

class LocalCache implements JsonStore {
  private readonly namespaces = new Map<string, { generation: number; entries: LRUCache<string, string> }>();

  private space(namespace: string) {
    let space = this.namespaces.get(namespace);
    if (!space) this.namespaces.set(namespace, (space = { generation: 0, entries: new LRUCache({ max: LOCAL_ENTRIES_PER_NAMESPACE }) }));
    return space;
  }

  async rememberJson(namespace: string, key: string, ttlSeconds: number, load: () => Promise<Loaded>): Promise<string> {
    const space = this.space(namespace);
    const hit = space.entries.get(key);
    if (hit !== undefined) return hit;
    const generation = space.generation;
    const loaded = await load();
    const json = JSON.stringify(loaded.value);
    // a write during the load dropped the namespace: this value may predate it, so it is not kept
    if (loaded.keep && space.generation === generation) space.entries.set(key, json, { ttl: ttlSeconds * 1000 });
    return json;
  }

  async invalidate(namespace: string): Promise<void> {
    const space = this.space(namespace);
    space.generation++;
    space.entries.clear();
  }

  async close(): Promise<void> {
    this.namespaces.clear();
  }
}

/**
 * One Redis hash per namespace: a read is one round trip (HGET and the namespace's generation),
 * a write drops the hash and bumps the generation. A value loaded across a write is not stored
 * (the script checks the generation), and the hash expires `ttlSeconds` after its first entry.
 */
const STORE_IF_GENERATION = `
if (redis.call('GET', KEYS[2]) or '0') ~= ARGV[1] then return 0 end
redis.call('HSET', KEYS[1], ARGV[2], ARGV[3])
redis.call('EXPIRE', KEYS[1], ARGV[4], 'NX')
return 1`;

/**
 * While the circuit is open (Redis refused, lost or hung), reads skip Redis at once and are kept in
 * this process's cache (`local`), emptied when Redis answers again: what this process wrote during
 * the outage it dropped there too, and another process's write is seen within the entry's TTL.
 */
class RedisCache implements JsonStore {
  private readonly redis: Redis;
  private readonly started: Promise<void>;
  private readonly local = new LocalCache();
  readonly persistedQueries: PersistedQueryStore;

  constructor(
    private readonly circuit: RedisCircuit,
    private readonly scope: string,
    private readonly ownsCircuit: boolean,
  ) {
    // while Redis is away a read fails at once and is answered from the database
    this.redis = circuit.client({ keyPrefix: "unibazaar:" });
    circuit.onChange((open) => {
      if (!open) void this.local.close();
    });
    const [redis, started] = [this.redis, (this.started = firstConnection(this.redis))];
    const run = <T>(command: () => Promise<T>) => started.then(() => circuit.run(command));
    // with Redis away a hash is unknown and the client sends the query text again
    this.persistedQueries = {
      get: async (key) => (await run(() => redis.get(`apq:${key}`)).catch(() => null)) ?? undefined,
      set: async (key, value, options) => {
        await run(() => redis.set(`apq:${key}`, value, "EX", options?.ttl ?? PERSISTED_QUERY_TTL_SECONDS)).catch(() => undefined);
      },
      delete: async (key) => (await run(() => redis.del(`apq:${key}`)).catch(() => 0)) > 0,
    };
  }

  async rememberJson(namespace: string, key: string, ttlSeconds: number, load: () => Promise<Loaded>): Promise<string> {
    const [hash, generationKey] = this.keys(namespace);
    let hit: string | null, generation: string | null;
    await this.started;
    if (this.circuit.isOpen) return this.local.rememberJson(namespace, key, ttlSeconds, load);
    try {
      [hit, generation] = await this.circuit.run(() => this.both(this.redis.multi().hget(hash, key).get(generationKey)));
    } catch {
      // Redis away (this read waited for it; the next ones skip it): answer from the database
      return JSON.stringify((await load()).value);
    }
    if (hit !== null) return hit;
    const loaded = await load();
    const json = JSON.stringify(loaded.value);
    if (!loaded.keep) return json;
    await this.circuit
      .run(() => this.redis.eval(STORE_IF_GENERATION, 2, hash, generationKey, generation ?? "0", key, json, ttlSeconds))
      .catch(() => undefined);
    return json;
  }

  private keys(namespace: string): [hash: string, generation: string] {
    return [`cache:${this.scope}:${namespace}`, `generation:${this.scope}:${namespace}`];
  }

  /** Runs a MULTI of two replies and returns them, throwing the first error. */
  private async both(multi: ReturnType<Redis["multi"]>): Promise<[string | null, string | null]> {
    const replies = (await multi.exec()) ?? [];
    const error = replies.find(([failed]) => failed)?.[0];
    if (error) throw error;
    return [replies[0]?.[1] as string | null, replies[1]?.[1] as string | null];
  }

  async invalidate(namespace: string): Promise<void> {
    const [hash, generationKey] = this.keys(namespace);
    await this.local.invalidate(namespace);
    await this.started;
    // the write has happened and must not fail for the cache: with Redis away, its entries
    // still expire within their TTL
    await this.circuit.run(() => this.redis.multi().incr(generationKey).del(hash).exec()).catch(() => undefined);
  }

  reachable(): Promise<boolean> {
    return this.circuit.check();
  }

  async close(): Promise<void> {
    if (this.ownsCircuit) await this.circuit.close();
  }
}
