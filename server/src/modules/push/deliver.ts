import type { LookupFunction } from "node:net";
import http from "node:http";
import https from "node:https";
import { RequestFilteringHttpAgent, RequestFilteringHttpsAgent } from "request-filtering-agent";

/** One push as web-push prepares it (signed, encrypted), ready to send. */
export type PushRequest = { endpoint: string; method: string; headers: Record<string, string | number>; body?: Buffer | null };

/**
 * Sends pushes to the internet only. The host is resolved on every send and a private, loopback,
 * link-local, unique-local or otherwise non-public address is refused; the check sits in the
 * connection's own lookup, so the socket goes to the very address that was checked (no window for a
 * DNS answer that changes between check and connect). No connection is kept alive: each send
 * resolves and checks anew. `privateHosts` (tests and development only) names hosts let through.
 */
export function pushDelivery(options: { privateHosts: readonly string[]; timeoutMs: number; lookup?: LookupFunction }) {
  // keepAlive off: a later send to the same host resolves and is checked again
  const filtering = { keepAlive: false, allowPrivateIPAddress: false, allowMetaIPAddress: false };
  const agents = { "http:": new RequestFilteringHttpAgent(filtering), "https:": new RequestFilteringHttpsAgent(filtering) };
  const open = { "http:": new http.Agent({ keepAlive: false }), "https:": new https.Agent({ keepAlive: false }) };
  const privateHosts = new Set(options.privateHosts.map((h) => h.toLowerCase()));

  /** Sends `request`; resolves with the push service's status, rejects when refused or unreachable. */
  return (request: PushRequest): Promise<number> => {
    const url = new URL(request.endpoint);
    if (url.protocol !== "http:" && url.protocol !== "https:")
      return Promise.reject(new Error(`not an http(s) push endpoint: ${url.protocol}`));
    const agent = privateHosts.has(url.hostname.toLowerCase()) ? open[url.protocol] : agents[url.protocol];
    const send = url.protocol === "https:" ? https.request : http.request;
    return new Promise((resolve, reject) => {
      const req = send(
        url,
        { method: request.method, headers: request.headers, agent, lookup: options.lookup, signal: AbortSignal.timeout(options.timeoutMs) },
        (res) => {
          // the answer's body says nothing we use; reading it frees the socket
          res.resume();
          res.on("end", () => resolve(res.statusCode ?? 0));
          res.on("error", reject);
        },
      );
      req.on("error", reject);
      req.end(request.body ?? undefined);
    });
  };
}
