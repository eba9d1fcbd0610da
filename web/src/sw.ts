/// <reference lib="webworker" />
import { CacheExpiration, ExpirationPlugin } from "workbox-expiration";
import { cleanupOutdatedCaches, createHandlerBoundToURL, matchPrecache, precacheAndRoute } from "workbox-precaching";
import { NavigationRoute, registerRoute, setCatchHandler } from "workbox-routing";
import { CacheFirst, NetworkOnly } from "workbox-strategies";

/**
 * The service worker (built by vite-plugin-pwa with Workbox): the app shell precached, pages' code
 * and pictures cached as they are used (within a budget), the reads a student needs on a bus
 * (saved items, conversations, orders) answered from the last copy when the network is gone, and
 * Web Push notifications shown while the app is closed.
 */
declare const self: ServiceWorkerGlobalScope;

// the shell: index.html, the entry, the landing pages' code, the icons and the offline page
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

/** Paths the server answers itself (APIs, pictures, the card page, the playground): never the app shell. */
const SERVER_PATHS = [
  /^\/api\//,
  /^\/graphql/,
  /^\/uploads\//,
  /^\/graphiql/,
  /^\/pay\//,
  /^\/dev\//,
  /^\/(health|ready|robots\.txt|sitemap\.xml)$/,
];
registerRoute(new NavigationRoute(createHandlerBoundToURL("/index.html"), { denylist: SERVER_PATHS }));
// the server's own pages go to the network (and to the offline page without one: setCatchHandler below)
registerRoute(({ request }) => request.mode === "navigate", new NetworkOnly());

// every other page's code: hashed names never change, so the first copy is good until it expires
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith("/assets/"),
  new CacheFirst({ cacheName: "code", plugins: [new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 30 * 24 * 3600 })] }),
);

// pictures: at most 150 kept (WebP, a few tens of KB each), a month at most, dropped first when storage runs short
registerRoute(
  ({ request, sameOrigin }) => sameOrigin && request.destination === "image",
  new CacheFirst({
    cacheName: "images",
    plugins: [new ExpirationPlugin({ maxEntries: 150, maxAgeSeconds: 30 * 24 * 3600, purgeOnQuotaError: true })],
  }),
);

/** The GraphQL reads kept for offline use: what a student looks at again without a network. */
const OFFLINE_READS = new Set([
  "Me",
  "SavedItems",
  "SavedProductIds",
  "Conversations",
  "ConversationThread",
  "MyOrders",
  "OrderDetail",
  "NotificationBell",
  "MessagesButton",
]);
const READS_CACHE = "graphql-reads";
const readsExpiration = new CacheExpiration(READS_CACHE, { maxEntries: 60, maxAgeSeconds: 14 * 24 * 3600 });

/** The cache key of a read: its operation and variables, and a hash of who asked (one account never sees another's copy). */
async function readKey(request: Request, body: { operationName?: string; variables?: unknown }): Promise<string> {
  const who = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(request.headers.get("authorization") ?? "")));
  const caller = Array.from(who.subarray(0, 12), (b) => b.toString(16).padStart(2, "0")).join("");
  const variables = encodeURIComponent(JSON.stringify(body.variables ?? {}));
  return new URL(`/offline-reads/${body.operationName}/${caller}?v=${variables}`, self.location.origin).href;
}

// network first: a fresh answer is kept as the offline copy; without a network the last copy answers
registerRoute(
  ({ url, request, sameOrigin }) => sameOrigin && url.pathname === "/graphql" && request.method === "POST",
  async ({ request }) => {
    const body = (await request
      .clone()
      .json()
      .catch(() => ({}))) as { operationName?: string; variables?: unknown };
    if (!body.operationName || !OFFLINE_READS.has(body.operationName)) return fetch(request);
    const key = await readKey(request, body);
    try {
      const response = await fetch(request);
      if (response.ok) {
        await (await caches.open(READS_CACHE)).put(key, response.clone());
        await readsExpiration.updateTimestamp(key);
        void readsExpiration.expireEntries();
      }
      return response;
    } catch (error) {
      const copy = await (await caches.open(READS_CACHE)).match(key);
      if (copy) return copy;
      throw error;
    }
  },
  "POST",
);

// a page the shell cannot serve, asked for without a network
setCatchHandler(async ({ request }) => (request.mode === "navigate" && (await matchPrecache("/offline.html"))) || Response.error());

// a new version waits until the page says the student agreed to reload (app/pwa/ServiceWorkerHost.tsx)
self.addEventListener("message", (event) => {
  if ((event.data as { type?: string } | null)?.type === "SKIP_WAITING") void self.skipWaiting();
});
// the first version takes over the open tab at once, so its first visit is already cached
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

/** `lang`: the recipient's language, in which the server wrote it (Urdu shows right to left). */
type PushMessage = { title: string; body: string; url: string; tag: string; lang?: string };

self.addEventListener("push", (event) => {
  const message = event.data?.json() as PushMessage | undefined;
  if (!message) return;
  event.waitUntil(
    self.registration.showNotification(message.title, {
      body: message.body,
      tag: message.tag,
      lang: message.lang,
      dir: message.lang === "ur" ? "rtl" : "auto",
      icon: "/icons/icon-192.png",
      badge: "/icons/maskable-192.png",
      data: { url: message.url },
    }),
  );
});

// a tap opens the notice's page: in a tab of the app already open, or a new one
self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = new URL((event.notification.data as { url?: string } | null)?.url ?? "/", self.location.origin).href;
  event.waitUntil(
    (async () => {
      const tabs = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
      const tab = tabs.find((client) => new URL(client.url).origin === self.location.origin);
      if (tab) return (await tab.navigate(url))?.focus();
      return self.clients.openWindow(url);
    })(),
  );
});
