import type { Server, ServerResponse } from "node:http";
import net, { type Socket } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";

/** How long in-flight requests get to finish on shutdown before their connections are cut. */
export const DRAIN_GRACE_MS = 10_000;

/**
 * Stops an HTTP server the way a rolling restart needs. First, for `delayMs`, it keeps accepting and
 * answering, with `Connection: close` on every answer, while the load balancer (told by /ready's
 * 503) takes this process out. Then it stops listening and lets every open connection finish the
 * request it carries, including one accepted but not yet read; only keep-alive connections that
 * sit idle after an answer are closed at once. Connections still open after `graceMs` are cut.
 * Call once, right after listening.
 */
export function drainable(server: Server): (delayMs: number, graceMs?: number) => Promise<void> {
  // per connection: the answer it is giving now, and whether it has given one before
  const connections = new Map<Socket, { answering?: ServerResponse; answered: boolean }>();
  let draining = false;
  let closing = false;
  server.on("connection", (socket: Socket) => {
    connections.set(socket, { answered: false });
    socket.on("close", () => connections.delete(socket));
  });
  // before the app's own listener, which may answer at once
  server.prependListener("request", (req, res: ServerResponse) => {
    if (draining) res.setHeader("Connection", "close");
    const state = connections.get(req.socket);
    if (!state) return;
    state.answering = res;
    res.on("close", () => {
      state.answering = undefined;
      state.answered = true;
      // an answer whose headers left before the drain began kept the connection alive
      if (closing) req.socket.destroySoon();
    });
  });
  return async (delayMs, graceMs = DRAIN_GRACE_MS) => {
    draining = true;
    for (const { answering } of connections.values()) if (answering && !answering.headersSent) answering.setHeader("Connection", "close");
    if (delayMs > 0) await sleep(delayMs);
    closing = true;
    // net's close, not http's: http's also closes "idle" connections, among them those accepted
    // whose request has not been read yet, which their clients would see as a reset
    const closed = new Promise<void>((resolve) => net.Server.prototype.close.call(server, () => resolve()));
    for (const [socket, state] of connections) if (state.answered && !state.answering) socket.destroy();
    const cut = setTimeout(() => server.closeAllConnections(), graceMs);
    await closed;
    clearTimeout(cut);
  };
}
