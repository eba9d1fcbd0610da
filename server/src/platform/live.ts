import { createPubSub, type PubSub, type PubSubEventTarget } from "@graphql-yoga/subscription";
import { Redis } from "ioredis";
import { randomUUID } from "node:crypto";
import type { Logger } from "pino";
import { PostgresChannel } from "./db/channel";
import { LIVE_FALLBACK_GRACE_MS } from "./limits";
import { RedisCircuit, reconnectSoon } from "./redis";

/**
 * Live events for GraphQL subscriptions, addressed to one user: `publish("user", userId, event)`,
 * and a subscription listens on its caller's id. A feature gives its events a `type` and its own
 * fields; they travel as JSON (dates become ISO strings), so a subscriber reads them the same
 * with or without Redis.
 */
export type LiveEvent = { type: string } & Record<string, unknown>;
/**
 * `revoked`: the tokens a user held so far no longer sign them in (logout, suspension, a new
 * password): every process re-checks that user's open sockets (platform/graphql/subscriptions.ts).
 */
type Topics = { user: [userId: string, event: LiveEvent]; revoked: [event: { userId: string }] };
export type LiveHub = PubSub<Topics> & { close: () => Promise<void> };
type Target = PubSubEventTarget<Topics>;

const CHANNEL_PREFIX = "unibazaar:live:";
/** The PostgreSQL channel that carries live events between processes while Redis does not. */
export const FALLBACK_CHANNEL = "unibazaar_live";
/** How many recent events' ids a process keeps, to deliver once an event that reaches it both ways. */
const RECENT_EVENT_IDS = 10_000;

/**
 * With Redis (a URL, or the process's circuit around it), events go through Redis pub/sub so every
 * server process delivers them; otherwise in-process. With `databaseUrl` too, PostgreSQL carries
 * them while Redis does not (see `redisEventTarget`).
 */
export function createLiveHub(redis: string | RedisCircuit | undefined, logger: Logger, databaseUrl?: string): LiveHub {
  if (!redis) {
    const target = new EventTarget() as Target;
    const pubSub = createPubSub<Topics>({ eventTarget: redisLikeJson(target) });
    return Object.assign(pubSub, { close: async () => undefined });
  }
  const owned = typeof redis === "string";
  const circuit = typeof redis === "string" ? new RedisCircuit(redis, logger) : redis;
  // a subscribed Redis connection can only subscribe: publishing needs its own. A publish fails at
  // once while Redis is away; subscribing waits for the connection (and is renewed on each reconnect).
  // Connection errors go to the circuit, which logs an outage once
  const publisher = circuit.client();
  const subscriber = circuit.watch(new Redis(circuit.url, { lazyConnect: true, retryStrategy: reconnectSoon }));
  const { target, fallback } = redisEventTarget(circuit, publisher, subscriber, logger, databaseUrl);
  const pubSub = createPubSub<Topics>({ eventTarget: target });
  return Object.assign(pubSub, {
    close: async () => {
      subscriber.disconnect();
      await fallback?.close();
      if (owned) await circuit.close();
    },
  });
}

/** In-process delivery also passes through JSON, so a feature cannot come to rely on live objects that Redis would not carry. */
function redisLikeJson(target: Target): Target {
  return {
    addEventListener: (type, listener) => target.addEventListener(type, listener),
    removeEventListener: (type, listener) => target.removeEventListener(type, listener),
    dispatchEvent: (event) => target.dispatchEvent(new CustomEvent(event.type, { detail: JSON.parse(JSON.stringify(event.detail)) })),
  };
}

/**
 * An EventTarget over Redis pub/sub: one Redis channel per event type with listeners in this
 * process, subscribed while it has any. An event is delivered to this process's listeners at once,
 * with or without Redis, and published for the other processes, whose copy comes back here too and
 * is skipped by its origin. (Yoga's @graphql-yoga/redis-event-target does the rest the same but
 * asks for ioredis 5; the app uses 6.)
 *
 * While Redis does not carry an event (the circuit is open, or the publish failed) it goes to the
 * other processes through a PostgreSQL channel instead, which every process listens on; also for
 * LIVE_FALLBACK_GRACE_MS after the circuit closes, while the others' Redis subscriptions may still
 * be coming back. An event that arrives both ways (a publish that a hung Redis carries out once it
 * answers, or one sent both ways after the circuit closed) is delivered once, by its id.
 */
