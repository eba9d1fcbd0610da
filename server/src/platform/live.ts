import { createPubSub, type PubSub, type PubSubEventTarget } from "@graphql-yoga/subscription";
import { Redis } from "ioredis";
import { randomUUID } from "node:crypto";
import type { Logger } from "pino";
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

/**
 * With Redis (a URL, or the process's circuit around it), events go through Redis pub/sub so every
 * server process delivers them; otherwise in-process. While the circuit is open an event is
 * delivered in this process only, without waiting on Redis.
 */
export function createLiveHub(redis: string | RedisCircuit | undefined, logger: Logger): LiveHub {
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
  const pubSub = createPubSub<Topics>({ eventTarget: redisEventTarget(circuit, publisher, subscriber, logger) });
  return Object.assign(pubSub, {
    close: async () => {
      subscriber.disconnect();
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
 * is skipped by its origin: a Redis outage costs only the other processes' deliveries. (Yoga's
 * @graphql-yoga/redis-event-target does the rest the same but asks for ioredis 5; the app uses 6.)
 */
function redisEventTarget(circuit: RedisCircuit, publisher: Redis, subscriber: Redis, logger: Logger): Target {
  type Listener = ((event: CustomEvent<LiveEvent>) => void) | { handleEvent: (event: CustomEvent<LiveEvent>) => void };
  type Message = { origin: string; detail: LiveEvent };
  const origin = randomUUID();
  const listeners = new Map<string, Set<Listener>>();
  const deliver = (type: string, detail: LiveEvent) => {
    const event = new CustomEvent(type, { detail });
    for (const listener of listeners.get(type) ?? []) {
      if (typeof listener === "function") listener(event);
      else listener.handleEvent(event);
    }
  };
  subscriber.on("message", (channel: string, text: string) => {
    const message = JSON.parse(text) as Message;
    if (message.origin !== origin) deliver(channel.slice(CHANNEL_PREFIX.length), message.detail);
  });
  return {
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
      // through JSON, as the other processes receive it
      deliver(event.type, JSON.parse(JSON.stringify(detail)) as LiveEvent);
      const message: Message = { origin, detail };
      // with the circuit open the other processes miss it (the outage is logged once, by the circuit)
      circuit
        .run(() => publisher.publish(CHANNEL_PREFIX + event.type, JSON.stringify(message)))
        .catch((err: unknown) => {
          if (!circuit.isOpen) logger.warn({ err, type: event.type }, "Redis publish failed: other server processes miss a live event");
        });
      return true;
    },
  };
}
