import type { LookupFunction } from "node:net";
import type { Logger } from "pino";
import type { DataSource, EntityManager } from "typeorm";
import webPush from "web-push";
import { z } from "zod";
import type { AuthUser } from "../../platform/auth/roles";
import type { AppConfig } from "../../platform/config";
import type { DomainEvents } from "../../platform/events";
import type { JobPayloads, JobQueue } from "../../platform/jobs";
import type { Presence } from "../../platform/presence";
import { render, type Language } from "../../platform/i18n";
import { parseInput } from "../../platform/shared/validation";
import { NotificationKind } from "../notifications";
import { PushKind, PushSubscription } from "./entity";
import { pushDelivery } from "./deliver";

/** Devices one user may have subscribed; past it, the one that saved its choice longest ago is dropped. */
export const MAX_PUSH_DEVICES_PER_USER = 10;
/** How long a push service keeps trying to reach a device that is off: a day-old notice is still worth having. */
const PUSH_TTL_SECONDS = 24 * 60 * 60;
const SEND_TIMEOUT_MS = 10_000;

/** Which notifications each kind of push carries (saved-item alerts stay on the bell). */
const PUSH_KIND_OF: Partial<Record<NotificationKind, PushKind>> = {
  [NotificationKind.NEW_MESSAGE]: PushKind.MESSAGES,
  [NotificationKind.OFFER]: PushKind.OFFERS,
  [NotificationKind.ORDER_PLACED]: PushKind.ORDERS,
  [NotificationKind.ORDER_STATUS]: PushKind.ORDERS,
  [NotificationKind.LISTING_MATCH]: PushKind.SAVED_SEARCHES,
  [NotificationKind.MEETUP_REMINDER]: PushKind.MEETUPS,
};

/**
 * What the service worker shows: a title, the notice's text and the app path it opens, in the
 * recipient's language (`lang`, which also sets the notification's direction); `tag` replaces an
 * earlier push about the same thing.
 */
export type PushMessage = { title: string; body: string; url: string; tag: string; lang?: Language };

/** URL-safe base64 (no padding) decoding to exactly `bytes` bytes, optionally starting with `first`. */
const base64UrlKey = (bytes: number, message: string, first?: number) =>
  z
    .string()
    .regex(/^[A-Za-z0-9_-]+$/, message)
    .refine((value) => {
      const key = Buffer.from(value, "base64url");
      return key.length === bytes && (first === undefined || key[0] === first);
    }, message);

function deviceSchema(allowHttp: boolean) {
  return z.object({
    endpoint: z
      .string()
      .max(1000, "A push endpoint is at most 1000 characters.")
      .refine((value) => {
        if (!URL.canParse(value)) return false;
        const url = new URL(value);
        if (url.username || url.password) return false;
        if (url.protocol === "https:") return allowHttp || !isLocalHost(url.hostname);
        return allowHttp && url.protocol === "http:";
      }, "A push endpoint is the https URL the browser's push service gave."),
    p256dh: base64UrlKey(65, "p256dh is the browser's P-256 public key (65 bytes, URL-safe base64).", 0x04),
    auth: base64UrlKey(16, "auth is the browser's 16-byte secret (URL-safe base64)."),
    kinds: z
      .array(z.enum(PushKind))
      .max(Object.keys(PushKind).length)
      .transform((kinds) => [...new Set(kinds)]),
  });
}

