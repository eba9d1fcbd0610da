import type { IncomingMessage, ServerResponse } from "node:http";
import onHeaders from "on-headers";

/** How long a browser or proxy may reuse an anonymous answer without asking again. */
export const PUBLIC_MAX_AGE_SECONDS = 10;

/** No credentials at all: the answer is the same for every such caller. */
export const isAnonymous = (req: IncomingMessage) => !req.headers.authorization && !req.headers.cookie;

/**
 * Cache-Control for API answers. A successful anonymous GET may be kept briefly by anyone (with
 * Express's ETag, a repeat costs a 304); anything signed in, with a cookie, written or failed is
 * never stored. A handler that set Cache-Control itself (e.g. a GraphQL answer with errors) keeps it.
 */
export function publicCaching() {
  return (req: IncomingMessage, res: ServerResponse, next: () => void) => {
    onHeaders(res, () => {
      if (res.getHeader("cache-control")) return;
      const shareable = (req.method === "GET" || req.method === "HEAD") && isAnonymous(req) && res.statusCode < 400;
      res.setHeader("Cache-Control", shareable ? `public, max-age=${PUBLIC_MAX_AGE_SECONDS}` : "private, no-store");
      // a shared cache must not hand an anonymous answer to a request that carries credentials
      if (shareable) res.setHeader("Vary", mergeVary(res.getHeader("vary"), "Authorization, Cookie"));
    });
    next();
  };
}

function mergeVary(current: ReturnType<ServerResponse["getHeader"]>, add: string): string {
  const existing = current === undefined ? "" : Array.isArray(current) ? current.join(", ") : String(current);
  return existing ? `${existing}, ${add}` : add;
}