function redisEventTarget(circuit: RedisCircuit, publisher: Redis, subscriber: Redis, logger: Logger, databaseUrl?: string) {
  type Listener = ((event: CustomEvent<LiveEvent>) => void) | { handleEvent: (event: CustomEvent<LiveEvent>) => void };
  // (`id` and `type` are new: a process of the previous release, during a rolling deploy, sends neither)
  type Message = { id?: string; origin: string; type?: string; detail: LiveEvent };
  const origin = randomUUID();
  const listeners = new Map<string, Set<Listener>>();
  // insertion order: the oldest first, dropped first
  const recent = new Set<string>();
  let closedAt = -Infinity;
  circuit.onChange((open) => (closedAt = open ? -Infinity : Date.now()));
  const deliver = (type: string, detail: LiveEvent) => {
    const event = new CustomEvent(type, { detail });
    for (const listener of listeners.get(type) ?? []) {
      if (typeof listener === "function") listener(event);
      else listener.handleEvent(event);
    }
  };
  const receive = (text: string, type?: string) => {
    const message = JSON.parse(text) as Message;
    if (message.origin === origin || (message.id && recent.has(message.id))) return;
    if (message.id) {
      recent.add(message.id);
      if (recent.size > RECENT_EVENT_IDS) recent.delete(recent.values().next().value as string);
    }
    const eventType = type ?? message.type;
    if (eventType) deliver(eventType, message.detail);
  };
  const fallback = databaseUrl ? new PostgresChannel(databaseUrl, FALLBACK_CHANNEL, (text) => receive(text), logger) : undefined;
  const sendThroughPostgres = (text: string, type: string): void => {
    fallback
      ?.send(text)
      .catch((err: unknown) => logger.warn({ err, type }, "Live event not sent through PostgreSQL: other server processes miss it"));
  };
  subscriber.on("message", (channel: string, text: string) => receive(text, channel.slice(CHANNEL_PREFIX.length)));
  const target: Target = {
    addEventListener(type, listener) {
      if (!listener) return;
      let set = listeners.get(type);
      if (!set) {
        listeners.set(type, (set = new Set()));
        subscriber.subscribe(CHANNEL_PREFIX + type).catch((err: unknown) => circuit.report(err));
      }
      set.add(listener as Listener);
    },
    removeEventListener(type, listener) {
      const set = listeners.get(type);
      if (!set || !listener) return;
      set.delete(listener as Listener);
      if (set.size) return;
      listeners.delete(type);
      subscriber.unsubscribe(CHANNEL_PREFIX + type).catch((err: unknown) => circuit.report(err));
    },
    dispatchEvent(event) {
      const detail = event.detail as LiveEvent;
      const message: Message = { id: randomUUID(), origin, type: event.type, detail };
      // through JSON, as the other processes receive it
      const text = JSON.stringify(message);
      deliver(event.type, (JSON.parse(text) as Message).detail);
      // while Redis does not carry it, or may not reach every process's subscriptions yet
      const throughPostgres = circuit.isOpen || Date.now() - closedAt < LIVE_FALLBACK_GRACE_MS;
      if (throughPostgres) sendThroughPostgres(text, event.type);
      circuit
        .run(() => publisher.publish(CHANNEL_PREFIX + event.type, text))
        .catch((err: unknown) => {
          if (fallback) {
            if (!throughPostgres) sendThroughPostgres(text, event.type);
          } else if (!circuit.isOpen)
            logger.warn({ err, type: event.type }, "Redis publish failed: other server processes miss a live event");
        });
      return true;
    },
  };
  return { target, fallback };
}