/** Push services are on the internet: a production endpoint naming this machine or an address literal is refused when saved (and every send checks the address it connects to). */
const isLocalHost = (hostname: string) => hostname === "localhost" || /^[\d.]+$|^\[/.test(hostname);

export type PushDeviceInput = { endpoint: string; p256dh: string; auth: string; kinds: PushKind[] };
export type PushDeviceView = { endpoint: string; kinds: PushKind[] };

/**
 * Web Push (VAPID, RFC 8292; payloads encrypted for the browser, RFC 8291): each device opts in
 * per kind; a notification becomes a push only when none of its recipient's tabs is open, through
 * the job queue (one job per notification, then one per device so a retry resends to one device only).
 */
export class PushService {
  private readonly deliver: ReturnType<typeof pushDelivery>;

  /** `lookup`: the resolver sends use (the system's by default). */
  constructor(
    private readonly dataSource: DataSource,
    private readonly jobs: JobQueue,
    private readonly presence: Presence,
    private readonly config: Pick<AppConfig, "vapid" | "allowHttpPushEndpoints" | "pushPrivateHosts">,
    private readonly logger?: Logger,
    lookup?: LookupFunction,
  ) {
    this.deliver = pushDelivery({ privateHosts: config.pushPrivateHosts, timeoutMs: SEND_TIMEOUT_MS, lookup });
  }

  /** The key browsers subscribe with (applicationServerKey); null when push is not configured. */
  publicKey(): string | null {
    return this.config.vapid?.publicKey ?? null;
  }

  /** Saves this device's subscription and kinds for the caller; a device another account used before becomes the caller's. */
  async saveDevice(caller: AuthUser, input: PushDeviceInput): Promise<PushDeviceView> {
    const v = parseInput(deviceSchema(this.config.allowHttpPushEndpoints), input);
    return this.dataSource.transaction(async (manager) => {
      await manager.query(
        `INSERT INTO push_subscriptions ("userId", endpoint, p256dh, auth, kinds) VALUES ($1, $2, $3, $4, $5::push_kind[])
           ON CONFLICT (endpoint) DO UPDATE
             SET "userId" = EXCLUDED."userId", p256dh = EXCLUDED.p256dh, auth = EXCLUDED.auth, kinds = EXCLUDED.kinds, "updatedAt" = now()`,
        [caller.id, v.endpoint, v.p256dh, v.auth, v.kinds],
      );
      await manager.query(
        `DELETE FROM push_subscriptions WHERE id IN (
           SELECT id FROM push_subscriptions WHERE "userId" = $1 ORDER BY "updatedAt" DESC, id OFFSET $2)`,
        [caller.id, MAX_PUSH_DEVICES_PER_USER],
      );
      return { endpoint: v.endpoint, kinds: v.kinds };
    });
  }

  /** The caller's subscription for this device's endpoint, or null (not subscribed, or someone else's). */
  async device(caller: AuthUser, endpoint: string): Promise<PushDeviceView | null> {
    const row = await this.dataSource.getRepository(PushSubscription).findOneBy({ userId: caller.id, endpoint: endpoint.slice(0, 1000) });
    return row ? { endpoint: row.endpoint, kinds: row.kinds } : null;
  }

  /** Turns push off on this device for the caller; true when there was a subscription to remove. */
  async removeDevice(caller: AuthUser, endpoint: string): Promise<boolean> {
    const result = await this.dataSource.getRepository(PushSubscription).delete({ userId: caller.id, endpoint: endpoint.slice(0, 1000) });
    return (result.affected ?? 0) > 0;
  }

  /**
   * In the transaction that ends the user's sessions (a logout, a new password, a suspension): a
   * device subscribed during them gets no more pushes (they carry the user's messages) until push is
   * turned on there again, signed in.
   */
  async sessionsEnded({ userId }: DomainEvents["user.sessions-ended"], manager: EntityManager): Promise<void> {
    await manager.delete(PushSubscription, { userId });
  }

  /** In the notification's transaction: a push job exists only if the notification committed. Written in the recipient's language. */
  async notificationCreated({ recipientId, language, live }: DomainEvents["notification.created"], manager: EntityManager): Promise<void> {
    const kind = PUSH_KIND_OF[live.notification.kind];
    if (!kind || !this.config.vapid) return;
    const { text, link } = live.notification;
    const message: PushMessage = { title: render(language, { key: `push.${kind}` }), body: text, url: link, tag: link, lang: language };
    await this.jobs.enqueue(manager, "push.notify", { recipientId, kind, message });
  }

  /** Job: when the recipient has no tab open, one `push.send` per device that wants this kind. */
  async notifyJob({ recipientId, kind, message }: JobPayloads["push.notify"], manager: EntityManager): Promise<void> {
    if (await this.presence.isPresent(recipientId)) return;
    const devices: Array<{ id: string }> = await manager.query(
      `SELECT id FROM push_subscriptions WHERE "userId" = $1 AND $2::push_kind = ANY(kinds)`,
      [recipientId, kind],
    );
    for (const { id } of devices) await this.jobs.enqueue(manager, "push.send", { subscriptionId: id, message });
  }

  /**
   * Job: encrypts and sends one push. A subscription its push service answers 404 or 410 is gone
   * for good and deleted; any other failure throws, so the queue retries with backoff. Defined with
   * `ownTransactions`: `manager` is in no transaction while the push service answers, and each
   * statement (the read, the delete) is safe to run twice.
   */
  async sendJob({ subscriptionId, message }: JobPayloads["push.send"], manager: EntityManager): Promise<void> {
    const vapid = this.config.vapid;
    const device = await manager.findOneBy(PushSubscription, { id: subscriptionId });
    if (!device || !vapid) return;
    // web-push signs (VAPID) and encrypts (aes128gcm); the delivery sends, to a public address only
    const request = webPush.generateRequestDetails(
      { endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } },
      JSON.stringify(message),
      { vapidDetails: vapid, TTL: PUSH_TTL_SECONDS, contentEncoding: "aes128gcm" },
    );
    const status = await this.deliver(request);
    if (status >= 200 && status < 300) return;
    if (status === 404 || status === 410) {
      await manager.delete(PushSubscription, { id: device.id });
      this.logger?.info({ subscriptionId }, "push subscription gone: removed");
      return;
    }
    throw new Error(`push service answered ${status}`);
  }
}

declare module "../../platform/jobs" {
  interface JobPayloads {
    /** A notification to push to its recipient's devices, unless a tab of theirs is open (PushService.notifyJob). */
    "push.notify": { recipientId: string; kind: PushKind; message: PushMessage };
    /** One encrypted push to one device (PushService.sendJob). */
    "push.send": { subscriptionId: string; message: PushMessage };
  }
}
