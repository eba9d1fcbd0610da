import { createClient, type Client } from "graphql-ws";
import { WebSocket } from "ws";
import type { TestServer } from "./harness";

type SocketClosed = { code: number; reason: string };

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
/** Inside the server tests' 60 s limit: a CI run at a load average of 14 once took over 20 s to subscribe. */
const PROBE_LIMIT_MS = 45_000;

/**
 * Inside the probe limit, how long one socket is given to take a probe before `ready` replaces it
 * with a fresh one: once in a whole run, the first socket on a server just started took none in
 * 45 s while a second one, opened then on that server for the same user, took the next probe (its
 * server had authenticated it; the cause is not found).
 */
const SOCKET_PROBE_MS = 15_000;

/** One graphql-ws socket with one subscription: what it went through, and its results. */
function openSubscription<T>(server: Pick<TestServer, "url">, token: string | undefined, query: string) {
  let closedWith: (event: SocketClosed) => void = () => undefined;
  const closed = new Promise<SocketClosed>((resolve) => (closedWith = resolve));
  /** What the socket went through, for the message of a subscription that never answered. */
  const seen: string[] = [];
  const client: Client = createClient({
    url: `${server.url.replace(/^http/, "ws")}/graphql`,
    webSocketImpl: WebSocket,
    connectionParams: token ? { authorization: `Bearer ${token}` } : {},
    retryAttempts: 0,
    on: {
      opened: () => seen.push("opened"),
      connected: () => seen.push("acknowledged"),
      error: (error) => seen.push(`error ${String(error)}`),
      closed: (event) => {
        seen.push(`closed ${(event as SocketClosed).code}`);
        closedWith(event as SocketClosed);
      },
    },
  });
  const iterator = client.iterate<T>({ query });
  let pending: ReturnType<typeof iterator.next> | undefined;
  return {
    closed,
    seen,
    /** The next result (kept across calls, so a probe that timed out is still the one awaited). */
    raw: () => (pending ??= iterator.next()).finally(() => (pending = undefined)),
    close: async () => {
      await iterator.return?.();
      await client.dispose();
    },
  };
}

/**
 * A subscription to `server` over a graphql-ws socket. `next()` resolves with the next result that
 * is not a probe (or rejects with the error payload); `isProbe` tells probes apart.
 */
export function subscribeOverSocket<T>(
  server: Pick<TestServer, "url">,
  token: string | undefined,
  query: string,
  isProbe: (data: T | undefined) => boolean,
) {
  let socket = openSubscription<T>(server, token, query);
  /** What the socket now held went through, for the message of a subscription that never answered. */
  const history = () => socket.seen.join(", ") || "never opened";
  let replaced = "";
  return {
    /** Resolves when the socket closes, with the server's close code and reason. */
    get closed() {
      return socket.closed;
    },
    /** The next result that is not a probe (a probe may arrive late, after `ready`). */
    async next() {
      for (;;) {
        const result = await socket.raw();
        if (result.done || !isProbe(result.value.data ?? undefined)) return result;
      }
    },
    /**
     * Sends probes until one arrives: the server has no acknowledgement for a subscription, so
     * this is how a test knows the subscription (and its Redis channel) is listening. A probe sent
     * before that is lost, so another goes after 250 ms, then twice as long each time up to 4 s,
     * for up to 45 s (a busy machine is slow to subscribe): 15 probes at most, inside the sender's
     * 20 messages a minute, which the test's own messages still need. A socket that took none in
     * SOCKET_PROBE_MS is replaced once by a fresh one.
     */
    async ready(sendProbe: () => Promise<unknown>) {
      let probes = 0;
      /** What the server said to the probe sends it refused, for the message of a subscription that never answered. */
      const refusals = new Set<string>();
      const started = Date.now();
      for (let wait = 250, deadline = started + PROBE_LIMIT_MS; Date.now() < deadline; wait = Math.min(wait * 2, 4_000)) {
        if (!replaced && Date.now() - started > SOCKET_PROBE_MS) {
          replaced = `${history()}; replaced after ${probes} probes by another: `;
          await socket.close();
          socket = openSubscription<T>(server, token, query);
        }
        const sent = await sendProbe();
        const refused = (sent as { errors?: unknown } | null | undefined)?.errors;
        if (refused) refusals.add(JSON.stringify(refused));
        probes++;
        if (await Promise.race([socket.raw().then(() => true), sleep(wait).then(() => false)])) return;
      }
      const refusedWith = refusals.size ? `; sends refused with ${[...refusals].join(", ")}` : "";
      throw new Error(`the subscription never delivered a probe (${probes} sent${refusedWith}; the socket: ${replaced}${history()})`);
    },
    close: () => socket.close(),
  };
}

/** Opens a socket, subscribes once and gives the first thing the server sends back: a result, or the errors it refused with. */
export async function firstAnswer(
  server: TestServer,
  query: string,
  options: { token?: string; variables?: Record<string, unknown> } = {},
): Promise<{ data?: unknown; errors?: ReadonlyArray<{ message: string; extensions?: Record<string, unknown> }> }> {
  const client = createClient({
    url: `${server.url.replace(/^http/, "ws")}/graphql`,
    webSocketImpl: WebSocket,
    connectionParams: options.token ? { authorization: `Bearer ${options.token}` } : {},
    retryAttempts: 0,
  });
  try {
    return await new Promise((resolve, reject) => {
      client.subscribe(
        { query, variables: options.variables },
        {
          next: (value) => resolve(value as { data?: unknown }),
          error: (error) => (Array.isArray(error) ? resolve({ errors: error as [] }) : reject(error as Error)),
          complete: () => resolve({}),
        },
      );
    });
  } finally {
    await client.dispose();
  }
}
