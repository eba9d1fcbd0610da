import type { Server, ServerResponse } from "node:http";

/** How long in-flight requests get to finish on shutdown before their connections are cut. */
export const DRAIN_GRACE_MS = 10_000;

/**
 * Stops an HTTP server the way a deploy needs: no new connections, `Connection: close` on every
 * answer still to be sent (so keep-alive clients let go), in-flight requests finished, and the
 * connections still open after `graceMs` cut. Call once, right after listening.
 */
export function drainable(server: Server): (graceMs?: number) => Promise<void> {
  const unanswered = new Set<ServerResponse>();
  let draining = false;
  server.on("request", (_req, res: ServerResponse) => {
    if (draining) res.setHeader("Connection", "close");
    unanswered.add(res);
    res.on("close", () => unanswered.delete(res));
  });
  return async (graceMs = DRAIN_GRACE_MS) => {
    draining = true;
    for (const res of unanswered) if (!res.headersSent) res.setHeader("Connection", "close");
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    const cut = setTimeout(() => server.closeAllConnections(), graceMs);
    await closed;
    clearTimeout(cut);
  };
}
