import type { ServerResponse } from "node:http";

/**
 * Aborts when the client closes its connection before its answer was sent: it gave up waiting
 * (a slow or frozen database), so work it would never hear about must not be committed.
 */
export function whenClientLeaves(res: ServerResponse): AbortSignal {
  const controller = new AbortController();
  const check = () => {
    if (!res.writableFinished) controller.abort();
  };
  // the client may have left while the request waited for the database before this was called
  if (res.closed) check();
  else res.on("close", check);
  return controller.signal;
}
